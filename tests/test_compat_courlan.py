"""turbohtml.compat.courlan: courlan 1.4.0's public names, checked on the values courlan
returns (its test cases in ../shared/data/urls, its documentation, real pages of the
article benchmark), apart from the documented WHATWG differences
(docs/migration/courlan.md). Agreement rates and speed are reported by bench/urls.py
and bench/compat_suites.py, not asserted here.
"""

from __future__ import annotations

import json

import pytest

from turbohtml.compat import courlan as ours

from conftest import article_benchmark, data_path, read_gzip_text

#: courlan's cases whose expected value is one of the documented differences
WHATWG_FORM = {
    161: "an apostrophe in a path is not percent-encoded",
    540: "'//' in a path is kept",
    551: "an IDN host is written as punycode",
    552: "a bare host gets its '/' path",
    553: "a host the URL standard rejects raises ValueError",
    1368: "a bare host gets its '/' path",
}


def _outcome(function, args, kwargs):
    try:
        return function(*args, **kwargs)
    except (TypeError, ValueError) as error:
        return type(error).__name__


def _courlan_cases() -> list[dict]:
    with data_path("urls", "courlan_cases.jsonl").open(encoding="utf8") as handle:
        rows = [json.loads(line) for line in handle]
    return [row for row in rows if row["func"] in ("clean_url", "normalize_url")]


@pytest.mark.parametrize("row", _courlan_cases(), ids=lambda row: f"line{row['line']}")
def test_courlan_cases(row):
    # courlan's own clean_url/normalize_url cases and the values its tests expect
    if row["line"] in WHATWG_FORM:
        pytest.skip(WHATWG_FORM[row["line"]])
    expected = row.get("expected", row.get("raises"))
    assert _outcome(getattr(ours, row["func"]), row["args"], row["kwargs"]) == expected


def test_extract_links_on_a_real_page():
    # an nytimes.com article of the benchmark: links courlan 1.4.0 returns for it
    truth, paths = article_benchmark()
    path = next(p for p in paths if p.name.startswith("04a6711c"))
    html = read_gzip_text(path)
    links = ours.extract_links(html, truth[path.name.split(".")[0]]["url"])
    assert {"http://eedition.nytimes.com/cgi-bin/signup.cgi",
            "https://help.nytimes.com/hc/en-us/articles/115014792127-Copyright-notice",
            "https://help.nytimes.com/hc/en-us/articles/115014893428-Terms-of-service"} <= links
    # the login pages are not crawlable (strict=True is extract_links' default)
    assert not any("/auth/login" in link for link in links)


PAGE = """<html><head><base href="https://example.org/news/"></head><body>
<a href="story.html?utm_source=feed">story</a>
<a href="/category/world/">a navigation page</a>
<a href="https://www.example.org/about">about (same site)</a>
<a href="https://other.net/x">elsewhere</a>
<a rel="nofollow" href="https://spam.example/">sponsored</a>
</body></html>"""


def test_extract_links_options():
    internal = ours.extract_links(PAGE, "https://example.org/news/")
    assert internal == {"https://example.org/news/story.html", "https://www.example.org/about"}
    assert ours.extract_links(PAGE, "https://example.org/news/", True) == {"https://other.net/x"}
    with_nav = ours.extract_links(PAGE, "https://example.org/news/", with_nav=True)
    assert with_nav == internal | {"https://example.org/category/world/"}
    # without a page URL nothing is internal and every absolute link is external (courlan)
    assert ours.extract_links(PAGE) == set()
    raw = ours.extract_links(PAGE, "https://example.org/news/", no_filter=True)
    assert "https://example.org/news/story.html?utm_source=feed" in raw
    assert ours.extract_links("", "https://example.org/") == set()


def test_extract_links_refusals():
    with pytest.raises(ValueError, match="base_url"):
        ours.extract_links(PAGE, base_url="https://example.org/")



# values courlan 1.4.0 returns for the same calls (its documentation and unit tests)
@pytest.mark.parametrize(("function", "args", "kwargs", "expected"), [
    (ours.check_url, ("http://www.example.org/page/10/",), {}, None),  # navigation page
    (ours.check_url, ("http://www.example.org/page/10/",), {"with_nav": True},
     ("http://www.example.org/page/10/", "example.org")),
    (ours.check_url, ("https://www.example.org/test.pdf",), {}, None),  # not a web page
    (ours.check_url, ("http://www.example.org/impressum",), {"strict": True}, None),
    (ours.check_url, ("https://www.sitemaps.org/en_GB/protocol.html",), {"language": "de"}, None),
    (ours.scrub_url, ("  https://www.dwds.de/  ",), {}, "https://www.dwds.de"),
    (ours.scrub_url, ("<![CDATA[https://www.dwds.de]]>",), {}, "https://www.dwds.de"),
    (ours.extract_domain, ("https://www.dwds.de/test?param=test&amp;other=test",), {}, "dwds.de"),
    (ours.extract_domain, ("http://blog.example.co.uk/",), {"fast": True}, "example.co.uk"),
    (ours.get_base_url, ("https://example.org/path?q=1",), {}, "https://example.org"),
    (ours.get_host_and_path, ("https://example.org/path?q=1#f",), {}, ("https://example.org", "/path?q=1#f")),
    (ours.get_hostinfo, ("https://www.example.org/path",), {}, ("example.org", "https://www.example.org")),
    (ours.fix_relative_urls, ("https://example.org", "/dir/page.html"), {}, "https://example.org/dir/page.html"),
    (ours.fix_relative_urls, ("https://example.org", "//other.org/x"), {}, "http://other.org/x"),
    (ours.filter_urls, (["https://example.org/1", "https://test.org/2", "https://example.org/1"], "example"), {},
     ["https://example.org/1"]),
    (ours.is_external, ("https://github.com/", "https://www.microsoft.com/"), {}, True),
    (ours.is_external, ("https://google.com/", "https://www.google.co.uk/"), {}, False),
    (ours.is_external, ("https://google.com/", "https://www.google.co.uk/"), {"ignore_suffix": False}, True),
    (ours.is_navigation_page, ("https://example.org/tag/python/",), {}, True),
    (ours.is_not_crawlable, ("https://example.org/login",), {}, True),
    (ours.is_valid_url, ("http://www.test[.org",), {}, False),
    (ours.lang_filter, ("https://www.example.org/de/article.html", "en"), {}, False),
    (ours.lang_filter, ("https://www.example.org/en/article.html", "en"), {}, True),
    (ours.validate_url, ("ftp://example.org/",), {}, (False, None)),
])
def test_public_names_as_courlan(function, args, kwargs, expected):
    assert function(*args, **kwargs) == expected


def test_check_url_trailing_slash_is_whatwg():
    # deliberate difference: courlan returns "https://www.dwds.de" (docs/migration/courlan.md)
    assert ours.check_url("https://www.dwds.de") == ("https://www.dwds.de/", "dwds.de")


def test_submodule_paths():
    from turbohtml.compat.courlan import clean, core, filters, urlutils

    assert core.check_url is ours.check_url and clean.scrub_url is ours.scrub_url
    assert filters.is_navigation_page is ours.is_navigation_page and urlutils.is_external is ours.is_external
    assert ours.__version__ == "1.4.0"


@pytest.mark.parametrize(("call", "expected"), [
    (lambda: ours.clean_url("  https://Example.org:443/a?utm_source=x&b=1 "), "https://example.org/a?b=1"),
    # courlan's clean_url does not filter: a relative reference comes back percent-encoded
    (lambda: ours.clean_url("\u00f8\xaa"), "%C3%B8%C2%AA"),
    (lambda: ours.clean_url(None), None),
    (lambda: ours.normalize_url("http://test.net/foo.html#bar", strict=True), "http://test.net/foo.html"),
    (lambda: ours.normalize_url("http://test.net/dir/", trailing_slash=False), "http://test.net/dir"),
    (lambda: ours.normalize_url("http://test.net/foo.html?page=2&lang=de", language="de"), "http://test.net/foo.html?lang=de&page=2"),
])
def test_values(call, expected):
    assert call() == expected


def test_normalize_url_language_mismatch_raises():
    with pytest.raises(ValueError):
        ours.normalize_url("http://test.net/foo.html?page=2&lang=en", language="de")


def test_url_store(tmp_path):
    # the values courlan 1.4.0's UrlStore gives for the same calls
    store = ours.UrlStore()
    store.add_urls(["https://www.example.org/1", "https://www.example.org/2", "https://test.org/a"])
    assert store.get_known_domains() == ["https://www.example.org", "https://test.org"]
    assert store.total_url_number() == 3
    assert store.filter_unknown_urls(["https://test.org/a", "https://test.org/b"]) == ["https://test.org/b"]
    assert store.get_url("https://test.org") == "https://test.org/a"
    assert store.is_exhausted_domain("https://test.org") and store.has_been_visited("https://test.org/a")
    assert store.get_unvisited_domains() == ["https://www.example.org"]
    store.discard(["https://test.org"])
    store.add_urls(["https://test.org/c"])  # a discarded host takes no more URLs
    assert store.find_known_urls("https://test.org") == []
    store.add_urls(appendleft=["https://www.example.org/0"])
    expected = ["https://www.example.org/0", "https://www.example.org/1", "https://www.example.org/2"]
    assert store.find_unvisited_urls("https://www.example.org") == expected
    path = str(tmp_path / "store.pickle")
    store.write(path)
    assert ours.load_store(path).dump_urls() == expected


def test_sample_urls():
    urls = ["https://example.org/a", "https://example.org/b", "https://example.org/c", "https://test.org/x"]
    # test.org has fewer URLs than exclude_min; example.org has fewer than the sample size
    assert ours.sample_urls(urls, 5, exclude_min=2) == urls[:3]
