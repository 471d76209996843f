"""``courlan.filters``: the URL filters courlan 1.4.0 documents, its rules as data.

The patterns restate courlan's (Adrien Barbaresi, Apache-2.0) documented filters:
navigation pages, pages not worth crawling, site structure, file types, language
markers in the path and host.
"""

from __future__ import annotations

import re
from ipaddress import ip_address
from urllib.parse import SplitResult, urlsplit

from turbohtml.compat import MIRRORED

__version__ = MIRRORED["courlan"]

__all__ = ["is_navigation_page", "is_not_crawlable", "is_valid_url", "lang_filter", "validate_url"]

PROTOCOLS = frozenset({"http", "https"})
#: overview pages (archives, categories, tags, pagination, authors) rather than content
NAVIGATION_FILTER = re.compile(
    r"[/_-](archives|auth?or|[ck]at|category|kategorie|paged?|schlagwort|seite|tags?|topics?|user)/|\?p=[0-9]+",
    re.IGNORECASE)
#: contact, imprint, privacy and login pages, and script/mail pseudo-links
NOTCRAWLABLE = re.compile(
    r"/([ck]onta[ck]t|datenschutzerkl.{1,2}rung|login|impressum|imprint)(\.[a-z]{3,4})?/?$|/login\?|"
    r"/(javascript:|mailto:|tel\.?:|whatsapp:)", re.IGNORECASE)
SITE_STRUCTURE = re.compile(
    r"/(?:wp-(?:admin|content|includes|json|themes)|paged?|seite|search|suche|gall?er[a-z]{1,2}|labels|"
    r"archives|uploads|modules|attachment|oembed)/|"
    r"[/_-](?:tags?|schlagwort|[ck]ategor[a-z]{1,2}|[ck]at|auth?or|user)/[^/]+/?$|"
    r"[^0-9]/[0-9]+/[0-9]+/$|[^0-9]/[0-9]{4}/$", re.IGNORECASE)
FILE_TYPE = re.compile(
    r"\.(atom|json|css|xml|js|jpg|jpeg|png|svg|gif|tiff|pdf|ogg|mp3|m4a|aac|avi|mp4|mov|web[mp]|flv|ico|pls|"
    r"zip|tar|gz|iso|swf|woff|eot|ttf)\b|[/-](img|jpg|png)(\b|_)", re.IGNORECASE)
ADULT_AND_VIDEOS = re.compile(
    r"[/_-](?:bild-?kontakte|fick|gangbang|incest|live-?cams?|live-?chat|porno?|sexcam|sexyeroti[ck]|swinger|x{3})\b",
    re.IGNORECASE)
INDEX_PAGE = re.compile(r".{0,5}/(default|home|index)(\.[a-z]{3,5})?/?$", re.IGNORECASE)
EXTENSION = re.compile(r"\.[a-z]{2,5}$")
#: web page extensions (Wikipedia's list of file formats, as courlan keeps them)
WEB_EXTENSIONS = frozenset({
    ".adp", ".amp", ".asp", ".aspx", ".cfm", ".cgi", ".do", ".htm", ".html", ".htx", ".jsp", ".mht", ".mhtml",
    ".php", ".php3", ".php4", ".php5", ".phtml", ".pl", ".shtml", ".stm", ".txt", ".xhtml", ".xml"})
VALID_DOMAIN_PORT = re.compile(
    r"^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-_]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9][A-Za-z0-9-_]{0,61}[A-Za-z]"
    r"(\:(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}))?$",
    re.IGNORECASE)
PATH_LANG = re.compile(r"(?:https?://[^/]+/)([a-z]{2})([_-][a-z]{2,3})?(?:/|$)", re.IGNORECASE)
ALL_PATH_LANGS = re.compile(r"(?:/)([a-z]{2})([_-][a-z]{2})?(?:/)", re.IGNORECASE)
ALL_PATH_LANGS_NO_TRAILING = re.compile(r"(?:/)([a-z]{2})([_-][a-z]{2})?(?:/|$)", re.IGNORECASE)
HOST_LANG = re.compile(r"https?://([a-z]{2})\.(?:[^.]{4,})\.(?:[^.]+)(?:\.[^.]+)?/", re.IGNORECASE)
_IP_CHARS = frozenset(".:0123456789abcdef")


def basic_filter(url: str) -> bool:
    """An http(s) URL of a plausible length (10 to 499 characters)."""
    return url.startswith("http") and 10 <= len(url) < 500


def domain_filter(domain: str) -> bool:
    """A plausible host name (or IP address), not a file name."""
    if set(domain) <= _IP_CHARS:
        try:
            ip_address(domain)
        except ValueError:
            return False
        return True
    if not VALID_DOMAIN_PORT.match(domain):
        try:
            if not VALID_DOMAIN_PORT.match(domain.encode("idna").decode("utf-8")):
                return False
        except UnicodeError:
            return False
    if domain.split(".")[0].isdigit() or FILE_TYPE.search(domain):
        return False
    extension = EXTENSION.search(domain)
    return not extension or extension[0] not in WEB_EXTENSIONS


def extension_filter(urlpath: str) -> bool:
    """No file extension, or a web page's."""
    extension = EXTENSION.search(urlpath)
    return not extension or extension[0] in WEB_EXTENSIONS


def path_filter(urlpath: str, query: str) -> bool:
    """Not an imprint/login page, not a bare index page."""
    if NOTCRAWLABLE.search(urlpath):
        return False
    return bool(not INDEX_PAGE.match(urlpath) or query)


def type_filter(url: str, strict: bool = False, with_nav: bool = False) -> bool:
    """An HTML page of mostly text: no feed, no site-structure page (navigation pages
    pass with ``with_nav``); with ``strict`` no media file and no adult content."""
    if url.endswith(("/feed", "/rss", "_archive.html")):
        return False
    if SITE_STRUCTURE.search(url) and (not with_nav or not is_navigation_page(url)):
        return False
    return not (strict and (FILE_TYPE.search(url) or ADULT_AND_VIDEOS.search(url)))


def _language_score(language: str, segment: str, score: int) -> int:
    """+1 when a path segment (``en``, ``de-AT``) names ``language``, -1 when it names
    another known language, unchanged otherwise."""
    from turbohtml.extract.options import ISO_639_1

    primary = re.split(r"[-_]", segment)[0].lower()
    if primary not in ISO_639_1:
        return score
    return score + 1 if primary == language else score - 1


def lang_filter(url: str, language: str | None = None, strict: bool = False, trailing_slash: bool = True) -> bool:
    """Whether the URL's language markers (a leading path segment, a host prefix with
    ``strict``) fit ``language``; ``True`` without a language."""
    if language is None:
        return True
    score = 0
    match = PATH_LANG.match(url)
    if match:
        occurrences = (ALL_PATH_LANGS if trailing_slash else ALL_PATH_LANGS_NO_TRAILING).findall(url)
        if len(occurrences) == 1:
            score = _language_score(language, match[1], score)
        elif len(occurrences) == 2:
            for occurrence in occurrences:
                score = _language_score(language, occurrence[0], score)
    if strict:
        match = HOST_LANG.match(url)
        if match:
            score += 1 if match[1].lower() == language else -1
    return score >= 0


def validate_url(url: str | None) -> tuple[bool, SplitResult | None]:
    """``(True, split URL)`` for an http(s) URL with a host of 5+ characters, else ``(False, None)``."""
    try:
        parsed = urlsplit(url)
    except (ValueError, TypeError, AttributeError):
        return False, None
    if not parsed.scheme or parsed.scheme not in PROTOCOLS:
        return False, None
    if len(parsed.netloc) < 5 or (parsed.netloc.startswith("www.") and len(parsed.netloc) < 8):
        return False, None
    return True, parsed


def is_valid_url(url: str | None) -> bool:
    """``validate_url``'s verdict alone."""
    return validate_url(url)[0]


def is_navigation_page(url: str) -> bool:
    """An overview page (``/tag/``, ``/page/2``, ``?p=3``) rather than an article."""
    return bool(NAVIGATION_FILTER.search(url))


def is_not_crawlable(url: str) -> bool:
    """A page not worth crawling: contact, imprint, login, ``mailto:``..."""
    return bool(NOTCRAWLABLE.search(url))
