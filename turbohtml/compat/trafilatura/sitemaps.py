"""trafilatura's ``sitemaps`` module: ``sitemap_search`` gathers a website's page URLs
from its sitemaps (robots.txt's ``Sitemap:`` lines, else the usual locations), following
sitemap indexes.

Downloads go through ``fetch_url``'s fetcher (``turbohtml.fetch``: one deadline, the
``MAX_FILE_SIZE`` cap, bounded redirects, the SSRF guard); a gzipped sitemap is
inflated under the same cap. XML sitemaps are read with the standard library's
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
import zlib
from configparser import ConfigParser
from itertools import islice
from time import sleep
from xml.etree.ElementTree import Element, ParseError, XMLPullParser

from turbohtml.compat import MIRRORED
from turbohtml.compat.courlan import clean_url, extract_domain, filter_urls, get_hostinfo, lang_filter
from turbohtml.compat.trafilatura.deduplication import is_similar_domain
from turbohtml.compat.trafilatura.downloads import fetch_response, fetch_url, is_live_page
from turbohtml.compat.trafilatura.settings import DEFAULT_CONFIG, MAX_LINKS, MAX_SITEMAPS_SEEN
from turbohtml.compat.trafilatura.utils import decode_file, safe_relative_url

__version__ = MIRRORED["trafilatura"]

__all__ = ["extract_robots_sitemaps", "find_robots_sitemaps", "is_plausible_sitemap", "sitemap_search"]

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


def is_plausible_sitemap(url: str, contents: str | None) -> bool:
    """Whether ``contents`` can be a sitemap: text, or XML when the URL names an
    ``.xml`` file, and not an HTML page."""
    if contents is None:
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


def _inflated(data: bytes, limit: int) -> bytes:
    """A gzip body inflated up to ``limit`` bytes (a bomb stops there); other bytes as given."""
    if not data.startswith(b"\x1f\x8b"):
        return data
    try:
        return zlib.decompressobj(wbits=31).decompress(data, limit)
    except zlib.error:
        return b""


def _download(url: str, config: ConfigParser) -> str:
    response = fetch_response(url, config=config)
    if response is None or response.status != 200 or not response.data:
        return ""
    limit = config.getint("DEFAULT", "MAX_FILE_SIZE", fallback=20_000_000)
    return str(decode_file(_inflated(response.data, limit)))


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


class _Search:
    """One ``sitemap_search``: the sitemaps to fetch, those seen, the pages found."""

    def __init__(self, base_url: str, domain: str, queue: list[str], target_lang: str | None, external: bool,
                 config: ConfigParser) -> None:
        self.base_url, self.domain, self.queue = base_url, domain, queue
        self.target_lang, self.external, self.config = target_lang, external, config
        self.seen: set[str] = set()
        self.urls: dict[str, None] = {}

    def add(self, link: str, current: str) -> None:
        """A link found in the sitemap at ``current``: a page, a further sitemap, or neither."""
        if link == current:
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
        if _SITEMAP_LINK.search(link):
            self.queue.append(link)
        else:
            self.urls[link] = None

    def visit(self, url: str) -> None:
        content = _download(url, self.config)
        self.seen.add(url)
        if not is_plausible_sitemap(url, content):
            return
        if not _XML_SITEMAP.match(content):
            for match in islice(_TEXT_LINK.finditer(content), MAX_LINKS):
                self.add(match[0], url)
            return
        alternates, locations = _xml_links(content, self.target_lang if "hreflang=" in content else None)
        found = len(self.queue) + len(self.urls)
        for link in alternates:
            self.add(link, url)
        if len(self.queue) + len(self.urls) == found:  # no alternate kept: the locations
            for link in locations:
                self.add(link, url)


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
    search = _Search(base_url, domain, queue, target_lang, external, config)
    while search.queue and len(search.seen) < max_sitemaps:
        search.visit(search.queue.pop())
        search.queue = [sitemap for sitemap in search.queue if sitemap not in search.seen]
        if search.queue and len(search.seen) < max_sitemaps:
            sleep(sleep_time)
    urls = list(search.urls)
    if url_filter:
        urls = filter_urls(urls, url_filter)
    LOGGER.debug("%s sitemap links found for %s", len(urls), domain)
    return urls
