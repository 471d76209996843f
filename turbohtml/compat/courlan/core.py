"""``courlan.core``: ``check_url``, ``extract_links``, ``filter_links``.

``check_url`` runs courlan's filter chain (length, scrub, type, language, validity,
extension, host, strict path, strict blacklist) and then turbohtml's WHATWG normalizer;
``extract_links`` reads the anchors from the parsed DOM and passes each through
``check_url``, keeping internal links by default (``external_bool=False``). See
docs/migration/courlan.md for every difference.
"""

from __future__ import annotations

import logging
from urllib.parse import SplitResult, urljoin
from urllib.robotparser import RobotFileParser

from turbohtml import parse
from turbohtml.compat import MIRRORED
from turbohtml.compat.courlan.clean import normalize_url, scrub_url
from turbohtml.compat.courlan.filters import (
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
from turbohtml.compat.courlan.urlutils import extract_domain, fix_relative_urls, get_base_url, site_name
from turbohtml.fetch import fetch

__version__ = MIRRORED["courlan"]

__all__ = ["check_url", "extract_links", "filter_links"]

LOGGER = logging.getLogger(__name__)
#: site names rejected by ``check_url(strict=True)``: platforms, shops, social networks,
#: link shorteners and adult sites (courlan's ``settings.BLACKLIST``)
BLACKLIST = frozenset({
    "360", "akamai", "aliexpress", "amazon", "amazonaws", "amzn", "baidu", "bit", "bongacams", "chaturbate",
    "cloudfront", "daftsex", "delicious", "digg", "ebay", "ebay-kleinanzeigen", "facebook", "feedburner",
    "flickr", "gettyimages", "gmx", "google", "gravatar", "http", "imgur", "immobilienscout24", "instagr",
    "instagram", "jd", "last", "linkedin", "live", "livejasmin", "localhost", "mail", "naver", "netflix",
    "office", "ok", "onlyfans", "otto", "paypal", "pinterest", "pornhub", "postbank", "qq", "reddit", "redtube",
    "sina", "sohu", "soundcloud", "spankbang", "taobao", "telegram", "tiktok", "tmall", "tnaflix", "twitch",
    "twitpic", "twitter", "txxx", "vimeo", "vk", "vkontakte", "web", "weibo", "whatsapp", "xhamster", "xnxx",
    "xvideos", "yahoo", "yandex", "youjizz", "youporn", "youtu", "youtube", "zoom"})


def _redirect_target(url: str) -> str:
    """The URL a request for ``url`` ends at, through ``turbohtml.fetch`` (standard
    library, one deadline, a redirect limit, private addresses refused); ``FetchError``
    (an ``OSError``) when it fails."""
    return fetch(url).url


def _crawlable(url: str, strict: bool, language: str | None, with_nav: bool,
               trailing_slash: bool, hosts: dict[str, bool] | None = None) -> SplitResult | None:
    """courlan's filter chain on a scrubbed URL: type, language, validity, extension,
    host, and with ``strict`` the path; the split URL when it passes. ``hosts``
    memoizes the host verdicts of one page's links."""
    if not type_filter(url, strict=strict, with_nav=with_nav):
        return None
    if language is not None and not lang_filter(url, language, strict, trailing_slash):
        return None
    valid, parsed = validate_url(url)
    if not valid or parsed is None:
        return None
    if not extension_filter(parsed.path):
        return None
    plausible: bool | None
    if hosts is None:
        plausible = domain_filter(parsed.netloc)
    else:
        plausible = hosts.get(parsed.netloc)
        if plausible is None:
            plausible = hosts[parsed.netloc] = domain_filter(parsed.netloc)
    if not plausible:
        return None
    if strict and not path_filter(parsed.path, parsed.query):
        return None
    return parsed


def check_url(url: str, strict: bool = False, with_redirects: bool = False, language: str | None = None,
              with_nav: bool = False, trailing_slash: bool = True) -> tuple[str, str] | None:
    """``(normalized URL, domain)`` for a URL worth crawling, ``None`` otherwise (never raises)."""
    return _checked(url, strict, with_redirects, language, with_nav, trailing_slash, None)


def _checked(url: str, strict: bool, with_redirects: bool, language: str | None, with_nav: bool,
             trailing_slash: bool, hosts: dict[str, bool] | None) -> tuple[str, str] | None:
    try:
        if not basic_filter(url):
            return None
        url = scrub_url(url)
        if with_redirects:
            url = _redirect_target(url)
        parsed = _crawlable(url, strict, language, with_nav, trailing_slash, hosts)
        if parsed is None:
            return None
        url = normalize_url(parsed, strict, language, trailing_slash)
        domain = extract_domain(url, blacklist=BLACKLIST if strict else None, fast=True)
    except (AttributeError, ValueError, TypeError, OSError):
        LOGGER.debug("discarded URL: %s", url)
        return None
    return None if domain is None else (url, domain)


def _known_variant(link: str, known: set[str]) -> bool:
    """courlan's ``is_known_link``: the link, its trailing-slash twin, or either under
    the other of http/https is already kept."""
    twin = link[:-1] if link.endswith("/") else link + "/"
    if link in known or twin in known:
        return True
    if link.startswith("https:"):
        other = "http:" + link[6:]
    elif link.startswith("http:"):
        other = "https:" + link[5:]
    else:
        return False
    other_twin = other[:-1] if other.endswith("/") else other + "/"
    return other in known or other_twin in known


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
    """The page's links, each through ``check_url``: internal ones by default, external
    ones with ``external_bool=True`` (courlan's call shape and return type). With
    ``language``, an anchor whose ``hreflang`` names another language is left out;
    ``rel="nofollow"`` anchors are always left out."""
    if base_url:
        raise ValueError("'base_url' is deprecated, use 'url' instead.")
    if not pagecontent:
        return set()
    if not isinstance(pagecontent, str):
        raise TypeError(f"extract_links() takes the page as str, not {type(pagecontent).__name__}")
    if no_filter:
        return _raw_links(pagecontent, url)
    page_url = url or get_base_url(url or "")
    home = site_name(reference or get_base_url(url or ""))
    kept: set[str] = set()
    hosts: dict[str, bool] = {}
    for href in _candidates(pagecontent, language):
        link = href if href.startswith("http") else fix_relative_urls(page_url, href)
        checked = _checked(link, strict, redirects, language, with_nav, trailing_slash, hosts)
        if checked is None:
            continue
        link, domain = checked
        # is_external(link, home): the site names differ (check_url's domain is the link's site)
        if (domain.split(".")[0] != home) == external_bool and not _known_variant(link, kept):
            kept.add(link)
    return kept


def _candidates(pagecontent: str, language: str | None) -> dict[str, None]:
    """The hrefs of the page's anchors, in page order, as courlan reads them: up to the
    first whitespace, ``nofollow`` anchors out, other-language ``hreflang`` out."""
    found: dict[str, None] = {}
    for anchor in parse(pagecontent).select("a[href]"):
        if "nofollow" in (anchor.attr("rel") or "").lower():
            continue
        hreflang = anchor.attr("hreflang")
        if language is not None and hreflang is not None:
            hreflang = hreflang.strip().lower()
            if not (hreflang.startswith(language) or hreflang == "x-default"):
                continue
        parts = (anchor.attr("href") or "").split()
        if parts:
            found[parts[0]] = None
    return found


def filter_links(htmlstring: str, url: str | None, *, lang: str | None = None,
                 rules: RobotFileParser | None = None, external: bool = False, strict: bool = False,
                 with_nav: bool = True, base_url: str | None = None) -> tuple[list[str], list[str]]:
    """The page's crawlable links as ``(links, navigation links)``, robots ``rules`` honoured."""
    if base_url:
        raise ValueError("'base_url' is deprecated, use 'url' instead.")
    links: list[str] = []
    priority: list[str] = []
    for link in extract_links(htmlstring, url, external, language=lang, strict=strict, with_nav=with_nav):
        if is_not_crawlable(link) or (rules is not None and not rules.can_fetch("*", link)):
            continue
        (priority if is_navigation_page(link) else links).append(link)
    return links, priority
