"""Rich notebook views (``_repr_html_``) and ``Document.highlight()``: escaping,
structure, marking, and, in headless Chromium, that no page script ever runs."""

from __future__ import annotations

import html as htmllib
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

import turbohtml
from turbohtml._display import (
    boilerplate_compare_html,
    boilerplate_html,
    microdata_html,
    sandboxed_iframe,
)
from turbohtml.extract import Extraction, MicrodataItem, StructuredData
from turbohtml.extract.opengraph import OpenGraph
from turbohtml.extract.records import Paragraph, PublicationDate

from conftest import UNDER_ASAN

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "page.html"

PROSE = (
    "The committee met on Tuesday, as it does every month, and agreed after a long debate, "
    "with several amendments, that the new library wing would open in the spring."
)

# A page written to attack every view: scripts in head and SVG, event handlers,
# javascript: URLs, a nested frame, a foreign-content <style> spelling a script, and
# markup inside titles, metadata, JSON-LD and microdata values. Every script tries to
# tell the host page it ran (postMessage, console, document.title).
RAN = "parent.postMessage('ran:{0}','*');console.error('ran:{0}');document.title='PWNED'"
HOSTILE = f"""<!DOCTYPE html>
<html lang="en"><head>
<title>Evil &lt;b&gt;"title"&lt;/b&gt; &amp; co</title>
<meta property="og:title" content="&lt;img src=x onerror=&quot;{RAN.format('og')}&quot;&gt;">
<meta property="og:image" content="javascript:{RAN.format('ogimage')}">
<meta property="og:description" content="A &quot;quoted&quot; description &amp; more">
<meta http-equiv="refresh" content="0;url=javascript:{RAN.format('refresh')}">
<base href="javascript:{RAN.format('base')}//">
<script>{RAN.format('head')}</script>
<script type="application/ld+json">{{"@type": "NewsArticle", "headline": "</script><script>{RAN.format('ld')}</script>"}}</script>
</head>
<body onload="{RAN.format('onload')}">
<nav class="menu"><a href="/a">Home</a> <a href="/b">News</a> <a href="/c">Sport</a></nav>
<div class="sidebar"><p>Subscribe to the newsletter for more stories like this one every week.</p></div>
<article class="content">
<h1 onclick="{RAN.format('h1')}">The library wing opens</h1>
<p>{PROSE}</p>
<p>{PROSE} <a href="javascript:{RAN.format('jsurl')}">the plans</a></p>
<p style="background:url(javascript:{RAN.format('css')})">{PROSE}</p>
<img src="x" onerror="{RAN.format('onerror')}" alt="plan">
<svg><script>{RAN.format('svg')}</script><style>&lt;/style&gt;&lt;img src=x onerror="{RAN.format('svgstyle')}"&gt;</style></svg>
<iframe srcdoc="&lt;script&gt;{RAN.format('nested')}&lt;/script&gt;"></iframe>
<object data="javascript:{RAN.format('object')}"></object>
<noscript><p title="</noscript><img src=x onerror={RAN.format('noscript')}>"></p></noscript>
<p>Short</p>
<p>Read <a href="/x">this</a> and <a href="/y">that</a> and <a href="/z">the other</a></p>
<div itemscope itemtype="https://schema.org/Person"><span itemprop="name">&lt;script&gt;{RAN.format('md')}&lt;/script&gt;</span>
<div itemprop="address" itemscope itemtype="https://schema.org/PostalAddress"><span itemprop="addressLocality">Zürich</span></div></div>
</article>
<footer><p>© 2026 Example &lt;corp&gt;, all rights reserved, no rights given away for free.</p></footer>
</body></html>"""  # noqa: E501  (the page's own lines)


@pytest.fixture(scope="module")
def hostile():
    return turbohtml.parse(HOSTILE)


@pytest.fixture(scope="module")
def example():
    return turbohtml.parse(EXAMPLE.read_bytes())


def _srcdoc(snippet: str) -> str:
    """The page copy inside a highlight snippet (the srcdoc value, unescaped)."""
    found = re.findall(r'<iframe sandbox="" [^>]*srcdoc="([^"]*)"', snippet)
    assert len(found) == 1, "exactly one sandboxed iframe"
    return htmllib.unescape(found[0])


# ---------------------------------------------------------------- escaping and reprs


def test_plain_reprs_stay_short(hostile, example):
    assert repr(example) == "Document(title='Night trains return to the Alps | The Example Gazette')"
    assert repr(example.main_content()) == "Element('div')"
    assert len(repr(example.article())) < 200


def test_document_preview_is_collapsed_and_escaped(hostile):
    out = hostile._repr_html_()
    assert out.startswith("<details")
    assert "Evil &lt;b&gt;&quot;title&quot;&lt;/b&gt; &amp; co" in out
    # The page source is shown as text: not one tag from the page survives unescaped.
    assert "<script" not in out.lower() and "<img" not in out.lower() and "<svg" not in out.lower()
    assert "&lt;script&gt;" in out
    assert "lang=en" in out


def test_element_preview_names_tag_size_and_children(example):
    body = example.main_content()
    out = body._repr_html_()
    assert "&lt;div class=&quot;post-body&quot;&gt;" in out
    assert f"{len(body)} children" in out
    assert "<p>" not in out  # the children's markup is escaped source, not rendered
    assert "&lt;p&gt;For the first time" in out


def test_text_and_comment_previews():
    doc = turbohtml.parse("<p>a &lt;b&gt; c<!-- <i>note</i> --></p>")
    text, comment = doc.select_one("p").children
    assert "a &lt;b&gt; c" in text._repr_html_() and "<b>Text</b>" in text._repr_html_()
    assert "&lt;i&gt;note&lt;/i&gt;" in comment._repr_html_() and "<i>" not in comment._repr_html_()


def test_article_table_then_text(example, hostile):
    out = example.article()._repr_html_()
    for field in ("title", "byline", "date", "description", "lang", "element"):
        assert f">{field}</th>" in out
    assert "Mara Lindqvist" in out and "&lt;div class=&quot;post-body&quot;&gt;" in out
    # The text follows the table, one <p> per paragraph of Article.text.
    assert out.index("</table>") < out.index("For the first time")
    assert out.count("<p style='margin:0 0 8px'>") == example.article().text.count("\n\n") + 1
    evil = hostile.article()._repr_html_()
    assert "<script" not in evil.lower() and "onerror=" not in evil.replace("onerror=&quot;", "")


def test_boilerplate_view_marks_every_paragraph(example):
    paragraphs = example.boilerplate()
    assert type(paragraphs) is list  # the spec's return type is untouched
    out = boilerplate_html(paragraphs)
    kinds = re.findall(r"data-kind='(\w+)'", out)
    assert kinds == ["boilerplate" if p.is_boilerplate else "content" for p in paragraphs]
    assert out.count(">heading</span>") == sum(p.is_heading for p in paragraphs)
    content = sum(not p.is_boilerplate for p in paragraphs)
    assert f"{len(paragraphs)} paragraphs: {content} content, {len(paragraphs) - content} boilerplate" in out
    # In document order: the navigation first, the footer last.
    assert out.index("News Travel Culture") < out.index("For the first time") < out.index("Privacy")


def test_paragraph_repr_escapes():
    out = Paragraph("<b>bold</b> & co", is_boilerplate=True, is_heading=True)._repr_html_()
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; co" in out and "<b>bold" not in out
    assert "data-kind='boilerplate'" in out and ">heading</span>" in out


def test_compare_flags_changed_rows(example):
    default, justext = example.boilerplate(), example.boilerplate(Extraction.justext())
    changed = sum(a.is_boilerplate != b.is_boilerplate for a, b in zip(default, justext, strict=True))
    assert changed  # justext's 70-character floor drops the short list items
    out = boilerplate_compare_html(default, justext, ("default", "<justext>"))
    assert out.count("<tr class='changed'") == changed
    assert out.count("<tr class='same'") == len(default) - changed
    assert f"{changed} paragraphs classified differently" in out and "&lt;justext&gt;" in out


def test_date_repr():
    out = PublicationDate("2026-11-18", "json-ld")._repr_html_()
    assert "<b>2026-11-18</b>" in out and "<code>json-ld</code>" in out and "JSON-LD" in out


def test_opengraph_card(hostile):
    og = OpenGraph(
        {
            "title": "Night <trains>",
            "image": "https://img.example/a.jpg?x=1&y=2",
            "url": "https://gazette.example.org/a",
            "description": "Sleepers & couchettes",
            "site_name": "Gazette",
        }
    )
    out = og._repr_html_()
    assert "<img src='https://img.example/a.jpg?x=1&amp;y=2'" in out
    assert "Night &lt;trains&gt;" in out and "Sleepers &amp; couchettes" in out and "Gazette" in out
    assert "href='https://gazette.example.org/a'" in out
    assert "5 properties" in out
    evil = hostile.opengraph()._repr_html_()
    assert "javascript" not in evil.split("<details>")[0]  # no image, no link from a javascript: URL
    assert "<img src=x" not in evil and "&lt;img src=x onerror=" in evil
    assert "A &quot;quoted&quot; description &amp; more" in evil
    assert "no og: properties" in OpenGraph({})._repr_html_()


def test_microdata_tree(hostile):
    (item,) = hostile.microdata()
    out = item._repr_html_()
    assert "<b>https://schema.org/Person</b>" in out and "<b>https://schema.org/PostalAddress</b>" in out
    assert "<code>addressLocality</code>: Zürich" in out
    # The nested item sits in a list inside the outer item's list.
    assert out.index("Person") < out.index("<code>address</code>") < out.index("PostalAddress")
    assert "&lt;script&gt;" in out and "<script" not in out


def test_deep_microdata_renders_iteratively():
    item = MicrodataItem("t:leaf", None, {"name": ("leaf",)})
    for depth in range(10_000):
        item = MicrodataItem(f"t:{depth}", None, {"child": (item,)})
    out = microdata_html(item)
    assert "deeper levels not shown" in out and "t:9999" in out and "t:leaf" not in out


def test_structured_data_sections(hostile):
    data = hostile.structured_data()
    out = data._repr_html_()
    assert "JSON-LD</b>" in out and "Microdata</b>" in out and "Open Graph</b>" in out
    assert "1 item" in out
    blocks = StructuredData([{"headline": "</pre><script>x()</script>"}], [], OpenGraph({}))._repr_html_()
    assert "&lt;/pre&gt;&lt;script&gt;x()&lt;/script&gt;" in blocks and "<script" not in blocks
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    assert "1 block" in StructuredData([deep], [], OpenGraph({}))._repr_html_()


# ---------------------------------------------------------------- highlight


def test_highlight_outlines_content_and_dims_boilerplate(example):
    snippet = example.highlight()
    assert snippet.count("<iframe") == 1 and 'sandbox=""' in snippet and "allow-" not in snippet
    assert "&lt;div class=&quot;post-body&quot;&gt;</code> outlined" in snippet
    copy = turbohtml.parse(_srcdoc(snippet))
    (content,) = copy.select('[data-turbohtml="content"]')
    assert content.attr("class") == "post-body"
    dimmed = {node.tag for node in copy.select('[data-turbohtml="boilerplate"]')}
    assert {"header", "aside", "footer"} <= dimmed
    assert not copy.select('[data-turbohtml="content"] [data-turbohtml="boilerplate"]')
    # The copy keeps the page's text and inline style, and none of its scripts.
    assert "window.analytics" not in _srcdoc(snippet) and not copy.select("script")
    assert "font-family: serif" in _srcdoc(snippet)
    assert copy.select_one('meta[http-equiv="Content-Security-Policy"]') is not None


def test_highlight_dims_in_content_units_under_options(example):
    strict = turbohtml.parse(_srcdoc(example.highlight(Extraction.justext())))
    inside = strict.select('[data-turbohtml="content"] [data-turbohtml="boilerplate"]')
    texts = {" ".join(node.text.split()) for node in inside}
    # Exactly the in-content units boilerplate() classifies as boilerplate with those options.
    assert texts == {
        "The new sleeper at Zurich main station.",
        "Zurich to Vienna: about 11 hours, daily.",
        "Zurich to Ljubljana: about 12 hours, four nights a week.",
    }


def test_highlight_strips_every_script_vector(hostile):
    snippet = hostile.highlight()
    page = _srcdoc(snippet)
    copy = turbohtml.parse(page)
    assert not copy.select("script, iframe, object, embed, noscript, base, meta[http-equiv=refresh]")
    for node in copy.descendants:
        for name, value in node.attrs.items():
            assert not name.lower().startswith("on"), (node, name)
            assert "javascript" not in value.lower(), (node, name, value)
    # What is left of the attacks is text: the <style> in SVG and the microdata value.
    assert "&lt;img src=x onerror=" in page and "&lt;script&gt;parent.postMessage('ran:md'" in page
    # The srcdoc attribute is fully escaped: the snippet holds one tag from the page copy.
    assert "<script" not in snippet.lower() and "<img" not in snippet.lower()
    (content,) = copy.select('[data-turbohtml="content"]')
    assert content.tag == "article"
    assert {"nav", "div", "footer"} <= {n.tag for n in copy.select('[data-turbohtml="boilerplate"]')}


def test_highlight_without_content_body():
    doc = turbohtml.parse("<nav><a href='/a'>A</a> <a href='/b'>B</a></nav> loose text <footer>x</footer>")
    snippet = doc.highlight()
    assert "no content body scored" in snippet
    copy = turbohtml.parse(_srcdoc(snippet))
    assert not copy.select('[data-turbohtml="content"]')
    assert [n.tag for n in copy.select('[data-turbohtml="boilerplate"]')] == ["nav", "span", "footer"]


def test_highlight_deep_page_and_bad_options():
    deep = turbohtml.parse("<div>" * 20_000 + f"<p>{PROSE}</p>" + "</div>" * 20_000)
    assert "outlined" in deep.highlight()
    with pytest.raises(TypeError, match="Extraction"):
        deep.highlight(options={"min_length": 3})


# ---------------------------------------------------------------- in a browser

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# (Chromium started from the sanitizer run inherits LD_PRELOAD=libasan.so and fails)
needs_chromium = pytest.mark.skipif(CHROMIUM is None or UNDER_ASAN, reason="headless Chromium not installed or usable")

# The host page: it listens for messages a page script would post, and reports each in
# its title, so a script that ran anywhere leaves a trace in the dumped DOM.
HOST = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>host</title>
<script>addEventListener('message', function (e) {{ document.title += ' MSG:' + e.data; }});</script>
</head><body>{body}</body></html>"""


def _render(body: str) -> tuple[str, list[str]]:
    """Load ``body`` in headless Chromium; return the dumped DOM and the console lines."""
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "page.html"
        page.write_text(HOST.format(body=body), encoding="utf-8")
        result = subprocess.run(
            [
                CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                f"--user-data-dir={tmp}/profile", "--enable-logging=stderr", "--v=0",
                "--virtual-time-budget=5000", "--dump-dom", page.as_uri(),
            ],
            check=False, capture_output=True, text=True, timeout=180,
        )
    console = [line for line in result.stderr.splitlines() if ":CONSOLE" in line]
    return result.stdout, console


def _title(dom: str) -> str:
    match = re.search(r"<title>(.*?)</title>", dom, re.DOTALL)
    assert match, dom[:500]
    return match.group(1)


@needs_chromium
def test_harness_detects_a_script_that_runs():
    # The control: the same page in an unsandboxed srcdoc frame does run, and the
    # harness sees it, so the test below can fail.
    dom, console = _render(f'<iframe srcdoc="{htmllib.escape(HOSTILE)}"></iframe>')
    assert "MSG:ran:" in _title(dom)
    assert any("ran:" in line for line in console)


@needs_chromium
def test_every_view_renders_in_chromium_without_running_page_scripts(hostile, example):
    views = [
        hostile._repr_html_(),
        hostile.body._repr_html_(),
        hostile.select_one("article")._repr_html_(),
        hostile.select_one("svg").children[0]._repr_html_(),
        hostile.article()._repr_html_(),
        boilerplate_html(hostile.boilerplate()),
        boilerplate_compare_html(hostile.boilerplate(), hostile.boilerplate(Extraction.justext())),
        hostile.boilerplate()[0]._repr_html_(),
        PublicationDate("2026-11-18", "meta")._repr_html_(),
        hostile.opengraph()._repr_html_(),
        hostile.microdata()[0]._repr_html_(),
        hostile.structured_data()._repr_html_(),
        hostile.highlight(),
        hostile.highlight(Extraction.justext()),
        example.highlight(),
        example.article()._repr_html_(),
        example.structured_data()._repr_html_().replace(  # an offline-safe card image
            "https://gazette.example.org/img/night-train.jpg",
            "data:image/gif;base64,R0lGODlhAQABAAAAACw=",
        ),
    ]
    body = "".join(f"<section class='view' id='v{i}'>{view}</section>" for i, view in enumerate(views))
    dom, console = _render(body)
    assert _title(dom) == "host", "a page script ran and reported to the host"
    assert console == [], console
    # Every view made it into the rendered DOM, page frames as sandboxed srcdoc only.
    assert dom.count("<section class=\"view\"") == len(views)
    frames = re.findall(r"<iframe\b[^>]*>", dom)
    assert len(frames) == 3 and all('sandbox=""' in frame for frame in frames)
    assert "turbohtml-article" in dom and "turbohtml-microdata" in dom and "turbohtml-opengraph" in dom


@needs_chromium
def test_sandbox_alone_blocks_a_script():
    # Defence in depth: even a copy that still carried a script would not run it.
    dom, console = _render(sandboxed_iframe(f"<script>{RAN.format('raw')}</script>"))
    assert _title(dom) == "host"
    assert all("ran:" not in line for line in console)


# ---------------------------------------------------------------- real pages


def test_highlight_on_real_pages():
    # Every 6th page of the article benchmark (31 real news pages with their ads,
    # trackers and inline scripts): the copy keeps no script vector, and the content
    # body, and the in-content units that fail the thresholds, are marked.
    from conftest import article_benchmark, read_gzip_text

    _, pages = article_benchmark()
    dimmed_inside = 0
    for path in pages[::6]:
        doc = turbohtml.parse(read_gzip_text(path))
        copy = turbohtml.parse(_srcdoc(doc.highlight(Extraction.justext())))
        assert not copy.select("script, iframe, object, embed, frame, base"), path.name
        for node in copy.descendants:
            for name, value in node.attrs.items():
                assert not name.lower().startswith("on"), (path.name, name)
                assert not value.strip().lower().startswith("javascript:"), (path.name, name)
        marked = copy.select('[data-turbohtml="content"]')
        assert len(marked) == (doc.main_content() is not None), path.name
        dimmed_inside += len(copy.select('[data-turbohtml="content"] [data-turbohtml="boilerplate"]'))
        assert "<script" not in doc.article()._repr_html_().lower()
    assert dimmed_inside > 50  # short captions, bylines and link lists inside the articles


def test_highlight_dims_the_units_own_node_not_a_link_that_reads_alike():
    # wikipedia-2 of the Readability pages: a paragraph whose text the unit walk reshapes
    # (there a formula, here a soft hyphen) reads unlike its unit, and matching by text
    # dimmed a reference link inside it that reads like a short unit further down
    prose = "A long paragraph of the article about night trains and their Fahr\u00adpl\u00e4ne. " * 6
    page = turbohtml.parse(
        "<html><body><article><h1>Night trains</h1>"
        f"<p>{prose}<a href='#n1'>[1]</a> and more of it.</p><p>{prose}</p>"
        "<ul><li><a href='/a'>[1]</a></li></ul><p>Share</p></article></body></html>"
    )
    copy = turbohtml.parse(_srcdoc(page.highlight(Extraction.justext())))
    dimmed = [(node.tag, " ".join(node.text.split())) for node in
              copy.select('[data-turbohtml="content"] [data-turbohtml="boilerplate"]')]
    assert dimmed == [("ul", "[1]"), ("p", "Share")]
