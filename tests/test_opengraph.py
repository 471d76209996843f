"""opengraph(): the rules (prefix, case, first-wins, repeated values, URL resolution,
is_valid) and the conformance sets in ../shared/data/opengraph (openGraphScraper's
unit pages, extruct's Open Graph pages)."""

from __future__ import annotations

import json
import pickle
import re

import pytest

import turbohtml
from turbohtml.extract import OpenGraph, opengraph

from conftest import article_benchmark, data_path, read_gzip_text, readability_pages

CARD = """<html><head>
<meta property="og:title" content="Title">
<meta property="og:type" content="article">
<meta property="og:image" content="/img/1.png">
<meta property="og:image:width" content="640">
<meta property="og:image" content="/img/2.png">
<meta property="og:url" content="page.html">
<meta name="twitter:card" content="summary">
<meta property="twitter:title" content="Twitter title">
<meta property="article:author" content="Someone">
</head><body></body></html>"""


def test_prefix_stripped_twitter_and_other_prefixes_dropped():
    og = opengraph(CARD)
    assert dict(og) == {
        "title": "Title",
        "type": "article",
        "image": "/img/1.png",
        "image:width": "640",
        "url": "page.html",
    }


def test_first_occurrence_wins_all_values_reachable():
    og = opengraph(CARD)
    assert og["image"] == "/img/1.png"
    assert og.get_all("image") == ["/img/1.png", "/img/2.png"]
    assert og.get_all("title") == ["Title"]
    assert og.get_all("missing") == []


def test_mapping_surface_and_equality_with_dict():
    og = opengraph(CARD)
    assert og == {"title": "Title", "type": "article", "image": "/img/1.png", "image:width": "640", "url": "page.html"}
    assert {"title": "Title", "type": "article", "image": "/img/1.png", "image:width": "640", "url": "page.html"} == og
    assert og != {"title": "Title"}
    assert "title" in og and "twitter:card" not in og
    assert og.get("description") is None and og.get("description", "d") == "d"
    assert list(og) == ["title", "type", "image", "image:width", "url"]
    assert len(og) == 5
    assert OpenGraph({"title": "T"}) == {"title": "T"}
    assert OpenGraph({}) == {}
    assert OpenGraph([('a', '1')]) == {'a': '1'}
    assert repr(OpenGraph({"a": "b"})) == "OpenGraph({'a': 'b'})"


def test_read_only():
    og = opengraph(CARD)
    with pytest.raises(TypeError):
        og["title"] = "x"  # type: ignore[index]
    with pytest.raises(AttributeError):
        og.extra = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        OpenGraph({"title": 1})  # type: ignore[dict-item]


def test_pickle_keeps_repeated_values():
    og = pickle.loads(pickle.dumps(opengraph(CARD)))
    assert og == opengraph(CARD) and og.get_all("image") == ["/img/1.png", "/img/2.png"]


@pytest.mark.parametrize(
    ("meta", "expected"),
    [
        ('<meta property="OG:Title" content="x">', {"title": "x"}),  # prefix and key case-insensitive
        ('<meta name="og:title" content="x">', {"title": "x"}),  # name works like property
        ('<meta property="description" name="og:title" content="x">', {"title": "x"}),  # name when property is not og:
        ('<meta property="og:title">', {}),  # no content attribute: no property
        ('<meta property="og:title" content="">', {"title": ""}),  # empty content kept
        ('<meta property="og:" content="x">', {}),  # nothing after the prefix
        ('<meta property="ogtitle" content="x">', {}),
        ('<meta property="og:title" content="  spaced  ">', {"title": "  spaced  "}),  # as written
        ('<meta property="twitter:title" content="x">', {}),
        ('<body><meta property="og:title" content="in body"></body>', {"title": "in body"}),  # anywhere
    ],
)
def test_meta_rules(meta, expected):
    assert opengraph(f"<html><head>{meta}</head></html>") == expected


def test_url_properties_resolved_with_base_url_and_base_href():
    html = """<head><base href="/root/">
    <meta property="og:url" content="page.html"><meta property="og:image" content="i.png">
    <meta property="og:image:secure_url" content="//cdn.example/i.png"><meta property="og:video" content="v.mp4">
    <meta property="og:audio" content="a.mp3"><meta property="og:title" content="t.html">
    <meta property="og:image:url" content="http://[broken"></head>"""
    og = opengraph(html, "https://example.com/section/")
    assert og["url"] == "https://example.com/root/page.html"
    assert og["image"] == "https://example.com/root/i.png"
    assert og["image:secure_url"] == "https://cdn.example/i.png"
    assert og["video"] == "https://example.com/root/v.mp4"
    assert og["audio"] == "https://example.com/root/a.mp3"
    assert og["title"] == "t.html"  # not URL-valued
    assert og["image:url"] == "http://[broken"  # unresolvable: kept as written
    assert opengraph(html)["url"] == "page.html"  # verbatim without base_url


@pytest.mark.parametrize("base_url", ["", "relative", "/path", "www.example.com"])
def test_base_url_must_be_absolute(base_url):
    with pytest.raises(ValueError, match="absolute URL"):
        opengraph(CARD, base_url)
    with pytest.raises(ValueError):
        turbohtml.parse(CARD).opengraph(base_url)


@pytest.mark.parametrize(
    ("props", "valid"),
    [
        ({"title": "t", "type": "website", "image": "i", "url": "u"}, True),
        ({"title": "t", "type": "website", "image": "i", "url": "u", "description": ""}, True),  # description optional
        ({"title": "t", "type": "website", "image": "i"}, False),
        ({"title": "", "type": "website", "image": "i", "url": "u"}, False),  # present but empty
        ({"type": "website", "image": "i", "url": "u"}, False),
        ({}, False),
    ],
)
def test_is_valid(props, valid):
    assert OpenGraph(props).is_valid() is valid


def test_is_valid_on_a_page():
    assert opengraph(CARD).is_valid()
    assert not opengraph("<meta property='og:title' content='x'>").is_valid()


def test_document_method_equals_function():
    assert turbohtml.parse(CARD).opengraph("http://e.com/") == opengraph(CARD, "http://e.com/")


def test_no_og_and_malformed():
    assert opengraph("") == {}
    assert opengraph("<meta property='og:title' content='a'") == {}  # unfinished tag: dropped by the tokenizer
    many = "".join(f'<meta property="og:image" content="{i}.png">' for i in range(10_000))
    og = opengraph(many)
    assert og["image"] == "0.png" and len(og.get_all("image")) == 10_000


# ---------------------------------------------------------------- openGraphScraper's unit pages


def _ogs_cases() -> list[dict]:
    path = data_path("opengraph", "ogs_unit", "cases.jsonl")
    return [json.loads(line) for line in path.read_text(encoding="utf8").splitlines() if line.strip()]


def _og_fields_expected(expected: dict) -> dict[str, list[str]]:
    """openGraphScraper's og* fields as og: keys and value lists.

    camelCase to og: key (``ogSiteName`` -> ``site_name``, ``ogAudioSecureURL`` ->
    ``audio:secure_url``). Media arrays (``ogImage``/``ogVideo``) zip the structured
    properties; each entry's ``url`` is what ogs picks - ``image:secure_url``, else
    ``image``, else ``image:url`` for images, ``video`` else ``video:url`` for videos - and
    a ``type`` ogs guessed from the file extension (no ``og:image:type`` on the page)
    is not an og: field. Non-og fields (``twitter*``, ``article*``, ``jsonLD``,
    ``favicon``, ``charset``, ``requestUrl``, ``success``) are not Open Graph.
    """
    fields: dict[str, list[str]] = {}
    for name, value in expected.items():
        if not name.startswith("og"):
            continue
        if name in ("ogImage", "ogVideo"):
            kind = name[2:].lower()
            for entry in value:
                for attr, attr_value in entry.items():
                    key = "url" if attr == "url" else f"{kind}:{attr}"
                    fields.setdefault(key if key != "url" else f"{kind}@url", []).append(attr_value)
            continue
        key = re.sub(r"(?<!^)([A-Z])", r"_\1", name[2:]).lower()
        key = key.replace("_secure_u_r_l", ":secure_url").replace("_u_r_l", ":url")
        for media in ("audio_", "video_", "image_"):
            if key.startswith(media):
                key = media[:-1] + ":" + key[len(media) :]
        fields[key] = [value]
    return fields


def _og_fields_ours(og: OpenGraph, wanted: dict[str, list[str]]) -> dict[str, list[str]]:
    ours: dict[str, list[str]] = {}
    for key in wanted:
        if key == "image@url":
            ours[key] = og.get_all("image:secure_url") or og.get_all("image") or og.get_all("image:url")
        elif key == "video@url":
            ours[key] = og.get_all("video") or og.get_all("video:url")
        elif key in ("image:type", "video:type") and key not in og:
            ours[key] = wanted[key]  # ogs derived it from the URL's extension
        else:
            ours[key] = og.get_all(key)
    return ours


@pytest.mark.parametrize("case", _ogs_cases(), ids=lambda case: case["id"])
def test_opengraphscraper_case(case):
    html = case["html"]
    og = opengraph(html)
    if not case["expected"].get("success"):
        # The throwOnJSONParseError option makes ogs fail on the invalid JSON-LD; there
        # is no og: field to compare, and our JSON-LD reader skips the block instead.
        assert turbohtml.parse(html).json_ld() == []
        return
    wanted = _og_fields_expected(case["expected"])
    assert _og_fields_ours(og, wanted) == wanted
    # Nothing og: on the page beyond what ogs reports (besides the fields it folds away:
    # image:secure_url/url into the image entries, video:secure_url, which ogs drops).
    folded = {"image", "image:url", "image:secure_url", "video", "video:url", "video:secure_url"}
    reported = {key for key in wanted if "@" not in key}
    assert set(og) - folded - reported == set()


def test_opengraphscraper_json_ld_cases():
    # Not og: fields, but the same pages exercise json_ld(): empty and invalid blocks
    # are skipped. One deliberate difference: ogs deletes raw newlines inside strings
    # ("    bar    "), the JSON parser keeps them (strict=False).
    by_id = {case["id"]: case for case in _ogs_cases()}
    for case_id in ("jsonLD", "jsonLD - empty with whitespace",
                    "jsonLD - invalid JSON string that cannot be parsed does not throw error"):
        case = by_id[case_id]
        assert turbohtml.parse(case["html"]).json_ld() == case["expected"]["jsonLD"]
    newlines = by_id["jsonLD - with new lines"]
    assert turbohtml.parse(newlines["html"]).json_ld() == [{"foo": "\n    bar\n    "}]
    assert newlines["expected"]["jsonLD"] == [{"foo": "    bar    "}]


# ---------------------------------------------------------------- extruct's Open Graph pages


def _extruct_og(name: str) -> tuple[str, object]:
    root = data_path("opengraph", "extruct")
    return ((root / f"{name}.html").read_text(encoding="utf8"),
            json.loads((root / f"{name}.json").read_text(encoding="utf8")))


@pytest.mark.parametrize("name", ["opengraph_test", "opengraph_ns_product_test"])
def test_extruct_opengraph_properties(name):
    html, expected = _extruct_og(name)
    wanted: dict[str, list[str]] = {}
    for key, value in expected[0]["properties"]:
        if key.startswith("og:"):
            wanted.setdefault(key[3:], []).append(value)
    og = opengraph(html)
    assert {key: og.get_all(key) for key in og} == wanted


def test_extruct_opengraph_flat():
    html, _ = _extruct_og("opengraph_test")
    flat = data_path("opengraph", "extruct", "opengraph_flat_test.json")
    expected = json.loads(flat.read_text(encoding="utf8"))
    wanted = {key[3:]: value for key, value in expected[0].items() if key.startswith("og:")}
    og = opengraph(html)
    assert {key: og[key] for key in wanted} == wanted
    assert og["type"] == expected[0]["@type"]  # extruct moves og:type to @type


def test_extruct_opengraph_expanded():
    html, expected = _extruct_og("expanded_OG_support_test")
    wanted: dict[str, list[str]] = {}
    for key, values in expected[0].items():
        match = re.fullmatch(r"https?://ogp\.me/ns#(.+)", key)
        if match:
            wanted[match[1]] = [v["@value"] for v in values]
    og = opengraph(html)
    assert wanted and {key: og.get_all(key) for key in og} == wanted


def test_extruct_multi_syntax_page_opengraph():
    root = data_path("microdata", "extruct")
    meta = json.loads((root / "microdata_cases.json").read_text(encoding="utf8"))
    for case in meta["multi_syntax_cases"]:
        html = (root / case["html"]).read_text(encoding="utf8")
        expected = json.loads((root / case["expected"]).read_text(encoding="utf8"))["opengraph"]
        wanted: dict[str, list[str]] = {}
        for block in expected:
            for key, value in block["properties"]:
                if key.startswith("og:"):
                    wanted.setdefault(key[3:], []).append(value)
        og = opengraph(html, case["options"].get("base_url"))
        assert wanted and {key: og.get_all(key) for key in og} == wanted


def test_character_references_in_property_values():
    # Attribute values decode references; the no-parse shortcut must not miss these.
    assert opengraph('<meta property="&#111;g:title" content="a">') == {"title": "a"}
    assert opengraph('<meta property="og&colon;title" content="b">') == {"title": "b"}
    assert opengraph('<meta property="og&#x3A;title" content="c">') == {"title": "c"}
    assert opengraph(b'<meta property="og:title" content="d">') == {"title": "d"}  # type: ignore[arg-type]


# ---------------------------------------------------------------- the partial parse
# opengraph(page) parses only up to the last place an og: name may be spelled
# (turbohtml._structured.last_og_spot); it must agree with the whole-tree walk.


@pytest.mark.parametrize(
    "page, expected",
    [
        # the last "og:" sits inside a comment, a script and a title: parsing runs to their end
        ('<meta property="og:title" content="a"><!-- og: later --><p>x', {"title": "a"}),
        ('<meta property="og:title" content="a"><script>var s = "og:x";</script><p>x', {"title": "a"}),
        ('<title>og: a title</title><meta property="og:type" content="t">', {"type": "t"}),
        # ">" inside the quoted content of the last og: meta
        ('<p>x</p><meta property="og:title" content="a > b <c>">tail', {"title": "a > b <c>"}),
        # og: names spelled with references, after plenty of body text
        ("<p>" + "text " * 2000 + '</p><meta property="o&#103;:title" content="r">', {"title": "r"}),
        ('<p>x</p><meta property="&#x6F;G:Title" content="s">', {"title": "s"}),
        ('<p>x</p><meta property="og&colon;type" content="u">', {"type": "u"}),
        ('<p>x</p><meta property="og&#0058;url" content="v">', {"url": "v"}),
        # a meta cut by the end of the input is dropped, as in a full parse
        ('<meta property="og:title" content="a"><meta property="og:type" content="b"', {"title": "a"}),
        # no og: spelling at all: the page is not parsed
        ("<p>og</p><p>blog &amp; log: &#58;</p>", {}),
    ],
)
def test_partial_parse_reads_every_og_meta(page, expected):
    og = opengraph(page)
    assert og == expected
    assert og == turbohtml.parse(page).opengraph()


def test_partial_parse_sees_a_late_base_href():
    page = '<meta property="og:image" content="a.png"><p>' + "x " * 500 + '</p><base href="/img/">'
    assert opengraph(page, "https://e.org/p/")["image"] == "https://e.org/img/a.png"
    assert opengraph(page)["image"] == "a.png"


def test_opengraph_type_at_the_package_root():
    # issue #26: the documented library's users import it from the root
    from turbohtml import OpenGraph as RootOpenGraph

    assert RootOpenGraph is OpenGraph and "OpenGraph" in turbohtml.__all__
    assert isinstance(opengraph('<meta property="og:title" content="T">'), RootOpenGraph)


# ---------------------------------------------------------------- every og: meta, wherever it sits

HEAD_AND_BODY = (
    '<html><head><meta property="og:title" content="Page"><meta property="og:url" content="/p">'
    '</head><body><div class="related"><meta property="og:title" content="Other">'
    '<meta property="og:image" content="/other.png"></div></body></html>'
)


@pytest.mark.parametrize(
    "page, expected",
    [
        # issue #26: the <img> ends the head, so the parser moves the second meta into
        # <body>; it is still part of the card
        (
            '<head><meta property="og:title" content="T"><img src=px.gif>'
            '<meta property="og:image" content="i.png"></head>',
            {"title": "T", "image": "i.png"},
        ),
        # metas in the head and in the body: all read, in document order, first key wins
        (HEAD_AND_BODY, {"title": "Page", "url": "/p", "image": "/other.png"}),
        # no card in the head: the body's metas are the card
        ('<head><title>t</title></head><body><meta property="og:title" content="B"></body>', {"title": "B"}),
        # markup that opens the body early: the card lands in the body and is still read
        ('<p>x</p><meta property="og:title" content="Early body">', {"title": "Early body"}),
        # a meta between </head> and <body> goes into the head (tree builder's "after head")
        (
            '<head><meta property="og:title" content="H"></head><meta property="og:type" content="T">'
            '<body><meta property="og:image" content="/b.png"></body>',
            {"title": "H", "type": "T", "image": "/b.png"},
        ),
        # a frameset page has no <body>
        ('<head></head><frameset><frame src="a"></frameset><!-- og: -->', {}),
        # og: names that are not metas with content are no card entries
        ('<head><meta property="og:title"><title>og:</title></head><body><meta property="og:type" content="b">',
         {"type": "b"}),
    ],
)
def test_every_og_meta_in_document_order(page, expected):
    og = opengraph(page)
    assert og == expected
    assert og == turbohtml.parse(page).opengraph()
    assert turbohtml.parse(page).structured_data().opengraph == expected
    if page == HEAD_AND_BODY:
        assert og.get_all("title") == ["Page", "Other"] and og.get_all("image") == ["/other.png"]


def test_og_image_after_an_img_in_the_head_is_kept_with_bytes_input():
    page = (b'<head><meta property="og:title" content="T"><img src=px.gif>'
            b'<meta property="og:image" content="i.png"></head>')
    assert opengraph(page) == {"title": "T", "image": "i.png"}


def test_base_href_in_the_body_resolves_head_and_body_metas():
    page = (
        '<head><meta property="og:image" content="a.png"></head><body><p>'
        + "x " * 5000
        + '</p><base href="/img/"><meta property="og:image" content="b.png"></body>'
    )
    for og in (opengraph(page, "https://e.org/p/"), turbohtml.parse(page).opengraph("https://e.org/p/")):
        assert og.get_all("image") == ["https://e.org/img/a.png", "https://e.org/img/b.png"]


def test_page_parse_stops_at_the_last_og_spelling():
    from turbohtml._structured import parse_for_opengraph

    body = "".join(f"<p>paragraph {i}</p>" for i in range(20_000))
    page = f'<head><meta property="og:title" content="T"></head><body>{body}</body>'
    assert len(parse_for_opengraph(page, False).select("p")) < 1_000  # nothing to read past the head
    late = page.replace("paragraph 19999", "paragraph og: 19999")
    assert len(parse_for_opengraph(late, False).select("p")) == 20_000
    # with base_url the parse runs on to the last <base
    late_base = page.replace("</body>", '<base href="/x/"></body>')
    assert len(parse_for_opengraph(late_base, True).select("p")) == 20_000
    # a str that does not encode as is (a lone surrogate) still parses
    odd = page.replace("paragraph 5 ", "paragraph \ud800 ")
    assert opengraph(odd) == {"title": "T"} == turbohtml.parse(odd).opengraph()
    wide = '<head><meta property="og:title" content="' + "é€𝄞" * 3000 + '"></head><body><p>og:</p>'
    assert opengraph(wide) == {"title": "é€𝄞" * 3000} == turbohtml.parse(wide).opengraph()


def test_partial_parse_agrees_with_the_full_walk_on_every_dataset_page():
    truth, pages = article_benchmark()
    sources = [read_gzip_text(path) for path in pages]
    sources += [read_gzip_text(folder / "source.html.gz") for folder in readability_pages()]
    sources += [path.read_text(encoding="utf8") for path in data_path("opengraph").rglob("*.html")]
    with_cards = 0
    for page in sources:
        for markup in (page, page.encode("utf8")):
            for base in (None, "https://example.org/a/b"):
                full = turbohtml.parse(markup).opengraph(base)
                partial = opengraph(markup, base)
                assert partial == full
                assert all(partial.get_all(key) == full.get_all(key) for key in full)
        with_cards += bool(full)
    assert with_cards > 200  # the comparison is not between empty cards
