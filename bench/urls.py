"""URLs: turbohtml's normalize_url / extract_links against courlan and w3lib.

First the peers' own test cases (``../shared/data/urls``): w3lib's canonicalize_url
cases through ``UrlCleaning.w3lib()`` and courlan's normalize_url cases, with the peer's
own pass count beside ours and the lines where we differ (docs/urls.md explains each).
Then throughput: inputs are every <a>/<area> href of the 181 article-benchmark pages,
resolved to absolute against each page's URL (urllib's urljoin, so no library under
test prepares its own input). All peers run in the same process on the same inputs;
the best of a few rounds is reported, with the speed ratio over each peer.

    python bench/urls.py [--rounds N]
"""

from __future__ import annotations

import argparse
import base64
import gzip
import json
import re
import sys
import time
import warnings
from pathlib import Path
from urllib.parse import urljoin

import courlan
import w3lib.url

from turbohtml import parse
from turbohtml.extract import UrlCleaning, extract_links, normalize_url

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "article-benchmark"
CASES = DATA.parent / "urls"


def no_counterpart(kwargs: dict) -> bool:
    """canonicalize_url options UrlCleaning has no counterpart for: the URL Standard
    encodes queries as UTF-8, splits them on "&" and keeps blank values."""
    return "encoding" in kwargs or "query_separator" in kwargs or kwargs.get("keep_blank_values") is False


def _cases(name: str, func: str) -> list[dict]:
    with open(CASES / name, encoding="utf8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    return [row for row in rows if row["func"] == func]


def _arg(value):
    if isinstance(value, dict) and "__bytes_b64__" in value:
        return base64.b64decode(value["__bytes_b64__"]).decode("utf8")
    return value


def _outcome(func, *args, **kwargs):
    try:
        return func(*args, **kwargs)
    except (TypeError, ValueError) as exc:
        return type(exc).__name__


def conformance() -> None:
    """Pass counts on the peers' own cases, theirs beside ours."""
    cases = _cases("w3lib_cases.jsonl", "canonicalize_url")
    ours, theirs, differ, skipped = 0, 0, [], 0
    for case in cases:
        args = [_arg(a) for a in case["args"]]
        theirs += _outcome(w3lib.url.canonicalize_url, *args, **case["kwargs"]) == case["expected"]
        if no_counterpart(case["kwargs"]):
            skipped += 1
            continue
        options = UrlCleaning(strip_fragment=not case["kwargs"].get("keep_fragments", False))
        if _outcome(normalize_url, args[0], options) == case["expected"]:
            ours += 1
        else:
            differ.append(case["line"])
    print(f"w3lib canonicalize_url ({len(cases)} cases): w3lib {theirs}/{len(cases)}; turbohtml "
          f"{ours}/{len(cases) - skipped} with a UrlCleaning counterpart ({skipped} "
          f"without); the URL Standard decides lines {differ}")
    cases = _cases("courlan_cases.jsonl", "normalize_url")
    ours, theirs, differ = 0, 0, []
    for case in cases:
        expected = case.get("expected", case.get("raises"))
        theirs += _outcome(courlan.normalize_url, *case["args"], **case["kwargs"]) == expected
        kwargs = case["kwargs"]
        options = UrlCleaning(strict=kwargs.get("strict", False), language=kwargs.get("language"),
                              trailing_slash=kwargs.get("trailing_slash", True))
        if _outcome(normalize_url, case["args"][0], options) == expected:
            ours += 1
        else:
            differ.append(case["line"])
    print(f"courlan normalize_url ({len(cases)} cases): courlan {theirs}/{len(cases)}; turbohtml "
          f"{ours}/{len(cases)}; the spec decides lines {differ}\n")


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


_BARE_HOST = re.compile(r"^(https?://[^/?#]+)/$")


def _bare_host_slash_dropped(answer):
    """An answer with a bare host's "/" path dropped (``https://a.org/`` -> ``https://a.org``):
    the WHATWG serialisation writes it, courlan does not (docs/migration/courlan.md)."""
    if isinstance(answer, str):
        return _BARE_HOST.sub(r"\1", answer)
    if isinstance(answer, tuple):
        return tuple(_bare_host_slash_dropped(part) for part in answer)
    if isinstance(answer, (set, frozenset)):
        return frozenset(_bare_host_slash_dropped(part) for part in answer)
    return answer


def _same(ours_func, theirs_func, items, key=lambda answer: answer) -> float:
    """Share of items on which the two calls give the same answer (or the same exception
    type); with ``key``, answers compared after ``key``; a set answer scores its overlap."""
    def outcome(func, item):
        try:
            return key(func(item))
        except Exception as error:  # noqa: BLE001 -- the exception type is part of the answer
            return type(error).__name__
    total = 0.0
    for item in items:
        mine, theirs = outcome(ours_func, item), outcome(theirs_func, item)
        if isinstance(mine, frozenset) and isinstance(theirs, frozenset):
            total += len(mine & theirs) / len(mine | theirs) if mine | theirs else 1.0
        else:
            total += mine == theirs
    return total / len(items)


def compat_calls(hrefs: list[str], pages: list[tuple[str, str]], rounds: int) -> None:
    """Every turbohtml.compat URL call beside the original it replaces: agreement and speed."""
    from turbohtml.compat import courlan as compat_courlan
    from turbohtml.compat.w3lib import url as compat_w3lib

    keep = ["id", "page", "q", "p"]
    calls = [
        ("w3lib safe_url_string", compat_w3lib.safe_url_string, w3lib.url.safe_url_string, hrefs),
        ("w3lib safe_download_url", compat_w3lib.safe_download_url, w3lib.url.safe_download_url, hrefs),
        ("w3lib canonicalize_url", compat_w3lib.canonicalize_url, w3lib.url.canonicalize_url, hrefs),
        ("w3lib canonicalize (w3lib_compatible)", lambda u: compat_w3lib.canonicalize_url(u, w3lib_compatible=True),
         w3lib.url.canonicalize_url, hrefs),
        ("w3lib url_query_cleaner", lambda u: compat_w3lib.url_query_cleaner(u, keep),
         lambda u: w3lib.url.url_query_cleaner(u, keep), hrefs),
        ("w3lib url_query_parameter", lambda u: compat_w3lib.url_query_parameter(u, "id"),
         lambda u: w3lib.url.url_query_parameter(u, "id"), hrefs),
        ("w3lib add_or_replace_parameter", lambda u: compat_w3lib.add_or_replace_parameter(u, "page", "2"),
         lambda u: w3lib.url.add_or_replace_parameter(u, "page", "2"), hrefs),
        ("courlan check_url", compat_courlan.check_url, courlan.check_url, hrefs),
        ("courlan clean_url", compat_courlan.clean_url, courlan.clean_url, hrefs),
        ("courlan scrub_url", compat_courlan.scrub_url, courlan.scrub_url, hrefs),
        ("courlan extract_domain", compat_courlan.extract_domain, courlan.extract_domain, hrefs),
        ("courlan extract_links", lambda page: compat_courlan.extract_links(page[0], page[1]),
         lambda page: courlan.extract_links(page[0], page[1]), pages),
    ]
    print(f"\n{'compat call':<40}{'same answer':>12}{'compat µs':>11}{'original µs':>13}{'ratio':>8}")
    for name, mine, theirs, items in calls:
        key = _bare_host_slash_dropped if name.startswith("courlan") else (lambda answer: answer)
        same = _same(mine, theirs, items, key)
        t_mine, t_theirs = best_of(rounds, mine, items), best_of(rounds, theirs, items)
        print(f"{name:<40}{same:>11.1%}{t_mine / len(items) * 1e6:>11.1f}{t_theirs / len(items) * 1e6:>13.1f}"
              f"{t_theirs / t_mine:>7.1f}x")
    print("same answer: courlan's answers compared with a bare host's '/' dropped (the WHATWG difference); "
          "extract_links scores the overlap of the two link sets (Jaccard)")
    print("ratio = original time / compat time (>= 1.0: the compat call is not slower)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    conformance()
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
    for task, count, _unit, mine, peers in rows:
        print(f"{task:<15}{'turbohtml':<26}{mine:>9.3f}{mine / count * 1e6:>10.1f} µs{'':>9}")
        for name, theirs in peers:
            print(f"{'':<15}{name:<26}{theirs:>9.3f}{theirs / count * 1e6:>10.1f} µs"
                  f"{theirs / mine:>8.1f}x")
    print("\nratio = peer time / turbohtml time: how many times faster turbohtml is (target >= 3x)")
    compat_calls(hrefs, pages, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
