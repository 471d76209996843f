"""turbohtml.compat.trafilatura against trafilatura on the article-benchmark pages.

The same calls (``extract`` in txt/json/markdown/xml, with and without metadata,
``bare_extraction``, ``extract_metadata``) must return the same shapes: the same
types, the same JSON keys, the same ``Document`` attributes, an XML tree with the same
element vocabulary. How often the values agree is printed (the content comes from
turbohtml's scoring; docs/migration/trafilatura.md lists the deliberate differences).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from conftest import REPO, article_benchmark, read_gzip_text
from turbohtml.compat import trafilatura as ours

trafilatura = pytest.importorskip("trafilatura")

PAGES = 40
#: Fields whose type differs on purpose: trafilatura holds lxml trees there.
TREE_FIELDS = {"body", "commentsbody"}
#: The element names trafilatura's XML output uses that ours may produce.
XML_ATTRIBUTES = {"sitename", "title", "author", "date", "url", "hostname", "description", "categories", "tags",
                  "license", "id", "fingerprint", "language"}
XML_TAGS = {"doc", "main", "comments", "p", "head", "list", "item", "table", "row", "cell", "quote", "code"}


def _tokens_f1(a: str | None, b: str | None) -> float:
    left, right = Counter(re.findall(r"\w+", a or "")), Counter(re.findall(r"\w+", b or ""))
    overlap = sum((left & right).values())
    if not overlap:
        return 1.0 if not left and not right else 0.0
    precision, recall = overlap / sum(left.values()), overlap / sum(right.values())
    return 2 * precision * recall / (precision + recall)


def _type(value) -> str:
    return "str" if isinstance(value, str) else type(value).__name__


@pytest.fixture(scope="module")
def pages() -> list[tuple[str, str]]:
    truth, paths = article_benchmark()
    return [(read_gzip_text(p), truth[p.name.split(".")[0]]["url"]) for p in paths[:PAGES]]


def test_extract_shapes_and_agreement(pages):
    agree: dict[str, list[float]] = {}

    def count(name: str, value: float) -> None:
        agree.setdefault(name, []).append(value)

    for html, url in pages:
        for metadata in (False, True):
            theirs = trafilatura.extract(html, url=url, output_format="json", with_metadata=metadata)
            mine = ours.extract(html, url=url, output_format="json", with_metadata=metadata)
            assert (theirs is None) == (mine is None) or mine is not None
            if theirs is None or mine is None:
                continue
            theirs_json, mine_json = json.loads(theirs), json.loads(mine)
            assert list(mine_json) == list(theirs_json)
            for key, value in mine_json.items():
                if theirs_json[key] is not None and value is not None:
                    assert type(value) is type(theirs_json[key]), key
            if metadata:
                for key in ("title", "author", "date", "hostname", "source", "source-hostname", "excerpt", "image",
                            "pagetype"):
                    count(key, float(mine_json[key] == theirs_json[key]))
            else:
                count("text (token F1)", _tokens_f1(mine_json["text"], theirs_json["text"]))
        for fmt in ("txt", "markdown"):
            theirs = trafilatura.extract(html, url=url, output_format=fmt, with_metadata=True)
            mine = ours.extract(html, url=url, output_format=fmt, with_metadata=True)
            assert isinstance(mine, str)
            if theirs is not None:
                assert theirs.startswith("---\n") == mine.startswith("---\n")
                count(f"{fmt} (token F1)", _tokens_f1(mine, theirs))
        mine_xml = ET.fromstring(ours.extract(html, url=url, output_format="xml", with_metadata=True))
        theirs_text = trafilatura.extract(html, url=url, output_format="xml", with_metadata=True)
        assert mine_xml.tag == "doc" and [child.tag for child in mine_xml][:1] == ["main"]
        assert {element.tag for element in mine_xml.iter()} <= XML_TAGS
        if theirs_text is not None:
            theirs_xml = ET.fromstring(theirs_text)
            # the same <doc> attribute vocabulary (each present only when it has a value)
            assert set(mine_xml.attrib) <= XML_ATTRIBUTES and set(theirs_xml.attrib) <= XML_ATTRIBUTES
    for name, values in agree.items():
        print(f"\ntrafilatura.extract {name}: {sum(values) / len(values):.0%} agreement over {len(values)} pages")


def test_bare_extraction_and_metadata_shapes(pages):
    same_title = same_date = 0
    for html, url in pages:
        theirs = trafilatura.bare_extraction(html, url=url, with_metadata=True)
        mine = ours.bare_extraction(html, url=url, with_metadata=True)
        assert mine is not None
        mine_dict, theirs_dict = mine.as_dict(), theirs.as_dict()
        assert list(mine_dict) == list(theirs_dict)
        for key, value in mine_dict.items():
            assert getattr(mine, key) is value
            if key not in TREE_FIELDS and value is not None and theirs_dict[key] is not None:
                assert _type(value) == _type(theirs_dict[key]), key
        assert isinstance(mine.text, str) and mine.text
        meta_theirs = trafilatura.extract_metadata(html, url)
        meta_mine = ours.extract_metadata(html, url)
        assert list(meta_mine.as_dict()) == list(meta_theirs.as_dict())
        assert meta_mine.text is None and meta_mine.raw_text is None
        same_title += meta_mine.title == meta_theirs.title
        same_date += meta_mine.date == meta_theirs.date
    print(f"\ntrafilatura.extract_metadata: title {same_title / len(pages):.0%}, date {same_date / len(pages):.0%} "
          f"agreement over {len(pages)} pages")


EXAMPLE = (REPO / "examples" / "page.html").read_text(encoding="utf8")
TABLE_PAGE = ("<html lang='de'><body><article>" + "<p>" + "Ein langer Satz mit Inhalt, Komma, und mehr. " * 4 + "</p>"
              "<table><tr><th>Ort</th><th>Preis</th></tr><tr><td>Wien</td><td>39</td></tr></table>"
              "<p>" + "Noch ein langer Absatz, mit Kommas, und Worten. " * 4 + "</p></article></body></html>")


def test_formats_on_the_example_page():
    text = ours.extract(EXAMPLE)
    assert text.splitlines()[0] == "Night trains return to the Alps"
    assert "- Zurich to Vienna: about 11 hours, daily." in text.splitlines()
    assert text.endswith("Wish there was a connection from Munich as well.")  # comments follow the text
    markdown = ours.extract(EXAMPLE, output_format="markdown")
    assert markdown.startswith("# Night trains return to the Alps\n\n") and "\n## Why now\n" in markdown
    record = json.loads(ours.extract(EXAMPLE, output_format="json"))
    assert list(record) == ["text", "comments"]
    assert record["comments"].startswith("3 comments")
    tree = ET.fromstring(ours.extract(EXAMPLE, output_format="xml", with_metadata=True))
    assert tree.get("title") == "Night trains return to the Alps" and tree.get("date") == "2026-11-18"
    assert [item.text for item in tree.iter("item")][:1] == ["Zurich to Vienna: about 11 hours, daily."]


@pytest.mark.parametrize(("kwargs", "check"), [
    ({"include_comments": False}, lambda out: "3 comments" not in out),
    ({"favor_precision": True}, lambda out: "Zurich to Vienna" in out),
    ({"with_metadata": True, "record_id": "r1", "output_format": "json"},
     lambda out: json.loads(out)["id"] == "r1"),
    ({"with_metadata": True, "url_blacklist": {"https://gazette.example.org/travel/2026/11/night-trains-alps"}},
     lambda out: out is None),
    ({"with_metadata": True, "author_blacklist": {"Mara Lindqvist"}, "output_format": "json"},
     lambda out: json.loads(out)["author"] is None),
    ({"target_language": "de"}, lambda out: out is None),  # the page declares English
    ({"target_language": "en"}, lambda out: out is not None),
    ({"only_with_metadata": True}, lambda out: out is not None),  # date, title and url present
    ({"fast": True}, lambda out: "Railway planners" in out),  # a documented no-op
])
def test_options(kwargs, check):
    assert check(ours.extract(EXAMPLE, **kwargs))


def test_tables():
    with_tables = ours.extract(TABLE_PAGE)
    assert "Ort | Preis" in with_tables and "Wien | 39" in with_tables
    assert "Wien" not in ours.extract(TABLE_PAGE, include_tables=False)
    assert "| Ort | Preis |\n| --- | --- |\n| Wien | 39 |" in ours.extract(TABLE_PAGE, output_format="markdown")
    assert ours.extract(TABLE_PAGE, only_with_metadata=True) is None  # no date, title or URL


def test_empty_page_gives_none():
    assert ours.extract("<html><body></body></html>") is None
    assert ours.extract("123") is None  # not a page (trafilatura's load_html refuses it)


def test_no_content_body_still_gives_a_document():
    """trafilatura falls back to the page's plain text and keeps the metadata."""
    document = ours.bare_extraction("<html><body><nav><a href='/'>Home</a></nav></body></html>")
    assert document.text == "Home"
    page = ('<html><head><title>Only a title</title><meta name="author" content="Jane Roe"></head>'
            "<body><div>Short text here.</div></body></html>")
    document = ours.bare_extraction(page, with_metadata=True)
    assert (document.title, document.author, document.text) == ("Only a title", "Jane Roe", "Short text here.")


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"max_tree_size": 100}, ValueError),  # trafilatura: moved to the settings file
    ({"output_format": "pdf"}, AttributeError),
    ({"output_format": "python"}, ValueError),  # trafilatura: only for bare_extraction()  # trafilatura's own error for an unknown format
    ({"url": 5}, TypeError),
    ({"unknown_option": True}, TypeError),  # not a trafilatura keyword at all
])
def test_unsupported_options_raise(kwargs, error):
    with pytest.raises(error):
        ours.extract(EXAMPLE, **kwargs)


def test_bare_extraction_as_dict_and_python_format():
    document = ours.bare_extraction(EXAMPLE, with_metadata=True)
    assert document.title == "Night trains return to the Alps" and document.date == "2026-11-18"
    assert document.hostname == "example.org" and document.pagetype == "article"
    with pytest.warns(DeprecationWarning):
        assert ours.bare_extraction(EXAMPLE, as_dict=True)["text"] == document.text
    with pytest.raises(AttributeError):
        ours.bare_extraction(EXAMPLE, output_format="pdf")
