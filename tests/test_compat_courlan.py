"""turbohtml.compat.courlan against courlan itself: courlan's own test cases for
``clean_url``/``normalize_url`` and ``extract_links`` on the article-benchmark pages.

Shapes must be identical (``str``/``None``, ``set[str]``, the same exceptions); values
are printed as agreement rates, since turbohtml deliberately differs (WHATWG parsing,
punycode output, repeated slashes kept; docs/migration/courlan.md).
"""

from __future__ import annotations

import json

import pytest

from conftest import article_benchmark, data_path, read_gzip_text
from turbohtml.compat import courlan as ours

courlan = pytest.importorskip("courlan")

PAGES = 40


def _call(function, args, kwargs):
    try:
        return "ok", function(*args, **kwargs)
    except Exception as error:
        return "raises", type(error).__name__


def test_url_functions_same_shapes_and_agreement():
    with data_path("urls", "courlan_cases.jsonl").open(encoding="utf8") as handle:
        rows = [json.loads(line) for line in handle]
    rows = [row for row in rows if row["func"] in ("clean_url", "normalize_url")]
    assert len(rows) >= 40
    stats: dict[str, list[int]] = {}
    invalid = []
    for row in rows:
        theirs = _call(getattr(courlan, row["func"]), row["args"], row["kwargs"])
        mine = _call(getattr(ours, row["func"]), row["args"], row["kwargs"])
        if mine == ("raises", "ValueError") and theirs[0] == "ok" and row["func"] == "normalize_url":
            # documented: a host the WHATWG host parser rejects raises instead of passing through
            invalid.append(row["args"][0])
            continue
        assert mine[0] == theirs[0], (row, mine, theirs)
        if mine[0] == "ok":
            # the return types: clean_url str | None, normalize_url str
            allowed = (str, type(None)) if row["func"] == "clean_url" else (str,)
            assert isinstance(mine[1], allowed) and isinstance(theirs[1], allowed), (row, mine, theirs)
        else:
            assert mine[1] == theirs[1], (row, mine, theirs)
        counts = stats.setdefault(row["func"], [0, 0, 0, 0])
        counts[0] += 1
        counts[1] += mine == theirs
        if "expected" in row:
            counts[2] += mine == ("ok", row["expected"])
            counts[3] += theirs == ("ok", row["expected"])
    assert len(invalid) <= 3, invalid
    print(f"\ncourlan.normalize_url: rejected as invalid by the URL standard: {invalid}")
    for name, (total, same, ours_ok, theirs_ok) in sorted(stats.items()):
        print(f"\ncourlan.{name}: {total} cases, ours == courlan {same / total:.0%}, "
              f"ours == expected {ours_ok / total:.0%}, courlan == expected {theirs_ok / total:.0%}")


def test_extract_links_same_shapes_and_agreement():
    truth, paths = article_benchmark()
    jaccard: dict[bool, list[float]] = {False: [], True: []}
    loose: dict[bool, list[float]] = {False: [], True: []}
    for path in paths[:PAGES]:
        html = read_gzip_text(path)
        url = truth[path.name.split(".")[0]]["url"]
        for external in (False, True):
            theirs = courlan.extract_links(html, url, external)
            mine = ours.extract_links(html, url, external)
            assert type(mine) is type(theirs) is set
            assert all(isinstance(link, str) and link.startswith("http") for link in mine)
            union = theirs | mine
            jaccard[external].append(len(theirs & mine) / len(union) if union else 1.0)
            # modulo the WHATWG "/" of an empty path (https://a.org/ vs courlan's https://a.org)
            theirs_l, mine_l = {u.rstrip("/") for u in theirs}, {u.rstrip("/") for u in mine}
            union_l = theirs_l | mine_l
            loose[external].append(len(theirs_l & mine_l) / len(union_l) if union_l else 1.0)
    for external, values in jaccard.items():
        print(f"\ncourlan.extract_links(external_bool={external}): {len(values)} pages, "
              f"mean Jaccard with courlan {sum(values) / len(values):.2f}, "
              f"{sum(loose[external]) / len(values):.2f} modulo trailing slashes")


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
    (ours.check_url, ("http://www.example.org/page/10/",), {"with_nav": True}, ("http://www.example.org/page/10/", "example.org")),
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
