"""Parse throughput on the 181 article-benchmark pages: turbohtml vs selectolax, resiliparse, lxml.

All parsers get the same decoded str pages in the same run. Rounds interleave the
parsers (so each sees the same machine state) after a warm-up round, and each parser's
best round counts (the least disturbed). Run:
    python bench/parse.py [--rounds N]
"""

from __future__ import annotations

import argparse
import gzip
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import best_times  # noqa: E402

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def load_pages() -> list[str]:
    paths = sorted((DATA / "article-benchmark" / "html").glob("*.html.gz"))
    return [gzip.open(p, "rt", encoding="utf8").read() for p in paths]


def parsers() -> dict:
    import turbohtml

    found = {"turbohtml": turbohtml.parse}
    try:
        from selectolax.lexbor import LexborHTMLParser

        found["selectolax (lexbor)"] = LexborHTMLParser
    except ImportError:
        pass
    try:
        from resiliparse.parse.html import HTMLTree

        found["resiliparse"] = HTMLTree.parse
    except ImportError:
        pass
    try:
        import lxml.html

        found["lxml"] = lxml.html.document_fromstring
    except ImportError:
        pass
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    pages = load_pages()
    candidates = parsers()
    results = best_times(candidates, {name: pages for name in candidates}, args.rounds)
    ours = results["turbohtml"]
    print(f"{len(pages)} pages, best of {args.rounds} rounds, {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}")
    print(f"{'parser':<22}{'ms/page':>10}{'vs turbohtml':>15}")
    for name, seconds in results.items():
        ms = seconds * 1000 / len(pages)
        print(f"{name:<22}{ms:>10.3f}{seconds / ours:>14.2f}x")
    rivals = [results[n] for n in ("selectolax (lexbor)", "resiliparse") if n in results]
    if rivals:
        print(f"turbohtml / fastest of selectolax and resiliparse: {ours / min(rivals):.2f} (target <= 1.15)")


if __name__ == "__main__":
    main()
