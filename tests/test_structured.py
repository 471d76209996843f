"""JSON-LD, Document.structured_data() and Node.links(): rules, malformed input, and
extruct's JSON-LD samples in ../shared/data/microdata/extruct."""

from __future__ import annotations

import json
import pickle
import re
import sys

import pytest

import turbohtml
from turbohtml.extract import Link, MicrodataItem, OpenGraph, StructuredData
from turbohtml.extract.structured import MAX_JSON_LD_DEPTH, refresh_url, srcset_urls

from conftest import data_path, growth_ratio


def json_ld(html: str) -> list:
    return turbohtml.parse(html).json_ld()


def script(body: str, type_: str = "application/ld+json") -> str:
    return f'<script type="{type_}">{body}</script>'


# ---------------------------------------------------------------- JSON-LD


def test_every_block_in_document_order():
    html = script('{"@type": "A"}') + "<body>" + script('[{"@type": "B"}, {"@type": "C"}]') + "</body>"
    assert json_ld(html) == [{"@type": "A"}, [{"@type": "B"}, {"@type": "C"}]]  # one entry per block


def test_graph_kept_as_written():
    block = {"@context": "https://schema.org", "@graph": [{"@type": "WebSite"}, {"@type": "Organization"}]}
    assert json_ld(script(json.dumps(block))) == [block]


@pytest.mark.parametrize(
    "type_",
    ["application/ld+json", "APPLICATION/LD+JSON", " application/ld+json ", "application/ld+json; charset=utf-8"],
)
def test_type_matched_by_mime_essence(type_):
    assert json_ld(script('{"a": 1}', type_)) == [{"a": 1}]


@pytest.mark.parametrize("type_", ["application/json", "text/javascript", "application/ld+jsonx", ""])
def test_other_script_types_ignored(type_):
    assert json_ld(script('{"a": 1}', type_)) == []


@pytest.mark.parametrize(
    "body",
    [
        "",  # empty
        "   \n  ",  # blank
        "{not json}",  # invalid
        '{"a": 1',  # truncated
        '{"a": NaN}',  # NaN is not JSON
        '{"a": Infinity}',
        '[-Infinity]',
        "null",  # not a JSON-LD document (an object or an array)
        "false",
        '"string"',
        "42",
    ],
)
def test_invalid_blocks_skipped(body):
    assert json_ld(script(body) + script('{"ok": true}')) == [{"ok": True}]


def test_comment_and_cdata_wrappers_removed():
    assert json_ld(script('<!--\n{"a": 1}\n-->')) == [{"a": 1}]
    assert json_ld(script('//<![CDATA[\n{"a": 2}\n//]]>')) == [{"a": 2}]
    assert json_ld(script('/*<![CDATA[*/{"a": 3}/*]]>*/')) == [{"a": 3}]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('{"a": 1, // note\n "b": "http://x//y"}', {"a": 1, "b": "http://x//y"}),  # // in a string kept
        ('{"a": [1, 2, ], "b": {"c": 3,},}', {"a": [1, 2], "b": {"c": 3}}),  # trailing commas
        ('/* header */ {"a": "/* not a comment */"}', {"a": "/* not a comment */"}),
        ('{"a": 1, /* c */ }', {"a": 1}),
        ('<!-- {"a": [1,], } -->', {"a": [1]}),
        ('<!-- note -->\n{"a": "<!-- kept -->"}', {"a": "<!-- kept -->"}),
    ],
)
def test_javascript_leftovers_removed_before_a_retry(body, expected):
    assert json_ld(script(body)) == [expected]


def test_leftover_removal_does_not_rescue_broken_json():
    assert json_ld(script('{"a": 1 "b": 2}')) == []
    assert json_ld(script('{"a": , }')) == []


def test_control_characters_inside_strings_accepted():
    assert json_ld(script('{"a": "line\nbreak\ttab"}')) == [{"a": "line\nbreak\ttab"}]


def test_entities_are_not_decoded_in_script_text():
    assert json_ld(script('{"a": "&amp;"}')) == [{"a": "&amp;"}]  # script text is raw text


def test_depth_bounded_without_recursion_error():
    at_limit = "[" * MAX_JSON_LD_DEPTH + "]" * MAX_JSON_LD_DEPTH
    assert len(json_ld(script(at_limit))) == 1
    over = "[" * (MAX_JSON_LD_DEPTH + 1) + "]" * (MAX_JSON_LD_DEPTH + 1)
    assert json_ld(script(over)) == []
    hostile = '{"a":' * 1_000_000 + "1" + "}" * 1_000_000
    assert json_ld(script(hostile) + script("{}")) == [{}]
    # Brackets inside strings do not count towards the depth.
    assert json_ld(script(json.dumps({"s": "[" * 10_000}))) == [{"s": "[" * 10_000}]


def test_depth_bound_holds_near_the_recursion_limit():
    # Even with little stack left, a block within the bound fails soft (skipped), never raises.
    limit = sys.getrecursionlimit()
    nested = "[" * MAX_JSON_LD_DEPTH + "]" * MAX_JSON_LD_DEPTH
    doc = turbohtml.parse(script(nested))

    def deep(n):
        return deep(n - 1) if n else doc.json_ld()

    try:
        sys.setrecursionlimit(400)
        result = deep(300)
    finally:
        sys.setrecursionlimit(limit)
    assert result in ([], [json.loads(nested)])


def test_huge_json_ld():
    block = {"@type": "ItemList",
             "itemListElement": [{"@type": "ListItem", "position": i, "name": "x" * 50} for i in range(100_000)]}
    text = json.dumps(block)
    assert len(text) > 5_000_000
    [parsed] = json_ld(script(text))
    assert len(parsed["itemListElement"]) == 100_000


def _flatten(values: list) -> list:
    out = []
    for value in values:
        out.extend(value if isinstance(value, list) else [value])
    return out


# extruct's JSON-LD samples with an HTML page beside them. extruct flattens array
# blocks into the item list (we keep one entry per block, as written); both tolerate
# JavaScript comments (extruct through jstyleson, we strip them before the stdlib parse).
EXTRUCT_JSON_LD = {
    "schema.org/CreativeWork.001": "equal",
    "songkick/Elysian Fields Brooklyn Tickets, The Owl Music Parlor, 31 Oct 2015": "equal",
    "songkick/jsonld_empty_item_test": "equal",
    "misc/null_ld_mock": "equal",
    "custom.invalid/JSONLD_with_control_characters": "equal",
    "custom.invalid/JSONLD_with_control_characters_comment": "equal",
    "custom.invalid/JSONLD_with_JS_comment": "equal",
    "custom.invalid/AllocateAction.001": "equal",
    "custom.invalid/JoinAction.001": "equal",
    "schema.org.invalid/AllocateAction.001": "equal",
    "schema.org.invalid/JoinAction.001": "equal",
    "songkick/Maxïmo Park Gigography, Tour History & Past Concerts": "items",
    "songkick/Years & Years Tickets, Tour Dates 2015 & Concerts": "items",
}


@pytest.mark.parametrize(("name", "kind"), EXTRUCT_JSON_LD.items())
def test_extruct_json_ld_samples(name, kind):
    root = data_path("microdata", "extruct", "samples")
    html = (root / f"{name}.html").read_text(encoding="utf8")
    expected = json.loads((root / f"{name}.jsonld").read_text(encoding="utf8"))
    ours = json_ld(html)
    if kind == "equal":
        assert _flatten(ours) == expected
    else:  # extruct's older {"items": [block, ...]} shape, one entry per block
        assert ours == expected["items"]


# ---------------------------------------------------------------- structured_data()

PAGE = """<html><head><base href="/b/">
<meta property="og:title" content="T"><meta property="og:image" content="i.png">
<script type="application/ld+json">{"@type": "Thing"}</script></head>
<body><div itemscope itemtype="t:x"><a itemprop="u" href="p.html">p</a></div></body></html>"""


def test_structured_data_equals_the_separate_calls():
    doc = turbohtml.parse(PAGE)
    data = doc.structured_data("http://example.com/a/")
    assert isinstance(data, StructuredData)
    assert data.json_ld == doc.json_ld() == [{"@type": "Thing"}]
    assert data.microdata == doc.microdata("http://example.com/a/")
    assert data.microdata[0].get("u") == "http://example.com/b/p.html"
    assert isinstance(data.opengraph, OpenGraph)
    assert data.opengraph == doc.opengraph("http://example.com/a/") == {"title": "T", "image": "http://example.com/b/i.png"}
    raw = doc.structured_data()
    assert raw.opengraph["image"] == "i.png" and raw.microdata[0].get("u") == "p.html"


def test_structured_data_one_walk(monkeypatch):
    import turbohtml._structured as walks

    calls = []
    original = walks.collect

    def counting(*args):
        calls.append(args[1])
        return original(*args)

    monkeypatch.setattr(walks, "collect", counting)
    turbohtml.parse(PAGE).structured_data()
    assert calls == [walks.WANT_MICRODATA | walks.WANT_OPENGRAPH | walks.WANT_JSON_LD]


def test_structured_data_empty_page_and_base_url_check():
    data = turbohtml.parse("<p>nothing</p>").structured_data()
    assert data == StructuredData(json_ld=[], microdata=[], opengraph={})
    with pytest.raises(ValueError):
        turbohtml.parse(PAGE).structured_data("not absolute")
    assert isinstance(turbohtml.parse(PAGE).structured_data().microdata[0], MicrodataItem)


# ---------------------------------------------------------------- links()


def links(html: str) -> list[tuple[str, str, str]]:
    return [(link.element.tag, link.attribute, link.url) for link in turbohtml.parse(html).links()]


def test_every_url_bearing_attribute_raw_as_written():
    html = """<head><base href="/base/"><link rel=stylesheet href="s.css"><script src="j.js"></script>
    <meta http-equiv="refresh" content="5; URL='/next page'"></head><body>
    <a href=" page.html#x ">a</a><map><area href="r.html"></map><img src="i.png" srcset="i1.png 1x, i2.png 2x">
    <picture><source srcset="w.webp 100w,w2.webp 200w" src="s.png"></picture><iframe src="f.html"></iframe>
    <embed src="e.swf"><object data="o.pdf"></object><form action="/submit">
    <input type=image src="b.png" formaction="/alt">
    <button formaction="/btn">b</button></form><video src="v.mp4" poster="p.jpg"><track src="t.vtt"></video>
    <audio src="a.ogg"></audio><blockquote cite="http://q.example/">q</blockquote><a>no href</a></body>"""
    assert links(html) == [
        ("base", "href", "/base/"),
        ("link", "href", "s.css"),
        ("script", "src", "j.js"),
        ("meta", "content", "/next page"),
        ("a", "href", " page.html#x "),
        ("area", "href", "r.html"),
        ("img", "src", "i.png"),
        ("img", "srcset", "i1.png"),
        ("img", "srcset", "i2.png"),
        ("source", "src", "s.png"),
        ("source", "srcset", "w.webp"),
        ("source", "srcset", "w2.webp"),
        ("iframe", "src", "f.html"),
        ("embed", "src", "e.swf"),
        ("object", "data", "o.pdf"),
        ("form", "action", "/submit"),
        ("input", "src", "b.png"),
        ("input", "formaction", "/alt"),
        ("button", "formaction", "/btn"),
        ("video", "src", "v.mp4"),
        ("video", "poster", "p.jpg"),
        ("track", "src", "t.vtt"),
        ("audio", "src", "a.ogg"),
        ("blockquote", "cite", "http://q.example/"),
    ]


def test_links_below_a_node_and_the_node_itself():
    doc = turbohtml.parse('<a href="out">x</a><div id="d"><a href="in">y</a></div>')
    [div] = doc.select("#d")
    assert [link.url for link in div.links()] == ["in"]
    [anchor] = doc.select("a")[:1]
    assert [link.url for link in anchor.links()] == ["out"]
    assert doc.links()[0].element == anchor


def test_records_are_named_tuples():
    # issue #26: Article and Link unpack, index, convert and serialise as named tuples
    from turbohtml.extract import Article

    doc = turbohtml.parse('<html lang="de"><head><title>T</title></head><body><img src="a.png"></body></html>')
    [link] = doc.links()
    element, attribute, url = link
    assert element.tag == "img" and (attribute, url) == ("src", "a.png") and link[2] == "a.png"
    assert link._fields == ("element", "attribute", "url")
    article = Article(None, "Body.", title="T", lang="de")
    assert article._asdict() == {"element": None, "text": "Body.", "title": "T", "byline": None,
                                 "date": None, "description": None, "lang": "de", "canonical": None,
                                 "site_name": None, "tags": (), "image": None, "page_type": "article"}
    assert json.loads(json.dumps(article)) == [None, "Body.", "T", None, None, None, "de",
                                               None, None, [], None, "article"]
    assert article._replace(title="U").title == "U" and article.title == "T"
    # the node handle does not travel: pickling keeps every other field
    clone = pickle.loads(pickle.dumps(doc.article()))
    assert clone.element is None and clone[1:] == doc.article()[1:]


def test_links_same_element_handle_and_pickle():
    [first, second] = turbohtml.parse('<img src="a" srcset="b 1x">').links()
    assert first.element is second.element
    restored = pickle.loads(pickle.dumps(first))
    assert restored == Link(None, "src", "a")


@pytest.mark.parametrize(
    ("value", "urls"),
    [
        ("a.png", ["a.png"]),
        ("a.png 1x, b.png 2x", ["a.png", "b.png"]),
        ("a.png,b.png", ["a.png,b.png"]),  # no space after the comma: one URL (the standard's rule)
        ("a.png, b.png", ["a.png", "b.png"]),  # trailing comma on a URL ends the candidate
        ("  , a.png 100w ,, b.png 200w  ", ["a.png", "b.png"]),
        ("data:image/png;base64,AAA= 1x, c.png 2x", ["data:image/png;base64,AAA=", "c.png"]),
        ("a.png (x, y) 1x, b.png", ["a.png", "b.png"]),  # commas inside parentheses
        ("", []),
    ],
)
def test_srcset_candidates(value, urls):
    assert srcset_urls(value) == urls


@pytest.mark.parametrize(
    ("content", "url"),
    [
        ("5; url=http://e.com/", "http://e.com/"),
        ("0;URL='http://e.com/q'", "http://e.com/q"),
        ('3, "quoted.html" trailing', "quoted.html"),
        ("1.5; next.html", "next.html"),
        ("10", None),  # a plain reload: no URL
        ("; url=x", None),  # no time
        ("abc", None),
        ("5 url=x", None),  # missing separator
        ("5; urlx", "urlx"),  # not the url= label
    ],
)
def test_refresh_url(content, url):
    assert refresh_url(content) == url


def test_refresh_needs_http_equiv_refresh():
    assert links('<meta content="5; url=x">') == []
    assert links('<meta http-equiv="REFRESH" content="5; url=x">') == [("meta", "content", "x")]
    assert links('<meta http-equiv="refresh" content="5">') == []


def test_links_deep_and_many():
    deep = "<div>" * 500 + '<a href="deep">x</a>'  # below the cap of 512 open elements
    assert links(deep) == [("a", "href", "deep")]
    # past the cap the <a> start tag is ignored (docs/reliability.md): no link, no crash
    assert links("<div>" * 10_000 + '<a href="deep">x</a>') == []
    many = "".join(f'<a href="/{i}">x</a>' for i in range(20_000))
    assert len(turbohtml.parse(many).links()) == 20_000


@pytest.mark.parametrize(
    "make",
    [
        lambda n: "/*" * n,  # unterminated block comments
        lambda n: "<!--" * n,
        lambda n: '"' + "\\" * (2 * n + 1),  # unterminated string of escapes
        lambda n: "{" + ", " * n,  # commas that never reach a bracket
        lambda n: "[" + "/* x */ ," * (n // 2),
    ],
    ids=["block-comments", "html-comments", "escapes", "commas", "commented-commas"],
)
def test_leftover_removal_is_linear_on_hostile_blocks(make):
    small, large = script(make(25_000)), script(make(200_000))
    assert json_ld(large) == []  # 200,000 repetitions: a backtracking pattern would not finish
    # 8x the repetitions: about 8x the time when linear, 64x when quadratic (the bound
    # leaves room for the cache steps a string passes on its way from 100 kB to 800 kB)
    assert growth_ratio(json_ld, small, large, clear=12) < 24


def test_possessive_leftover_repeats_split_as_backtracking_ones() -> None:
    """The leftover pattern's possessive repeats (*+) find the same matches as plain ones:
    each comment or string has one possible end, so backtracking never finds another."""
    import random

    leftovers = sys.modules["turbohtml.extract.structured"]._JS_LEFTOVERS
    assert "*+" in leftovers.pattern
    backtracking = re.compile(leftovers.pattern.replace("*+", "*"))
    pieces = ['"', "\\", "/", "*", "<!--", "-->", "<", "!", "-", ">", ",", " ", "\n", "]", "}", "a", "{"]
    rng = random.Random(7)
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 24)))
        assert leftovers.split(text) == backtracking.split(text), text


def test_json_ld_blocks_read_as_json_decode_reads_them() -> None:
    """parse_json_ld() calls json's scanner itself: each candidate is stripped of the
    whitespace decode() skips, so a block parses, or fails, as decode() would have it."""
    import random

    structured = sys.modules["turbohtml.extract.structured"]

    def by_decode(text: str) -> tuple[bool, object]:
        text = text.strip(structured._ASCII_SPACE)
        if not text or structured._too_deep(text):
            return False, None
        for candidate in structured._attempts(text):
            if not candidate or (candidate is not text and structured._too_deep(candidate)):
                continue
            if candidate.startswith("\ufeff"):
                continue
            try:
                value = structured._DECODER.decode(candidate)
            except (ValueError, RecursionError):
                continue
            return (True, value) if isinstance(value, (dict, list)) else (False, None)
        return False, None

    pieces = ['{"@type": "Article"}', "[1, 2]", " ", "\n", "\x0c", "\t", "x", "{", "}", "[", "]", '"', ",", ":",
              "null", "NaN", "1e5", "// note\n", "<!--", "-->", "<![CDATA[", "]]>", '{"a": [1, {"b": "c"}]}', "\ufeff",
              '"\\u00e9"', "true", "0", "-", "\r"]
    rng = random.Random(23)
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randrange(1, 7))) for _ in range(5000)]
    texts += ['{"a": 1}  {"b": 2}', '{"a": 1}\x0c', '  [ ]  ', '{"a": NaN}', '{"a": 1,}', "[" * 300 + "]" * 300]
    for text in texts:
        assert structured.parse_json_ld(text) == by_decode(text), repr(text)


def test_brackets_exceed_counts_as_str_count() -> None:
    import random

    from turbohtml._structured import brackets_exceed

    rng = random.Random(31)
    pieces = ["{", "[", "a", "}", "]", '"{"', "\xe9", "\u4e2d", "\U0001f600", " "]
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12)))
        limit = rng.randrange(0, 6)
        assert brackets_exceed(text, limit) == (text.count("{") + text.count("[") > limit), (text, limit)
