"""trafilatura's command line over turbohtml: ``python -m turbohtml.compat.trafilatura``
takes trafilatura's flags (input ``-u``/``-i``/``--input-dir``/stdin, output
``-o``/``--output-dir``, the format shorthands and the extraction switches).

Downloads go through ``fetch_url`` (limits of ``turbohtml.fetch``); files are
processed by ``--parallel`` worker threads, each file within ``EXTRACTION_TIMEOUT``
seconds of the settings (``--config-file``). URL discovery works as trafilatura's:
``--feed`` and ``--sitemap`` gather the URLs of the given website (or of each URL of
``-i``) and extract them, or print them with ``--list``; ``--crawl`` prints the pages a
focused crawl finds (30 visits a site at most); ``--explore`` takes the sitemaps and
crawls the sites without any; ``--probe`` prints the URLs whose text is long enough.
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
from turbohtml.compat.trafilatura import spider
from turbohtml.compat.trafilatura.baseline import html2txt
from turbohtml.compat.trafilatura.core import extract
from turbohtml.compat.trafilatura.downloads import fetch_url
from turbohtml.compat.trafilatura.feeds import find_feed_urls
from turbohtml.compat.trafilatura.settings import PARALLEL_CORES, SUPPORTED_FMT_CLI, args_to_extractor, use_config
from turbohtml.compat.trafilatura.sitemaps import sitemap_search
from turbohtml.compat.trafilatura.utils import URL_BLACKLIST_REGEX

__version__ = MIRRORED["trafilatura"]

__all__ = ["main", "map_args", "parse_args"]

LOGGER = logging.getLogger("turbohtml.compat.trafilatura")
#: one input of a batch run (a file path or a URL)
_Job = TypeVar("_Job")
_EXTENSIONS = {"csv": ".csv", "html": ".html", "json": ".json", "markdown": ".md", "txt": ".txt",
               "xml": ".xml", "xmltei": ".xml"}
_DISCOVERY = ("crawl", "explore", "feed", "sitemap", "probe")
#: page visits of one site by ``--crawl`` and ``--explore`` (trafilatura's command line)
CRAWL_VISITS = 30


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
    discovery = parser.add_argument_group("URL discovery")
    discovery.add_argument("--feed", help="look for feeds of the URL (or of each URL of -i)", nargs="?", const=True)
    discovery.add_argument("--sitemap", help="look for sitemaps of the URL (or of each URL of -i)", nargs="?",
                           const=True)
    discovery.add_argument("--crawl", help="crawl the website and print the pages found", nargs="?", const=True)
    discovery.add_argument("--explore", help="sitemaps, else a crawl, of each website", nargs="?", const=True)
    discovery.add_argument("--probe", help="print the URLs that have extractable text", nargs="?", const=True)
    discovery.add_argument("--list", help="print the URLs found instead of extracting them", action="store_true")
    discovery.add_argument("--url-filter", help="keep only the URLs that contain one of these strings", nargs="+")
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


def _input_urls(args: argparse.Namespace) -> list[str]:
    """``-i``'s URLs, else the URL given to ``-u`` or to a discovery flag, unique."""
    if args.input_file:
        urls = [line.strip() for line in Path(args.input_file).read_text().splitlines() if line.strip()]
    else:
        urls = [value for name in ("URL", *_DISCOVERY) if isinstance(value := getattr(args, name), str)][:1]
    return list(dict.fromkeys(urls))


def _extract_urls(urls: list[str], args: argparse.Namespace, blacklist: set[str]) -> int:
    url_jobs: list[tuple[str | None, str]] = [(None, url) for url in dict.fromkeys(urls)
                                              if _allowed(url, blacklist)]
    config = use_config(args.config_file)  # the download settings too (timeout, size, SSRF guard)
    return _run_all(url_jobs, args, lambda url: _extract(fetch_url(url, config=config), args, url))


def _crawled(url: str, args: argparse.Namespace) -> list[str]:
    """The pages a focused crawl of ``url``'s site knows, the frontier included."""
    config = use_config(args.config_file)
    try:
        _todo, known = spider.focused_crawler(url, max_seen_urls=CRAWL_VISITS, lang=args.target_language,
                                              config=config)
    except ValueError as error:
        LOGGER.error("cannot crawl %s: %s", url, error)
        return []
    return known


def _probe(url: str, args: argparse.Namespace) -> bool:
    config = use_config(args.config_file)
    html = fetch_url(url, config=config)
    text = html2txt(html) if html else ""
    return (len(text) > config.getint("DEFAULT", "MIN_EXTRACTED_SIZE") and any(char.isalpha() for char in text)
            and spider.is_target_language(html or "", args.target_language))


def _discover(args: argparse.Namespace, blacklist: set[str]) -> int:
    """``--feed``, ``--sitemap``, ``--explore``, ``--crawl``, ``--probe``: find the URLs
    of the input websites, then extract them, or print them (``--list``; a crawl's and a
    probe's are always printed)."""
    inputs = [url for url in _input_urls(args) if _allowed(url, blacklist)]
    config = use_config(args.config_file)
    workers = max(1, args.parallel)
    if args.probe:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            for url, kept in zip(inputs, pool.map(lambda url: _probe(url, args), inputs), strict=True):
                if kept:
                    print(url, flush=True)
        return 0
    found: list[str] = []
    uncovered = inputs
    if not args.crawl:
        search = find_feed_urls if args.feed else sitemap_search
        external = config.getboolean("DEFAULT", "EXTERNAL_URLS", fallback=False)
        sleep_time = config.getfloat("DEFAULT", "SLEEP_TIME", fallback=5.0)
        with ThreadPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(lambda url: search(url, target_lang=args.target_language, external=external,
                                                       sleep_time=sleep_time, config=config), inputs))
        found = [url for urls in results for url in urls]
        uncovered = [url for url, urls in zip(inputs, results, strict=True) if not urls] if args.explore else []
    crawled = [url for start in uncovered for url in _crawled(start, args)]
    found, crawled = (_kept(urls, args.url_filter, blacklist) for urls in (found, crawled))
    status = 0
    if args.list:
        crawled = found + [url for url in crawled if url not in found]
    elif found:
        status = _extract_urls(found, args, blacklist)
    for url in crawled:  # a crawl's pages are listed, as trafilatura's crawler lists them
        print(url, flush=True)
    return status


def _allowed(url: str, blacklist: set[str]) -> bool:
    """Whether ``url`` is not on the ``-b`` list (compared without scheme or trailing slash,
    as trafilatura compares them)."""
    return URL_BLACKLIST_REGEX.sub("", url) not in blacklist


def _kept(urls: list[str], url_filter: list[str] | None, blacklist: set[str]) -> list[str]:
    """``urls`` once each, without the blacklisted ones and, with ``--url-filter``, only
    those containing one of its strings."""
    return [url for url in dict.fromkeys(urls) if _allowed(url, blacklist)
            and (not url_filter or any(part in url for part in url_filter))]


def main(argv: list[str] | None = None) -> None:
    """Run the command line (``argv``, else ``sys.argv``); as trafilatura's, it returns
    ``None`` when every input succeeded and exits with status 1 when some failed (2 for
    a usage error, from argparse)."""
    status = _run(parse_args(sys.argv[1:] if argv is None else argv))
    if status:
        sys.exit(status)


def _run(args: argparse.Namespace) -> int:
    level = logging.DEBUG if args.verbose >= 2 else logging.INFO if args.verbose == 1 else logging.WARNING
    logging.basicConfig(stream=sys.stderr, level=level)
    blacklist = set()
    if args.blacklist:
        blacklist = {URL_BLACKLIST_REGEX.sub("", line.strip())
                     for line in Path(args.blacklist).read_text(encoding="utf-8").splitlines() if line.strip()}
    if any(getattr(args, name) for name in _DISCOVERY):
        return _discover(args, blacklist)
    if args.input_dir:
        files = sorted(path for path in Path(args.input_dir).rglob("*") if path.is_file())
        file_jobs = [(path.stem, path) for path in files]
        return _run_all(file_jobs, args, lambda path: _extract(path.read_bytes(), args))
    if args.input_file or args.URL:
        return _extract_urls(_input_urls(args), args, blacklist)
    _write(_extract(sys.stdin.buffer.read(), args), args)
    return 0


if __name__ == "__main__":
    main()
