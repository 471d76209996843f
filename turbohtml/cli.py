"""The ``turbohtml`` command: articles, paragraphs, dates, links and structured data
from files, directories, stdin or http(s) URLs.

    turbohtml article page.html                    # the article text
    turbohtml article --format json pages/         # JSON Lines, one record per page
    turbohtml links --external https://example.org/
    turbohtml article --format json crawl.warc.gz  # every HTML response of a web archive
    turbohtml normalize-url "HTTP://Example.org/a/../b?utm_source=x"

Many inputs run in parallel processes (``--jobs``, default: every core) and print as
JSON Lines in input order; a page that fails becomes an error record
(``{"source": ..., "error": ...}``) plus one line on stderr, and the exit status is 1.
Usage errors exit with 2. A progress bar (tqdm) is drawn on stderr when it is a terminal.
"""

from __future__ import annotations

import argparse
import codecs
import dataclasses
import gzip
import json
import os
import socket
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["main"]

#: Files a directory walk picks up (an explicitly named file is read whatever its name).
HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".shtml", ".html.gz", ".htm.gz")
#: Web archives: each HTML response in them is one input (named or found in a walk).
WARC_SUFFIXES = (".warc", ".warc.gz")
#: Content types a fetched URL may have.
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml", "application/xml", "text/xml"})
USER_AGENT = "turbohtml/0.1 (+https://github.com/turbohtml)"
DEFAULT_TIMEOUT = 20.0
DEFAULT_MAX_BYTES = 10 * 1024 * 1024
DEFAULT_MAX_REDIRECTS = 5

COMMANDS = ("article", "boilerplate", "dates", "links", "structured")


class InputError(Exception):
    """An input that could not be read or fetched; its message is the error record's."""


@dataclass(frozen=True)
class Source:
    """One input: a file path, a URL, stdin's bytes (``data``), or a WARC record.

    A WARC record travels as its file and ``offset`` (the worker reads it), or, from a
    file that cannot be seeked (one gzip stream), as its body in ``data``: plain values
    either way, and the main process never holds a whole archive's pages.
    """

    name: str
    kind: str  # "file" | "url" | "stdin" | "warc" | "error"
    data: bytes | None = None
    error: str | None = None  # for kind "error": why this input cannot be read
    path: str | None = None  # for kind "warc": the archive, and the record's offset in it
    offset: int | None = None
    url: str | None = None  # for kind "warc": the record's target URI, the base for links
    charset: str | None = None  # for kind "warc" with data: the HTTP charset


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


# ------------------------------------------------------------------ reading inputs

class _LimitedRedirects(urllib.request.HTTPRedirectHandler):
    def __init__(self, limit: int) -> None:
        super().__init__()
        self.max_redirections = limit
        self.max_repeats = min(self.max_repeats, limit)


def fetch(url: str, settings: Settings) -> tuple[str | bytes, str]:
    """The body of ``url`` and the final URL after redirects.

    The body is ``str`` when the response names a charset Python knows (the header
    wins over any ``<meta charset>``, as in browsers), else ``bytes`` for
    ``turbohtml.parse`` to sniff. Raises ``InputError`` with a one-line reason.
    """
    opener = urllib.request.build_opener(_LimitedRedirects(settings.max_redirects))
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "text/html,*/*;q=0.5"})
    try:
        with opener.open(request, timeout=settings.timeout) as response:
            content_type = response.headers.get_content_type()
            if content_type not in HTML_TYPES:
                raise InputError(f"not HTML: the server sent {content_type}")
            length = response.headers.get("Content-Length")
            if length and length.isdigit() and int(length) > settings.max_bytes:
                raise InputError(f"too large: {length} bytes (limit {settings.max_bytes}, see --max-bytes)")
            body = response.read(settings.max_bytes + 1)
            if len(body) > settings.max_bytes:
                raise InputError(f"too large: more than {settings.max_bytes} bytes (see --max-bytes)")
            charset = response.headers.get_content_charset()
            final = response.geturl()
    except InputError:
        raise
    except urllib.error.HTTPError as error:
        if 300 <= error.code < 400:
            raise InputError(f"too many redirects (limit {settings.max_redirects})") from None
        raise InputError(f"HTTP {error.code} {error.reason}") from None
    except urllib.error.URLError as error:
        reason = error.reason
        if isinstance(reason, (TimeoutError, socket.timeout)):
            raise InputError(f"timed out after {settings.timeout:g} s") from None
        raise InputError(f"cannot fetch: {reason}") from None
    except (TimeoutError, socket.timeout):
        raise InputError(f"timed out after {settings.timeout:g} s") from None
    except (OSError, ValueError) as error:  # connection reset, bad chunking, invalid URL
        raise InputError(f"cannot fetch: {error}") from None
    if charset:
        try:
            codec = codecs.lookup(charset).name
        except LookupError:
            codec = None
        if codec is not None:
            return body.decode(codec, "replace"), final
    return body, final


def _read_file(path: str) -> bytes:
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError("no such file or directory") from None
    except IsADirectoryError:
        raise InputError("is a directory") from None
    except OSError as error:
        raise InputError(error.strerror or str(error)) from None
    if path.endswith(".gz"):
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as error:
            raise InputError(f"bad gzip data: {error}") from None
    return data


def _read_warc_record(source: Source) -> tuple[str | bytes, str | None]:
    """A WARC record's markup, decoded with its HTTP charset (BOM > header > ``<meta>``)."""
    from turbohtml.io import decode_html, http_charset, read_entry

    if source.data is not None:
        return decode_html(source.data, source.charset), source.url
    entry = read_entry(source.path or "", source.offset or 0)
    if entry.error is not None or entry.html is None:
        raise InputError(entry.error or "no HTML in this record")
    return decode_html(entry.html, http_charset(entry.headers.get("content-type"))), entry.url


def load(source: Source, settings: Settings) -> tuple[str | bytes, str | None]:
    """The markup of ``source`` and the URL it came from (``None`` for files and stdin)."""
    if source.kind == "stdin":
        return source.data or b"", None
    if source.kind == "url":
        return fetch(source.name, settings)
    if source.kind == "warc":
        return _read_warc_record(source)
    return _read_file(source.name), None


def _warc_sources(path: str) -> Iterator[Source]:
    """One source per HTML response of a WARC file, in file order, named ``path@offset``
    (the offset the Common Crawl index gives); broken data becomes error sources."""
    from turbohtml.io import http_charset, seekable, warc_entries

    try:
        entries = list(warc_entries(path, payloads=False))
    except ImportError as error:
        yield Source(path, "error", error=str(error))
        return
    offsets = [entry.offset for entry in entries if entry.error is None and entry.offset is not None]
    if offsets and not seekable(path, offsets):
        entries = list(warc_entries(path))  # no record can be found alone: carry the bodies
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


def expand(paths: Sequence[str], stdin: Any) -> Iterator[Source]:
    """Sources in order: directories walked (sorted), ``-`` read once from stdin."""
    stdin_read = False
    for path in paths:
        if path == "-":
            if stdin_read:
                yield Source("-", "error", error="standard input can be read only once")
                continue
            stdin_read = True
            yield Source("-", "stdin", stdin.read())
        elif path.lower().startswith(("http://", "https://")):
            yield Source(path, "url")
        elif os.path.isdir(path):
            found = False
            for root, dirs, files in os.walk(path):
                dirs.sort()
                for name in sorted(files):
                    if name.lower().endswith(WARC_SUFFIXES):
                        found = True
                        yield from _warc_sources(os.path.join(root, name))
                    elif name.lower().endswith(HTML_SUFFIXES):
                        found = True
                        yield Source(os.path.join(root, name), "file")
            if not found:
                yield Source(path, "error", error="no HTML files in this directory")
        elif path.lower().endswith(WARC_SUFFIXES) and os.path.isfile(path):
            yield from _warc_sources(path)
        else:
            yield Source(path, "file")


# ------------------------------------------------------------------ the commands

def _article(markup: str | bytes, url: str | None, settings: Settings) -> dict[str, Any]:
    import turbohtml

    doc = turbohtml.parse(markup)
    article = doc.article()
    if settings.format == "markdown":
        from turbohtml.compat.trafilatura import _content, _markdown

        _, body, _ = _content(doc, "balanced", True, False, article.title)
        text = _markdown(body)
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


def process(job: tuple[Source, Settings]) -> dict[str, Any]:
    """One input to one record; never raises for a bad page (the worker entry point)."""
    source, settings = job
    record: dict[str, Any] = {"source": source.name}
    if source.url is not None:  # a WARC record: its URL names the page as much as the offset
        record["url"] = source.url
    try:
        if source.kind == "error":
            raise InputError(source.error or "unreadable")
        markup, url = load(source, settings)
        record.update(_HANDLERS[settings.command](markup, url, settings))
    except InputError as error:
        record["error"] = str(error)
    except Exception as error:  # a bad page must not abort the batch
        record["error"] = f"{type(error).__name__}: {error}"
    return record


# ------------------------------------------------------------------ output

def _progress(total: int) -> Any:
    import tqdm as tqdm_module
    from tqdm import tqdm

    # No monitor thread: worker processes may be forked while the bar is open.
    tqdm_module.tqdm.monitor_interval = 0
    return tqdm(total=total, file=sys.stderr, unit="page", disable=not sys.stderr.isatty(), leave=False)


def _records(jobs: list[tuple[Source, Settings]], workers: int) -> Iterator[dict[str, Any]]:
    with _progress(len(jobs)) as bar:
        if workers <= 1 or len(jobs) <= 1:
            for job in jobs:
                yield process(job)
                bar.update()
            return
        done = 0
        try:
            with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
                for record in pool.map(process, jobs, chunksize=1 if len(jobs) < 64 else 4):
                    yield record
                    done += 1
                    bar.update()
        except BrokenProcessPool:
            # a worker died (killed, out of memory, a crash in C): report the rest as failed
            for source, _ in jobs[done:]:
                yield {"source": source.name, "error": "a worker process died while processing this batch"}
                bar.update()


def _error_line(source: str, message: str) -> None:
    print(f"turbohtml: {source}: {message}", file=sys.stderr)


def _write(text: str) -> None:
    sys.stdout.write(text)
    if not text.endswith("\n"):
        sys.stdout.write("\n")


def run_pages(args: argparse.Namespace) -> int:
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
    )
    jobs = [(source, settings) for source in expand(args.paths, sys.stdin.buffer)]
    failed = False
    # Plain text for one article page; JSON Lines otherwise (several pages, other commands).
    plain = args.command == "article" and settings.format != "json" and len(jobs) == 1
    for record in _records(jobs, args.jobs):
        if "error" in record:
            failed = True
            _error_line(record["source"], record["error"])
            if not plain:
                _write(json.dumps(record, ensure_ascii=False))
        elif plain:
            _write(record["text"])
        else:
            _write(json.dumps(record, ensure_ascii=False))
        sys.stdout.flush()
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

def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


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
    common.add_argument("-j", "--jobs", type=_positive_int, default=os.cpu_count() or 1,
                        help="parallel processes (default: all cores, %(default)s here)")
    common.add_argument("--timeout", type=_positive_float, default=DEFAULT_TIMEOUT,
                        help="seconds to wait for a URL (default %(default)s)")
    common.add_argument("--max-bytes", type=_positive_int, default=DEFAULT_MAX_BYTES,
                        help="largest response accepted from a URL (default %(default)s)")
    common.add_argument("--max-redirects", type=int, default=DEFAULT_MAX_REDIRECTS,
                        help="redirects followed for a URL (default %(default)s)")

    article = commands.add_parser("article", parents=[common], help="the main article text (and metadata)",
                                  description="The article of each page: text by default, or JSON with metadata.")
    article.add_argument("-f", "--format", choices=("text", "markdown", "json"), default="text",
                         help="text/markdown for one page; several pages print JSON Lines (default text)")
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
    """Entry point of the ``turbohtml`` console script; returns the exit status."""
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
