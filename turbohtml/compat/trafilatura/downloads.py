"""trafilatura's ``downloads`` module: ``fetch_url`` and ``fetch_response`` through
``turbohtml.fetch.fetch`` (standard library; one deadline, a size cap, http(s)-only
redirects, the SSRF guard).

The settings trafilatura reads for downloads are honoured: ``DOWNLOAD_TIMEOUT`` (the
whole download's deadline), ``MAX_FILE_SIZE`` (the body cap), ``MAX_REDIRECTS``,
``USER_AGENTS`` (the first one) and ``SSRF_PROTECTION``. Certificates are always
checked: ``no_ssl`` is accepted and not used.

The batch helpers of trafilatura's download documentation are here too: URLs queued per
host in a courlan ``UrlStore`` (``add_to_compressed_dict``), drawn respecting each host's
back-off (``load_download_buffer``) and downloaded on threads (``buffered_downloads``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from configparser import ConfigParser
from functools import partial
from itertools import islice
from typing import TypeVar

from turbohtml.compat import MIRRORED
from turbohtml.compat.courlan.urlstore import UrlStore
from turbohtml.compat.trafilatura.settings import DEFAULT_CONFIG, Extractor
from turbohtml.compat.trafilatura.utils import URL_BLACKLIST_REGEX, Response, decode_file
from turbohtml.fetch import USER_AGENT, FetchError, fetch
from turbohtml.io import decode_html, http_charset

__version__ = MIRRORED["trafilatura"]

__all__ = ["Response", "add_to_compressed_dict", "buffered_downloads", "buffered_response_downloads", "fetch_response",
           "fetch_url", "is_live_page", "load_download_buffer"]

LOGGER = logging.getLogger("turbohtml.compat.trafilatura")


def _limits(config: ConfigParser) -> dict[str, object]:
    agents = [line.strip().strip('"') for line in config.get("DEFAULT", "USER_AGENTS", fallback="").splitlines()]
    return {
        "timeout": config.getfloat("DEFAULT", "DOWNLOAD_TIMEOUT", fallback=30.0),
        "max_bytes": config.getint("DEFAULT", "MAX_FILE_SIZE", fallback=20_000_000),
        "max_redirects": config.getint("DEFAULT", "MAX_REDIRECTS", fallback=2),
        "allow_private": not config.getboolean("DEFAULT", "SSRF_PROTECTION", fallback=True),
        "user_agent": next((agent for agent in agents if agent), USER_AGENT),
    }


def _send_urllib_request(url: str, no_ssl: bool, config: ConfigParser) -> Response | None:
    """The one request of a download, through ``turbohtml.fetch`` (trafilatura's name
    for it, so that its tests' canned responses replace it): a ``Response`` with the
    body, status, final URL and headers; an HTTP error status gives its ``Response``
    with an empty body, a failed download ``None`` (logged)."""
    try:
        page = fetch(url, **_limits(config))  # type: ignore[arg-type]
    except FetchError as error:
        LOGGER.error("download error: %s %s", url, error)
        return Response(b"", error.status, url) if error.status is not None else None
    response = Response(page.body, page.status, page.url)
    response.store_headers(page.headers)
    return response


def fetch_response(url: str, *, decode: bool = False, no_ssl: bool = False, with_headers: bool = False,
                   config: ConfigParser = DEFAULT_CONFIG) -> Response | None:
    """The ``Response`` for ``url`` (body, status, final URL, ``headers``; ``html`` with
    ``decode``: by the HTTP charset, else sniffed). An HTTP error status gives a
    ``Response`` with that status and an empty body; a failed download ``None``.
    ``with_headers`` is accepted: headers are always kept, as in trafilatura 2.3.1."""
    if not isinstance(url, str):
        raise TypeError(f"fetch_response() url must be str, not {type(url).__name__}")
    response = _send_urllib_request(url, no_ssl, config or DEFAULT_CONFIG)
    if response is None:
        return None
    if decode and response.data:
        content_type = (response.headers or {}).get("content-type")
        html = decode_html(response.data, http_charset(content_type))
        response.html = html if isinstance(html, str) else str(decode_file(html))
    return response


def fetch_url(url: str, no_ssl: bool = False, config: ConfigParser = DEFAULT_CONFIG,
              options: Extractor | None = None) -> str | None:
    """The page at ``url`` as ``str`` (decoded by the HTTP charset, else sniffed), or
    ``None`` when the download fails or the status is not 200 (logged)."""
    config = options.config if isinstance(options, Extractor) else config
    response = fetch_response(url, decode=True, no_ssl=no_ssl, config=config)
    if response is None or response.status != 200 or not response.data:
        return None
    return response.html


def is_live_page(url: str, config: ConfigParser = DEFAULT_CONFIG) -> bool:
    """Whether ``url`` answers with a status under 400 (after redirects). trafilatura
    sends a HEAD request; the standard-library fetcher sends a GET within the same limits."""
    return _urllib3_is_live_page(url, config)


def _urllib3_is_live_page(url: str, config: ConfigParser = DEFAULT_CONFIG) -> bool:
    """``is_live_page``'s request (trafilatura's name for it, for its tests' mocks)."""
    try:
        fetch(url, **_limits(config or DEFAULT_CONFIG))  # type: ignore[arg-type]
    except FetchError as error:
        LOGGER.debug("not live: %s %s", url, error)
        return error.status is not None and error.status < 400
    return True


#: the most downloads submitted to the pool at once (bounds the pending futures)
_CHUNK = 10_000
_Result = TypeVar("_Result")


def add_to_compressed_dict(inputlist: list[str], blacklist: set[str] | None = None, url_filter: list[str] | None = None,
                           url_store: UrlStore | None = None, compression: bool = False,
                           verbose: bool = False) -> UrlStore:
    """``inputlist`` without repeats, without the URLs of ``blacklist`` (written without
    scheme or trailing slash) and, with ``url_filter``, only URLs holding one of its
    strings, added to ``url_store`` (a new ``UrlStore`` by default), which is returned."""
    if url_store is None:
        url_store = UrlStore(compressed=compression, strict=False, verbose=verbose)
    urls = list(dict.fromkeys(inputlist))
    if blacklist:
        urls = [url for url in urls if URL_BLACKLIST_REGEX.sub("", url) not in blacklist]
    if url_filter:
        urls = [url for url in urls if any(part in url for part in url_filter)]
    url_store.add_urls(urls)
    return url_store


def load_download_buffer(url_store: UrlStore, sleep_time: float = 5.0) -> tuple[list[str], UrlStore]:
    """The next URLs to download (one per host not visited in the last ``sleep_time``
    seconds), waiting ``sleep_time`` between tries while none is due and some remain."""
    while True:
        urls = url_store.get_download_urls(time_limit=sleep_time, max_urls=10**5)
        if urls or url_store.done:
            return urls, url_store
        time.sleep(sleep_time)


def _pooled(urls: list[str], threads: int, worker: Callable[[str], _Result]) -> Iterator[tuple[str, _Result]]:
    with ThreadPoolExecutor(max_workers=threads) as pool:
        todo = iter(urls)
        while chunk := list(islice(todo, _CHUNK)):
            futures = {pool.submit(worker, url): url for url in chunk}
            for future in as_completed(futures):
                yield futures[future], future.result()


def buffered_downloads(bufferlist: list[str], download_threads: int,
                       options: Extractor | None = None) -> Iterator[tuple[str, str | None]]:
    """``(url, html or None)`` for each URL as its download (``fetch_url``) finishes,
    ``download_threads`` at a time."""
    return _pooled(bufferlist, download_threads, partial(fetch_url, options=options))


def buffered_response_downloads(bufferlist: list[str], download_threads: int,
                                options: Extractor | None = None) -> Iterator[tuple[str, Response | None]]:
    """``(url, Response or None)`` for each URL, as ``buffered_downloads``."""
    config = options.config if options else DEFAULT_CONFIG
    return _pooled(bufferlist, download_threads, partial(fetch_response, config=config))
