"""turbohtml.render: Node.to_markdown(), Article.to_markdown(), Article.to_html().

Every Markdown case is also rendered back to HTML with markdown-it-py (CommonMark + GFM
tables) and compared block by block (kind and words, bench/render.py's reduction) with
the input: the Markdown is valid, not only pretty.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import turbohtml
from turbohtml.clean import Sanitizer
from turbohtml.render import ARTICLE_POLICY

from conftest import bench_module, data_path, read_gzip_text

REPO = Path(__file__).resolve().parents[1]
render_bench = bench_module("render")


def _markdown(markup: str, **options) -> str:
    return turbohtml.parse(f"<div id=x>{markup}</div>").select_one("#x").to_markdown(**options)


CASES = [
    # ATX headings, paragraphs
    ("<h1>Title</h1><p>Intro.</p><h3>Sub</h3><p>Body.</p>", "# Title\n\nIntro.\n\n### Sub\n\nBody."),
    # emphasis, strong, strike-through, inline code (backticks inside get a longer fence)
    ("<p>An <em>em</em>, a <strong>strong</strong>, <del>gone</del> and <code>a`b</code>.</p>",
     "An *em*, a **strong**, ~~gone~~ and ``a`b``."),
    # whitespace inside emphasis moves outside the markers; adjacent spans merge
    ("<p>x<b> bold </b>y <i>a</i><i>b</i></p>", "x **bold** y *ab*"),
    # Markdown's special characters in text are escaped ('>' only where it opens a quote)
    ("<p>2 * 3 = [6] &lt;tag&gt; a_b `c` | ~d~ &amp;amp; \\</p>",
     "2 \\* 3 = \\[6\\] \\<tag> a\\_b \\`c\\` \\| \\~d\\~ \\&amp; \\\\"),
    # line starts that would become headings, lists, rules or quotes are escaped
    ("<p># not a heading<br>- not an item<br>1. not a number<br>=== not a rule<br>&gt; not a quote</p>",
     "\\# not a heading\\\n\\- not an item\\\n1\\. not a number\\\n\\=== not a rule\\\n\\> not a quote"),
    # trafilatura's tests (tests/unit_tests.py): a heading's own '#' is inert, a literal '*'
    # beside real emphasis is escaped without joining the emphasis
    ("<h2># nested hash in heading</h2>", "## # nested hash in heading"),
    ("<p>*<i>x</i>*</p>", "\\**x*\\*"),
    ("<p>**<b>x</b>**</p>", "\\*\\***x**\\*\\*"),
    # sup/sub stay inline HTML: "100<sup>2</sup>" must not read "1002" (trafilatura's issue #889)
    ("<p>The layer has 100<sup>2</sup>=10000 nodes.</p>", "The layer has 100<sup>2</sup>=10000 nodes."),
    # a code span's flanking spaces go outside the backticks (trafilatura's tests, #843)
    ("<p>a <code> x </code> b</p>", "a `x` b"),
    # links resolved against the page's base; no href, no link; javascript: links dropped
    ('<p><a href="/a">one</a>, <a>two</a>, <a href="javascript:x()">three</a></p>',
     "[one](https://example.test/a), two, three"),
    # nested lists, ordered numbering from start, a second paragraph of an item
    ("<ul><li>a<ul><li>a1</li></ul></li><li>b</li></ul>", "- a\n  - a1\n- b"),
    ('<ol start="9"><li>nine<ul><li>sub</li></ul></li><li><p>ten</p><p>more</p></li></ol>',
     "9. nine\n   - sub\n10. ten\n\n    more"),
    # GFM table: header row, pipes escaped
    ("<table><tr><th>k</th><th>v</th></tr><tr><td>a|b</td><td><b>1</b></td></tr></table>",
     "| k | v |\n| --- | --- |\n| a\\|b | **1** |"),
    # fenced code with the language from class="language-x", whitespace kept
    ('<pre><code class="language-python">def f():\n    return "```"</code></pre>',
     '````python\ndef f():\n    return "```"\n````'),
    # block quotes, a quote of two paragraphs stays one quote
    ("<blockquote><p>one</p><p>two</p></blockquote><p>after</p>", "> one\n>\n> two\n\nafter"),
    # <br><br> separates paragraphs, a single <br> is a hard break
    ("<p>a<br><br>b<br>c</p>", "a\n\nb\\\nc"),
]


@pytest.mark.parametrize(("markup", "expected"), CASES)
def test_markdown_constructs(markup, expected):
    page = f'<html><head><base href="https://example.test/"></head><body><div id=x>{markup}</div></body></html>'
    node = turbohtml.parse(page).select_one("#x")
    markdown = node.to_markdown()
    assert markdown == expected
    # rendered back, the Markdown has the input's blocks (javascript: link text aside)
    assert render_bench.markdown_blocks(markdown) == render_bench.html_blocks(node.html)


def test_images_only_when_asked():
    markup = '<p>See <img src="/i.png" alt="a [chart]"> here</p>'
    assert _markdown(markup) == "See here"
    page = turbohtml.parse(f'<base href="https://example.test/x/"><div id=x>{markup}</div>')
    assert page.select_one("#x").to_markdown(images=True) == "See ![a \\[chart\\]](https://example.test/i.png) here"


def test_links_off_keeps_text():
    assert _markdown('<p><a href="https://x.test/">text</a></p>', links=False) == "text"


def test_base_url_argument_and_errors():
    assert _markdown('<p><a href="b">t</a></p>', base_url="https://h.test/a/") == "[t](https://h.test/a/b)"
    with pytest.raises(TypeError, match="links"):
        _markdown("<p>x</p>", links="yes")


# ---------------------------------------------------------------- the article


@pytest.fixture(scope="module")
def example_article():
    return turbohtml.parse((REPO / "examples" / "page.html").read_bytes()).article()


def test_article_markdown(example_article):
    markdown = example_article.to_markdown()
    assert markdown.startswith("For the first time in ten years")
    assert "\n\n## Why now\n\n" in markdown and "\n\n## What it costs\n\n" in markdown
    assert "\n- Zurich to Vienna: about 11 hours, daily.\n- Zurich to Ljubljana" in markdown
    # the same boilerplate removal as Article.text: no share bar, no comments
    assert "Most read" not in markdown and "comments" not in markdown


def test_article_html(example_article):
    fragment = example_article.to_html()
    assert fragment.startswith("<p>For the first time in ten years")
    assert "<h2>Why now</h2>" in fragment
    assert "<ul><li>Zurich to Vienna: about 11 hours, daily.</li><li>Zurich to Ljubljana" in fragment
    assert Sanitizer(ARTICLE_POLICY).sanitize(fragment) == fragment  # already clean
    assert render_bench.html_blocks(fragment) == render_bench.markdown_blocks(example_article.to_markdown())


def test_article_without_content():
    article = turbohtml.parse("<p>short</p>").article()
    assert article.element is None
    assert article.to_markdown() == "" and article.to_html() == ""


def test_to_html_is_sanitized():
    page = ("<div class=post><p>" + "Long enough prose, with commas, to be the content body. " * 6
            + '<a href="javascript:alert(1)" onclick="x()">link</a><img src=x onerror=alert(1)></p>'
            "<script>alert(1)</script></div>")
    fragment = turbohtml.parse(page).article().to_html(images=True)
    assert "javascript" not in fragment and "onerror" not in fragment and "script" not in fragment
    assert '<img src="x" alt="">' in fragment


def test_markdown_round_trips_on_real_pages():
    # Markdown rendered back has exactly the blocks of the HTML rendering, page after page:
    # escaping, emphasis, lists and tables survive real text
    paths = sorted(data_path("readability-pages", "pages").glob("*/source.html.gz"))[::4]
    paths += sorted(data_path("article-benchmark", "html").glob("*.html.gz"))[::6]
    assert len(paths) > 60
    for path in paths:
        article = turbohtml.parse(read_gzip_text(path)).article()
        html_blocks = render_bench.html_blocks(article.to_html())
        assert render_bench.markdown_blocks(article.to_markdown()) == html_blocks, path


def test_inline_markdown_runs():
    """render.inline_markdown: one paragraph per (element, run); a run is the text between
    an element's nested blocks, as a paragraph unit has it."""
    from turbohtml.render import inline_markdown

    doc = turbohtml.parse('<base href="https://example.test/"><ul><li>one <b>1</b><ul><li>sub</li></ul>'
                          'two <a href="/t">2</a></li></ul><p>1. not a list</p>')
    item, paragraph = doc.select_one("li"), doc.select_one("p")
    assert inline_markdown([(item, 0), (item, 1), (paragraph, None)]) == [
        "one **1**", "two [2](https://example.test/t)", "1\\. not a list"]
    assert inline_markdown([(item, 1)], links=False) == ["two 2"]
    assert inline_markdown([(item, 7)]) == [""]
    assert inline_markdown([]) == []
    with pytest.raises(ValueError, match="run"):
        inline_markdown([(item, -1)])
    with pytest.raises(TypeError, match="links"):
        inline_markdown([(item, 0)], links="yes")


def test_markdown_style_spells_what_commonmark_leaves_open():
    from turbohtml.render import MarkdownStyle, inline_markdown, node_markdown

    node = turbohtml.parse("<div id=x><p>a <b> x </b> b<br>c \\(n_1\\)</p></div>").select_one("#x")
    # the default: spaces squeezed, a hard break, TeX delimiters escaped like any backslash
    assert node_markdown(node) == "a **x** b\\\nc \\\\(n\\_1\\\\)"
    style = MarkdownStyle(keep_spaces=True, line_break="\n", tex_math=True)
    assert node_markdown(node, style=style) == "a  **x**  b\nc $n_1$"
    paragraph = node.select_one("p")
    assert inline_markdown([(paragraph, None)], style=style) == ["a  **x**  b\nc $n_1$"]
    table = turbohtml.parse("<table id=t><tr><td>a</td></tr><tr><th>h</th></tr></table>").select_one("#t")
    assert node_markdown(table) == "| a |\n| --- |\n| h |"
    assert node_markdown(table, style=MarkdownStyle(rule_after_th=True, rule_cell="---")) == "| a |\n| h |\n|---|"
    with pytest.raises(TypeError):
        node_markdown(node, style="trafilatura")
