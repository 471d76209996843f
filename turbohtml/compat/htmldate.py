"""``htmldate.find_date``'s call shape over ``turbohtml.extract.dates``.

    from turbohtml.compat.htmldate import find_date
    find_date(html, original_date=True, url="https://example.org/2024/05/01/story")

Same arguments, same return (the formatted date string or ``None``). The page may be a
``str``, ``bytes`` (encoding sniffed), a ``turbohtml.Document``, or an lxml element
(serialised first, when lxml is installed). ``url`` feeds the URL signal, checked
before the page's own signals unless ``deferred_url_extractor`` is set, in which case
it comes after the ``<meta>``/JSON-LD/``<time>`` signals and before the text search.
``verbose`` is a documented no-op: turbohtml logs to the named logger
``turbohtml.compat.htmldate`` and never configures logging for the host.
"""

from __future__ import annotations

import datetime as _dt
import html as _html
import logging
import re
from typing import Any

from turbohtml._core import parse
from turbohtml.compat._input import as_document, fetch_html
from turbohtml.extract.dates import document_dates
from turbohtml.extract.options import DateExtraction

__all__ = ["find_date"]

LOGGER = logging.getLogger(__name__)
_URL = re.compile(r"https?://\S+\Z", re.IGNORECASE)


def _window_bound(value: Any, name: str) -> _dt.date | None:
    """htmldate's ``check_date_input``: a datetime/date or ISO string; anything else is
    the default (``None``), with a warning as htmldate gives."""
    if value is None:
        return None
    if isinstance(value, _dt.datetime):
        return value.date()
    if isinstance(value, _dt.date):
        return value
    if isinstance(value, str):
        try:
            return _dt.datetime.fromisoformat(value).date()
        except ValueError:
            pass
    LOGGER.warning("invalid %s, using the default: %r", name, value)
    return None


def _valid_format(outputformat: Any) -> bool:
    if not isinstance(outputformat, str) or "%" not in outputformat:
        return False
    try:
        _dt.datetime(2017, 9, 1).strftime(outputformat)
    except (TypeError, ValueError):
        return False
    return True


def _url_date(url: str, options: DateExtraction) -> str | None:
    """The date in ``url`` by the engine's own URL rule (the canonical-link signal)."""
    probe = parse(f'<link rel="canonical" href="{_html.escape(url, quote=True)}">')
    found = document_dates(probe, DateExtraction(
        original=options.original, output_format=options.output_format,
        min_date=options.min_date, max_date=options.max_date, extensive_search=False))
    return found.date if found is not None and found.signal == "url" else None


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
    if isinstance(htmlobject, str) and _URL.match(htmlobject):
        # htmldate downloads a URL given in place of the page; so do we, through
        # turbohtml.fetch (one deadline, a size cap, the SSRF guard)
        downloaded = fetch_html(htmlobject, "find_date()")
        if downloaded is None:
            return None
        url = url or htmlobject
        htmlobject = downloaded
    doc = as_document(htmlobject, "find_date()")
    if not _valid_format(outputformat):
        LOGGER.error("wrong output format or type: %r", outputformat)
        return None
    earliest = _window_bound(min_date, "min_date")
    latest = _window_bound(max_date, "max_date")
    if earliest is not None and latest is not None and earliest > latest:
        return None
    options = DateExtraction(original=original_date, output_format=outputformat, min_date=earliest,
                             max_date=latest, extensive_search=extensive_search)
    url_result = _url_date(url, options) if url else None
    if url_result is not None and not deferred_url_extractor:
        return url_result
    if deferred_url_extractor:
        structured = document_dates(doc, DateExtraction(
            original=original_date, output_format=outputformat, min_date=earliest,
            max_date=latest, extensive_search=False))
        if structured is not None:
            return structured.date
        if url_result is not None:
            return url_result
    found = document_dates(doc, options)
    return found.date if found is not None else None
