"""Publication dates: turbohtml.extract.dates() vs htmldate.find_date, side by side.

Quality on the 800 bbaw pages (``../shared/data/dates``), scored as htmldate scores
itself: the exact date is a true positive, a wrong date a false positive, no date where
one is expected a false negative (none is expected to be absent here). htmldate runs
without ``url`` (parity: ``dates()`` has no URL argument and reads the page's own
canonical link) and, for reference, with it; both tools also run in their
publication-date mode (``original``), the date the bbaw gold records. Then the pass
rates on htmldate's unit and real-world cases (a case with ``url`` runs through
``turbohtml.compat.htmldate.find_date``), and throughput per page with parsing
included, the two tools timed in alternating chunks of pages so both see the same
machine load. Run:
    python bench/dates.py [--limit N] [--no-url]
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import json
import platform
import time
from pathlib import Path

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "dates"
CHUNK = 50


def read(path: Path) -> str:
    with gzip.open(path, "rt", encoding="utf8", errors="replace") as handle:
        return handle.read()


def score(results: list[str | None], gold: list[str | None]) -> dict[str, float]:
    tp = fp = fn = tn = 0
    for got, expected in zip(results, gold, strict=True):
        if got is None:
            if expected is None:
                tn += 1
            else:
                fn += 1
        elif got == expected:
            tp += 1
        else:
            fp += 1
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"tp": tp, "fp": fp, "fn": fn, "precision": precision, "recall": recall, "f1": f1,
            "accuracy": (tp + tn) / len(gold)}


def ours_options(kwargs: dict):
    from turbohtml.extract import DateExtraction

    values: dict = {}
    if "original_date" in kwargs:
        values["original"] = kwargs["original_date"]
    if "extensive_search" in kwargs:
        values["extensive_search"] = kwargs["extensive_search"]
    if "outputformat" in kwargs:
        values["output_format"] = kwargs["outputformat"]
    for name in ("min_date", "max_date"):
        if name in kwargs:
            values[name] = dt.datetime.fromisoformat(kwargs[name]).date()
    return DateExtraction(**values)


def ours_case(html: str, kwargs: dict) -> str | None:
    from turbohtml.extract import dates

    if "url" in kwargs:
        # dates() has no URL argument (the spec's signature): the URL a page came from
        # reaches the engine through the compat layer's find_date(url=...), which reads
        # it as htmldate reads its url argument (a URL signal, never page text)
        from turbohtml.compat.htmldate import find_date

        return find_date(html, **{k: v for k, v in kwargs.items() if k != "verbose"})
    try:
        options = ours_options(kwargs)
    except ValueError:  # a format without a directive: htmldate answers None
        return None
    result = dates(html, options)
    return None if result is None else result.date


def htmldate_case(html: str, kwargs: dict) -> str | None:
    from htmldate import find_date

    kwargs = {k: v for k, v in kwargs.items() if k != "verbose"}
    return find_date(html, **kwargs)


def cases(name: str) -> list[tuple[str, dict, str | None]]:
    out = []
    with open(DATA / f"{name}.jsonl", encoding="utf8") as handle:
        for line in handle:
            case = json.loads(line)
            html = case["html"] if "html" in case else read(DATA / case["file"])
            out.append((html, case["kwargs"], case["expected"]))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0, help="only the first N bbaw pages")
    parser.add_argument("--no-url", action="store_true", help="skip htmldate's with-url run")
    args = parser.parse_args()

    import htmldate
    from htmldate import find_date

    import turbohtml
    from turbohtml.compat.htmldate import find_date as compat_find_date
    from turbohtml.extract import dates

    rows = [json.loads(line) for line in open(DATA / "bbaw_default.jsonl", encoding="utf8")]
    if args.limit:
        rows = rows[: args.limit]
    pages = [read(DATA / row["file"]) for row in rows]
    gold = [row["date"] for row in rows]
    print(f"python {platform.python_version()}, htmldate {htmldate.__version__}, "
          f"turbohtml {turbohtml.__version__}; {len(pages)} bbaw pages")

    # warm-up, untimed: imports, regex compilation, htmldate's lazy dateparser set-up
    for page in pages[:CHUNK]:
        dates(page)
        find_date(page)

    ours: list[str | None] = []
    theirs: list[str | None] = []
    compat: list[str | None] = []
    t_ours = t_theirs = t_compat = 0.0
    for start in range(0, len(pages), CHUNK):
        chunk = pages[start:start + CHUNK]
        began = time.perf_counter()
        for page in chunk:
            result = dates(page)
            ours.append(None if result is None else result.date)
        t_ours += time.perf_counter() - began
        began = time.perf_counter()
        for page in chunk:
            theirs.append(find_date(page))
        t_theirs += time.perf_counter() - began
        began = time.perf_counter()
        for page in chunk:
            compat.append(compat_find_date(page))
        t_compat += time.perf_counter() - began

    print(f"\n{'bbaw_default':<34}{'F1':>7}{'acc':>7}{'prec':>7}{'rec':>7}{'tp':>5}{'fp':>5}{'fn':>5}")
    table = [("turbohtml dates()", score(ours, gold)), ("compat.htmldate find_date", score(compat, gold)),
             ("htmldate find_date (no url)", score(theirs, gold))]
    if not args.no_url:
        with_url = [find_date(page, url=row["url"]) for page, row in zip(pages, rows, strict=True)]
        table.append(("htmldate find_date (url=...)", score(with_url, gold)))
    from turbohtml.extract import DateExtraction

    original = DateExtraction(original=True)
    table.append(("turbohtml dates(original)", score(
        [None if (r := dates(page, original)) is None else r.date for page in pages], gold)))
    table.append(("htmldate (original_date=True)", score(
        [find_date(page, original_date=True) for page in pages], gold)))
    for name, s in table:
        print(f"{name:<34}{s['f1']:>7.3f}{s['accuracy']:>7.3f}{s['precision']:>7.3f}{s['recall']:>7.3f}"
              f"{s['tp']:>5}{s['fp']:>5}{s['fn']:>5}")

    print()
    for name in ("unit_cases", "realworld_cases"):
        table_cases = cases(name)
        ok_ours = sum(ours_case(h, k) == e for h, k, e in table_cases)
        ok_theirs = sum(htmldate_case(h, k) == e for h, k, e in table_cases)
        ok_compat = sum(compat_find_date(h, **{key: v for key, v in k.items() if key != "verbose"}) == e
                        for h, k, e in table_cases)
        print(f"{name:<18} turbohtml {ok_ours}/{len(table_cases)}   compat find_date {ok_compat}/{len(table_cases)}"
              f"   htmldate {ok_theirs}/{len(table_cases)}")

    per_ours = 1000 * t_ours / len(pages)
    per_theirs = 1000 * t_theirs / len(pages)
    per_compat = 1000 * t_compat / len(pages)
    same = sum(a == b for a, b in zip(compat, theirs, strict=True))
    print(f"\nthroughput (parse included): turbohtml {per_ours:.2f} ms/page, "
          f"htmldate {per_theirs:.2f} ms/page, ratio {per_theirs / per_ours:.1f}x")
    print(f"compat find_date: {per_compat:.2f} ms/page, ratio over htmldate {per_theirs / per_compat:.1f}x; "
          f"same answer as htmldate on {same}/{len(pages)} pages")


if __name__ == "__main__":
    main()
