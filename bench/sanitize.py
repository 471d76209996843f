"""Sanitizer speed on the 181 article-benchmark pages: turbohtml.clean vs bleach.clean and nh3.clean.

Each whole page goes through each sanitizer with its default allowlist (bleach's and
ours are the same; nh3's, ammonia's, is wider), in one run with interleaved rounds
(bench/timing.py). Targets: >= 10x bleach, within 1.5x of nh3. Run:
    python bench/sanitize.py [--rounds N]
"""

from __future__ import annotations

import argparse
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import article_pages, best_times, timing_table  # noqa: E402


def sanitizers() -> dict:
    from turbohtml.clean import Policy, Sanitizer

    found = {"turbohtml": Sanitizer().sanitize, "turbohtml strip": Sanitizer(Policy(strip=True)).sanitize}
    try:
        import nh3

        found["nh3"] = nh3.clean
    except ImportError:
        pass
    try:
        import bleach

        found["bleach"] = bleach.clean
        found["bleach strip"] = lambda html: bleach.clean(html, strip=True)
    except ImportError:
        pass
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    pages, rounds = article_pages(), parser.parse_args().rounds
    results = best_times(sanitizers(), {name: pages for name in sanitizers()}, rounds)
    print(f"{len(pages)} pages ({sum(map(len, pages)) / 1e6:.1f} M characters), best of {rounds} rounds, "
          f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print("\n".join(timing_table(results, "turbohtml", len(pages), "sanitizer")))
    ours = results["turbohtml"]
    if "bleach" in results:
        print(f"bleach / turbohtml: {results['bleach'] / ours:.1f}x (target >= 10)")
    if "nh3" in results:
        print(f"turbohtml / nh3: {ours / results['nh3']:.2f} (target <= 1.5)")


if __name__ == "__main__":
    main()
