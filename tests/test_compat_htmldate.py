"""turbohtml.compat.htmldate.find_date against htmldate.find_date on htmldate's own
evaluation pages and test cases (../shared/data/dates).

Both must return the same shape (a ``str`` in the requested format, or ``None``) for
the same call; how often the values agree with htmldate and with the expected date is
printed, not asserted (the engines are different).
"""

from __future__ import annotations

import datetime as dt
import gzip
import json

import pytest

import turbohtml
from conftest import data_path
from turbohtml.compat.htmldate import find_date
from turbohtml.extract import dates

htmldate = pytest.importorskip("htmldate")

BBAW_PAGES = 150


def _rows(name: str) -> list[dict]:
    with data_path("dates", name).open(encoding="utf8") as handle:
        return [json.loads(line) for line in handle]


def _page(row: dict) -> str:
    if "html" in row:
        return row["html"]
    with gzip.open(data_path("dates", row["file"]), "rt", encoding="utf8", errors="replace") as handle:
        return handle.read()


def _kwargs(row: dict) -> dict:
    kwargs = dict(row.get("kwargs") or {})
    if "url" in row and "url" not in kwargs and "file" in row:
        kwargs["url"] = row["url"]
    return kwargs


def _check_shape(value, outputformat: str) -> None:
    if value is None:
        return
    assert isinstance(value, str)
    if outputformat == "%Y-%m-%d":
        dt.date.fromisoformat(value)


@pytest.mark.parametrize("dataset", ["unit_cases.jsonl", "realworld_cases.jsonl", "bbaw_default.jsonl"])
def test_same_shapes_and_agreement(dataset):
    rows = _rows(dataset)
    if dataset == "bbaw_default.jsonl":
        rows = rows[:BBAW_PAGES]
        for row in rows:
            row["expected"] = row["date"]
    same = ours_right = theirs_right = 0
    for row in rows:
        html, kwargs = _page(row), _kwargs(row)
        theirs = htmldate.find_date(html, **kwargs)
        mine = find_date(html, **kwargs)
        fmt = kwargs.get("outputformat", "%Y-%m-%d")
        _check_shape(theirs, fmt)
        _check_shape(mine, fmt)
        same += mine == theirs
        ours_right += mine == row["expected"]
        theirs_right += theirs == row["expected"]
    total = len(rows)
    print(f"\nhtmldate {dataset}: {total} calls, ours == htmldate {same / total:.0%}, "
          f"ours == expected {ours_right / total:.0%}, htmldate == expected {theirs_right / total:.0%}")


PAGE = """<html><head>
<meta property="article:published_time" content="2021-03-04T10:00:00Z">
<meta property="article:modified_time" content="2022-05-06T10:00:00Z">
</head><body><p>Some text, written on 7 August 2020.</p></body></html>"""


@pytest.mark.parametrize(("kwargs", "expected"), [
    ({}, "2022-05-06"),  # modification date by default, as htmldate
    ({"original_date": True}, "2021-03-04"),
    ({"outputformat": "%d %B %Y", "original_date": True}, "04 March 2021"),
    ({"outputformat": "no directive"}, None),  # htmldate: an invalid format gives None
    ({"max_date": "2021-12-31"}, "2021-03-04"),  # ISO strings accepted for the window
    ({"min_date": dt.datetime(2022, 1, 1), "original_date": True}, "2022-05-06"),
    ({"min_date": "not a date", "original_date": True}, "2021-03-04"),  # invalid: the default window
    # the URL signal comes first, unless deferred behind the page's metadata
    ({"url": "https://example.org/2019/01/02/story.html"}, "2019-01-02"),
    ({"url": "https://example.org/2019/01/02/story.html", "deferred_url_extractor": True}, "2022-05-06"),
])
def test_arguments(kwargs, expected):
    assert find_date(PAGE, **kwargs) == expected


def test_inputs():
    assert find_date(PAGE.encode("utf8")) == "2022-05-06"
    assert find_date(turbohtml.parse(PAGE)) == "2022-05-06"
    assert find_date("<html><body><p>Nothing here.</p></body></html>", extensive_search=False) is None
    lxml_html = pytest.importorskip("lxml.html")
    assert find_date(lxml_html.fromstring(PAGE)) == "2022-05-06"
    with pytest.raises(TypeError):
        find_date(12345)
    with pytest.raises(TypeError):
        find_date(PAGE, original_date="yes")


def test_deferred_url_used_when_page_has_no_metadata():
    page = "<html><body><p>No metadata at all.</p></body></html>"
    url = "https://example.org/2019/01/02/story.html"
    assert find_date(page, url=url, deferred_url_extractor=True, extensive_search=False) == "2019-01-02"


@pytest.mark.parametrize(("url", "expected"), [
    # issue #26: htmldate's URL shapes, read from the url argument of a page without a date
    ("http://example.com/2016/07/12/title", "2016-07-12"),
    ("https://example.com/2012-11-29/some-title", "2012-11-29"),
    ("http://example.com/2019/6/26/title", "2019-06-26"),
    ("http://example.com/blog_2019_06_26.html", "2019-06-26"),
    # a year alone is no URL date, and the argument is never page text
    ("http://example.com/2016/key-words", None),
    ("http://example.com/category/2016/", None),
])
def test_url_argument_shapes(url, expected):
    page = "<html><body><p>Aaa, bbb.</p></body></html>"
    assert find_date(page, url=url) == expected
    # the same page through dates() has no date: the URL is not in it
    assert dates(page) is None
