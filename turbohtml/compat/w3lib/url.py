"""``w3lib.url`` (2.5.0): every public function, same signatures, defaults and errors.

    from turbohtml.compat.w3lib.url import canonicalize_url, safe_url_string

``canonicalize_url`` runs turbohtml's WHATWG normalizer (``normalize_url`` with
``UrlCleaning.w3lib()``): sorted query, uppercase percent-escapes, fragment dropped
unless ``keep_fragments``, known tracking parameters dropped. ``w3lib_compatible=True``
(or a non-UTF-8 ``encoding``, or another ``query_separator``) gives w3lib's own output
instead: ``+`` for spaces, ``?c=`` for blank values, whole pairs sorted, trackers kept.
The other functions follow w3lib's documented behaviour (RFC 3986 quoting sets,
``url_query_cleaner`` keeping the page order). Written from w3lib's documentation and
test suite; see docs/migration/w3lib.md.
"""

from __future__ import annotations

import base64
import ipaddress
import os
import posixpath
import re
import string
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple
from urllib.parse import ParseResult, quote_from_bytes, quote_plus, unquote_to_bytes, urlparse, uses_netloc
from urllib.request import pathname2url, url2pathname

from turbohtml.compat import MIRRORED
from turbohtml.extract.options import UrlCleaning
from turbohtml.extract.urls import normalize_url

__version__ = MIRRORED["w3lib"]

__all__ = [
    "ParseDataURIResult",
    "add_http_if_no_scheme",
    "add_or_replace_parameter",
    "add_or_replace_parameters",
    "any_to_uri",
    "canonicalize_url",
    "file_uri_to_path",
    "is_url",
    "parse_data_uri",
    "path_to_file_uri",
    "safe_download_url",
    "safe_url_string",
    "url_query_cleaner",
    "url_query_parameter",
]

# RFC 3986 sections 2.2 and 2.3, and w3lib's extra "|" (scrapy/w3lib#25)
_UNRESERVED = string.ascii_letters + string.digits + "-._~"
_SUB_DELIMS = "!$&'()*+,;="
_SAFE = ":/?#[]@" + _SUB_DELIMS + _UNRESERVED + "|%"
_SPECIAL_PORTS = {"ftp": 21, "file": None, "http": 80, "https": 443, "ws": 80, "wss": 443}
_UTF8 = frozenset({"utf-8", "utf8", "utf_8", "u8"})


def _quote_table(safe: str) -> str:
    """The ASCII characters ``urllib.parse.quote_from_bytes`` must leave alone (it always
    keeps letters, digits and ``_.-~``)."""
    return "".join(sorted(set(safe) - set(_UNRESERVED)))


_PATH_STRICT = _quote_table(_SAFE.translate(str.maketrans("", "", "#[]|")))
_QUERY_STRICT = _PATH_STRICT
_SPECIAL_QUERY_STRICT = _quote_table(_SAFE.translate(str.maketrans("", "", "#[]|'")))
_FRAGMENT_STRICT = _PATH_STRICT
_USERINFO_STRICT = _quote_table(_UNRESERVED + "!$&'()*+,")
_CANONICAL_PATH = _quote_table(_SAFE.replace("#", ""))
_SCHEME = re.compile(r"([a-zA-Z][a-zA-Z0-9+.\-]*):")
_C0_SPACE = "".join(chr(c) for c in range(0x21))


def _quote(data: bytes, safe: str) -> str:
    """Percent-encode ``data``, keeping the ``safe`` characters (``%`` among them)."""
    return quote_from_bytes(data, safe)


def _encode(text: str, encoding: str) -> bytes:
    """``text`` in ``encoding``; bytes the input carried undecoded come back as they were."""
    try:
        return text.encode(encoding, "surrogateescape")
    except UnicodeEncodeError:
        return text.encode(encoding, "xmlcharrefreplace")


def _as_text(url: str | bytes, encoding: str) -> str:
    if isinstance(url, bytes):
        return url.decode(encoding, "surrogateescape")
    if isinstance(url, str):
        return url
    raise TypeError(f"expected str or bytes URL, got {type(url).__name__}")


def _without_tab_newline(url: str) -> str:
    """``url`` without ASCII tabs and newlines, as ``urllib.parse`` reads it."""
    if "\t" in url or "\n" in url or "\r" in url:
        return url.replace("\t", "").replace("\n", "").replace("\r", "")
    return url


class _Parts(NamedTuple):
    scheme: str
    netloc: str | None
    path: str
    query: str | None
    fragment: str | None


def _split(url: str) -> _Parts:
    """RFC 3986 appendix B's split, keeping an empty ``?``/``#`` apart from a missing one;
    a backslash ends the authority of a special scheme, as browsers read it."""
    url = _without_tab_newline(url.strip(_C0_SPACE))
    scheme = ""
    match = _SCHEME.match(url)
    if match:
        scheme = match.group(1).lower()
        url = url[match.end():]
    rest, hash_mark, fragment = url.partition("#")
    rest, question, query = rest.partition("?")
    netloc = None
    if scheme in _SPECIAL_PORTS:
        rest = rest.replace("\\", "/")
    if rest.startswith("//"):
        end = rest.find("/", 2)
        netloc, rest = (rest[2:], "") if end == -1 else (rest[2:end], rest[end:])
    return _Parts(scheme, netloc, rest, query if question else None, fragment if hash_mark else None)


def _join(parts: _Parts) -> str:
    """The URL again; an empty authority is written only where ``urlunsplit`` writes it
    (schemes that use one: ``file:///x``, not ``mailto:``)."""
    url = f"{parts.scheme}:" if parts.scheme else ""
    path = parts.path
    if parts.netloc:
        url += "//" + parts.netloc
    elif parts.netloc is not None and parts.scheme in uses_netloc:
        url += "//"
        if path and not path.startswith("/"):
            path = "/" + path
    url += path
    if parts.query is not None:
        url += "?" + parts.query
    if parts.fragment is not None:
        url += "#" + parts.fragment
    return url


def _safe_host(host: str) -> str:
    if host.startswith("["):
        return host
    try:
        host.encode("ascii")
    except UnicodeEncodeError:
        if _HOST_DELIMITERS.intersection(unicodedata.normalize("NFKC", host)):
            # a full-width "／" or "＼" turns into a delimiter once normalized: refused
            raise ValueError(f"invalid host: {host!r}") from None
        try:
            return host.encode("idna").decode("ascii")
        except UnicodeError:
            return host
    return host


_IPV_FUTURE = re.compile(r"v[0-9a-fA-F]+\..+\Z")
_HOST_DELIMITERS = frozenset("/\\?#@:")


def _check_brackets(userinfo: str, host: str) -> None:
    """w3lib's ``ValueError`` for brackets: a bracketed host must be the whole host and
    an IPv6 address (or an IPvFuture literal); brackets in the user info need one."""
    if not ("[" in host or "]" in host):
        if "[" in userinfo or "]" in userinfo:
            raise ValueError(f"Invalid IPv6 URL: brackets in the user info of {userinfo!r}")
        return
    if not (host.startswith("[") and host.endswith("]")) or host.count("[") != 1 or host.count("]") != 1:
        raise ValueError(f"Invalid IPv6 URL: {host!r}")
    literal = host[1:-1]
    if _IPV_FUTURE.match(literal):
        return
    try:
        ipaddress.IPv6Address(literal)
    except ValueError:
        raise ValueError(f"Invalid IPv6 URL: {host!r} is no IPv6 address") from None


def _safe_port(port: str) -> str:
    """``:port`` as w3lib writes it: an empty port dropped, anything but 0-65535 refused."""
    if not port:
        return ""
    if not (port.isascii() and port.isdigit()) or int(port) > 65535:
        raise ValueError(f"invalid port number: {port!r}")
    return ":" + port


def _userinfo(part: str) -> str:
    """A user name or password with one canonical escaping: escapes decoded, then what
    is not safe in userinfo (a ``%`` included) encoded again."""
    return _quote(unquote_to_bytes(part.encode("utf-8", "surrogateescape")), _USERINFO_STRICT)


def _safe_netloc(netloc: str, scheme: str) -> str:
    userinfo, at, hostport = netloc.rpartition("@")
    host, port = hostport, ""
    if not hostport.endswith("]") and ":" in hostport:
        host, _, port = hostport.rpartition(":")
    _check_brackets(userinfo, host)
    host = _safe_host(host)
    if scheme in _SPECIAL_PORTS:
        host = host.lower()
    hostport = host + _safe_port(port)
    if at:
        user, colon, password = userinfo.partition(":")
        userinfo = _userinfo(user) + (":" + _userinfo(password) if colon else "")
        return f"{userinfo}@{hostport}"
    return hostport


_PATH_CHARS = r"A-Za-z0-9\-._~!$&'()*+,;=:@/%"
_QUERY_CHARS = _PATH_CHARS.replace("'", "") + "?"
#: an http(s)/ws(s)/ftp URL safe_url_string would give back unchanged: a lowercase
#: ASCII host, a short port, and only characters none of its quoting sets changes
#: (a query needs a path before it, an empty query or fragment is not matched)
_ALREADY_SAFE = re.compile(
    rf"(?:https?|wss?|ftp)://[a-z0-9.\-]+(?::[0-9]{{1,4}})?"
    rf"(?:/[{_PATH_CHARS}]*(?:\?[{_QUERY_CHARS}]+)?)?(?:#[{_PATH_CHARS}?]+)?\Z")


def _safe_split(url: str | bytes, encoding: str = "utf8", path_encoding: str = "utf8",
                quote_path: bool = True) -> _Parts:
    text = _as_text(url, encoding)
    parts = _split(text)
    if _ALREADY_SAFE.match(text) and encoding.lower() in _UTF8 and path_encoding.lower() in _UTF8:
        return parts  # nothing to quote (safe_url_string's fast path)
    netloc = _safe_netloc(parts.netloc, parts.scheme) if parts.netloc is not None else None
    path = parts.path
    if quote_path:
        path = _quote(_encode(path, path_encoding), _PATH_STRICT)
    query = parts.query or None  # an empty query or fragment is dropped, as urlunsplit does
    if query is not None and not path and netloc is not None and parts.scheme in _SPECIAL_PORTS:
        path = "/"
    if query is not None:
        table = _SPECIAL_QUERY_STRICT if parts.scheme in _SPECIAL_PORTS else _QUERY_STRICT
        query = _quote(query.encode(encoding, "surrogateescape"), table)
    fragment = parts.fragment or None
    if fragment is not None:
        fragment = _quote(_encode(fragment, "utf-8"), _FRAGMENT_STRICT)
    return _Parts(parts.scheme, netloc, path, query, fragment)


def safe_url_string(url: str | bytes, encoding: str = "utf8", path_encoding: str = "utf8",
                    quote_path: bool = True) -> str:
    """``url`` with every character browsers and servers could reject percent-encoded:
    path in ``path_encoding``, query in ``encoding`` (the page's), IDN host as punycode.
    Idempotent: a safe URL comes back unchanged."""
    if isinstance(url, str) and _ALREADY_SAFE.match(url) and encoding.lower() in _UTF8 \
            and path_encoding.lower() in _UTF8:
        return url  # most links on a page: already safe, nothing to parse
    return _join(_safe_split(url, encoding, path_encoding, quote_path))


_ENCODED_DOTS = {"%2e": ".", ".%2e": "..", "%2e.": "..", "%2e%2e": ".."}
_PARENT_DIRS = re.compile(r"/?(\.\./)+")


def safe_download_url(url: str | bytes, encoding: str = "utf8", path_encoding: str = "utf8") -> str:
    """``safe_url_string`` without the fragment and with the path normalised, kept
    inside the document root (``..`` above it removed)."""
    parts = _safe_split(url, encoding, path_encoding)
    path = parts.path
    if path:
        if "%" in path:
            path = "/".join(_ENCODED_DOTS.get(segment.lower(), segment) for segment in path.split("/"))
        normalized = _PARENT_DIRS.sub("", posixpath.normpath(path))
        if path.endswith("/") and not normalized.endswith("/"):
            normalized += "/"
        path = normalized
    else:
        path = "/"
    return _join(parts._replace(path=path, fragment=None))


def is_url(text: str) -> bool:
    """Whether ``text`` starts with ``file://``, ``http://`` or ``https://``."""
    return text.partition("://")[0] in {"file", "http", "https"}


#: a query name or value whose decoding and re-encoding (``+`` for a space, everything
#: but the unreserved characters escaped) gives it back unchanged
_PLAIN = re.compile(r"[A-Za-z0-9_.\-~]*").fullmatch


def _decoded(raw: str) -> bytes:
    """A query name or value as ``parse_qsl`` reads it: ``+`` a space, escapes decoded."""
    return raw.encode() if _PLAIN(raw) else unquote_to_bytes(raw.replace("+", " "))


_PLAIN_BYTES = re.compile(rb"[A-Za-z0-9_.\-~]*").fullmatch


def _encoded(data: bytes) -> str:
    """``urlencode``'s form: ``+`` for a space, all but the unreserved characters escaped."""
    return data.decode("ascii") if _PLAIN_BYTES(data) else quote_plus(data, safe="")


def _pairs(query: str, keep_blank_values: bool, separator: str) -> list[tuple[bytes, bytes]]:
    """``parse_qsl`` on bytes: ``+`` is a space, escapes decoded, nothing re-encoded."""
    pairs = []
    for piece in query.split(separator):
        if not piece:
            continue
        name, _, value = piece.partition("=")
        if value or keep_blank_values:
            pairs.append((_decoded(name), _decoded(value)))
    return pairs


def _urlencode(pairs: list[tuple[bytes, bytes]], separator: str) -> str:
    return separator.join(f"{_encoded(name)}={_encoded(value)}" for name, value in pairs)


def _query_of(url: str) -> str:
    """The query, as ``urlsplit(url).query`` reads it."""
    return _without_tab_newline(url).partition("#")[0].partition("?")[2]


def url_query_parameter(url: str | bytes, parameter: str, default: str | None = None,
                        keep_blank_values: bool | int = 0, *, separator: str = "&") -> str | None:
    """The first value of ``parameter`` in the query, or ``default``; a blank value
    counts only with ``keep_blank_values``."""
    query = _query_of(_as_text(url, "utf-8"))
    if not query:
        return default
    wanted = parameter.encode()
    for piece in query.split(separator):
        if not piece:
            continue
        name, _, value = piece.partition("=")
        if (name == parameter or _decoded(name) == wanted) and (value or keep_blank_values):
            return value if _PLAIN(value) else _decoded(value).decode(errors="replace")
    return default


def url_query_cleaner(url: str | bytes, parameterlist: str | Sequence[str] = (), sep: str = "&",
                      kvsep: str = "=", remove: bool = False, unique: bool = True,
                      keep_fragments: bool = False) -> str:
    """Keep the query parameters named in ``parameterlist`` (drop them with
    ``remove=True``), in page order; with ``unique`` only a name's first occurrence is
    considered. The fragment goes unless ``keep_fragments``."""
    if isinstance(url, bytes):
        url = url.decode()
    if "?" not in url and "#" not in url:
        return url  # most links: nothing to clean
    if parameterlist and isinstance(parameterlist, (str, bytes)):
        parameterlist = (parameterlist,)
    url, _, fragment = url.partition("#")
    base, _, query = url.partition("?")
    if not query or (not parameterlist and not remove):
        return f"{base}#{fragment}" if keep_fragments and fragment else base
    listed = frozenset(parameterlist)
    kept: list[str] = []
    keep = kept.append
    if unique:
        seen: set[str] = set()
        see = seen.add
        for pair in query.split(sep):
            if pair:
                name = pair.partition(kvsep)[0]
                if name not in seen:
                    see(name)
                    if (name in listed) != remove:
                        keep(pair)
    else:
        for pair in query.split(sep):
            if pair and (pair.partition(kvsep)[0] in listed) != remove:
                keep(pair)
    url = f"{base}?{sep.join(kept)}" if kept else base
    return f"{url}#{fragment}" if keep_fragments and fragment else url


def _replace_parameters(url: str, replacements: dict[bytes, bytes], separator: str) -> str:
    base, _, fragment = _without_tab_newline(url).partition("#")
    base, _, query = base.partition("?")
    pieces, replaced = [], set()
    for piece in query.split(separator):
        if not piece:
            continue
        raw_name, _, raw_value = piece.partition("=")
        name = _decoded(raw_name)
        if name in replaced:
            continue
        if name in replacements:
            pieces.append(f"{_encoded(name)}={_encoded(replacements[name])}")
            replaced.add(name)
        elif _PLAIN(raw_name) and _PLAIN(raw_value):
            pieces.append(f"{raw_name}={raw_value}")
        else:
            pieces.append(f"{_encoded(name)}={_encoded(_decoded(raw_value))}")
    pieces += [f"{_encoded(name)}={_encoded(value)}" for name, value in replacements.items() if name not in replaced]
    return base + ("?" + separator.join(pieces) if pieces else "") + ("#" + fragment if fragment else "")


def add_or_replace_parameter(url: str, name: str, new_value: str, *, separator: str = "&") -> str:
    """``url`` with ``name=new_value`` in its query: the first ``name`` replaced (later
    ones dropped), or appended."""
    return _replace_parameters(url, {name.encode(): new_value.encode()}, separator)


def add_or_replace_parameters(url: str, new_parameters: dict[str, str], *, separator: str = "&") -> str:
    """``add_or_replace_parameter`` for each item of ``new_parameters``, in one pass."""
    return _replace_parameters(url, {k.encode(): v.encode() for k, v in new_parameters.items()}, separator)


def path_to_file_uri(path: str | os.PathLike[str]) -> str:
    """The ``file:///`` URI of a local path (made absolute first)."""
    absolute = Path(path).absolute()
    if os.name == "nt" and absolute.drive.startswith("\\\\"):
        return absolute.as_uri()
    return f"file:///{pathname2url(str(absolute)).lstrip('/')}"


def file_uri_to_path(uri: str) -> str:
    """The local path a ``file:`` URI names."""
    parsed = urlparse(uri)
    path = parsed.path
    if os.name == "nt" and parsed.netloc and parsed.netloc.lower() != "localhost":
        path = f"//{parsed.netloc}{path}"
    return url2pathname(path)


def any_to_uri(uri_or_path: str) -> str:
    """A URI unchanged, a local path as its ``file://`` URI."""
    if os.path.splitdrive(uri_or_path)[0]:
        return path_to_file_uri(uri_or_path)
    return uri_or_path if urlparse(uri_or_path).scheme else path_to_file_uri(uri_or_path)


def add_http_if_no_scheme(url: str) -> str:
    """``http://`` in front of a URL without a scheme (``http:`` before ``//host``)."""
    if not re.match(r"^\w+://", url, flags=re.IGNORECASE):
        url = ("http:" if urlparse(url).netloc else "http://") + url
    return url


class ParseDataURIResult(NamedTuple):
    """What ``parse_data_uri`` returns."""

    #: MIME type type and subtype, separated by / (e.g. ``"text/plain"``)
    media_type: str
    #: MIME type parameters (e.g. ``{"charset": "US-ASCII"}``)
    media_type_parameters: dict[str, str]
    #: data, decoded if it was encoded in base64 format
    data: bytes


# RFC 2045 tokens and quoted strings, as RFC 2397 data: URIs use them
_TOKEN = "[" + re.escape("".join(chr(c) for c in range(33, 127) if chr(c) not in '()<>@,;:\\"/[]?=')) + "]+"
_QUOTED = r'(?:[^"\\\r\x80-\xff]|\\[\x00-\x7f])*'
_MEDIA_TYPE = re.compile(f"{_TOKEN}/{_TOKEN}".encode())
_MEDIA_PARAMETER = re.compile(f';({_TOKEN})=(?:({_TOKEN})|"({_QUOTED})")'.encode())


def parse_data_uri(uri: str | bytes) -> ParseDataURIResult:
    """Parse an RFC 2397 ``data:`` URI; ``ValueError`` when it is not one."""
    if not isinstance(uri, bytes):
        uri = safe_url_string(uri).encode("ascii")
    scheme, _, rest = uri.partition(b":")
    if not scheme or not rest:
        raise ValueError("invalid URI")
    if scheme.lower() != b"data":
        raise ValueError("not a data URI")
    rest = unquote_to_bytes(rest)  # delimiters are never percent-encoded in well-formed URIs
    media_type, parameters = "text/plain", {}
    match = _MEDIA_TYPE.match(rest)
    if match:
        media_type = match.group().decode()
        rest = rest[match.end():]
    else:
        parameters["charset"] = "US-ASCII"
    while match := _MEDIA_PARAMETER.match(rest):
        name, value, quoted = match.groups()
        if quoted is not None:
            value = re.sub(rb"\\(.)", rb"\1", quoted)
        parameters[name.decode()] = value.decode()
        rest = rest[match.end():]
    marker, _, data = rest.partition(b",")
    if marker:
        if marker != b";base64":
            raise ValueError("invalid data URI")
        data = base64.b64decode(data)
    return ParseDataURIResult(media_type, parameters, data)


def _remove_dot_segments(path: str) -> str:
    """RFC 3986 section 5.2.4 on a path starting with ``/``, empty segments kept."""
    if "/." not in path:
        return path
    output: list[str] = []
    segments = path[1:].split("/")
    for segment in segments[:-1]:
        if segment == "..":
            if output:
                output.pop()
        elif segment != ".":
            output.append(segment)
    last = segments[-1]
    if last == "..":
        if output:
            output.pop()
        output.append("")
    elif last == ".":
        output.append("")
    else:
        output.append(last)
    return "/" + "/".join(output)


def _unquote_path(path: str) -> bytes:
    """Decode the path's escapes except those of ``%``, ``/``, ``;`` and ``?``, which
    would change its meaning."""
    if "%" not in path:
        return path.encode()
    for escape, kept in (("%25", "%2525"), ("%2f", "%252F"), ("%2F", "%252F"), ("%3b", "%253B"),
                         ("%3B", "%253B"), ("%3f", "%253F"), ("%3F", "%253F")):
        path = path.replace(escape, kept)
    return unquote_to_bytes(path)


def _normalize_ipv6(netloc: str) -> str:
    start = netloc.find("[")
    end = netloc.find("]", start)
    if start == -1 or end == -1:
        return netloc
    try:
        address = ipaddress.ip_address(netloc[start + 1:end])
    except ValueError:
        return netloc
    if not isinstance(address, ipaddress.IPv6Address):
        return netloc
    return f"{netloc[:start]}[{address}]{netloc[end + 1:]}"


#: a path canonicalize_url's unquote-then-quote gives back unchanged
_CANONICAL_PLAIN_PATH = re.compile(r"[A-Za-z0-9\-._~!$&'()*+,;=:@/\[\]|]*").fullmatch


def _w3lib_canonical(url: str | bytes, keep_blank_values: bool, keep_fragments: bool, encoding: str | None,
                     query_separator: str) -> str:
    try:
        parts = _safe_split(url, encoding or "utf8")
    except UnicodeEncodeError:
        parts = _safe_split(url, "utf8")
    path, params = parts.path, None
    last = path.rpartition("/")[2]
    if ";" in last and parts.scheme in ("", "http", "https", "ftp", "file", "ws", "wss", "sftp", "rtsp"):
        segment, _, params = last.partition(";")
        path = path[:len(path) - len(last)] + segment
    query = parts.query
    if query:
        pairs = _pairs(query, keep_blank_values, query_separator)
        pairs.sort()
        query = _urlencode(pairs, query_separator)
    query = query or None
    if not path:
        path = "/"
    elif "%" in path or not _CANONICAL_PLAIN_PATH(path):
        path = _quote(_unquote_path(path), _CANONICAL_PATH)
    if path.startswith("/"):
        path = _remove_dot_segments(path)
    if params is not None:
        path += ";" + params
    netloc = parts.netloc
    if netloc is not None:
        userinfo, at, host = netloc.rpartition("@")
        host = host.lower().removesuffix(":")
        netloc = _normalize_ipv6(f"{userinfo}@{host}" if at else host)
    return _join(_Parts(parts.scheme, netloc, path, query, parts.fragment if keep_fragments else None))


def canonicalize_url(url: str | bytes | ParseResult, keep_blank_values: bool = True,
                     keep_fragments: bool = False, encoding: str | None = None, *,
                     query_separator: str = "&", w3lib_compatible: bool = False) -> str:
    """Canonical form of ``url`` for comparison and deduplication.

    By default turbohtml's WHATWG normalizer (known trackers dropped, ``%20`` for a
    space, equal names kept in page order); ``w3lib_compatible=True`` gives w3lib's
    exact output, as do a non-UTF-8 ``encoding`` and another ``query_separator``."""
    if isinstance(url, ParseResult):
        url = url.geturl()
    if w3lib_compatible or query_separator != "&" or (encoding is not None and encoding.lower() not in _UTF8):
        return _w3lib_canonical(url, keep_blank_values, keep_fragments, encoding, query_separator)
    text = _as_text(url, "utf-8")
    netloc = _split(text).netloc
    if netloc and ("[" in netloc or "]" in netloc):
        userinfo, _, hostport = netloc.rpartition("@")
        _check_brackets(userinfo, hostport if hostport.endswith("]") else hostport.rpartition(":")[0] or hostport)
    if not keep_blank_values:
        parts = _split(text)
        if parts.query is not None:
            kept = [pair for pair in parts.query.split("&") if pair.partition("=")[2]]
            text = _join(parts._replace(query="&".join(kept) if kept else None))
    return normalize_url(text, UrlCleaning(strip_fragment=not keep_fragments))
