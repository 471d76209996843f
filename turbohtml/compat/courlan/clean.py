"""``courlan.clean``: ``scrub_url``, ``clean_url``, ``normalize_url`` over turbohtml's
WHATWG normalizer (punycode output, trackers dropped; docs/migration/courlan.md)."""

from __future__ import annotations

import functools
import re
from urllib.parse import SplitResult

from turbohtml.compat import MIRRORED
from turbohtml.compat.courlan.filters import is_valid_url
from turbohtml.extract import urls as _urls
from turbohtml.extract.options import UrlCleaning

__version__ = MIRRORED["courlan"]

__all__ = ["clean_url", "normalize_url", "scrub_url", "url_cleaning"]

_CONTROL = "".join(map(chr, range(0x20)))
_MARKUP = re.compile(r"</?[a-z]{,4}?>|{.+?}")
_TRAILING_AMP = re.compile(r"/\&$")
_TRAILING_PARTS = re.compile(r'(.*?)[<>"\s]')
_PROTOCOL = re.compile(r"https?://")
_FIRST_OR_TARGET = re.compile(
    r'(https?://[^">&? ]+?)(?:https?://)|(?:https?://[^/]+?/[^/]+?[&?]u(rl)?=)(https?://[^"> ]+)')
#: what any repair of scrub_url acts on: whitespace, controls, markup, entities, quotes
_DAMAGE = re.compile(r'[\s\x00-\x1f<>"{&]')
_MIDDLE = re.compile(r"https?://.+?(https?://.+?)(?:https?://|$)")


def scrub_url(url: str) -> str:
    """Strip what markup leaves around a URL: whitespace, controls, CDATA, tags,
    ``&amp;``; of two URLs glued together keep the plausible one."""
    if _DAMAGE.search(url) is None and url.count("://") <= 1:
        # nothing for the repairs below to change (most real hrefs)
        return url.rstrip("/") if url.count("/") == 3 else url
    url = "".join(url.split()).strip(_CONTROL)
    if url.startswith("<![CDATA["):
        url = url.replace("<![CDATA[", "").replace("]]>", "")
    url = _MARKUP.sub("", url)
    url = _TRAILING_AMP.sub("", url.replace("&amp;", "&"))
    if len(_PROTOCOL.findall(url)) > 1 and "web.archive.org" not in url:
        match = _FIRST_OR_TARGET.match(url)
        candidate = (match[1] or match[3]) if match else None
        if candidate and is_valid_url(candidate):
            url = candidate
        else:
            match = _MIDDLE.match(url)
            if match and is_valid_url(match[1]):
                url = match[1]
    match = _TRAILING_PARTS.match(url)
    if match:
        url = match[1]
    if url.count("/") == 3 or url.count("://") > 1:
        url = url.rstrip("/")
    return url


@functools.lru_cache(maxsize=64)
def url_cleaning(strict: bool = False, language: str | None = None, trailing_slash: bool = True) -> UrlCleaning:
    """The ``UrlCleaning`` for courlan's three switches (built once per combination)."""
    return UrlCleaning(strict=strict, language=language, trailing_slash=trailing_slash)


def clean_url(url: str, language: str | None = None) -> str | None:
    """``normalize_url(scrub_url(url))``; ``None`` when the URL cannot be read (or a
    non-string arrives), as courlan answers. No filter: ``check_url`` filters."""
    if not isinstance(url, str):
        return None
    try:
        return normalize_url(scrub_url(url), language=language)
    except ValueError:
        return None


def normalize_url(parsed_url: SplitResult | str, strict: bool = False, language: str | None = None,
                  trailing_slash: bool = True) -> str:
    """Normalize a URL string or ``SplitResult``. With ``language``, a URL whose language
    markers name another language raises ``ValueError``, as in courlan."""
    if isinstance(parsed_url, SplitResult):
        parsed_url = parsed_url.geturl()
    normalized = _urls.normalize_url(parsed_url, url_cleaning(strict, None, trailing_slash))
    if language is not None and _urls.clean_url(parsed_url, url_cleaning(strict, language, trailing_slash)) is None \
            and _urls.clean_url(parsed_url, url_cleaning(strict, None, trailing_slash)) is not None:
        raise ValueError(f"URL language markers do not match {language!r}: {parsed_url}")
    return normalized
