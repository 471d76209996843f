"""Interleaved best-of-N timing and the page set shared by the speed benchmarks."""

from __future__ import annotations

import gzip
import time
from collections.abc import Callable, Iterable
from pathlib import Path

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def article_pages() -> list[str]:
    """The 181 article-benchmark pages, decoded."""
    paths = sorted((DATA / "article-benchmark" / "html").glob("*.html.gz"))
    return [gzip.open(p, "rt", encoding="utf8").read() for p in paths]


def best_times(candidates: dict[str, Callable], inputs: dict[str, Iterable], rounds: int,
               clock: Callable[[], float] = time.perf_counter) -> dict[str, float]:
    """Seconds per contender for one pass over its inputs: rounds interleave the
    contenders (each sees the same machine state), round 0 only warms caches and
    allocator pools, and the best later round counts (the least disturbed). ``clock``:
    wall time by default; ``time.process_time`` counts this process's CPU time only."""
    best = {name: float("inf") for name in candidates}
    for round_index in range(rounds + 1):
        for name, function in candidates.items():
            items = inputs[name]
            start = clock()
            for item in items:
                function(item)
            if round_index:
                best[name] = min(best[name], clock() - start)
    return best


def timing_table(results: dict[str, float], reference: str, count: int, label: str) -> list[str]:
    """Rows of ms per item and each contender's ratio to ``reference``, for printing."""
    ours = results[reference]
    rows = [f"{label:<22}{'ms/page':>10}{'vs ' + reference:>18}"]
    for name, seconds in results.items():
        rows.append(f"{name:<22}{seconds * 1000 / count:>10.3f}{seconds / ours:>17.2f}x")
    return rows
