"""Pages out of web archives: the HTML responses of WARC files, and their transport charset.

WARC parsing is FastWARC's (the optional extra ``turbohtml[warc]``), a maintained reader
built for Common Crawl; this module only picks the records an extractor wants (status
200 ``text/html`` or ``application/xhtml+xml`` responses), reports broken data as values
instead of losing it, and applies the HTTP charset the way the HTML standard orders the
encoding sources: byte order mark, then the transport layer, then ``<meta charset>``::

    for url, html, headers in warc_records("CC-MAIN-...warc.gz"):
        doc = turbohtml.parse(decode_html(html, http_charset(headers.get("content-type"))))

Plain ``.warc`` and ``.warc.gz`` (gzip per record, as crawlers write them, or one gzip
stream) both read; a path with ``://`` opens through fsspec (``s3://``, ``https://``).
"""

from __future__ import annotations

import itertools
import os
import re
import zlib
from collections.abc import Iterator, Sequence
from typing import IO, Any, NamedTuple

__all__ = [
    "HTML_TYPES",
    "MAX_PAGE_BYTES",
    "WarcEntry",
    "WarcError",
    "decode_html",
    "encoding_for_label",
    "http_charset",
    "read_entry",
    "seekable",
    "warc_entries",
    "warc_records",
]

#: The media types (MIME essence, lower case) of the responses read as HTML pages.
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})

#: The default cap on one page's bytes (a WARC record's payload here; a file, a
#: decompressed ``.gz``, stdin or a fetched body in the CLI and ``turbohtml.fetch``): a
#: record over it is an error entry, read no further than the cap. Pass ``max_bytes``
#: (``--max-bytes``) to raise it.
MAX_PAGE_BYTES = 10 * 1024 * 1024

#: Byte order marks: they outrank any declared charset (HTML standard, 13.2.3.2).
_BOMS = (b"\xef\xbb\xbf", b"\xfe\xff", b"\xff\xfe")
#: The Encoding Standard's UTF-16 labels. lexbor knows them, but the ``<meta>`` prescan
#: that resolves labels below turns UTF-16 into UTF-8, which is right for ``<meta>`` only.
_UTF16_LABELS = {
    "unicodefffe": "utf-16be", "utf-16be": "utf-16be",
    "csunicode": "utf-16le", "iso-10646-ucs-2": "utf-16le", "ucs-2": "utf-16le", "unicode": "utf-16le",
    "unicodefeff": "utf-16le", "utf-16": "utf-16le", "utf-16le": "utf-16le",
}
#: What an encoding label may look like (every label of the Encoding Standard fits).
_LABEL = re.compile(r"[a-z0-9._:+-]{1,50}\Z")
_WHITESPACE = "\t\n\x0c\r "
#: A gzip member starts with these bytes (RFC 1952: ID1, ID2, CM=deflate).
_GZIP_MAGIC = b"\x1f\x8b\x08"
#: How far a WARC header may reach when checking the end of a file.
_MAX_HEADER = 64 * 1024


class WarcError(OSError):
    """A WARC file (or one of its records) that cannot be read; the message says where."""


class WarcEntry(NamedTuple):
    """One HTML response of a WARC file, or one place where the file could not be read.

    ``offset`` is where the record starts in the file (in the compressed bytes for a
    ``.warc.gz``; ``None`` for a problem that is not one record's), the byte offset the
    Common Crawl index calls ``offset``. A good entry has ``html`` (unless it was read
    with ``payloads=False``) and ``error`` is ``None``; a bad one has ``error`` and
    ``html`` is ``None``.
    """

    offset: int | None
    record_id: str | None
    url: str | None
    html: bytes | None
    headers: dict[str, str]
    error: str | None


def _fastwarc() -> Any:
    try:
        from fastwarc import warc
    except ImportError as error:
        raise ImportError("reading WARC files needs FastWARC: pip install 'turbohtml[warc]'") from error
    return warc


def _open(path: str | os.PathLike[str]) -> IO[bytes]:
    name = os.fspath(path)
    if "://" in name:
        try:
            import fsspec
        except ImportError as error:
            raise ImportError(f"reading {name} needs fsspec (pip install fsspec s3fs ...)") from error
        return fsspec.open(name, "rb").open()  # type: ignore[no-any-return]
    return open(name, "rb")


# ------------------------------------------------------------------ charsets

def http_charset(content_type: str | None) -> str | None:
    """The ``charset`` parameter of a ``Content-Type`` value, unquoted, or ``None``."""
    if not content_type:
        return None
    for parameter in content_type.split(";")[1:]:
        name, _, value = parameter.partition("=")
        if name.strip(_WHITESPACE).lower() == "charset":
            value = value.strip(_WHITESPACE)
            if value.startswith('"'):
                value = value[1:].partition('"')[0]
            return value or None
    return None


def encoding_for_label(label: str) -> str | None:
    """The Encoding Standard's name for a charset label (``latin1`` is ``windows-1252``),
    or ``None`` for a label it does not define, which the HTML standard then ignores.

    Labels resolve through lexbor's table (the one ``parse()`` applies to ``<meta
    charset>``), by prescanning a one-tag probe twice: an unknown label makes the result
    follow the probe's trailing byte, a known one does not.
    """
    from turbohtml._core import sniff_encoding

    name = label.strip(_WHITESPACE).lower()
    if name in _UTF16_LABELS:
        return _UTF16_LABELS[name]
    if name == "x-user-defined":  # the prescan maps it to windows-1252; transport may not
        return name
    if not _LABEL.match(name):
        return None
    probe = b'<meta charset="' + name.encode("ascii") + b'">'
    found = sniff_encoding(probe)
    return found if sniff_encoding(probe + b"\xff") == found else None


def _x_user_defined(data: bytes) -> str:
    # Encoding Standard 14.5: bytes 0x80-0xFF map to U+F780-U+F7FF.
    return "".join(chr(byte) if byte < 0x80 else chr(0xF700 + byte) for byte in data)


def decode_html(body: bytes, charset: str | None) -> str | bytes:
    """The markup to hand ``turbohtml.parse()`` for a response body and its HTTP charset.

    ``parse()`` has no encoding argument: it sniffs bytes (BOM, ``<meta>`` prescan, UTF-8
    validity). The HTML standard puts the transport charset between the BOM and the
    ``<meta>``, so a body with a BOM, or without a charset the Encoding Standard knows,
    is returned unchanged for ``parse()`` to sniff, and any other body is decoded here
    with the charset (to ``str``), with the same codecs and replacement rules as
    ``parse()``.
    """
    if not charset or body.startswith(_BOMS):
        return body
    encoding = encoding_for_label(charset)
    if encoding is None:
        return body
    if encoding == "utf-8":
        return body.decode("utf-8", "replace")
    if encoding == "replacement":  # ISO-2022-KR and friends: never decoded (Encoding Standard 4.2)
        return "\ufffd" if body else ""
    if encoding == "x-user-defined":
        return _x_user_defined(body)
    if encoding == "windows-1252":
        return body.decode("cp1252", "turbohtml.c1")  # the error handler turbohtml._core registers
    from turbohtml._core import PY_CODECS  # parse()'s own table

    try:
        return body.decode(PY_CODECS.get(encoding, encoding), "replace")
    except LookupError:  # an encoding Python has no codec for: let parse() sniff
        return body


# ------------------------------------------------------------------ records

def _essence(content_type: str) -> str:
    return content_type.partition(";")[0].strip(_WHITESPACE).lower()


def _target(record: Any) -> str | None:
    url = record.headers.get("WARC-Target-URI")
    if url is None:
        return None
    url = url.strip(_WHITESPACE)
    if url.startswith("<") and url.endswith(">"):  # the WARC 1.1 grammar's typo, written by some tools
        url = url[1:-1]
    return url or None


def _headers(record: Any) -> dict[str, str]:
    """HTTP headers and the WARC-* headers, names lower-cased; repeats joined by ", "."""
    headers: dict[str, str] = {}
    pairs = list(record.http_headers.items())
    pairs += [(name, value) for name, value in record.headers.items() if name.lower().startswith("warc-")]
    for name, value in pairs:
        key = name.lower()
        headers[key] = f"{headers[key]}, {value}" if key in headers else value
    return headers


def _entry(record: Any, warc: Any, payloads: bool, max_bytes: int) -> WarcEntry | None:
    """The entry for one record: ``None`` when it is not an HTML page, an error entry when
    it is broken where that can matter (a truncated header, an HTML payload cut short)."""
    offset = record.stream_pos
    record_id = record.record_id
    url = _target(record)
    if record.headers.get("Content-Length") is None:
        return WarcEntry(offset, record_id, url, None, {}, "truncated WARC record header")
    if record.record_type != warc.WarcRecordType.response or not record.is_http:
        return None
    http = record.http_headers
    if http is None or http.status_code is None:
        return WarcEntry(offset, record_id, url, None, {}, "unreadable HTTP response header (truncated record?)")
    if http.status_code != 200 or _essence(http.get("Content-Type") or "") not in HTML_TYPES:
        return None
    headers = _headers(record)
    coded = "content-encoding" in headers or "transfer-encoding" in headers
    if not coded and record.content_length > max_bytes:
        return WarcEntry(offset, record_id, url, None, headers,
                         f"too large: {record.content_length} payload bytes (limit {max_bytes}, see max_bytes)")
    if not payloads:
        return WarcEntry(offset, record_id, url, None, headers, None)
    html = record.reader.read(max_bytes + 1)  # a coded body inflates: never past the cap
    if len(html) > max_bytes:
        return WarcEntry(offset, record_id, url, None, headers,
                         f"too large: more than {max_bytes} payload bytes decoded (see max_bytes)")
    # The declared length holds for the body as stored; a decoded one differs in length.
    if not coded and len(html) < record.content_length:
        return WarcEntry(offset, record_id, url, None, headers,
                         f"truncated record: {len(html)} of {record.content_length} payload bytes")
    return WarcEntry(offset, record_id, url, html, headers, None)


def _iterator(warc: Any, stream: IO[bytes]) -> Any:
    # auto_decode: bodies stored with their chunked/gzip/deflate/br coding (wget, some
    # crawlers) come out decoded; Common Crawl stores them decoded already.
    return warc.ArchiveIterator(stream, parse_http=True, auto_decode="all")


def _tail_problem(stream: IO[bytes], last: int) -> str | None:
    """Why the bytes after the last record read cannot be a clean end of file, or ``None``.

    FastWARC stops without an error at some damage (a gzip member cut short, a record
    header cut short), so the end of the last record is checked here: a gzip member, or
    a plain record's header plus its Content-Length.
    """
    stream.seek(last)
    head = stream.read(len(_GZIP_MAGIC))
    stream.seek(last)
    if head == _GZIP_MAGIC:
        inflater = zlib.decompressobj(zlib.MAX_WBITS | 16)
        while not inflater.eof:
            chunk = stream.read(1 << 16)
            if not chunk:
                return None  # the last member is cut short, but FastWARC read its record
            inflater.decompress(chunk, 0)
        end = stream.tell() - len(inflater.unused_data)
    else:
        header = stream.read(_MAX_HEADER)
        split = header.find(b"\r\n\r\n")
        match = re.search(rb"\r\ncontent-length:[ \t]*(\d+)", header[:split], re.IGNORECASE)
        if split < 0 or match is None:
            return None  # a WARC inside a gzip stream, or a header FastWARC reported
        end = last + split + 4 + int(match.group(1))
    stream.seek(end)
    rest = stream.read(_MAX_HEADER)
    if rest.strip(b"\r\n"):
        return f"unreadable data at offset {end} (a truncated or corrupt record?); the rest of the file is skipped"
    return None


def warc_entries(path: str | os.PathLike[str], *, payloads: bool = True, start: int = 0,
                 stop: int | None = None, max_bytes: int = MAX_PAGE_BYTES) -> Iterator[WarcEntry]:
    """Every HTML response of a WARC file, in file order, and an error entry wherever it
    is broken, so that a crawl job reports bad data instead of dying on it or losing it.

    Only ``response`` records with HTTP status 200 and a ``text/html`` or
    ``application/xhtml+xml`` type are pages; the rest (requests, metadata, images, 404s,
    redirects) are skipped. ``payloads=False`` leaves ``html`` out: an index of the
    pages, cheaper to build. Data FastWARC cannot read past ends the file with one error
    entry (``offset`` ``None``). ``start`` and ``stop`` read a slice of the file: the
    records that start at or after ``start`` (a record's offset) and before ``stop``, the
    end-of-file checks only when ``stop`` is ``None``; see ``seekable()``. A page whose
    payload holds more than ``max_bytes`` bytes (decoded) is an error entry, and no more
    than that is read of it.
    """
    warc = _fastwarc()
    name = os.fspath(path)
    last: int | None = None
    problem: str | None = None
    try:
        stream = _open(name)
    except OSError as error:
        yield WarcEntry(None, None, None, None, {}, f"cannot open: {error.strerror or error}")
        return
    with stream:
        stream.seek(start)
        try:
            for record in _iterator(warc, stream):
                if stop is not None and record.stream_pos >= stop:
                    return
                last = record.stream_pos
                entry = _entry(record, warc, payloads, max_bytes)
                if entry is not None:
                    yield entry
        except OSError as error:
            where = "at the start" if last is None else f"after the record at offset {last}"
            problem = f"unreadable WARC data {where}: {error}; the rest of the file is skipped"
        else:
            if stop is not None:
                return
            if last is None:
                problem = "no WARC record in this file"
            else:
                problem = _tail_problem(stream, last)
    if problem is not None:
        yield WarcEntry(None, None, None, None, {}, problem)


def seekable(path: str | os.PathLike[str], offsets: Sequence[int]) -> bool:
    """Whether the records at ``offsets`` (from ``warc_entries``) can be read alone, from
    their offset: always in a plain WARC and in a ``.warc.gz`` compressed per record, where
    each offset starts a gzip member; never in one compressed as a single gzip stream."""
    if any(later <= earlier for earlier, later in itertools.pairwise(offsets)):
        return False
    with _open(path) as stream:
        if stream.read(len(_GZIP_MAGIC)) != _GZIP_MAGIC:
            return True
        for offset in offsets:
            stream.seek(offset)
            if stream.read(len(_GZIP_MAGIC)) != _GZIP_MAGIC:
                return False
    return True


def read_entry(path: str | os.PathLike[str], offset: int, *, max_bytes: int = MAX_PAGE_BYTES) -> WarcEntry:
    """The entry of the record that starts at ``offset`` (as ``warc_entries`` reported it),
    read without going through the records before it; ``max_bytes`` as in ``warc_entries``."""
    warc = _fastwarc()
    try:
        with _open(path) as stream:
            stream.seek(offset)
            for record in _iterator(warc, stream):
                entry = _entry(record, warc, True, max_bytes)
                if entry is None:
                    return WarcEntry(offset, record.record_id, _target(record), None, {},
                                     "the record at this offset is not an HTML response")
                return entry
    except OSError as error:
        return WarcEntry(offset, None, None, None, {}, f"unreadable WARC record: {error.strerror or error}")
    return WarcEntry(offset, None, None, None, {}, "no WARC record at this offset")


def warc_records(path: str | os.PathLike[str], *,
                 max_bytes: int = MAX_PAGE_BYTES) -> Iterator[tuple[str, bytes, dict[str, str]]]:
    """``(url, html, headers)`` for each HTML response of a WARC file (gzip or plain).

    ``html`` is the body as bytes: decode it with ``decode_html(html,
    http_charset(headers.get("content-type")))``, or hand it to ``parse()`` to sniff.
    ``headers`` holds the HTTP response headers and the record's ``WARC-*`` headers
    (``warc-record-id``, ``warc-date``...), names lower-cased. Broken data raises
    ``WarcError`` once every readable page before it has been yielded, and so does a page
    over ``max_bytes``; ``warc_entries()`` reports both as values instead.
    """
    for entry in warc_entries(path, max_bytes=max_bytes):
        if entry.error is not None:
            where = "" if entry.offset is None else f"@{entry.offset}"
            raise WarcError(f"{os.fspath(path)}{where}: {entry.error}")
        yield entry.url or "", entry.html or b"", entry.headers
