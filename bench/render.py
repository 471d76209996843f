"""Structure of the rendered article: block-sequence F1 against real references, ours vs trafilatura.

Each output is reduced to its sequence of blocks, (kind, text): kind is the heading level,
paragraph, list item, table cell, pre or quote, text the block's own words (lower-cased
``\\w+`` tokens). Block-sequence F1 counts the blocks matched in order (difflib's matching
blocks) against the reference's blocks.

- readability-pages: the reference is Readability.js's own ``expected.html`` (kinds count).
- article-benchmark: the reference is the ground-truth ``articleBody``, one block per line
  (no kinds there: only the texts are compared).

Contenders, same run: ``Article.to_html()``, ``Article.to_markdown()`` rendered back to
HTML with markdown-it-py (CommonMark + GFM tables), and trafilatura's
``output_format="markdown"`` (rendered back the same way) and ``"xml"``. Run:
    python bench/render.py [--limit N]
"""

from __future__ import annotations

import argparse
import difflib
import gzip
import json
import re
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"

_WORDS = re.compile(r"\w+")
_HEADINGS = {f"h{n}": f"h{n}" for n in range(1, 7)}
_KINDS = {**_HEADINGS, "li": "li", "dt": "li", "dd": "li", "td": "cell", "th": "cell", "pre": "pre"}
_BLOCKS = frozenset(
    "address article aside blockquote body caption center dd details div dl dt fieldset figcaption figure "
    "footer form header hgroup hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul "
    "h1 h2 h3 h4 h5 h6".split()
)
_SKIP = frozenset({"script", "style", "noscript", "template", "head", "title"})


def _words(text: str) -> str:
    return " ".join(_WORDS.findall(text.lower()))


def html_blocks(markup: str) -> list[tuple[str, str]]:
    """The (kind, words) blocks of an HTML fragment or page, in document order: each block
    element's own text (a nested block or a <br> starts a new one), kind from the innermost
    block (a paragraph inside a <blockquote> is a quote)."""
    import lxml.html

    if not markup.strip():
        return []
    root = lxml.html.fragment_fromstring(markup, create_parent="div")
    blocks: list[tuple[str, str]] = []

    def kind_of(element, quoted: bool) -> str:
        kind = _KINDS.get(element.tag)
        if kind is None:
            kind = "quote" if quoted else "p"
        return kind

    def visit(element, kind: str, quoted: bool) -> None:
        pieces: list[str] = []

        def flush() -> None:
            words = _words("".join(pieces))
            if words:
                blocks.append((kind, words))
            pieces.clear()

        if element.text:
            pieces.append(element.text)
        for child in element:
            tag = child.tag if isinstance(child.tag, str) else ""
            if tag in _SKIP or not tag:
                pass
            elif tag in _BLOCKS:
                flush()
                inner_quoted = quoted or tag == "blockquote"
                # a list item or cell keeps its kind for the paragraphs inside it
                keeps = kind in ("li", "cell", "pre") and tag not in _KINDS
                inner_kind = kind if keeps else kind_of(child, inner_quoted)
                visit(child, inner_kind, inner_quoted)
            elif tag == "br":
                flush()  # a line of its own, as the article-benchmark's text lines are
            else:
                pieces.append(child.text_content())
            if child.tail:
                pieces.append(child.tail)
        flush()

    visit(root, "p", False)
    return blocks


def text_blocks(text: str) -> list[tuple[str, str]]:
    """Plain text as blocks, one per non-empty line (kinds unknown: all paragraphs)."""
    return [("p", words) for line in text.splitlines() if (words := _words(line))]


def markdown_blocks(markdown: str) -> list[tuple[str, str]]:
    return html_blocks(markdown_to_html(markdown))


_RENDERER = None


def markdown_to_html(markdown: str) -> str:
    global _RENDERER
    if _RENDERER is None:
        from markdown_it import MarkdownIt

        _RENDERER = MarkdownIt("commonmark").enable("table").enable("strikethrough")
    return _RENDERER.render(markdown)


def trafilatura_xml_blocks(xml: str | None) -> list[tuple[str, str]]:
    """trafilatura's XML (<head rend="h2">, <p>, <list><item>, <table><row><cell>, <code>,
    <quote>) as blocks."""
    if not xml:
        return []
    from lxml import etree

    root = etree.fromstring(xml.encode("utf8"))
    blocks = []
    names = {"p": "p", "item": "li", "cell": "cell", "code": "pre", "quote": "quote"}
    for element in root.iter("head", "p", "item", "cell", "code", "quote"):
        if element.getparent() is not None and element.getparent().tag in ("p", "item", "cell", "head", "quote") \
                and element.tag not in ("item", "cell"):
            continue  # inline (code inside a paragraph)
        kind = element.get("rend", "h2") if element.tag == "head" else names[element.tag]
        words = _words("".join(element.itertext()))
        if words:
            blocks.append((kind, words))
    return blocks


def sequence_f1(ours: list, reference: list, kinds: bool = True) -> tuple[float, float, float]:
    if not kinds:
        ours = [text for _, text in ours]
        reference = [text for _, text in reference]
    if not ours and not reference:
        return 1.0, 1.0, 1.0
    if not ours or not reference:
        return 0.0, 0.0, 0.0
    matcher = difflib.SequenceMatcher(None, ours, reference, autojunk=False)
    matched = sum(block.size for block in matcher.get_matching_blocks())
    precision, recall = matched / len(ours), matched / len(reference)
    f1 = 2 * precision * recall / (precision + recall) if matched else 0.0
    return precision, recall, f1


def contenders(links_base: str | None = None) -> dict:
    import turbohtml

    def ours_html(page: str) -> list:
        return html_blocks(turbohtml.parse(page).article().to_html())

    def ours_markdown(page: str) -> list:
        return markdown_blocks(turbohtml.parse(page).article().to_markdown())

    found = {"turbohtml to_html()": ours_html, "turbohtml to_markdown()": ours_markdown}
    try:
        import trafilatura

        found["trafilatura markdown"] = lambda page: markdown_blocks(
            trafilatura.extract(page, output_format="markdown", include_formatting=True, include_tables=True) or "")
        found["trafilatura xml"] = lambda page: trafilatura_xml_blocks(
            trafilatura.extract(page, output_format="xml", include_formatting=True, include_tables=True))
    except ImportError:
        pass
    return found


def readability_pages(limit: int | None) -> list[tuple[str, list]]:
    root = DATA / "readability-pages" / "pages"
    pages = []
    for folder in sorted(p for p in root.iterdir() if (p / "expected.html.gz").is_file())[:limit]:
        source = gzip.open(folder / "source.html.gz", "rt", encoding="utf8").read()
        expected = gzip.open(folder / "expected.html.gz", "rt", encoding="utf8").read()
        pages.append((source, html_blocks(expected)))
    return pages


def article_benchmark(limit: int | None) -> list[tuple[str, list]]:
    truth = json.loads((DATA / "article-benchmark" / "ground-truth.json").read_text(encoding="utf8"))
    pages = []
    for path in sorted((DATA / "article-benchmark" / "html").glob("*.html.gz"))[:limit]:
        key = path.name.removesuffix(".html.gz")
        pages.append((gzip.open(path, "rt", encoding="utf8").read(), text_blocks(truth[key]["articleBody"])))
    return pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=None, help="pages per set (default: all)")
    args = parser.parse_args()
    sets = {"readability-pages": (readability_pages(args.limit), True),
            "article-benchmark": (article_benchmark(args.limit), False)}
    rows = {}
    for name, render in contenders().items():
        rows[name] = {}
        for set_name, (pages, kinds) in sets.items():
            scores = [sequence_f1(render(source), reference, kinds) for source, reference in pages]
            rows[name][set_name] = tuple(sum(s[i] for s in scores) / len(scores) for i in range(3))
    print("mean page block-sequence F1 (P/R); readability-pages compares kinds and words, "
          "article-benchmark words only")
    print(f"{'renderer':<26}" + "".join(f"{name + f' ({len(p)})':>30}" for name, (p, _) in sets.items()))
    for name, row in rows.items():
        cells = "".join(f"{f'{f:.3f} ({p:.3f}/{r:.3f})':>30}" for p, r, f in row.values())
        print(f"{name:<26}{cells}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
