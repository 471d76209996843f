"""trafilatura's ``spider`` module: ``focused_crawler`` explores one website from its
homepage, navigation pages first, and returns the pages still to visit and those known.

Pages are fetched with ``fetch_url``/``fetch_response`` (``turbohtml.fetch``'s limits
and SSRF guard), links read with ``turbohtml.compat.courlan.extract_links`` (turbohtml's
DOM and URL normalizer), robots.txt rules and its crawl delay honoured, and the frontier
kept in a courlan ``UrlStore`` shared by the calls of one process, as trafilatura's
``URL_STORE`` is (``URL_STORE.reset()`` starts afresh). A crawl visits at most
``max_seen_urls`` pages and stops once ``max_known_urls`` URLs of the site are known.
The language check reads the page's declared language (trafilatura runs a language
detector when one is installed, else keeps every page).
"""

from __future__ import annotations

import logging
from configparser import ConfigParser
from time import sleep
from urllib.parse import urljoin
from urllib.robotparser import RobotFileParser

from turbohtml import parse
from turbohtml.compat import MIRRORED
from turbohtml.compat.courlan import UrlStore, extract_links, get_base_url, is_navigation_page, is_not_crawlable
from turbohtml.compat.trafilatura.core import in_language, pruned_html
from turbohtml.compat.trafilatura.downloads import fetch_response, fetch_url
from turbohtml.compat.trafilatura.settings import DEFAULT_CONFIG
from turbohtml.compat.trafilatura.utils import Response, decode_file

__version__ = MIRRORED["trafilatura"]

__all__ = ["MAX_KNOWN_URLS", "MAX_SEEN_URLS", "URL_STORE", "CrawlParameters", "crawl_page", "focused_crawler",
           "get_rules", "init_crawl", "is_still_navigation", "is_target_language", "parse_robots",
           "probe_alternative_homepage", "process_links", "process_response", "refresh_detection"]

LOGGER = logging.getLogger("turbohtml.compat.trafilatura")

#: the frontier and the known pages of every crawl of this process
URL_STORE = UrlStore(compressed=False, strict=False)
ROBOTS_TXT_URL = "/robots.txt"
MAX_SEEN_URLS = 10
MAX_KNOWN_URLS = 100000


class CrawlParameters:
    """One crawl's state: start URL, base URL and the reference prefix links must
    share, language, robots rules, pages visited (``i``), URLs known, whether the site
    still has pages to visit (``is_on``), the XPath expressions pruned before links are read."""

    __slots__ = ["base", "config", "i", "is_on", "known_num", "lang", "prune_xpath", "ref", "rules", "start"]

    def __init__(self, start: str, lang: str | None = None, rules: RobotFileParser | None = None,
                 prune_xpath: str | list[str] | None = None, config: ConfigParser = DEFAULT_CONFIG) -> None:
        self.start = start
        self.base = self._get_base_url(start)
        self.ref = self._get_reference(start)
        self.lang = lang
        self.config = config
        self.rules = rules or get_rules(self.base, config)
        self.i = 0
        self.known_num = 0
        self.is_on = True
        self.prune_xpath = prune_xpath

    def _get_base_url(self, start: str) -> str:
        base = get_base_url(start)
        if not base:
            raise ValueError(f"cannot start crawl: {start}")
        return base

    def _get_reference(self, start: str) -> str:
        return start.rsplit("/", 1)[0] if start.count("/") >= 3 else start

    def update_metadata(self, url_store: UrlStore) -> None:
        """Read from the store whether the site has pages left and how many URLs are known."""
        self.is_on = self.base in url_store.urldict and not url_store.is_exhausted_domain(self.base)
        self.known_num = len(url_store.find_known_urls(self.base))

    def filter_list(self, todo: list[str] | None) -> list[str]:
        """The URLs of ``todo`` below the reference prefix, the start page left out."""
        return [url for url in todo or [] if url != self.start and self.ref in url]

    def is_valid_link(self, link: str) -> bool:
        """Allowed by robots.txt, below the reference prefix and worth crawling."""
        return (not self.rules or self.rules.can_fetch("*", link)) and self.ref in link and not is_not_crawlable(link)


def refresh_detection(htmlstring: str, homepage: str,
                      config: ConfigParser = DEFAULT_CONFIG) -> tuple[str | None, str | None]:
    """The page and its URL after a ``<meta http-equiv="refresh">`` redirect, if any;
    ``(None, None)`` when the redirect target cannot be downloaded."""
    if "refresh" not in htmlstring.lower():
        return htmlstring, homepage
    target = next((meta.attr("content") or "" for meta in parse(htmlstring).select("meta[http-equiv]")
                   if (meta.attr("http-equiv") or "").lower() == "refresh"), "")
    if ";" not in target:
        LOGGER.info("no redirect found: %s", homepage)
        return htmlstring, homepage
    target = target.split(";", 1)[1].strip()
    if target.lower().startswith("url="):
        target = target[4:].strip("'\"")
    if not target.lower().startswith("http"):
        target = urljoin(homepage, target)
    redirected = fetch_url(target, config=config)
    if redirected is None:
        LOGGER.warning("failed redirect: %s", target)
        return None, None
    LOGGER.info("successful redirect: %s", target)
    return redirected, target


def probe_alternative_homepage(homepage: str,
                               config: ConfigParser = DEFAULT_CONFIG) -> tuple[str | None, str | None, str | None]:
    """The homepage's HTML, final URL (after HTTP and meta-refresh redirects) and base
    URL; ``None`` three times when it cannot be downloaded."""
    response = fetch_response(homepage, decode=False, config=config)
    if not response or not response.data:
        return None, None, None
    if response.url != homepage:
        LOGGER.info("followed homepage redirect: %s", response.url)
        homepage = response.url
    htmlstring, final = refresh_detection(str(decode_file(response.data)), homepage, config)
    if final is None:
        return None, None, None
    return htmlstring, final, get_base_url(final)


def parse_robots(robots_url: str, data: str) -> RobotFileParser | None:
    """The rules of a robots.txt text (the standard library's parser)."""
    rules = RobotFileParser()
    rules.set_url(robots_url)
    try:
        rules.parse(data.splitlines())
    except Exception as error:  # the parser's own errors on malformed input
        LOGGER.error("cannot read robots.txt: %s", error)
        return None
    return rules


def get_rules(base_url: str, config: ConfigParser = DEFAULT_CONFIG) -> RobotFileParser | None:
    """The site's robots.txt rules, ``None`` without a robots.txt."""
    robots_url = base_url + ROBOTS_TXT_URL
    data = fetch_url(robots_url, config=config)
    return parse_robots(robots_url, data) if data else None


def is_target_language(htmlstring: str, language: str | None) -> bool:
    """Whether the page may be in ``language``: its declared language is that one or
    absent (always ``True`` without a language)."""
    if not htmlstring or not language:
        return True
    return in_language(parse(htmlstring), language)


def is_still_navigation(todo: list[str]) -> bool:
    """Whether navigation pages (archives, categories, tags...) remain in ``todo``."""
    return any(is_navigation_page(url) for url in todo)


def process_links(htmlstring: str, params: CrawlParameters, url: str | None = "") -> None:
    """Add the page's internal links allowed by the crawl to the store, navigation pages
    at the front of the queue."""
    if not is_target_language(htmlstring, params.lang):
        return
    if htmlstring and params.prune_xpath:
        htmlstring = pruned_html(htmlstring, params.prune_xpath)
    try:
        candidates = extract_links(htmlstring, url or params.base, False, language=params.lang, with_nav=True,
                                   strict=False)
    except ValueError:
        LOGGER.warning("link extraction failed: %s", url or params.base)
        return
    links: list[str] = []
    navigation: list[str] = []
    for link in candidates:
        if params.is_valid_link(link):
            (navigation if is_navigation_page(link) else links).append(link)
    URL_STORE.add_urls(urls=links, appendleft=navigation)


def process_response(response: Response | None, params: CrawlParameters) -> None:
    """Record a downloaded page as visited and add its links."""
    if response is None or not response.data:
        return
    URL_STORE.add_urls([response.url], visited=True)
    url = response.url if get_base_url(response.url) == params.base else params.base
    process_links(str(decode_file(response.data)), params, url)


def init_crawl(start: str, lang: str | None = None, rules: RobotFileParser | None = None,
               todo: list[str] | None = None, known: list[str] | None = None,
               prune_xpath: str | list[str] | None = None, config: ConfigParser = DEFAULT_CONFIG) -> CrawlParameters:
    """Set up a crawl: the store gets ``known`` (as visited) and ``todo``; without
    ``todo`` the start page is visited now."""
    params = CrawlParameters(start, lang, rules, prune_xpath, config)
    URL_STORE.add_urls(urls=known or [], visited=True)
    URL_STORE.add_urls(urls=params.filter_list(todo))
    URL_STORE.store_rules(params.base, params.rules)
    if todo:
        params.update_metadata(URL_STORE)
        return params
    URL_STORE.add_urls(urls=[params.start], visited=False)
    return crawl_page(params, initial=True)


def crawl_page(params: CrawlParameters, initial: bool = False) -> CrawlParameters:
    """Visit the site's next page and add its links; the first visit follows the
    homepage's redirects (an http to https move of the same host moves the crawl)."""
    url = URL_STORE.get_url(params.base)
    if not url:
        params.update_metadata(URL_STORE)
        return params
    params.i += 1
    if initial:
        htmlstring, homepage, new_base = probe_alternative_homepage(url, params.config)
        if htmlstring and homepage and new_base:
            if params.base.startswith("http://") and new_base == "https://" + params.base.removeprefix("http://"):
                params.base = new_base
                params.ref = "https://" + params.ref.removeprefix("http://")
            URL_STORE.add_urls([homepage])
            process_links(htmlstring, params, url=homepage if get_base_url(homepage) == params.base else url)
    else:
        process_response(fetch_response(url, decode=False, config=params.config), params)
    params.update_metadata(URL_STORE)
    return params


def focused_crawler(homepage: str, max_seen_urls: int = MAX_SEEN_URLS, max_known_urls: int = MAX_KNOWN_URLS,
                    todo: list[str] | None = None, known_links: list[str] | None = None, lang: str | None = None,
                    config: ConfigParser = DEFAULT_CONFIG, rules: RobotFileParser | None = None,
                    prune_xpath: str | list[str] | None = None) -> tuple[list[str], list[str]]:
    """Crawl the website of ``homepage`` and return ``(pages to visit, known pages)``.

    Stops after ``max_seen_urls`` page visits, once more than ``max_known_urls`` URLs
    are known, or when no page is left; ``todo`` and ``known_links`` (a previous call's
    results) continue a crawl. ``lang`` targets links by language markers and skips
    pages declaring another language; ``rules`` replaces the site's robots.txt;
    ``prune_xpath`` removes nodes before links are read. The site's crawl delay (else
    ``SLEEP_TIME``) separates two visits. ``ValueError`` for a URL without a host.
    """
    params = init_crawl(homepage, lang, rules, todo, known_links, prune_xpath, config)
    delay = URL_STORE.get_crawl_delay(params.base, default=params.config.getfloat("DEFAULT", "SLEEP_TIME"))
    while params.is_on and params.i < max_seen_urls and params.known_num < max_known_urls:
        params = crawl_page(params)
        if params.is_on:
            sleep(delay)
    frontier = list(dict.fromkeys(URL_STORE.find_unvisited_urls(params.base)))
    known = list(dict.fromkeys(URL_STORE.find_known_urls(params.base)))
    return frontier, known
