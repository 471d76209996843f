"""trafilatura's ``sitemaps`` module: ``sitemap_search`` gathers a website's page URLs
from its sitemaps (robots.txt's ``Sitemap:`` lines, else the usual locations), following
sitemap indexes.

Downloads go through ``fetch_url`` (``turbohtml.fetch``: one deadline, the
``MAX_FILE_SIZE`` cap, bounded redirects, the SSRF guard); a gzipped sitemap is
inflated by ``decode_file`` under the same cap. XML sitemaps are read with the standard library's
incremental parser: a document declaring entities is not read (no entity expansion),
and a document broken part-way gives the locations before the break, as trafilatura's
recovering parser does. Text sitemaps (one URL a line) are read by a pattern. Each link
is resolved, language-filtered and cleaned as trafilatura does, through
``turbohtml.compat.courlan`` (turbohtml's URL normalizer). At most ``max_sitemaps``
sitemaps are fetched and ``MAX_LINKS`` links read from each.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from configparser import ConfigParser
from itertools import islice
from time import sleep
from xml.etree.ElementTree import Element, ParseError, XMLPullParser

from turbohtml.compat import MIRRORED
from turbohtml.compat.courlan import clean_url, extract_domain, filter_urls, get_hostinfo, lang_filter
from turbohtml.compat.trafilatura.deduplication import is_similar_domain
from turbohtml.compat.trafilatura.downloads import fetch_url, is_live_page
from turbohtml.compat.trafilatura.settings import DEFAULT_CONFIG, MAX_LINKS, MAX_SITEMAPS_SEEN
from turbohtml.compat.trafilatura.utils import safe_relative_url

__version__ = MIRRORED["trafilatura"]

__all__ = ["SitemapObject", "extract_robots_sitemaps", "find_robots_sitemaps", "is_plausible_sitemap", "sitemap_search"]

LOGGER = logging.getLogger("turbohtml.compat.trafilatura")

SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9"
_LOCATIONS = ("loc", f"{{{SITEMAP_NAMESPACE}}}loc")
_ALTERNATE = "{http://www.w3.org/1999/xhtml}link"
#: blog platforms whose sitemaps list URLs on other hosts of the platform
_PLATFORMS = re.compile(r"(?:blogger|blogpost|ghost|hubspot|livejournal|medium|typepad|squarespace|tumblr|weebly|"
                        r"wix|wordpress)\.")
#: an XML sitemap's opening: the declaration or a sitemap root element
_XML_SITEMAP = re.compile(r"^.{0,5}<\?xml|<(?:[\w.-]+:)?(?:sitemapindex|sitemap|urlset)\b")
#: a link to a further sitemap rather than to a page
_SITEMAP_LINK = re.compile(r"\.xml(\..{2,4})?$|\.xml[?#]")
_TEXT_LINK = re.compile(r'https?://[^\s<"]+')
_QUERY_OR_FRAGMENT = re.compile(r"[?#].*$")
_XML_NAME = re.compile(r"\.xml\b")
#: where a site without robots.txt sitemaps usually puts one, most likely first
GUESSES = ["sitemap.xml", "sitemap.xml.gz", "sitemap", "sitemap_index.xml", "sitemap_news.xml"]
#: robots.txt files longer than this are not read (a redirect to a page, most likely)
_ROBOTS_MAX = 10_000


def is_plausible_sitemap(url: str, contents: str | bytes | None) -> bool:
    """Whether ``contents`` can be a sitemap: text, or XML when the URL names an
    ``.xml`` file, and not an HTML page."""
    if not isinstance(contents, str):
        return False
    url = _QUERY_OR_FRAGMENT.sub("", url)
    if (_XML_NAME.search(url) and not _XML_SITEMAP.match(contents)) or "<html" in contents[:150].lower():
        LOGGER.warning("not a valid XML sitemap: %s", url)
        return False
    return True


def extract_robots_sitemaps(robotstxt: str | None, baseurl: str) -> list[str]:
    """The ``Sitemap:`` URLs of a robots.txt file, resolved against ``baseurl``, unique."""
    if robotstxt is None or len(robotstxt) > _ROBOTS_MAX:
        return []
    found: dict[str, None] = {}
    for line in robotstxt.splitlines():
        field, colon, value = line.partition("#")[0].partition(":")
        if colon and field.strip().lower() == "sitemap" and value.strip():
            found[value.strip()] = None
    return [url for candidate in found if (url := safe_relative_url(baseurl, candidate))]


def find_robots_sitemaps(baseurl: str, config: ConfigParser = DEFAULT_CONFIG) -> list[str]:
    """The sitemaps that ``baseurl``'s robots.txt names."""
    return extract_robots_sitemaps(fetch_url(baseurl + "/robots.txt", config=config), baseurl)


def _xml_links(content: str, language: str | None) -> tuple[list[str], list[str]]:
    """An XML sitemap's ``<loc>`` URLs and, with ``language``, its ``xhtml:link``
    alternates in that language (or ``x-default``): those before any parse error."""
    locations: list[str] = []
    alternates: list[str] = []
    if "<!ENTITY" in content:
        LOGGER.warning("sitemap declares entities, not read")
        return alternates, locations
    parser: XMLPullParser[Element] = XMLPullParser(events=("end",))
    parser.feed(content)  # a syntax error is queued after the events before it
    try:
        for event in parser.read_events():
            element = event[-1]
            if not isinstance(element, Element):
                continue
            if element.tag in _LOCATIONS and len(element) == 0 and element.text:
                text = element.text.strip()
                if text.startswith("http") and len(locations) < MAX_LINKS:
                    locations.append(text)
            elif language is not None and element.tag == _ALTERNATE and len(alternates) < MAX_LINKS:
                hreflang, href = element.get("hreflang", ""), element.get("href")
                if href and (hreflang.startswith(language) or hreflang == "x-default"):
                    alternates.append(href)
            element.clear()
    except ParseError as error:
        LOGGER.debug("sitemap parsing stopped: %s", error)
    return alternates, locations


class SitemapObject:
    """One ``sitemap_search``: the site (``base_url``, ``domain``), the sitemaps still to
    fetch (``sitemap_urls``, taken from the end), those fetched (``seen``), the pages
    found (``urls``), and the sitemap at hand (``current_url``, ``content``)."""

    __slots__ = ["base_url", "config", "content", "current_url", "domain", "external", "seen", "sitemap_urls",
                 "target_lang", "urls"]

    def __init__(self, base_url: str, domain: str, sitemapsurls: list[str], target_lang: str | None = None,
                 external: bool = False, config: ConfigParser = DEFAULT_CONFIG) -> None:
        self.base_url = base_url
        self.config = config
        self.content = ""
        self.domain = domain
        self.external = external
        self.current_url = ""
        self.seen: set[str] = set()
        self.sitemap_urls = sitemapsurls
        self.target_lang = target_lang
        self.urls: list[str] = []

    def fetch(self) -> None:
        """Download the sitemap at ``current_url`` (``fetch_url``: gzip inflated too)."""
        self.content = fetch_url(self.current_url, config=self.config) or ""
        self.seen.add(self.current_url)

    def handle_link(self, link: str) -> None:
        """A link found in the sitemap: resolved, language-filtered and cleaned, then kept
        as a page or a further sitemap when it is on the site (or ``external``)."""
        if link == self.current_url:
            return
        link = safe_relative_url(self.base_url, link)
        if not lang_filter(link, self.target_lang):
            return
        link = clean_url(link, self.target_lang) or ""
        domain = extract_domain(link, fast=True) if link else None
        if domain is None:
            return
        if not (self.external or _PLATFORMS.search(domain) or is_similar_domain(self.domain, domain)):
            LOGGER.warning("link discarded, diverging domain names: %s %s", self.domain, domain)
            return
        (self.sitemap_urls if _SITEMAP_LINK.search(link) else self.urls).append(link)

    def extract_links(self, regex: re.Pattern[str], index: int, handler: Callable[[str], None]) -> None:
        """``handler`` on group ``index`` of each match of ``regex`` in the content (``MAX_LINKS`` at most)."""
        for match in islice(regex.finditer(self.content), MAX_LINKS):
            handler(match[index])

    def extract_sitemap_langlinks(self) -> None:
        """The ``xhtml:link`` alternates in ``target_lang`` (or ``x-default``)."""
        if "hreflang=" in self.content and self.target_lang is not None:
            for link in _xml_links(self.content, self.target_lang)[0]:
                self.handle_link(link)

    def extract_sitemap_links(self) -> None:
        """The ``<loc>`` URLs (sitemap namespace, or none), text only: no entity expanded."""
        for link in _xml_links(self.content, None)[1]:
            self.handle_link(link)

    def process(self) -> None:
        """Read the content: a text sitemap's URLs, or an XML sitemap's alternates in the
        target language, else its locations."""
        if not is_plausible_sitemap(self.current_url, self.content):
            return
        if not _XML_SITEMAP.match(self.content):
            self.extract_links(_TEXT_LINK, 0, self.handle_link)
            return
        if self.target_lang is not None:
            found = len(self.sitemap_urls) + len(self.urls)
            self.extract_sitemap_langlinks()
            if len(self.sitemap_urls) + len(self.urls) > found:
                return
        self.extract_sitemap_links()


def sitemap_search(url: str, target_lang: str | None = None, external: bool = False, sleep_time: float = 2.0,
                   max_sitemaps: int = MAX_SITEMAPS_SEEN, config: ConfigParser = DEFAULT_CONFIG) -> list[str]:
    """The page URLs of the sitemaps of ``url``'s website, in the order found, unique.

    ``url`` is a sitemap (ending in ``.xml``, ``.gz`` or ``sitemap``) or a page of the
    site; a page below the homepage keeps only the URLs that start with it. Links on
    other hosts are left out unless ``external`` (hosts of one name under another
    extension, and blog platforms, count as the same site); ``target_lang`` keeps a
    sitemap's alternates in that language and filters URLs by their language markers.
    ``sleep_time`` seconds separate two downloads; at most ``max_sitemaps`` sitemaps are
    fetched. ``[]`` for an invalid or unreachable URL.
    """
    domain, base_url = get_hostinfo(url)
    if domain is None:
        LOGGER.warning("invalid URL: %s", url)
        return []
    if not is_live_page(base_url, config):
        LOGGER.warning("base URL unreachable, dropping sitemap: %s", url)
        return []
    url_filter = None
    queue = []
    if url.endswith((".gz", "sitemap", ".xml")):
        queue = [url]
    elif len(url) > len(base_url) + 2:
        url_filter = url
    if not queue:
        # the queue is consumed from its end: the likeliest guess goes last
        queue = find_robots_sitemaps(base_url, config) or [f"{base_url}/{guess}" for guess in reversed(GUESSES)]
    sitemap = SitemapObject(base_url, domain, queue, target_lang, external, config)
    while sitemap.sitemap_urls and len(sitemap.seen) < max_sitemaps:
        sitemap.current_url = sitemap.sitemap_urls.pop()
        sitemap.fetch()
        sitemap.process()
        sitemap.sitemap_urls = [found for found in sitemap.sitemap_urls if found not in sitemap.seen]
        if sitemap.sitemap_urls and len(sitemap.seen) < max_sitemaps:
            sleep(sleep_time)
    urls = list(dict.fromkeys(sitemap.urls))
    if url_filter:
        urls = filter_urls(urls, url_filter)
    LOGGER.debug("%s sitemap links found for %s", len(urls), domain)
    return urls
