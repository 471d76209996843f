"""turbohtml.compat.htmldate: find_date and the htmldate 1.11.0 module paths, checked on
the values htmldate returns (its evaluation cases in ../shared/data/dates and its
tests/unit_tests.py). Agreement rates and speed are reported by bench/dates.py and
bench/compat_suites.py, not asserted here.
"""

from __future__ import annotations

import datetime as dt
import json

import lxml.html as lxml_html
import pytest

import turbohtml
from turbohtml.compat.htmldate import core, find_date, utils, validators
from turbohtml.extract import dates

from conftest import data_path


def _unit_cases() -> list[dict]:
    with data_path("dates", "unit_cases.jsonl").open(encoding="utf8") as handle:
        return [row for row in map(json.loads, handle) if "html" in row]


@pytest.mark.parametrize("row", _unit_cases(), ids=lambda row: f"line{row.get('line', '')}")
def test_htmldate_unit_cases(row):
    # htmldate's own cases (page, keywords, expected date)
    kwargs = {k: v for k, v in (row.get("kwargs") or {}).items() if k != "verbose"}
    assert find_date(row["html"], **kwargs) == row["expected"]


TZ_PAGE = ('<html><head><script type="application/ld+json">{"@context":"https://schema.org",'
           '"@type":"Article","datePublished":"2024-11-06T08:37:00+05:30"}</script></head>'
           '<body><p>text</p></body></html>')
META_1991 = ('<html><meta><meta property="article:published_time" content="1991-01-02T01:01:00+00:00">'
             '</meta><body></body></html>')


@pytest.mark.parametrize(("page", "kwargs", "expected"), [
    # htmldate issue #174: time of day and zone kept for %z
    (TZ_PAGE, {"outputformat": "%Y-%m-%d %H:%M:%S%z", "original_date": True}, "2024-11-06 08:37:00+0530"),
    (TZ_PAGE, {"original_date": True}, "2024-11-06"),
    ("<html><body><p>Published on 2024-11-06T08:37:00+05:30 by someone</p></body></html>",
     {"outputformat": "%Y-%m-%d %H:%M:%S%z", "original_date": True}, "2024-11-06 08:37:00+0530"),
    # min_date compared to the minute
    (META_1991, {"min_date": "1991-01-02T01:02:00+00:00"}, None),
    (META_1991, {"min_date": "1991-01-02T01:00:00+00:00"}, "1991-01-02"),
    (META_1991, {"min_date": "2000-01-01"}, None),
    # fast mode: a bare date in the text, never one in attributes, comments or scripts
    ("<html><body><p>Some text published 2020-05-05 by someone</p></body></html>",
     {"extensive_search": False}, "2020-05-05"),
    ("<html><body><p>menu 2019-01-01</p><p>published 2020-05-05T10:00:00</p></body></html>",
     {"extensive_search": False}, "2020-05-05"),
    ("<html><body><span>Published on <!-- ts -->2020-05-05</span></body></html>",
     {"extensive_search": False}, "2020-05-05"),
    ('<html><body><a href="/theme.css?v=2021-03-04">menu</a><p>no dates in text</p></body></html>',
     {"extensive_search": False}, None),
    ("<html><body><!-- 2021-03-04 --><p>no dates in text</p></body></html>", {"extensive_search": False}, None),
    # the copyright-year reserve
    ('<html><head><meta itemprop="copyrightyear" content="2017"/></head><body></body></html>',
     {"extensive_search": False}, "2017-01-01"),
    ("<html><body>&copy; 2017</body></html>", {}, "2017-01-01"),
    # deferred_url_extractor: the canonical link's date waits behind the page's metadata
    ('<html><head><link rel="canonical" href="https://example.org/2017/08/30/this.html"/>'
     '<meta property="og:published_time" content="2017-09-01"/></head><body></body></html>',
     {"deferred_url_extractor": True}, "2017-09-01"),
    ('<html><head><link rel="canonical" href="https://example.org/2017/08/30/this.html"/>'
     '<meta property="og:published_time" content="2017-09-01"/></head><body></body></html>',
     {"deferred_url_extractor": False}, "2017-08-30"),
])
def test_htmldate_behaviours(page, kwargs, expected):
    assert find_date(page, **kwargs) == expected


def test_url_string_is_downloaded(monkeypatch):
    # htmldate downloads a URL given in place of the page; the download goes through
    # turbohtml.fetch (here replaced, so the test needs no network)
    fetched = []

    def fake_fetch(url, accepted_by):
        fetched.append(url)
        return '<html><head><meta property="article:published_time" content="2019-06-24"></head></html>'

    monkeypatch.setattr(core, "fetch_html", fake_fetch)
    assert find_date("https://example.org/story") == "2019-06-24"
    assert fetched == ["https://example.org/story"]
    monkeypatch.setattr(core, "fetch_html", lambda url, accepted_by: None)
    assert find_date("https://example.org/story") is None  # a failed download


def test_module_paths():
    assert core.find_date is find_date
    assert validators.is_valid_format("%Y-%m-%d") and not validators.is_valid_format("ABC")
    assert validators.convert_date("2016-11-18", "%Y-%m-%d", "%d %B %Y") == "18 November 2016"
    assert validators.get_min_date(None) == dt.datetime(1995, 1, 1)
    assert validators.is_valid_date("2016-11-18", "%Y-%m-%d", dt.datetime(1995, 1, 1), dt.datetime(2030, 1, 1))
    assert not validators.is_valid_date("1990-01-01", "%Y-%m-%d", dt.datetime(1995, 1, 1), dt.datetime(2030, 1, 1))
    assert utils.decode_file(b"\xc3\xa9t\xc3\xa9") == "\u00e9t\u00e9"
    assert turbohtml.compat.htmldate.__version__ == "1.11.0"


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


_HEADER_AND_TEXT = ('<html><head><meta property="article:published_time" content="2021-03-05T10:00:00Z">'
                    '<meta property="article:modified_time" content="2022-01-02"></head>'
                    "<body><p>Text from 2019-04-03 here.</p></body></html>")
_PAGES = [  # (page, examine_header, search_page), original date preferred
    (_HEADER_AND_TEXT, "2021-03-05", "2019-04-03"),
    ('<html><head><meta name="date" content="2020-06-07"></head><body><p>Nothing</p></body></html>',
     "2020-06-07", "2020-06-07"),
    ("<html><head><title>x</title></head><body><p>Posted 2018-02-01 by someone</p><footer>© 2017</footer></body>"
     "</html>", None, "2018-02-01"),
    ("<html><head></head><body><p>Last updated on March 5, 2021.</p></body></html>", None, "2021-03-05"),
    ("<html><head></head><body><footer>Copyright 2016 Site</footer></body></html>", None, "2016-01-01"),
    ('<html><head><meta property="og:url" content="https://e.org/2015/01/02/story"></head><body></body></html>',
     None, "2015-01-02"),
]


@pytest.mark.parametrize(("page", "header", "text"), _PAGES)
def test_examine_header_and_search_page(page, header, text):
    """htmldate's documented stages, with its options record: the same dates as htmldate's."""
    options = utils.Extractor(True, dt.datetime(2030, 1, 1), dt.datetime(1995, 1, 1), True, "%Y-%m-%d")
    assert core.examine_header(lxml_html.fromstring(page), options) == header
    assert core.search_page(page, options) == text
    htmldate = pytest.importorskip("htmldate")
    theirs = htmldate.utils.Extractor(True, dt.datetime(2030, 1, 1), dt.datetime(1995, 1, 1), True, "%Y-%m-%d")
    assert htmldate.core.examine_header(lxml_html.fromstring(page), theirs) == header
    assert htmldate.core.search_page(page, theirs) == text


def test_examine_header_prefers_as_asked():
    options = utils.Extractor(True, dt.datetime(2030, 1, 1), dt.datetime(1995, 1, 1), False, "%d/%m/%Y")
    assert core.examine_header(lxml_html.fromstring(_HEADER_AND_TEXT), options) == "02/01/2022"
    narrow = utils.Extractor(True, dt.datetime(2021, 12, 31), dt.datetime(2021, 1, 1), False, "%Y-%m-%d")
    assert core.examine_header(lxml_html.fromstring(_HEADER_AND_TEXT), narrow) == "2021-03-05"


@pytest.mark.parametrize(("string", "expected"), [
    ("2021-03-05", "2021-03-05"), ("20210305", "2021-03-05"), ("Published on 2021-03-05 by Ann", "2021-03-05"),
    ("5. März 2021", "2021-03-05"), ("March 5, 2021", "2021-03-05"), ("05/03/2021", "2021-03-05"),
    ("12/24/2020", "2020-12-24"), ("Mon, 05 Apr 2021 10:00:00 GMT", "2021-04-05"), ("le 3 juin 2019", "2019-06-03"),
    ("Updated: 3/4/19", "2019-04-03"), ("2017-09-01T10:00:00+02:00", "2017-09-01"),
    ("2021", None), ("12:30", None), ("foo", None), ("1990-01-01", None), ("2019-13-45", None), ("", None),
])
def test_try_date_expr(string, expected):
    from turbohtml.compat.htmldate import extractors

    window = (dt.datetime(1995, 1, 1), dt.datetime(2030, 1, 1))
    assert extractors.try_date_expr(string, "%Y-%m-%d", True, *window) == expected
    htmldate = pytest.importorskip("htmldate.extractors")
    assert htmldate.try_date_expr(string, "%Y-%m-%d", True, *window) == expected


def test_date_helpers():
    from turbohtml.compat.htmldate import extractors

    window = (dt.datetime(2000, 1, 1), dt.datetime(2010, 1, 1))
    assert extractors.custom_parse("March 5, 2021", "%Y-%m-%d", *window) is None  # outside the window
    assert extractors.custom_parse("March 5, 2005", "%d.%m.%Y", *window) == "05.03.2005"
    assert extractors.external_date_parser("1990-01-01", "%Y") == "1990"  # no window
    assert extractors.regex_parse("2021年3月5日") == dt.datetime(2021, 3, 5)
    options = utils.Extractor(True, dt.datetime(2030, 1, 1), dt.datetime(1995, 1, 1), True, "%Y-%m-%d")
    assert extractors.extract_url_date("https://e.org/2015/01/02/story", options) == "2015-01-02"
    assert extractors.extract_url_date("https://e.org/news/story-2015-01-02", options) == "2015-01-02"
    assert extractors.extract_url_date("https://e.org/2015/01/story", options) is None
    assert extractors.extract_url_date(None, options) is None
    assert validators.validate_and_convert(dt.datetime(2005, 3, 5), "%Y", *window) == "2005"
    assert validators.validate_and_convert(dt.datetime(2015, 3, 5), "%Y", *window) is None
