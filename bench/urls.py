"""URL throughput: turbohtml's normalize_url / extract_links against courlan and w3lib.

Inputs are every <a>/<area> href of the 181 article-benchmark pages, resolved to
absolute against each page's URL (urllib's urljoin, so no library under test prepares
its own input). All peers run in the same process on the same inputs; the best of a
few rounds is reported, with the speed ratio over each peer.

    python bench/urls.py [--rounds N]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
import warnings
from pathlib import Path
from urllib.parse import urljoin

import courlan
import w3lib.url

from turbohtml import parse
from turbohtml.extract import extract_links, normalize_url

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "article-benchmark"


def load_pages() -> list[tuple[str, str]]:
    truth = json.loads((DATA / "ground-truth.json").read_text(encoding="utf8"))
    pages = []
    for path in sorted((DATA / "html").glob("*.html.gz")):
        key = path.name.removesuffix(".html.gz")
        with gzip.open(path, "rt", encoding="utf8") as handle:
            pages.append((handle.read(), truth[key]["url"]))
    return pages


def absolute_hrefs(pages: list[tuple[str, str]]) -> list[str]:
    hrefs = []
    for html, url in pages:
        for anchor in parse(html).select("a[href], area[href]"):
            href = anchor.attr("href") or ""
            try:
                hrefs.append(urljoin(url, href.strip()))
            except ValueError:
                continue
    return hrefs


def best_of(rounds: int, func, items) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for item in items:
            try:
                func(item)
            except ValueError:
                pass
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    pages = load_pages()
    hrefs = absolute_hrefs(pages)
    print(f"{len(pages)} pages, {len(hrefs)} absolute hrefs, best of {args.rounds} rounds\n")

    # Warm every library (lazy tables, tldextract's snapshot) outside the timing.
    normalize_url(hrefs[0]), courlan.normalize_url(hrefs[0]), w3lib.url.canonicalize_url(hrefs[0])
    extract_links(*pages[0]), courlan.extract_links(*pages[0])

    ours = best_of(args.rounds, normalize_url, hrefs)
    rows = [
        ("normalize_url", len(hrefs), "URL", ours, [
            ("courlan.normalize_url", best_of(args.rounds, courlan.normalize_url, hrefs)),
            ("w3lib canonicalize_url", best_of(args.rounds, w3lib.url.canonicalize_url, hrefs)),
        ]),
    ]
    ours = best_of(args.rounds, lambda page: extract_links(page[0], page[1]), pages)
    rows.append(("extract_links", len(pages), "page", ours, [
        ("courlan.extract_links", best_of(args.rounds, lambda page: courlan.extract_links(page[0], page[1]),
                                          pages)),
    ]))

    print(f"{'task':<15}{'library':<26}{'total s':>9}{'per item':>13}{'ratio':>9}")
    for task, count, unit, mine, peers in rows:
        print(f"{task:<15}{'turbohtml':<26}{mine:>9.3f}{mine / count * 1e6:>10.1f} µs{'':>9}")
        for name, theirs in peers:
            print(f"{'':<15}{name:<26}{theirs:>9.3f}{theirs / count * 1e6:>10.1f} µs"
                  f"{theirs / mine:>8.1f}x")
    print("\nratio = peer time / turbohtml time: how many times faster turbohtml is (target >= 3x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
