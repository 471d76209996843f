"""trafilatura's command line over turbohtml: ``python -m turbohtml.compat.trafilatura``
takes trafilatura's flags (input ``-u``/``-i``/``--input-dir``/stdin, output
``-o``/``--output-dir``, the format shorthands and the extraction switches).

Downloads go through ``fetch_url`` (limits of ``turbohtml.fetch``); files are
processed by ``--parallel`` worker threads, each file within ``EXTRACTION_TIMEOUT``
seconds of the settings (``--config-file``). Crawling, feeds, sitemaps and probing
(``--crawl``, ``--explore``, ``--feed``, ``--sitemap``, ``--probe``) are not
provided: they exit with status 2 and a message (docs/migration/trafilatura.md).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import logging
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from typing import TypeVar

from turbohtml.compat import MIRRORED
from turbohtml.compat.trafilatura.core import extract
from turbohtml.compat.trafilatura.downloads import fetch_url
from turbohtml.compat.trafilatura.settings import PARALLEL_CORES, SUPPORTED_FMT_CLI, args_to_extractor, use_config

__version__ = MIRRORED["trafilatura"]

__all__ = ["main", "map_args", "parse_args"]

LOGGER = logging.getLogger("turbohtml.compat.trafilatura")
#: one input of a batch run (a file path or a URL)
_Job = TypeVar("_Job")
_EXTENSIONS = {"csv": ".csv", "html": ".html", "json": ".json", "markdown": ".md", "txt": ".txt",
               "xml": ".xml", "xmltei": ".xml"}
_NOT_PROVIDED = ("crawl", "explore", "feed", "sitemap", "probe")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m turbohtml.compat.trafilatura",
                                     description="trafilatura's command line over turbohtml")
    inputs = parser.add_argument_group("Input").add_mutually_exclusive_group()
    inputs.add_argument("-i", "--input-file", help="file with one URL per line", type=str)
    inputs.add_argument("--input-dir", help="read the HTML files of a directory", type=str)
    inputs.add_argument("-u", "--URL", help="download and extract one URL", type=str)
    parser.add_argument("--parallel", help="number of worker threads", type=int, default=PARALLEL_CORES)
    parser.add_argument("-b", "--blacklist", help="file of URLs to skip", type=str)
    parser.add_argument("-o", "--output-dir", help="write one file per result in this directory", type=str)
    parser.add_argument("--keep-dirs", help="name output files after the input files", action="store_true")
    for name in _NOT_PROVIDED:
        parser.add_argument(f"--{name}", help=argparse.SUPPRESS, nargs="?", const=True, default=None)
    extraction = parser.add_argument_group("Extraction")
    extraction.add_argument("-f", "--fast", help="fast (no fallback)", action="store_true")
    extraction.add_argument("--formatting", help="keep text formatting", action="store_true", default=None)
    extraction.add_argument("--links", help="keep links with their targets", action="store_true")
    extraction.add_argument("--images", help="keep image sources", action="store_true")
    extraction.add_argument("--no-comments", dest="comments", help="leave comments out", action="store_false")
    extraction.add_argument("--no-tables", dest="tables", help="leave tables out", action="store_false")
    extraction.add_argument("--only-with-metadata", help="only documents with title, URL and date",
                            action="store_true")
    extraction.add_argument("--with-metadata", help="add metadata to the output", action="store_true")
    extraction.add_argument("--target-language", help="ISO 639-1 language to keep", type=str)
    extraction.add_argument("--deduplicate", help="drop duplicate documents and segments", action="store_true")
    extraction.add_argument("--config-file", help="settings file overriding the defaults", type=str)
    extraction.add_argument("--precision", help="favour precision", action="store_true")
    extraction.add_argument("--recall", help="favour recall", action="store_true")
    formats = parser.add_argument_group("Format").add_mutually_exclusive_group()
    formats.add_argument("--output-format", choices=SUPPORTED_FMT_CLI, default="txt", help="output format")
    for name in ("csv", "html", "json", "markdown", "xml", "xmltei"):
        formats.add_argument(f"--{name}", help=f"shorthand for --output-format {name}", action="store_true")
    parser.add_argument("--validate-tei", help="accepted; TEI is not validated", action="store_true")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more logging (-v, -vv)")
    return parser


def map_args(args: argparse.Namespace) -> argparse.Namespace:
    """The format shorthands (``--json``, ...) folded into ``output_format``."""
    for name in ("csv", "html", "json", "markdown", "xml", "xmltei"):
        if getattr(args, name):
            args.output_format = name
            break
    return args


def parse_args(args: list[str]) -> argparse.Namespace:
    """The command-line arguments, trafilatura's names and defaults."""
    return map_args(_parser().parse_args(args))


def _extract(content: str | bytes | None, args: argparse.Namespace, url: str | None = None) -> str | None:
    if not content:
        return None
    return extract(content, options=args_to_extractor(args, url))


def _write(result: str | None, args: argparse.Namespace, name: str | None = None) -> None:
    if result is None:
        return
    if not args.output_dir:
        sys.stdout.write(result + "\n")
        return
    directory = Path(args.output_dir)
    directory.mkdir(parents=True, exist_ok=True)
    if name is None or not args.keep_dirs:
        digest = hashlib.blake2b(result.encode("utf-8", "surrogatepass"), digest_size=12).digest()
        name = base64.urlsafe_b64encode(digest).decode("ascii")
    (directory / name).with_suffix(_EXTENSIONS[args.output_format]).write_text(result, encoding="utf-8")


def _run_all(jobs: Sequence[tuple[str | None, _Job]], args: argparse.Namespace,
             work: Callable[[_Job], str | None]) -> int:
    """Run ``work(job)`` for each job on ``--parallel`` threads, each within the
    ``EXTRACTION_TIMEOUT`` of the settings (0: no limit); write each result in order."""
    limit = use_config(args.config_file).getint("DEFAULT", "EXTRACTION_TIMEOUT", fallback=30) or None
    errors = 0
    with ThreadPoolExecutor(max_workers=max(1, args.parallel)) as pool:
        futures = [(name, pool.submit(work, job)) for name, job in jobs]
        for name, future in futures:
            try:
                _write(future.result(timeout=limit), args, name)
            except FutureTimeout:
                LOGGER.error("extraction timed out after %s s: %s", limit, name)
                errors += 1
    return 1 if errors else 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line; the exit status (0 done, 1 some inputs failed, 2 usage)."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    level = logging.DEBUG if args.verbose >= 2 else logging.INFO if args.verbose == 1 else logging.WARNING
    logging.basicConfig(stream=sys.stderr, level=level)
    for name in _NOT_PROVIDED:
        if getattr(args, name) is not None:
            print(f"--{name} is not provided by turbohtml.compat.trafilatura", file=sys.stderr)
            return 2
    blacklist = set()
    if args.blacklist:
        blacklist = {line.strip() for line in Path(args.blacklist).read_text().splitlines() if line.strip()}
    if args.input_dir:
        files = sorted(path for path in Path(args.input_dir).rglob("*") if path.is_file())
        file_jobs = [(path.stem, path) for path in files]
        return _run_all(file_jobs, args, lambda path: _extract(path.read_bytes(), args))
    if args.input_file or args.URL:
        urls = [args.URL] if args.URL else [
            line.strip() for line in Path(args.input_file).read_text().splitlines() if line.strip()]
        url_jobs: list[tuple[str | None, str]] = [(None, url) for url in dict.fromkeys(urls) if url not in blacklist]
        config = use_config(args.config_file)  # the download settings too (timeout, size, SSRF guard)
        return _run_all(url_jobs, args, lambda url: _extract(fetch_url(url, config=config), args, url))
    _write(_extract(sys.stdin.buffer.read(), args), args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
