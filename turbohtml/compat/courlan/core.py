"""``courlan.core``: ``check_url``, ``extract_links``, ``filter_links``.

``check_url`` runs courlan's filter chain (length, scrub, type, language, validity,
extension, host, strict path) and then turbohtml's normalizer; ``extract_links`` reads
the parsed DOM, resolves against ``<base href>``, keeps internal links by default
(``external_bool=False``) and drops navigation pages unless ``with_nav``. See
docs/migration/courlan.md for every difference.
"""

from __future__ import annotations

import logging
from urllib.parse import urljoin
from urllib.request import Request, urlopen
from urllib.robotparser import RobotFileParser

from turbohtml._core import UrlBase, parse
from turbohtml.compat.courlan.clean import normalize_url, scrub_url
from turbohtml.compat.courlan.filters import (
    NAVIGATION_FILTER,
    basic_filter,
    domain_filter,
    extension_filter,
    is_navigation_page,
    is_not_crawlable,
    lang_filter,
    path_filter,
    type_filter,
    validate_url,
)
from turbohtml.compat.courlan.urlutils import extract_domain
from turbohtml.extract import urls as _urls
from turbohtml.extract.options import UrlCleaning

__all__ = ["check_url", "extract_links", "filter_links"]

LOGGER = logging.getLogger(__name__)
#: hosts rejected by ``check_url(strict=True)``: social networks and link shorteners
BLACKLIST = frozenset({"feedburner", "feedproxy", "facebook", "instagram", "linkedin", "pinterest", "reddit",
                       "twitter", "x", "youtube", "tiktok", "whatsapp", "bit", "t", "tinyurl", "ow"})
_REDIRECT_TIMEOUT = 10


def _redirect_target(url: str) -> str:
    """The URL a HEAD request ends at (standard library, redirects followed, 10 s timeout)."""
    with urlopen(Request(url, method="HEAD", headers={"User-Agent": "turbohtml"}),
                 timeout=_REDIRECT_TIMEOUT) as response:
        return response.geturl()


def check_url(url: str, strict: bool = False, with_redirects: bool = False, language: str | None = None,
              with_nav: bool = False, trailing_slash: bool = True) -> tuple[str, str] | None:
    """``(normalized URL, domain)`` for a URL worth crawling, ``None`` otherwise (never raises)."""
    try:
        if not basic_filter(url):
            return None
        url = scrub_url(url)
        if with_redirects:
            url = _redirect_target(url)
        if not type_filter(url, strict=strict, with_nav=with_nav):
            return None
        if language is not None and not lang_filter(url, language, strict, trailing_slash):
            return None
        valid, parsed = validate_url(url)
        if not valid or parsed is None:
            return None
        if not extension_filter(parsed.path) or not domain_filter(parsed.netloc):
            return None
        if strict and not path_filter(parsed.path, parsed.query):
            return None
        url = normalize_url(parsed, strict, language, trailing_slash)
        domain = extract_domain(url, blacklist=set(BLACKLIST) if strict else None, fast=True)
    except (AttributeError, ValueError, TypeError, OSError):
        LOGGER.debug("discarded URL: %s", url)
        return None
    return None if domain is None else (url, domain)


def _options(strict: bool = False, language: str | None = None, trailing_slash: bool = True) -> UrlCleaning:
    return UrlCleaning(strict=strict, language=language, trailing_slash=trailing_slash)


def _raw_links(pagecontent: str, url: str | None) -> set[str]:
    """``no_filter=True``: every ``<a href>``, made absolute against the page, unfiltered."""
    links = set()
    for anchor in parse(pagecontent).select("a[href]"):
        href = (anchor.attr("href") or "").strip()
        if not href:
            continue
        if url:
            href = urljoin(url, href)
        if href.startswith("http"):
            links.add(href)
    return links


def extract_links(
    pagecontent: str,
    url: str | None = None,
    external_bool: bool = False,
    *,
    no_filter: bool = False,
    language: str | None = None,
    strict: bool = True,
    trailing_slash: bool = True,
    with_nav: bool = False,
    redirects: bool = False,
    reference: str | None = None,
    base_url: str | None = None,
) -> set[str]:
    """The page's links, cleaned and filtered: internal ones by default, external ones
    with ``external_bool=True`` (courlan's call shape and return type)."""
    if base_url:
        raise ValueError("'base_url' is deprecated, use 'url' instead.")
    if not pagecontent:
        return set()
    if not isinstance(pagecontent, str):
        raise TypeError(f"extract_links() takes the page as str, not {type(pagecontent).__name__}")
    if no_filter:
        return _raw_links(pagecontent, url)
    options = _options(strict, language, trailing_slash)
    home = reference or url
    if not home:
        # courlan: without a page URL nothing counts as internal, every absolute link as external
        found = _urls.extract_links(pagecontent, None, options) if external_bool else set()
    else:
        try:
            found = _urls.extract_links(pagecontent, url, options)
        except ValueError:
            found = _urls.extract_links(pagecontent, None, options)
        try:
            home_site = _urls.registrable_domain(_host(home))
        except ValueError:
            home_site = ""
        found = {link for link in found if (_urls.registrable_domain(_host(link)) != home_site) == external_bool}
    if not with_nav:
        found = {link for link in found if not NAVIGATION_FILTER.search(link)}
    if redirects:
        found = {_redirect_or_same(link) for link in found}
    return found


def _redirect_or_same(url: str) -> str:
    try:
        return _redirect_target(url)
    except (OSError, ValueError):
        return url


def _host(url: str) -> str:
    return UrlBase(url).host or ""


def filter_links(htmlstring: str, url: str | None, *, lang: str | None = None,
                 rules: RobotFileParser | None = None, external: bool = False, strict: bool = False,
                 with_nav: bool = True, base_url: str | None = None) -> tuple[list[str], list[str]]:
    """The page's crawlable links as ``(links, navigation links)``, robots ``rules`` honoured."""
    if base_url:
        raise ValueError("'base_url' is deprecated, use 'url' instead.")
    links, priority = [], []
    for link in extract_links(htmlstring, url, external, language=lang, strict=strict, with_nav=with_nav):
        if is_not_crawlable(link) or (rules is not None and not rules.can_fetch("*", link)):
            continue
        (priority if is_navigation_page(link) else links).append(link)
    return links, priority
