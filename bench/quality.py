"""Extraction quality side by side: turbohtml vs trafilatura, readability-lxml, resiliparse.

article-benchmark: shingle F1 of each extractor against ``articleBody``.
readability-pages: the same F1 against Readability.js's ``expected.txt``, and
article() metadata (title, byline, excerpt/description) exact-match rates after
whitespace folding.
wcxb-dev: the WCXB benchmark's mean page F1 (bags of lower-cased tokens) overall and per
page type, and the pages left empty although their ground truth has content.
Run: python bench/quality.py [--only turbohtml] [--skip-wcxb]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scoring import bag_f1, f1_score  # noqa: E402

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def article_benchmark() -> list[tuple[str, str, str]]:
    root = DATA / "article-benchmark"
    truth = json.loads((root / "ground-truth.json").read_text(encoding="utf8"))
    return [
        (gzip.open(root / "html" / f"{key}.html.gz", "rt", encoding="utf8").read(), item["articleBody"], item["url"])
        for key, item in sorted(truth.items())
    ]


def readability_pages() -> list[tuple[str, str, dict]]:
    pages = []
    for folder in sorted((DATA / "readability-pages" / "pages").iterdir()):
        if not folder.is_dir():
            continue
        html = gzip.open(folder / "source.html.gz", "rt", encoding="utf8").read()
        expected = (folder / "expected.txt").read_text(encoding="utf8")
        meta = json.loads((folder / "expected-metadata.json").read_text(encoding="utf8"))
        pages.append((html, expected, meta))
    return pages


def wcxb_pages() -> list[tuple[str, str, str, str]]:
    """(html, main content, url, page type) of every WCXB-dev page."""
    root = DATA / "wcxb-dev"
    types = json.loads((root / "page-types.json").read_text(encoding="utf8"))
    pages = []
    for page_id, kind in sorted(types.items()):
        truth = json.loads((root / "ground-truth" / f"{page_id}.json").read_text(encoding="utf8"))
        html = gzip.open(root / "html" / f"{page_id}.html.gz", "rt", encoding="utf8").read()
        pages.append((html, truth["ground_truth"].get("main_content") or "", truth.get("url") or "", kind))
    return pages


def wcxb_scores(outputs: list[str], pages: list) -> tuple[dict[str, float], int]:
    """Mean page F1 overall and per page type, and the empty outputs on pages with content."""
    by_type: dict[str, list[float]] = {}
    empty = 0
    for output, (_html, truth, _url, kind) in zip(outputs, pages, strict=True):
        score = bag_f1(output, truth)
        if score is None:
            continue
        by_type.setdefault("all", []).append(score)
        by_type.setdefault(kind, []).append(score)
        empty += not output.strip()
    return {kind: sum(v) / len(v) for kind, v in by_type.items()}, empty


WCXB_TYPES = ("all", "article", "documentation", "service", "forum", "collection", "listing", "product")


def extractors() -> dict:
    import turbohtml

    found = {
        "turbohtml article()": lambda html, url: turbohtml.parse(html).article().text,
        "turbohtml main_text()": lambda html, url: turbohtml.parse(html).main_text(),
    }
    try:
        import trafilatura

        found["trafilatura"] = lambda html, url: trafilatura.extract(html, url=url) or ""
        found["trafilatura (precision)"] = lambda html, url: trafilatura.extract(
            html, url=url, favor_precision=True) or ""
    except ImportError:
        pass
    try:
        from lxml.html import fromstring
        from readability import Document

        def readability_lxml(html, url):
            summary = Document(html).summary(html_partial=True)
            return fromstring(summary).text_content() if summary.strip() else ""

        found["readability-lxml"] = readability_lxml
    except ImportError:
        pass
    try:
        from resiliparse.extract.html2text import extract_plain_text
        from resiliparse.parse.html import HTMLTree

        found["resiliparse"] = lambda html, url: extract_plain_text(HTMLTree.parse(html), main_content=True)
    except ImportError:
        pass
    return found


def fold(text: str | None) -> str:
    return " ".join((text or "").split())


def metadata_rates(pages: list[tuple[str, str, dict]]) -> dict[str, float]:
    import turbohtml

    fields = {"title": "title", "byline": "byline", "description": "excerpt"}
    hits = {name: 0 for name in fields}
    totals = {name: 0 for name in fields}
    for html, _expected, meta in pages:
        article = turbohtml.parse(html).article()
        for ours, theirs in fields.items():
            if meta.get(theirs):
                totals[ours] += 1
                hits[ours] += fold(getattr(article, ours)) == fold(meta[theirs])
    return {name: hits[name] / totals[name] if totals[name] else 0.0 for name in fields}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", help="run only extractors whose name starts with this")
    parser.add_argument("--skip-wcxb", action="store_true", help="leave out the 1,497 WCXB-dev pages")
    args = parser.parse_args()
    benchmark = article_benchmark()
    readability = readability_pages()
    print(f"{'extractor':<26}{'article-benchmark F1 (P/R)':>30}{'readability-pages F1 (P/R)':>30}  empty")
    for name, extract in extractors().items():
        if args.only and not name.startswith(args.only):
            continue
        outputs = [extract(html, url) for html, _truth, url in benchmark]
        p, r, f = f1_score([(out, truth) for out, (_h, truth, _u) in zip(outputs, benchmark, strict=True)])
        empty = sum(not out.strip() for out in outputs)
        rp, rr, rf = f1_score([(extract(html, "http://fakehost/test/page.html"), expected)
                               for html, expected, _meta in readability])
        print(f"{name:<26}{f'{f:.3f} ({p:.3f}/{r:.3f})':>30}{f'{rf:.3f} ({rp:.3f}/{rr:.3f})':>30}  {empty}")
    if not args.skip_wcxb:
        wcxb = wcxb_pages()
        print(f"\nwcxb-dev ({len(wcxb)} pages): mean page F1 (bag of words), per page type; empty outputs")
        print(f"{'extractor':<26}" + "".join(f"{kind:>14}" for kind in WCXB_TYPES) + "  empty")
        for name, extract in extractors().items():
            if args.only and not name.startswith(args.only):
                continue
            outputs = []
            for html, _truth, url, _kind in wcxb:
                try:
                    outputs.append(extract(html, url) or "")
                except Exception:  # a peer failing on a page scores it empty
                    outputs.append("")
            scores, empty = wcxb_scores(outputs, wcxb)
            print(f"{name:<26}" + "".join(f"{scores.get(kind, 0):>14.3f}" for kind in WCXB_TYPES) + f"  {empty}")
    rates = metadata_rates(readability)
    print("article() metadata on readability-pages, exact match after whitespace folding: "
          + ", ".join(f"{name} {rate:.1%}" for name, rate in rates.items()))


if __name__ == "__main__":
    main()
