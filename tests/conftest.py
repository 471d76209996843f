"""Shared fixtures: the public datasets live in ../shared/data beside the checkout."""

from __future__ import annotations

import functools
import gc
import gzip
import importlib.util
import json
import os
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

import turbohtml

REPO = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("TURBOHTML_DATA", REPO.parent / "shared" / "data"))


def _asan_loaded() -> bool:
    """Whether AddressSanitizer's runtime is in this process (the sanitizer run of
    docs/reliability.md preloads it)."""
    try:
        return "libasan" in Path("/proc/self/maps").read_text()
    except OSError:
        return False


UNDER_ASAN = _asan_loaded()
# ASan holds freed memory in quarantine, so RSS growth says nothing about leaks there
# (valgrind's memcheck and the normal build's run check them)
measures_rss = pytest.mark.skipif(UNDER_ASAN, reason="RSS under ASan includes its quarantine")


def data_path(*parts: str) -> Path:
    path = DATA.joinpath(*parts)
    if not path.exists():
        pytest.fail(f"dataset missing: {path} (set TURBOHTML_DATA to the shared/data folder)")
    return path


def read_gzip_text(path: Path) -> str:
    with gzip.open(path, "rt", encoding="utf8") as handle:
        return handle.read()


def article_benchmark() -> tuple[dict[str, dict], list[Path]]:
    """Ground truth and the 181 article-benchmark pages, sorted by key."""
    root = data_path("article-benchmark")
    truth = json.loads((root / "ground-truth.json").read_text(encoding="utf8"))
    pages = sorted((root / "html").glob("*.html.gz"))
    return truth, pages


def readability_pages() -> list[Path]:
    """The page folders of mozilla/readability's test suite."""
    return sorted(p for p in data_path("readability-pages", "pages").iterdir() if p.is_dir())


@functools.cache
def bench_module(name: str):
    """A module of bench/ (the benchmark metric, the htmldate case runner), loaded by path
    once a session: bench/ is no package, and the checkout must not go on sys.path (it
    would shadow the installed, compiled turbohtml)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", REPO / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def wcxb_dev() -> list[dict]:
    """Every WCXB-dev page parsed once a session for the tests that read them all (page
    types, main content by type, the metadata floors): bench/metadata.py's record of the
    page (id, url, gold title, author and date) with what the page gives, ``page_type``,
    ``article_text`` and ``metadata``; the HTML is not kept."""
    data_path("wcxb-dev", "ground-truth")
    pages = []
    for item in bench_module("metadata").iter_wcxb_pages(None):  # one page held at a time
        doc = turbohtml.parse(item.pop("html"))
        item.update(page_type=doc.page_type(), article_text=doc.article().text, metadata=doc.metadata(item["url"]))
        pages.append(item)
    return pages


@contextmanager
def collector_paused():
    """Python's cyclic collector off for the block: its passes grow with every object
    alive, and would time (or slow) the collector instead of the work."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def best_time(call, *args, runs: int = 5) -> float:
    """The best of ``runs`` runs in process CPU time with the collector paused: a busy
    machine or a collection mid-run does not bend a growth ratio."""
    best = float("inf")
    with collector_paused():
        for _ in range(runs):
            start = time.process_time()
            call(*args)
            best = min(best, time.process_time() - start)
    return best


def growth_ratio(call, small, large, *, clear: float = 0.0, rounds: int = 5, warm: bool = True) -> float:
    """Best time on ``large`` over best time on ``small``: for inputs 4x apart, about 4 when
    the work is linear, 16 when quadratic. The sizes alternate, one run each a round, so
    both see the same machine. From the second round on, a ratio under ``clear`` (callers
    pass half their bound) ends the measurement: more rounds only lower the best times,
    and only a small input timed twice at double its time could hide a ratio past the
    bound behind one under half of it. A caller that has just run ``call`` on an input of
    the small one's size passes ``warm=False``."""
    if warm:
        best_time(call, small, runs=1)  # warm-up: patterns compiled, caches filled, arenas pooled
    small_seconds = large_seconds = float("inf")
    for done in range(1, rounds + 1):
        small_seconds = min(small_seconds, best_time(call, small, runs=1))
        large_seconds = min(large_seconds, best_time(call, large, runs=1))
        if done >= 2 and large_seconds < clear * small_seconds:
            break
    return large_seconds / small_seconds
