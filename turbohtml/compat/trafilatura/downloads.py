"""trafilatura's ``downloads`` module: ``fetch_url`` and ``fetch_response`` through
``turbohtml.fetch.fetch`` (standard library; one deadline, a size cap, http(s)-only
redirects, the SSRF guard).

The settings trafilatura reads for downloads are honoured: ``DOWNLOAD_TIMEOUT`` (the
whole download's deadline), ``MAX_FILE_SIZE`` (the body cap), ``MAX_REDIRECTS``,
``USER_AGENTS`` (the first one) and ``SSRF_PROTECTION``. Certificates are always
checked: ``no_ssl`` is accepted and not used.
"""

from __future__ import annotations

import logging
from configparser import ConfigParser

from turbohtml.compat.trafilatura.settings import DEFAULT_CONFIG, Extractor
from turbohtml.compat.trafilatura.utils import Response, decode_file
from turbohtml.fetch import USER_AGENT, FetchError, fetch

__all__ = ["Response", "fetch_response", "fetch_url"]

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


def fetch_response(url: str, *, decode: bool = False, no_ssl: bool = False, with_headers: bool = False,
                   config: ConfigParser = DEFAULT_CONFIG) -> Response | None:
    """The ``Response`` for ``url`` (body, status, final URL; ``headers`` with
    ``with_headers``, ``html`` with ``decode``). An HTTP error status gives a
    ``Response`` with that status and an empty body; a failed download ``None`` (logged)."""
    if not isinstance(url, str):
        raise TypeError(f"fetch_response() url must be str, not {type(url).__name__}")
    try:
        page = fetch(url, **_limits(config or DEFAULT_CONFIG))  # type: ignore[arg-type]
    except FetchError as error:
        LOGGER.error("download error: %s %s", url, error)
        return Response(b"", error.status, url) if error.status is not None else None
    response = Response(page.body, page.status, page.url)
    if with_headers:
        response.store_headers(page.headers)
    if decode:
        html = page.html
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
