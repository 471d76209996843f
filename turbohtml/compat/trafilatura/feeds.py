"""trafilatura's ``feeds`` module: ``find_feed_urls`` gathers the article URLs of a
website's RSS, Atom or JSON feeds, given a feed or a page that announces feeds.

Downloads go through ``fetch_url`` (``turbohtml.fetch``'s limits and SSRF guard). Feeds
are read as trafilatura reads them, by patterns over the text (``<link>`` elements for
RSS, ``<link href>`` attributes for Atom, ``items`` for JSON Feed): nothing is parsed as
XML, so no entity is expanded; at most ``MAX_LINKS`` links are read from a feed. A page's
feeds are its ``<link rel="alternate">`` of a feed type, else its anchors that look like
feeds, read from turbohtml's DOM; at most ``MAX_FEEDS_CHECKED`` of them are fetched. Each
link goes through ``turbohtml.compat.courlan.check_url`` (turbohtml's URL normalizer).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from configparser import ConfigParser
from itertools import islice
from time import sleep

from turbohtml import parse
from turbohtml.compat import MIRRORED
from turbohtml.compat.courlan import check_url, clean_url, filter_urls, get_hostinfo, is_valid_url
from turbohtml.compat.trafilatura.deduplication import is_similar_domain
from turbohtml.compat.trafilatura.downloads import fetch_url
from turbohtml.compat.trafilatura.settings import DEFAULT_CONFIG, MAX_FEEDS_CHECKED, MAX_LINKS
from turbohtml.compat.trafilatura.utils import safe_relative_url

__version__ = MIRRORED["trafilatura"]

__all__ = ["FeedParameters", "determine_feed", "extract_links", "find_feed_urls", "find_links", "handle_link_list",
           "is_potential_feed", "probe_gnews", "try_homepage"]

LOGGER = logging.getLogger("turbohtml.compat.trafilatura")

#: the media types a ``<link rel="alternate">`` to a feed declares (IANA's and common variants)
FEED_TYPES = frozenset({
    "application/atom", "application/atom+xml", "application/feed+json", "application/json", "application/rdf",
    "application/rdf+xml", "application/rss", "application/rss+xml", "application/x.atom+xml",
    "application/x-atom+xml", "application/xml", "text/atom", "text/atom+xml", "text/plain", "text/rdf",
    "text/rdf+xml", "text/rss", "text/rss+xml", "text/xml"})
_FEED_START = re.compile(r"<(feed|rss|\?xml)")
#: an Atom ``<link ...>`` tag; no bare ``<`` inside and no backtracking, so a feed of
#: unclosed tags is read in linear time
_LINK_TAG = re.compile(r"""<link\s++(?:[^<>"']|"[^"]*+"|'[^']*+')*+["']?/?>""")
_ATTRIBUTE = re.compile(r"""\s([\w:-]+)\s*=\s*(["'])(.*?)\2""", re.DOTALL)
_CDATA = re.compile(r"^<!\[CDATA\[(.*?)(?:\]\]>)?$", re.DOTALL)
#: comment feeds are not followed
_COMMENTS = re.compile(r"\bcomments\b")
#: an href that names a feed (extensions, words, Typo3's, Blogger's and WordPress's forms)
_FEED_HREF = re.compile(r"\.(?:atom|rdf|rss|xml)$|\b(?:atom|rss)\b|\?type=100$|feeds/posts/default/?$|"
                        r"\?feed=(?:atom|rdf|rss|rss2)|feed$")


class FeedParameters:
    """What one feed search knows: the site's base URL and domain, the URL asked for,
    whether other hosts are kept, the target language."""

    __slots__ = ["base", "domain", "ext", "lang", "ref"]

    def __init__(self, baseurl: str, domain: str, reference: str, external: bool = False,
                 target_lang: str | None = None) -> None:
        self.base = baseurl
        self.domain = domain
        self.ext = external
        self.lang = target_lang
        self.ref = reference


def is_potential_feed(feed_string: str) -> bool:
    """Whether the text opens like an RSS or Atom feed."""
    return bool(_FEED_START.match(feed_string)) or "<rss" in feed_string[:100] or "<feed" in feed_string[:100]


def handle_link_list(linklist: list[str], params: FeedParameters) -> list[str]:
    """The crawlable links of ``linklist`` (resolved, checked, normalized, sorted,
    unique), on the site's hosts unless ``params.ext``; feed-proxy links as given."""
    kept = []
    for item in sorted(set(linklist)):
        link = safe_relative_url(params.base, item)
        checked = check_url(link, language=params.lang)
        if checked is not None:
            if params.ext or "feed" in link or is_similar_domain(params.domain, checked[1]):
                kept.append(checked[0])
            else:
                LOGGER.warning("rejected, diverging domain names: %s %s", params.domain, checked[1])
        elif "feedburner" in item or "feedproxy" in item:
            kept.append(item)
    return kept


def _json_feed_links(feed_string: str, params: FeedParameters) -> list[str]:
    try:
        items = json.loads(feed_string).get("items", [])
    except (ValueError, RecursionError, AttributeError):
        LOGGER.debug("JSON decoding error: %s", params.domain)
        return []
    links = []
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict):
            link = next((value for key in ("url", "id") if isinstance(value := item.get(key), str) and value), None)
            if link:
                links.append(link)
    return links


def find_links(feed_string: str, params: FeedParameters) -> list[str]:
    """The raw item links of an Atom, RSS or JSON feed."""
    if not is_potential_feed(feed_string):
        if feed_string.startswith("{"):
            return _json_feed_links(feed_string, params)
        LOGGER.debug("possibly invalid feed: %s", params.domain)
        return []
    if _LINK_TAG.search(feed_string):  # Atom
        links = []
        for match in islice(_LINK_TAG.finditer(feed_string), MAX_LINKS):
            attributes = {found[1]: found[3] for found in _ATTRIBUTE.finditer(match[0])}
            href = attributes.get("href")
            if href and attributes.get("rel") != "self" and "atom+xml" not in attributes.get("type", ""):
                links.append(href)
        return links
    if "<link>" in feed_string:  # RSS
        return list(islice(_rss_links(feed_string), MAX_LINKS))
    return []


def _rss_links(feed_string: str) -> Iterator[str]:
    """The contents of the ``<link>...</link>`` elements (CDATA unwrapped), found by a
    linear scan: each opening is matched with the next closing."""
    start = feed_string.find("<link>")
    while start >= 0:
        end = feed_string.find("</link>", start + 6)
        if end < 0:
            return
        content = feed_string[start + 6:end].strip()
        unwrapped = _CDATA.match(content)
        link = (unwrapped[1] if unwrapped else content).strip()
        if link:
            yield link
        start = feed_string.find("<link>", end + 7)


def extract_links(feed_string: str, params: FeedParameters) -> list[str]:
    """The checked article links of a feed, without the feed's own URL and the site root."""
    if not feed_string:
        LOGGER.debug("empty feed: %s", params.domain)
        return []
    found = find_links(feed_string.strip(), params)
    # the site root is not an article (ours spells it with its "/", courlan without)
    links = [link for link in handle_link_list(found, params) if link != params.ref and link.rstrip("/").count("/") > 2]
    LOGGER.debug("links found: %s of which %s valid", len(found), len(links))
    return links


def determine_feed(htmlstring: str, params: FeedParameters) -> list[str]:
    """The feeds a page announces: its ``<link rel="alternate">`` of a feed type (or an
    href that names a feed), else its anchors that name feeds; cleaned, comment feeds out."""
    if not isinstance(htmlstring, str) or not htmlstring.strip():
        return []
    page = parse(htmlstring)
    hrefs = []
    for element in page.select('link[rel="alternate"][href]'):
        href = element.attr("href") or ""
        kind = (element.attr("type") or "").split(";")[0].strip().lower()
        if kind in FEED_TYPES or _FEED_HREF.search(href):
            hrefs.append(href)
    if not hrefs:
        hrefs = [href for anchor in page.select("a[href]") if _FEED_HREF.search(href := anchor.attr("href") or "")]
    feeds = []
    for href in dict.fromkeys(hrefs):
        link = clean_url(safe_relative_url(params.base, href))
        if link and link != params.ref and is_valid_url(link) and not _COMMENTS.search(link):
            feeds.append(link)
    LOGGER.debug("feed URLs found: %s of which %s valid", len(hrefs), len(feeds))
    return feeds


def probe_gnews(params: FeedParameters, urlfilter: str | None, config: ConfigParser = DEFAULT_CONFIG) -> list[str]:
    """With a target language, the site's links in Google News's search feed."""
    if not params.lang:
        return []
    downloaded = fetch_url(f"https://news.google.com/rss/search?q=site:{params.domain}&hl={params.lang}"
                           "&scoring=n&num=100", config=config)
    return filter_urls(extract_links(downloaded, params), urlfilter) if downloaded else []


def find_feed_urls(url: str, target_lang: str | None = None, external: bool = False, sleep_time: float = 2.0,
                   config: ConfigParser = DEFAULT_CONFIG) -> list[str]:
    """The article URLs of the feed at ``url``, or of the feeds the page at ``url``
    announces, sorted and unique.

    A page below the homepage keeps only the URLs that start with it; a page that cannot
    be downloaded is retried as the homepage. Links on other hosts are left out unless
    ``external``; ``target_lang`` filters by language markers and, when no feed is
    found, asks Google News for the site's feed. ``sleep_time`` seconds separate two
    feed downloads. ``[]`` for an invalid URL.
    """
    domain, baseurl = get_hostinfo(url)
    if domain is None:
        LOGGER.warning("invalid URL: %s", url)
        return []
    params = FeedParameters(baseurl, domain, url, external, target_lang)
    urlfilter = None
    downloaded = fetch_url(url, config=config)
    if downloaded is None:
        LOGGER.error("could not download web page: %s", url)
        if url.strip("/") != baseurl:
            sleep(sleep_time)
            return try_homepage(baseurl, target_lang, external, sleep_time, config)
        return probe_gnews(params, urlfilter, config)
    links = extract_links(downloaded, params)
    if not links:  # a page: its feeds
        for number, feed in enumerate(determine_feed(downloaded, params)[:MAX_FEEDS_CHECKED]):
            if number:
                sleep(sleep_time)
            links.extend(extract_links(fetch_url(feed, config=config) or "", params))
        if len(url) > len(baseurl) + 2:
            urlfilter = url
    if links:
        return filter_urls(links, urlfilter)
    LOGGER.debug("no usable feed links found: %s", url)
    return probe_gnews(params, urlfilter, config)


def try_homepage(baseurl: str, target_lang: str | None, external: bool, sleep_time: float,
                 config: ConfigParser = DEFAULT_CONFIG) -> list[str]:
    """``find_feed_urls`` on the homepage, when the page asked for failed."""
    LOGGER.debug("probing homepage for feeds instead: %s", baseurl)
    return find_feed_urls(baseurl, target_lang, external, sleep_time, config)
