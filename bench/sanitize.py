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
from timing import article_pages, best_times  # noqa: E402


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
    args = parser.parse_args()
    pages = article_pages()
    candidates = sanitizers()
    results = best_times(candidates, {name: pages for name in candidates}, args.rounds)
    ours = results["turbohtml"]
    print(f"{len(pages)} pages ({sum(map(len, pages)) / 1e6:.1f} M characters), best of {args.rounds} rounds, "
          f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{'sanitizer':<18}{'ms/page':>10}{'vs turbohtml':>15}")
    for name, seconds in results.items():
        print(f"{name:<18}{seconds * 1000 / len(pages):>10.3f}{seconds / ours:>14.2f}x")
    if "bleach" in results:
        print(f"bleach / turbohtml: {results['bleach'] / ours:.1f}x (target >= 10)")
    if "nh3" in results:
        print(f"turbohtml / nh3: {ours / results['nh3']:.2f} (target <= 1.5)")


if __name__ == "__main__":
    main()
