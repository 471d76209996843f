"""``courlan``'s URL helpers over turbohtml's WHATWG normalizer.

    from turbohtml.compat import courlan
    courlan.clean_url(" https://Example.org/a?utm_source=x ")
    courlan.extract_links(html, "https://example.org/page", external_bool=True)

Same arguments and return types as courlan 1.x (``str``/``None``, ``set[str]``). The
normalization is turbohtml's (``turbohtml.extract.normalize_url``): WHATWG parsing,
punycode as the output form, tracker parameters dropped, repeated slashes kept, the
fragment kept unless ``strict``. ``extract_links`` reads the parsed DOM, resolves
against ``<base href>``, keeps internal links by default (``external_bool=False``, as
courlan) and drops courlan's navigation pages unless ``with_nav``. ``redirects=True``
needs network requests and raises ``TypeError``; ``base_url`` raises ``ValueError`` as
courlan does. See docs/migration/courlan.md for every difference.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import SplitResult, urljoin

from turbohtml._core import parse
from turbohtml.extract import urls as _urls
from turbohtml.extract.options import UrlCleaning

__all__ = ["clean_url", "extract_links", "normalize_url"]

#: courlan's ``filters.NAVIGATION_FILTER``: overview pages (archives, categories, tags,
#: pagination, author pages) rather than content pages.
NAVIGATION_FILTER = re.compile(
    r"[/_-](archives|auth?or|[ck]at|category|kategorie|paged?|schlagwort|seite|tags?|topics?|user)/|\?p=[0-9]+",
    re.IGNORECASE,
)


def _options(strict: bool = False, language: str | None = None, trailing_slash: bool = True) -> UrlCleaning:
    return UrlCleaning(strict=strict, language=language, trailing_slash=trailing_slash)


def clean_url(url: str, language: str | None = None) -> str | None:
    """Scrub and normalize a URL; ``None`` when nothing usable remains (courlan's shape)."""
    if not isinstance(url, str):
        return None  # courlan answers None for a non-string too
    try:
        return _urls.clean_url(url, _options(language=language))
    except ValueError:
        return None


def normalize_url(parsed_url: SplitResult | str, strict: bool = False, language: str | None = None,
                  trailing_slash: bool = True) -> str:
    """Normalize a URL string (or a ``urllib.parse.SplitResult``), courlan's arguments.

    With ``language``, a URL whose language markers (a ``lang`` parameter, a leading
    language path segment) name another language raises ``ValueError``, as in courlan.
    """
    if isinstance(parsed_url, SplitResult):
        parsed_url = parsed_url.geturl()
    normalized = _urls.normalize_url(parsed_url, _options(strict, None, trailing_slash))
    # the language markers are read on the scrubbed input, as courlan reads "&amp;lang=" too
    if language is not None and _urls.clean_url(parsed_url, _options(strict, language, trailing_slash)) is None \
            and _urls.clean_url(parsed_url, _options(strict, None, trailing_slash)) is not None:
        raise ValueError(f"URL language markers do not match {language!r}: {parsed_url}")
    return normalized


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
    if redirects:
        raise TypeError("extract_links(redirects=True) is not supported: turbohtml makes no network requests")
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
    return found


def _host(url: str) -> str:
    from turbohtml._core import UrlBase

    host = UrlBase(url).host
    return host or ""


def __getattr__(name: str) -> Any:
    raise AttributeError(
        f"turbohtml.compat.courlan has no {name!r}: only clean_url, normalize_url and extract_links are provided"
    )
