"""The ``turbohtml`` command: articles, paragraphs, dates, links and structured data
from files, directories, stdin or http(s) URLs.

    turbohtml article page.html                    # the article text
    turbohtml article --format markdown page.html  # the article as Markdown (or html, clean)
    turbohtml article --format json pages/         # JSON Lines, one record per page
    turbohtml links --external https://example.org/
    turbohtml article --format json crawl.warc.gz  # every HTML response of a web archive
    turbohtml normalize-url "HTTP://Example.org/a/../b?utm_source=x"

Many inputs run in parallel processes (``--jobs``, default: every core) and print as
JSON Lines in input order, one whole line per input: a page that fails, or whose record
cannot be written, becomes an error record (``{"source": ..., "error": ...}``) plus one
line on stderr, and the exit status is 1. Usage errors exit with 2. SIGINT and SIGTERM
stop the workers at once; the lines finished so far stay written (exit 130 / 143).
Every input is read up to ``--max-bytes`` (default 10 MiB; files, decompressed
``.gz``, stdin, WARC records, URL bodies), and only regular files are read in a
directory walk. URLs go through ``turbohtml.fetch`` (one deadline, redirects to
http(s) only, private addresses refused unless ``--allow-private``). A progress bar
(tqdm) is drawn on stderr when it is a terminal.
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import multiprocessing
import os
import re
import signal
import stat
import sys
import zlib
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

from turbohtml.fetch import DEFAULT_MAX_REDIRECTS, DEFAULT_TIMEOUT, FetchError, fetch
from turbohtml.io import MAX_PAGE_BYTES

__all__ = ["main"]

#: Files a directory walk picks up (an explicitly named file is read whatever its name).
HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".shtml", ".html.gz", ".htm.gz")
#: Web archives: each HTML response in them is one input (named or found in a walk).
WARC_SUFFIXES = (".warc", ".warc.gz")
#: Content types a fetched URL may have.
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml", "application/xml", "text/xml"})
DEFAULT_MAX_BYTES = MAX_PAGE_BYTES

COMMANDS = ("article", "boilerplate", "dates", "links", "structured")


class InputError(Exception):
    """An input that could not be read or fetched; its message is the error record's."""


@dataclass(frozen=True)
class Source:
    """One input: a file path, a URL, stdin's bytes (``data``), or a WARC record.

    A WARC record travels as its file and ``offset`` (the worker reads it), or, from a
    file that cannot be seeked (one gzip stream), as its body in ``data``: plain values
    either way, and the main process never holds a whole archive's pages. ``walked``
    marks a file found in a directory walk, where only regular files are read.
    """

    name: str
    kind: str  # "file" | "url" | "stdin" | "warc" | "error"
    data: bytes | None = None
    error: str | None = None  # for kind "error": why this input cannot be read
    path: str | None = None  # for kind "warc": the archive, and the record's offset in it
    offset: int | None = None
    url: str | None = None  # for kind "warc": the record's target URI, the base for links
    charset: str | None = None  # for kind "warc" with data: the HTTP charset
    walked: bool = False


@dataclass(frozen=True)
class Settings:
    """Everything a worker needs, picklable."""

    command: str
    format: str = "text"
    base: str | None = None
    external: bool = False
    original: bool = False
    extensive: bool = True
    timeout: float = DEFAULT_TIMEOUT
    max_bytes: int = DEFAULT_MAX_BYTES
    max_redirects: int = DEFAULT_MAX_REDIRECTS
    allow_private: bool = False
    plain: bool = False  # one article page as text: the output is the text, not JSON


# ------------------------------------------------------------------ reading inputs

def _fetch(url: str, settings: Settings) -> tuple[str | bytes, str]:
    """The markup of ``url`` and the final URL after redirects (``turbohtml.fetch``)."""
    try:
        page = fetch(url, timeout=settings.timeout, max_bytes=settings.max_bytes,
                     max_redirects=settings.max_redirects, allow_private=settings.allow_private)
    except FetchError as error:
        raise InputError(str(error)) from None
    if page.content_type not in HTML_TYPES:
        raise InputError(f"not HTML: the server sent {page.content_type or 'no content type'}")
    return page.html, page.url


_FILE_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
               (stat.S_ISBLK, "a block device"), (stat.S_ISDIR, "a directory"))


def _kind(mode: int) -> str:
    return next((name for test, name in _FILE_KINDS if test(mode)), "not a regular file")


def _too_large(max_bytes: int) -> InputError:
    return InputError(f"too large: more than {max_bytes} bytes (see --max-bytes)")


def _read_file(source: Source, max_bytes: int) -> bytes:
    """A file's bytes (a ``.gz`` decompressed), at most ``max_bytes`` of them.

    In a directory walk only regular files are read: a FIFO would block the batch, a
    device never end. A pipe or device named on the command line (``<(curl ...)``) is
    read, under the same cap.
    """
    path = source.name
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            raise InputError("is a directory")
        if not stat.S_ISREG(mode) and (source.walked or stat.S_ISSOCK(mode)):
            raise InputError(f"not a regular file: {_kind(mode)}")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(fd, "rb") as handle:
            opened = os.fstat(fd).st_mode  # the file opened, not the one stat()ed before
            if not stat.S_ISREG(opened) and source.walked:
                raise InputError(f"not a regular file: {_kind(opened)}")
            os.set_blocking(fd, True)
            if path.endswith(".gz"):
                try:
                    with gzip.GzipFile(fileobj=handle) as inflated:
                        data = inflated.read(max_bytes + 1)  # a bomb stops at the cap
                except (OSError, EOFError, zlib.error) as error:
                    raise InputError(f"bad gzip data: {error}") from None
            else:
                data = handle.read(max_bytes + 1)
    except InputError:
        raise
    except FileNotFoundError:
        raise InputError("no such file or directory") from None
    except OSError as error:
        raise InputError(error.strerror or str(error)) from None
    if len(data) > max_bytes:
        raise _too_large(max_bytes)
    return data


def _read_warc_record(source: Source, max_bytes: int) -> tuple[str | bytes, str | None]:
    """A WARC record's markup, decoded with its HTTP charset (BOM > header > ``<meta>``)."""
    from turbohtml.io import decode_html, http_charset, read_entry

    if source.data is not None:
        return decode_html(source.data, source.charset), source.url
    entry = read_entry(source.path or "", source.offset or 0, max_bytes=max_bytes)
    if entry.error is not None or entry.html is None:
        raise InputError(entry.error or "no HTML in this record")
    return decode_html(entry.html, http_charset(entry.headers.get("content-type"))), entry.url


def load(source: Source, settings: Settings) -> tuple[str | bytes, str | None]:
    """The markup of ``source`` and the URL it came from (``None`` for files and stdin)."""
    if source.kind == "stdin":
        return source.data or b"", None
    if source.kind == "url":
        return _fetch(source.name, settings)
    if source.kind == "warc":
        return _read_warc_record(source, settings.max_bytes)
    return _read_file(source, settings.max_bytes), None


def _warc_sources(path: str, max_bytes: int) -> Iterator[Source]:
    """One source per HTML response of a WARC file, in file order, named ``path@offset``
    (the offset the Common Crawl index gives); broken data becomes error sources."""
    from turbohtml.io import http_charset, seekable, warc_entries

    try:
        entries = list(warc_entries(path, payloads=False, max_bytes=max_bytes))
    except ImportError as error:
        yield Source(path, "error", error=str(error))
        return
    offsets = [entry.offset for entry in entries if entry.error is None and entry.offset is not None]
    if offsets and not seekable(path, offsets):
        entries = list(warc_entries(path, max_bytes=max_bytes))  # no record can be found alone: carry the bodies
        for entry in entries:
            if entry.error is None:
                name = f"{path}#{(entry.record_id or '').strip('<>')}"
                yield Source(name, "warc", data=entry.html, url=entry.url,
                             charset=http_charset(entry.headers.get("content-type")))
            else:
                yield Source(path, "error", error=entry.error, url=entry.url)
        return
    for entry in entries:
        name = path if entry.offset is None else f"{path}@{entry.offset}"
        if entry.error is None:
            yield Source(name, "warc", path=path, offset=entry.offset, url=entry.url)
        else:
            yield Source(name, "error", error=entry.error, url=entry.url)


def expand(paths: Sequence[str], stdin: Any, max_bytes: int = DEFAULT_MAX_BYTES) -> Iterator[Source]:
    """Sources in order: directories walked (sorted), ``-`` read once from stdin."""
    stdin_read = False
    for path in paths:
        if path == "-":
            if stdin_read:
                yield Source("-", "error", error="standard input can be read only once")
                continue
            stdin_read = True
            data = stdin.read(max_bytes + 1)
            if len(data) > max_bytes:
                yield Source("-", "error", error=str(_too_large(max_bytes)))
            else:
                yield Source("-", "stdin", data)
        elif path.lower().startswith(("http://", "https://")):
            yield Source(path, "url")
        elif os.path.isdir(path):
            found = False
            for root, dirs, files in os.walk(path):
                dirs.sort()
                for name in sorted(files):
                    if name.lower().endswith(WARC_SUFFIXES):
                        found = True
                        archive = os.path.join(root, name)
                        if os.path.isfile(archive):
                            yield from _warc_sources(archive, max_bytes)
                        else:  # a FIFO, socket or device named *.warc, or a dangling link
                            yield Source(archive, "file", walked=True)
                    elif name.lower().endswith(HTML_SUFFIXES):
                        found = True
                        yield Source(os.path.join(root, name), "file", walked=True)
            if not found:
                yield Source(path, "error", error="no HTML files in this directory")
        elif path.lower().endswith(WARC_SUFFIXES) and os.path.isfile(path):
            yield from _warc_sources(path, max_bytes)
        else:
            yield Source(path, "file")


# ------------------------------------------------------------------ the commands

def _article(markup: str | bytes, url: str | None, settings: Settings) -> dict[str, Any]:
    import turbohtml

    doc = turbohtml.parse(markup)
    article = doc.article()
    base = url if url is not None and url.startswith(("http://", "https://")) else None
    if settings.format == "markdown":
        text = article.to_markdown(base_url=base)
        if article.title and not text.startswith("# "):  # a Markdown file opens with its title
            text = f"# {article.title}\n\n{text}"
    elif settings.format == "html":
        text = article.to_html(base_url=base)
    else:
        text = article.text
    # the metadata weighed from every source (Document.metadata()), article()'s text
    meta = doc.metadata(url)
    record = {field.name: getattr(meta, field.name) for field in dataclasses.fields(meta)}
    record.update(byline=meta.author, tags=list(meta.tags), categories=list(meta.categories), url=url, text=text)
    return record


def _boilerplate(markup: str | bytes, url: str | None, settings: Settings) -> dict[str, Any]:
    import turbohtml

    paragraphs = turbohtml.parse(markup).boilerplate()
    return {"paragraphs": [{"text": p.text, "is_boilerplate": p.is_boilerplate, "is_heading": p.is_heading}
                           for p in paragraphs]}


def _dates(markup: str | bytes, url: str | None, settings: Settings) -> dict[str, Any]:
    import turbohtml
    from turbohtml.extract import DateExtraction

    found = turbohtml.parse(markup).dates(DateExtraction(original=settings.original,
                                                         extensive_search=settings.extensive))
    return {"date": found.date if found else None, "signal": found.signal if found else None}


def _links(markup: str | bytes, url: str | None, settings: Settings) -> dict[str, Any]:
    from turbohtml.extract import extract_links

    base = settings.base or url
    if settings.external and base is None:
        raise InputError("--external needs --base URL for a page that was not fetched")
    html = markup if isinstance(markup, str) else _decoded(markup)
    return {"links": sorted(extract_links(html, base, None, external_only=settings.external))}


def _decoded(data: bytes) -> str:
    """Bytes as text by the HTML standard's sniffing, for the str-only entry points."""
    from turbohtml._core import parse, sniff_encoding

    try:
        return data.decode(sniff_encoding(data), "replace")
    except LookupError:  # an encoding label Python has no codec for
        return parse(data).html


def _structured(markup: str | bytes, url: str | None, settings: Settings) -> dict[str, Any]:
    import turbohtml

    data = turbohtml.parse(markup).structured_data(settings.base or url)
    return {"json_ld": data.json_ld, "microdata": [item.json_dict() for item in data.microdata],
            "opengraph": dict(data.opengraph)}


_HANDLERS = {"article": _article, "boilerplate": _boilerplate, "dates": _dates, "links": _links,
             "structured": _structured}


def _failure(error: BaseException) -> str:
    if isinstance(error, InputError):
        return str(error)
    if isinstance(error, RecursionError):
        return "RecursionError: the page nests too deeply to process"
    return f"{type(error).__name__}: {error}"


_SURROGATE = re.compile("[\ud800-\udfff]")


class _Literal(str):
    """JSON punctuation on ``_dumps``'s work stack, written as is."""


def _dumps(value: Any, ensure_ascii: bool) -> str:
    """``json.dumps`` for any depth: the ``json`` module's encoder recurses per level and
    raises ``RecursionError`` on a record nested about 1,000 deep (an ``itemref`` chain)."""
    encoder = json.encoder
    string = encoder.encode_basestring_ascii if ensure_ascii else encoder.encode_basestring
    parts: list[str] = []
    work: list[Any] = [value]
    while work:
        item = work.pop()
        if type(item) is _Literal:
            parts.append(item)
        elif isinstance(item, str):
            parts.append(string(item))
        elif isinstance(item, dict):
            work.append(_Literal("}"))
            for index, (key, child) in reversed(list(enumerate(item.items()))):
                work.append(child)
                name = key if isinstance(key, str) else json.dumps(key).strip('"')
                work.append(_Literal(("" if index == 0 else ", ") + string(name) + ": "))
            work.append(_Literal("{"))
        elif isinstance(item, (list, tuple)):
            work.append(_Literal("]"))
            for index, child in reversed(list(enumerate(item))):
                work.append(child)
                if index:
                    work.append(_Literal(", "))
            work.append(_Literal("["))
        else:  # None, bool, int, float: the json module's spelling
            parts.append(json.dumps(item))
    return "".join(parts)


def _json_line(record: dict[str, Any], ensure_ascii: bool) -> str:
    try:
        return json.dumps(record, ensure_ascii=ensure_ascii)
    except RecursionError:
        return _dumps(record, ensure_ascii)


def _encode(record: dict[str, Any], settings: Settings) -> bytes:
    """One output line as bytes. JSON keeps non-ASCII text as is, and falls back to
    ``\\u`` escapes when a value holds a lone surrogate (valid JSON, which UTF-8 is not)."""
    if settings.plain and "error" not in record:
        return _SURROGATE.sub("\ufffd", record["text"]).rstrip("\n").encode("utf-8") + b"\n"
    try:
        line = _json_line(record, False).encode("utf-8")
    except UnicodeEncodeError:
        line = _json_line(record, True).encode("ascii")
    return line + b"\n"


def process(job: tuple[Source, Settings]) -> tuple[str, bytes, str | None]:
    """One input to ``(source name, output line, error or None)``, never raising for a bad
    page or a record that cannot be written (the worker entry point).

    The record is serialised here, in the worker: the line that crosses back to the main
    process is bytes, so a deep result can break neither pickling nor the writer.
    """
    source, settings = job
    head: dict[str, Any] = {"source": source.name}
    if source.url is not None:  # a WARC record: its URL names the page as much as the offset
        head["url"] = source.url
    try:
        if source.kind == "error":
            raise InputError(source.error or "unreadable")
        markup, url = load(source, settings)
        record = {**head, **_HANDLERS[settings.command](markup, url, settings)}
        return source.name, _encode(record, settings), None
    except Exception as error:  # a bad page, or its record, must not abort the batch
        message = _failure(error)
    return source.name, _encode({**head, "error": message}, settings), message


# ------------------------------------------------------------------ output

def _progress(total: int) -> Any:
    import tqdm as tqdm_module
    from tqdm import tqdm

    # No monitor thread: worker processes may be forked while the bar is open.
    tqdm_module.tqdm.monitor_interval = 0
    return tqdm(total=total, file=sys.stderr, unit="page", disable=not sys.stderr.isatty(), leave=False)


def _worker_init() -> None:
    # Ctrl-C reaches the whole process group: the main process alone decides, and a
    # forked worker must not run the main process's SIGTERM handler.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _results(jobs: list[tuple[Source, Settings]], workers: int) -> Iterator[tuple[str, bytes, str | None]]:
    with _progress(len(jobs)) as bar:
        if workers <= 1 or len(jobs) <= 1:
            for job in jobs:
                yield process(job)
                bar.update()
            return
        done = 0
        finished = False
        pool = ProcessPoolExecutor(max_workers=min(workers, len(jobs)), initializer=_worker_init)
        try:
            for result in pool.map(process, jobs, chunksize=1 if len(jobs) < 64 else 4):
                yield result
                done += 1
                bar.update()
            finished = True
        except BrokenProcessPool:
            # a worker died (killed, out of memory, a crash in C): report the rest as failed
            message = "a worker process died while processing this batch"
            for source, settings in jobs[done:]:
                yield source.name, _encode({"source": source.name, "error": message}, settings), message
                bar.update()
        finally:
            # a finished batch joins its idle pool: left running, the pool's thread could
            # still write to a closed pipe while the interpreter exits (a stray traceback)
            pool.shutdown(wait=finished, cancel_futures=not finished)


class _Stopped(BaseException):
    """SIGINT or SIGTERM arrived: stop the batch."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class _Output:
    """Whole lines to a binary stream: a signal arriving mid-line takes effect after it."""

    def __init__(self, stream: Any) -> None:
        # a text stream without a binary buffer (a notebook's, doctest's) takes the text
        self.binary = getattr(stream, "buffer", None)
        self.stream = stream
        self.writing = False
        self.stop: int | None = None
        self.lines = 0  # lines written whole

    def on_signal(self, signum: int, frame: Any) -> None:
        if self.writing and self.stop is None:  # the first signal waits for the line's end
            self.stop = signum
            return
        raise _Stopped(signum)

    def write(self, line: bytes) -> None:
        self.writing = True
        try:
            if self.binary is not None:
                self.binary.write(line)
                self.binary.flush()
            else:
                self.stream.write(line.decode("utf-8"))
                self.stream.flush()
            self.lines += 1
        finally:
            self.writing = False
        if self.stop is not None:
            raise _Stopped(self.stop)


class _PageFiles:
    """``--output-dir``: each page's output in a file of its own, named after its input
    (``page.html`` -> ``page.md``); a name met twice gets ``-2``, ``-3``... and nothing
    is written outside the directory."""

    SUFFIXES = {"text": ".txt", "markdown": ".md", "html": ".html", "json": ".json"}

    def __init__(self, directory: str, format: str) -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.suffix = self.SUFFIXES.get(format, ".json")
        self.used: set[str] = set()

    def write(self, source: str, line: bytes) -> None:
        stem = re.sub(r"[^\w.-]+", "_", PurePath(source.split("#", 1)[0].rstrip("/")).name)
        for suffix in (".gz", ".html", ".htm", ".xhtml"):
            stem = stem.removesuffix(suffix)
        stem = stem.strip("._") or "page"
        name, n = stem, 1
        while name in self.used:
            n += 1
            name = f"{stem}-{n}"
        self.used.add(name)
        (self.directory / (name + self.suffix)).write_bytes(line)


def _stop_workers() -> None:
    children = multiprocessing.active_children()
    for child in children:
        child.kill()
    for child in children:
        child.join(1.0)


def _error_line(source: str, message: str) -> None:
    print(f"turbohtml: {source}: {message}", file=sys.stderr)


def _write(text: str) -> None:
    sys.stdout.write(text)
    if not text.endswith("\n"):
        sys.stdout.write("\n")


def run_pages(args: argparse.Namespace) -> int:
    sources = list(expand(args.paths, sys.stdin.buffer, args.max_bytes))
    settings = Settings(
        command=args.command,
        format=getattr(args, "format", "json"),
        base=getattr(args, "base", None),
        external=getattr(args, "external", False),
        original=getattr(args, "original", False),
        extensive=not getattr(args, "fast", False),
        timeout=args.timeout,
        max_bytes=args.max_bytes,
        max_redirects=args.max_redirects,
        allow_private=args.allow_private,
        # Plain text for one article page or a file per page; JSON Lines otherwise.
        plain=args.command == "article" and getattr(args, "format", "json") != "json"
        and (len(sources) == 1 or getattr(args, "output_dir", None) is not None),
    )
    jobs = [(source, settings) for source in sources]
    sys.stdout.flush()
    files = _PageFiles(args.output_dir, settings.format) if getattr(args, "output_dir", None) else None
    output = _Output(sys.stdout)
    previous = {signum: signal.signal(signum, output.on_signal) for signum in (signal.SIGINT, signal.SIGTERM)}
    failed = False
    try:
        for name, line, error in _results(jobs, args.jobs):
            if error is not None:
                failed = True
                _error_line(name, error)
                if settings.plain or files is not None:
                    continue
            if files is not None:
                files.write(name, line)
            else:
                output.write(line)
    except _Stopped as stop:
        _stop_workers()
        name = signal.Signals(stop.signum).name
        print(f"turbohtml: stopped by {name} after {output.lines} of {len(jobs)} records", file=sys.stderr)
        sys.stderr.flush()
        if args.jobs > 1 and len(jobs) > 1:
            # the pool's threads may wait on the killed workers: leave without joining them
            os._exit(128 + stop.signum)
        return 128 + stop.signum
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    return 1 if failed else 0


def run_normalize(args: argparse.Namespace) -> int:
    from turbohtml.extract import UrlCleaning, normalize_url

    options = UrlCleaning(strict=args.strict, trailing_slash=not args.trim_slash,
                          strip_fragment=args.strip_fragment)
    urls: list[str] = []
    for value in args.urls:
        if value == "-":
            urls.extend(line.strip() for line in sys.stdin if line.strip())
        else:
            urls.append(value)
    failed = False
    for url in urls:
        try:
            _write(normalize_url(url, options))
        except ValueError as error:
            failed = True
            _error_line(url, str(error))
    return 1 if failed else 0


# ------------------------------------------------------------------ arguments

def _at_least(minimum: int) -> Any:
    """An argparse type: a whole number no smaller than ``minimum``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {value}")
        return value

    return parse


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {text}")
    return value


def _base_url(text: str) -> str:
    if not text.startswith(("http://", "https://")):
        raise argparse.ArgumentTypeError(f"expected an http(s) URL, got {text!r}")
    return text


def parser() -> argparse.ArgumentParser:
    main_parser = argparse.ArgumentParser(
        prog="turbohtml",
        description="Extract articles, paragraphs, dates, links and structured data from HTML pages.",
        epilog="PATH is a file, a directory (walked for *.html, *.htm, *.xhtml, *.html.gz, *.warc, "
               "*.warc.gz), a WARC file (each HTML response is a page; needs turbohtml[warc]), - for "
               "stdin, or an http(s) URL. Exit status: 0 ok, 1 some inputs failed, 2 usage error.",
    )
    main_parser.add_argument("--version", action="version", version=f"turbohtml {_version()}")
    commands = main_parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("paths", nargs="+", metavar="PATH", help="file, directory, WARC file, - (stdin) or http(s) URL")
    common.add_argument("-j", "--jobs", type=_at_least(1), default=os.cpu_count() or 1,
                        help="parallel processes (default: all cores, %(default)s here)")
    common.add_argument("--timeout", type=_positive_float, default=DEFAULT_TIMEOUT,
                        help="seconds to wait for a URL (default %(default)s)")
    common.add_argument("--max-bytes", type=_at_least(1), default=DEFAULT_MAX_BYTES,
                        help="largest input read: a file, a decompressed .gz, stdin, a WARC record "
                             "or a URL's decoded body (default %(default)s)")
    common.add_argument("--max-redirects", type=_at_least(0), default=DEFAULT_MAX_REDIRECTS,
                        help="redirects followed for a URL, to http(s) only (default %(default)s)")
    common.add_argument("--allow-private", action="store_true",
                        help="fetch URLs that resolve to private, loopback or link-local addresses "
                             "(off by default: the guard against server-side request forgery)")

    article = commands.add_parser("article", parents=[common], help="the main article text (and metadata)",
                                  description="The article of each page: text by default, or JSON with metadata.")
    article.add_argument("-f", "--format", choices=("text", "markdown", "html", "json"), default="text",
                         help="text, Markdown or a clean HTML fragment for one page; several pages print "
                              "JSON Lines with it as the text field (default text)")
    article.add_argument("-o", "--output-dir", metavar="DIR",
                         help="write each page's article to a file of its own in DIR (page.html -> "
                              "page.txt, .md, .html or .json by --format) instead of printing it")
    commands.add_parser("boilerplate", parents=[common], help="every paragraph, classified content or boilerplate")
    dates = commands.add_parser("dates", parents=[common], help="the publication or modification date")
    dates.add_argument("--original", action="store_true", help="prefer the first-published date")
    dates.add_argument("--fast", action="store_true", help="structured signals only, no text search")
    links = commands.add_parser("links", parents=[common], help="the cleaned links of each page")
    links.add_argument("--base", type=_base_url, help="the URL relative links resolve against")
    links.add_argument("--external", action="store_true", help="only links leaving the base URL's site")
    structured = commands.add_parser("structured", parents=[common], help="JSON-LD, microdata and Open Graph")
    structured.add_argument("--base", type=_base_url, help="the URL relative property values resolve against")

    normalize = commands.add_parser("normalize-url", help="print each URL in canonical form",
                                    description="Normalize URLs (WHATWG parsing, trackers dropped).")
    normalize.add_argument("urls", nargs="+", metavar="URL", help="a URL, or - to read one per line from stdin")
    normalize.add_argument("--strict", action="store_true", help="keep only content-identifying parameters")
    normalize.add_argument("--trim-slash", action="store_true", help="drop a trailing slash")
    normalize.add_argument("--strip-fragment", action="store_true", help="drop the #fragment")
    return main_parser


def _version() -> str:
    from turbohtml import __version__

    return __version__


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``turbohtml`` console script; returns the exit status.

    After SIGINT or SIGTERM stopped a parallel run, the process exits here (``os._exit``,
    once the finished lines are flushed), so that no pool thread can hold it.
    """
    args = parser().parse_args(argv)
    try:
        if args.command == "normalize-url":
            return run_normalize(args)
        return run_pages(args)
    except KeyboardInterrupt:
        print("turbohtml: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (e.g. `| head`); silence the flush at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
