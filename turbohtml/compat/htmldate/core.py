"""``htmldate.core.find_date`` (htmldate 1.11.0) over ``turbohtml.extract.dates``.

    from turbohtml.compat.htmldate import find_date
    find_date(html, original_date=True, url="https://example.org/2024/05/01/story")

Same arguments, same return (the formatted date string or ``None``). The page may be
``str`` markup, a URL string (downloaded through ``turbohtml.fetch``, as htmldate
downloads it), ``bytes`` (encoding sniffed), a ``turbohtml.Document``, or an lxml
element. On top of the engine's stages this module adds what htmldate does and the
engine leaves out: ``min_date``/``max_date`` compared with the time of day, the time
zone kept for ``%z``, a bare ISO date in the text when ``extensive_search=False``, the
``copyrightYear``/"© 2017" year as a last reserve, and ``deferred_url_extractor``
(the URL's date after the structured signals). ``verbose`` is a documented no-op:
messages go to the named logger ``turbohtml.compat.htmldate.core``.
"""

from __future__ import annotations

import datetime as _dt
import html as _html
import logging
import re
from typing import Any

from turbohtml import Document, Text, parse
from turbohtml.compat import MIRRORED
from turbohtml.compat._input import as_document, fetch_html
from turbohtml.compat.htmldate.utils import Extractor
from turbohtml.compat.htmldate.validators import get_max_date, get_min_date, is_valid_format
from turbohtml.extract.dates import document_dates
from turbohtml.extract.options import DateExtraction

__version__ = MIRRORED["htmldate"]

__all__ = ["examine_header", "find_date", "search_page"]

LOGGER = logging.getLogger(__name__)
_URL = re.compile(r"https?://\S+\Z", re.IGNORECASE)
#: the engine answers in this format; the caller's format is applied last
_INTERNAL = "%Y-%m-%dT%H:%M:%S"
_URL_SIGNALS = re.compile(
    r"""<link\b[^>]*\brel\s*=\s*["']?canonical\b[^>]*>|<meta\b[^>]*["'](?:og:url|twitter:url)["'][^>]*>""",
    re.IGNORECASE)
_TIMESTAMP = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})T(\d{2}):(\d{2}):(\d{2})")
_BARE_DATE = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")
_COPYRIGHT = re.compile(r"(?:©|\(c\)|copyright)\s*(?:\d{4}\s*[-–]\s*)?(\d{4})\b", re.IGNORECASE)
_INVISIBLE = frozenset({"script", "style", "noscript", "template"})
_URL_METAS = frozenset({"og:url", "twitter:url"})


def _naive(value: _dt.datetime) -> _dt.datetime:
    return value.replace(tzinfo=None) if value.tzinfo is not None else value


class DateSearch:
    """One call's settings: the window as datetimes, the preference, the text switch."""

    @classmethod
    def of(cls, options: Extractor) -> DateSearch:
        """The search htmldate's options record asks for."""
        return cls(options.original, options.extensive, options.min, options.max)

    def __init__(self, original: bool, extensive: bool, earliest: _dt.datetime, latest: _dt.datetime) -> None:
        self.original = original
        self.extensive = extensive
        self.earliest = _naive(earliest)
        self.latest = _naive(latest)

    def accepts(self, value: _dt.datetime) -> bool:
        return self.earliest <= value <= self.latest

    def engine(self, doc: Document, extensive: bool | None = None) -> _dt.datetime | None:
        """The engine's date, checked against the window to the second: a date before
        ``min_date``'s time of day moves the day bound one day on and asks again."""
        low, high = self.earliest.date(), self.latest.date()
        while low <= high:
            found = document_dates(doc, DateExtraction(
                original=self.original, output_format=_INTERNAL, min_date=low, max_date=high,
                extensive_search=self.extensive if extensive is None else extensive))
            if found is None:
                return None
            value = _dt.datetime.strptime(found.date, _INTERNAL)
            if value < self.earliest:
                low = value.date() + _dt.timedelta(days=1)
            elif value > self.latest:
                high = value.date() - _dt.timedelta(days=1)
            else:
                return value
        return None

    def url_date(self, url: str) -> _dt.datetime | None:
        """The date in ``url`` by the engine's URL rule (its canonical-link signal)."""
        probe = parse(f'<link rel="canonical" href="{_html.escape(url, quote=True)}">')
        found = document_dates(probe, DateExtraction(
            original=self.original, output_format=_INTERNAL, min_date=self.earliest.date(),
            max_date=self.latest.date(), extensive_search=False))
        if found is None or found.signal != "url":
            return None
        value = _dt.datetime.strptime(found.date, _INTERNAL)
        return value if self.accepts(value) else None

    def _ymd(self, year: str, month: str, day: str, *clock: str) -> _dt.datetime | None:
        try:
            hour, minute, second = (int(part) for part in clock) if clock else (0, 0, 0)
            value = _dt.datetime(int(year), int(month), int(day), hour, minute, second)
        except ValueError:
            return None
        return value if self.accepts(value) else None

    def bare_date(self, doc: Document) -> _dt.datetime | None:
        """htmldate's fast mode: a timestamp in the visible text, else a bare ISO date."""
        text = _visible_text(doc)
        for match in _TIMESTAMP.finditer(text):
            value = self._ymd(*match.groups())
            if value is not None:
                return value
        for match in _BARE_DATE.finditer(text):
            value = self._ymd(*match.groups())
            if value is not None:
                return value
        return None

    def copyright_year(self, doc: Document) -> _dt.datetime | None:
        """htmldate's reserve: the ``copyrightYear`` itemprop, else (extensive) "© 2017"."""
        for meta in doc.select("[itemprop]"):
            if (meta.attr("itemprop") or "").strip().lower() == "copyrightyear":
                year = (meta.attr("content") or meta.text or "").strip()
                if year.isdigit() and len(year) <= 4:
                    value = self._ymd(year, "1", "1")
                    if value is not None:
                        return value
        if self.extensive:
            found = [self._ymd(match[1], "1", "1") for match in _COPYRIGHT.finditer(_visible_text(doc))]
            years = [year for year in found if year is not None]
            if years:
                return max(years)
        return None


def _visible_text(doc: Document) -> str:
    """The page's text nodes outside scripts, styles and comments, space-joined."""
    body = doc.body or doc.root
    if body is None:
        return ""
    parts = [node.text for node in body.descendants
             if isinstance(node, Text) and node.parent is not None and node.parent.tag not in _INVISIBLE]
    return " ".join(parts)


def _with_zone(value: _dt.datetime, doc: Document) -> _dt.datetime:
    """``value`` with the UTC offset the page writes beside it, for ``%z``."""
    source = doc.root.html if doc.root is not None else ""
    stamp = re.escape(value.strftime("%Y-%m-%d")) + r"[T ]" + re.escape(value.strftime("%H:%M"))
    match = re.search(stamp + r"(?::\d{2}(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})", source)
    if match is None:
        return value
    zone = match[1]
    if zone == "Z":
        return value.replace(tzinfo=_dt.UTC)
    sign = -1 if zone[0] == "-" else 1
    digits = zone[1:].replace(":", "")
    offset = _dt.timedelta(hours=int(digits[:2]), minutes=int(digits[2:]))
    return value.replace(tzinfo=_dt.timezone(sign * offset))


def _strip_url_signals(doc: Document) -> Document:
    """The page without its canonical link and ``og:url``, so the URL date can wait."""
    source = doc.root.html if doc.root is not None else ""
    return parse(_URL_SIGNALS.sub("", source))


def find_date(
    htmlobject: Any,
    extensive_search: bool = True,
    original_date: bool = False,
    outputformat: str = "%Y-%m-%d",
    url: str | None = None,
    verbose: bool = False,
    min_date: _dt.datetime | str | None = None,
    max_date: _dt.datetime | str | None = None,
    deferred_url_extractor: bool = False,
) -> str | None:
    """Extract the publication (``original_date=True``) or last-modified date of a page,
    as ``htmldate.find_date`` does; ``None`` when nothing plausible is found."""
    for name, value in (("extensive_search", extensive_search), ("original_date", original_date),
                        ("deferred_url_extractor", deferred_url_extractor)):
        if not isinstance(value, bool):
            raise TypeError(f"find_date() {name} must be bool, not {type(value).__name__}")
    if url is not None and not isinstance(url, str):
        raise TypeError(f"find_date() url must be str or None, not {type(url).__name__}")
    if isinstance(htmlobject, str) and _URL.match(htmlobject.strip()):
        # htmldate downloads a URL given in place of the page; so do we, through
        # turbohtml.fetch (a deadline, a size cap, redirect limits, the SSRF guard)
        downloaded = fetch_html(htmlobject.strip(), "find_date()")
        if downloaded is None:
            return None
        url = url or htmlobject.strip()
        htmlobject = downloaded
    doc = as_document(htmlobject, "find_date()")
    if not is_valid_format(outputformat):
        return None
    search = DateSearch(original_date, extensive_search, get_min_date(min_date), get_max_date(max_date))
    if search.earliest > search.latest:
        return None
    found = _find(doc, search, url, deferred_url_extractor)
    if found is None:
        return None
    if "%z" in outputformat or "%Z" in outputformat:
        found = _with_zone(found, doc)
    try:
        return found.strftime(outputformat)
    except (ValueError, OverflowError):
        return None


def _find(doc: Document, search: DateSearch, url: str | None, deferred: bool) -> _dt.datetime | None:
    url_found = search.url_date(url) if url else None
    if url_found is not None and not deferred:
        return url_found
    if deferred:
        doc = _strip_url_signals(doc)
        found = search.engine(doc, extensive=False)
        if found is not None:
            return found
        if url_found is not None:
            return url_found
    found = search.engine(doc)
    if found is None and not search.extensive:
        found = search.bare_date(doc)
    if found is None:
        found = search.copyright_year(doc)
    return found


def _formatted(value: _dt.datetime | None, outputformat: str) -> str | None:
    if value is None or not is_valid_format(outputformat):
        return None
    try:
        return value.strftime(outputformat)
    except (ValueError, OverflowError):
        return None


def examine_header(tree: Any, options: Extractor) -> str | None:
    """The date the page's ``<meta>`` elements give (htmldate's header search): the
    engine run on those elements alone, URL metas (``og:url``) left out."""
    doc = as_document(tree, "examine_header()")
    metas = [meta.html for meta in doc.select("meta")
             if (meta.attr("property") or meta.attr("name") or "").lower() not in _URL_METAS]
    found = DateSearch.of(options).engine(parse("<html><head>" + "".join(metas) + "</head></html>"), extensive=False)
    return _formatted(found, options.format)


def search_page(htmlstring: str, options: Extractor) -> str | None:
    """The date the page writes (htmldate's text search): the engine on the body alone
    (its text, time elements and embedded data), else on the whole page (the header's
    metas and URLs too, which htmldate's patterns over the raw markup also see), else a
    bare ISO date in the text, else the copyright year."""
    doc = as_document(htmlstring, "search_page()")
    body = parse("<html><head></head>" + (doc.body.html if doc.body is not None else "") + "</html>")
    search = DateSearch.of(options)
    found = (search.engine(body, extensive=True) or search.engine(doc, extensive=True) or search.bare_date(doc)
             or search.copyright_year(doc))
    return _formatted(found, options.format)
