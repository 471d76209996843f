"""Threads: serial against threaded wall time on the 181 article-benchmark pages.

The GIL is released while lexbor parses and during the C walks (scoring, paragraph
units, metadata harvest, structured-data collection), so threads overlap there: a
ratio above 1 and process CPU time above wall time show the second core in use. The
Python stages (date patterns, JSON-LD, URL cleaning) still hold the GIL, so the
ratio depends on the workload; each is timed separately. Run:

    python bench/threads.py [--threads 2 4 8] [--rounds 3]

Each workload runs serially, then on a pool of N threads (the same pages, the same
calls); the best of ``--rounds`` counts for each. The machine's core count bounds the
ideal ratio.
"""

from __future__ import annotations

import argparse
import gzip
import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import turbohtml
from turbohtml import extract as X

DATA = Path(os.environ.get("TURBOHTML_DATA", Path(__file__).resolve().parents[1].parent / "shared" / "data"))


def load_pages() -> list[str]:
    paths = sorted((DATA / "article-benchmark" / "html").glob("*.html.gz"))
    return [gzip.open(p, "rt", encoding="utf8").read() for p in paths]


def _parse(html: str) -> object:
    return turbohtml.parse(html)


def _article(html: str) -> object:
    return turbohtml.parse(html).article()


def _content(html: str) -> object:
    doc = turbohtml.parse(html)
    return doc.main_content(), doc.main_text(), doc.article(), doc.boilerplate()


def _everything(html: str) -> object:
    doc = turbohtml.parse(html)
    return (doc.article(), doc.boilerplate(), doc.dates(), doc.structured_data(), doc.links(),
            X.extract_links(html, "http://example.com/"))


WORKLOADS = {
    "parse": _parse,
    "parse+article": _article,
    "content (main_content, main_text, article, boilerplate)": _content,
    "everything (+dates, structured_data, links, extract_links)": _everything,
}


def _timed(run) -> tuple[float, float]:
    """(wall, process CPU) seconds of one call of run()."""
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--threads", type=int, nargs="+", default=[2, 4, 8])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    pages = load_pages()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"{len(pages)} pages, {sum(map(len, pages)) / 1e6:.1f} M chars; {cores} cores available")
    print(f"{'workload':<60} {'threads':>7} {'serial s':>9} {'threaded s':>10} {'ratio':>6} {'CPU/wall':>8}")
    for name, work in WORKLOADS.items():
        for html in pages[:10]:  # warm-up: lazy imports, caches
            work(html)

        def serial(work=work) -> None:
            for html in pages:
                work(html)

        serial_wall = min(_timed(serial)[0] for _ in range(args.rounds))
        for threads in args.threads:
            with ThreadPoolExecutor(threads) as pool:
                def threaded(work=work, pool=pool) -> None:
                    list(pool.map(work, pages))

                best = min((_timed(threaded) for _ in range(args.rounds)), key=lambda pair: pair[0])
            wall, cpu = best
            print(f"{name:<60} {threads:>7} {serial_wall:>9.3f} {wall:>10.3f} {serial_wall / wall:>6.2f} "
                  f"{cpu / wall:>8.2f}", flush=True)


if __name__ == "__main__":
    main()
