"""Structured-data throughput: turbohtml's microdata() and opengraph() against extruct,
the `microdata` library and `opengraph_py3`, on the same pages in one run.

Two corpora, each read from ../shared/data before timing:
- "real": the article-benchmark's real pages (news and blogs: Open Graph everywhere,
  microdata on some), the first --pages of them;
- "microdata": every microdata test page we hold (extruct's samples, the WHATWG JSON
  sources), dense in itemscope.

Three measurements per library: "str" starts from the page as a str and "bytes" from
its UTF-8 bytes (each library's own parse included; for turbohtml the public
``microdata(page)`` / ``opengraph(page)``, which skip the parse of a page with no
``itemscope`` and parse only up to the last ``og:`` spelling), and "tree" starts from
the library's own parsed tree (turbohtml's Document, extruct's lxml tree, html5lib's DOM
for `microdata`, BeautifulSoup for `opengraph_py3`), which isolates the extraction
from the parser. The best of --rounds is reported as pages/s, with turbohtml's speed
ratio over each peer. The `opengraph` package itself (0.5, 2012) is Python 2 only;
`opengraph_py3` is its port.

    python bench/structured.py [--rounds N] [--pages N]
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import time
import warnings
from collections.abc import Callable
from pathlib import Path

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def real_pages(limit: int) -> list[str]:
    paths = sorted((DATA / "article-benchmark" / "html").glob("*.html.gz"))[:limit]
    pages = []
    for path in paths:
        with gzip.open(path, "rt", encoding="utf8") as handle:
            pages.append(handle.read())
    return pages


def microdata_pages() -> list[str]:
    pages = [p.read_text(encoding="utf8", errors="replace") for p in sorted((DATA / "microdata").rglob("*.html"))]
    cases = (DATA / "microdata" / "whatwg_json" / "cases.jsonl").read_text(encoding="utf8").splitlines()
    pages.extend(json.loads(line)["html"] for line in cases if line.strip())
    return [page for page in pages if "itemscope" in page]


# (page function, parse, extract from the parsed tree)
Task = tuple[Callable[[object], object], Callable[[object], object], Callable[[object], object]]


def peers() -> dict[str, dict[str, Task]]:
    """{task: {library: task}}; a peer that is not installed is left out."""
    from turbohtml import parse
    from turbohtml.extract import microdata, opengraph

    tasks: dict[str, dict[str, Task]] = {
        "microdata": {"turbohtml": (microdata, parse, lambda doc: doc.microdata())},
        "opengraph": {"turbohtml": (opengraph, parse, lambda doc: doc.opengraph())},
    }
    try:
        from extruct.opengraph import OpenGraphExtractor
        from extruct.utils import parse_html
        from extruct.w3cmicrodata import MicrodataExtractor

        md, og = MicrodataExtractor(), OpenGraphExtractor()

        def lxml_tree(html: object) -> object:
            return parse_html(html, encoding="UTF-8")

        def md_items(tree: object) -> object:
            return md.extract_items(tree, None)

        def og_items(tree: object) -> object:
            return list(og.extract_items(tree))

        tasks["microdata"]["extruct"] = (lambda html: md_items(lxml_tree(html)), lxml_tree, md_items)
        tasks["opengraph"]["extruct"] = (lambda html: og_items(lxml_tree(html)), lxml_tree, og_items)
    except ImportError:
        pass
    try:
        import html5lib
        import microdata as microdata_lib

        def html5lib_dom(html: object) -> object:
            source = io.BytesIO(html) if isinstance(html, bytes) else io.StringIO(html)
            return html5lib.HTMLParser(tree=html5lib.treebuilders.getTreeBuilder("dom")).parse(source)

        find_items = microdata_lib._find_items
        tasks["microdata"]["microdata"] = (lambda html: find_items(html5lib_dom(html)), html5lib_dom, find_items)
    except ImportError:
        pass
    try:
        from bs4 import BeautifulSoup
        from opengraph_py3 import OpenGraph

        def card(soup: object) -> object:
            return OpenGraph(html=soup)

        tasks["opengraph"]["opengraph_py3"] = (lambda html: card(BeautifulSoup(html)), BeautifulSoup, card)
    except ImportError:
        pass
    return tasks


def best_rate(function: Callable[[object], object], inputs: list, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        for value in inputs:
            try:
                function(value)
            except Exception:  # a peer failing on a page still spent the time
                pass
        best = min(best, time.perf_counter() - started)
    return len(inputs) / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pages", type=int, default=60, help="real pages to use (of 181)")
    args = parser.parse_args()
    warnings.simplefilter("ignore")  # bs4's parser-guess warning, html5lib deprecations
    corpora = {"real": real_pages(args.pages), "microdata": microdata_pages()}
    print(f"{'task':<10} {'corpus':<10} {'from':<5} {'library':<14} {'pages/s':>10} {'turbohtml is':>15}")
    for task, libraries in peers().items():
        for corpus, pages in corpora.items():
            inputs = {"str": pages, "bytes": [page.encode("utf8") for page in pages]}
            rates: dict[tuple[str, str], float] = {}
            for library, (page_function, parse, extract) in libraries.items():
                for start in ("str", "bytes"):
                    rates[library, start] = best_rate(page_function, inputs[start], args.rounds)
                trees = [parse(html) for html in pages]
                rates[library, "tree"] = best_rate(extract, trees, args.rounds)
            for start in ("str", "bytes", "tree"):
                ours = rates["turbohtml", start]
                for library in libraries:
                    rate = rates[library, start]
                    ratio = "" if library == "turbohtml" else f"{ours / rate:.1f}x faster"
                    print(f"{task:<10} {corpus:<10} {start:<5} {library:<14} {rate:>10.1f} {ratio:>15}")

if __name__ == "__main__":
    main()
