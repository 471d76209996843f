"""Page metadata: title, author and publication date against human ground truth.

Contenders, in one run on the same pages: turbohtml's ``metadata()`` and ``article()``,
``trafilatura.extract_metadata``, newspaper4k's ``Article`` and goose3's ``Goose``.
Sets: ``wcxb-dev`` (fields ``title``, ``author``, ``publish_date``; 1,497 pages of
seven page types) and the Readability test pages (``expected-metadata.json``:
``title``, ``byline``, ``publishedTime``).

Scores per field:
- exact: the share of pages with a gold value where the prediction equals it after
  normalisation (case-folded, whitespace folded, quotes and a leading "by " stripped;
  authors compared as sets of names split on ``;``, ``,``, ``&``, ``|`` and " and ";
  dates compared on the day);
- F1: the mean bag-of-tokens F1 (``\\w+``, lower-cased) over the same pages (a missing
  value scores 0);
- given: the share of pages with *no* gold value where a value was given anyway (for a
  date, a made-up date).

The peers run offline: sockets are refused for the whole run, so no contender fetches.
Run: python bench/metadata.py [--set wcxb|readability|both] [--only NAME ...] [--limit N]
``--dump PATH`` writes every ``metadata()`` record of the wcxb-dev, article-benchmark and
Readability pages to a JSON file instead (diff two dumps: a speed change must not alter them).
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import json
import logging
import re
import socket
import sys
import time
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
READABILITY_URL = "http://fakehost/test/page.html"
FIELDS = ("title", "author", "date")

Result = tuple[str | None, str | None, str | None]


# ------------------------------------------------------------------ data

def read(path: Path) -> str:
    with gzip.open(path, "rt", encoding="utf8", errors="replace") as handle:
        return handle.read()


def iter_wcxb_pages(limit: int | None) -> Iterator[dict]:
    """The wcxb-dev pages one at a time (a caller that scores as it goes holds one page)."""
    root = DATA / "wcxb-dev"
    for path in sorted((root / "ground-truth").glob("*.json"))[:limit]:
        record = json.loads(path.read_text(encoding="utf8"))
        truth = record["ground_truth"]
        yield {
            "id": path.stem, "url": record.get("url"), "html": read(root / "html" / f"{path.stem}.html.gz"),
            "title": truth.get("title"), "author": truth.get("author"), "date": truth.get("publish_date"),
        }


def wcxb_pages(limit: int | None) -> list[dict]:
    return list(iter_wcxb_pages(limit))


def readability_pages(limit: int | None) -> list[dict]:
    pages = []
    for folder in sorted((DATA / "readability-pages" / "pages").iterdir())[:limit]:
        expected = json.loads((folder / "expected-metadata.json").read_text(encoding="utf8"))
        pages.append({
            "id": folder.name, "url": READABILITY_URL, "html": read(folder / "source.html.gz"),
            "title": expected.get("title"), "author": expected.get("byline"), "date": expected.get("publishedTime"),
        })
    return pages


# ------------------------------------------------------------------ normalisation and scores

_QUOTES = str.maketrans("", "", "\"'\u2018\u2019\u201c\u201d\u00ab\u00bb")
_BY = re.compile(r"^by\s+")
_NAME_SPLIT = re.compile(r"\s*(?:;|,|&|\||\band\b)\s*")
_TOKEN = re.compile(r"\w+")


def norm(value: str | None) -> str:
    if not value:
        return ""
    text = " ".join(str(value).casefold().translate(_QUOTES).split())
    return _BY.sub("", text).strip()


def names(value: str | None) -> frozenset[str]:
    return frozenset(part for part in _NAME_SPLIT.split(norm(value)) if part)


def day(value: str | None) -> str | None:
    """The calendar day of a date string, or None when it does not read as one."""
    if not value:
        return None
    text = str(value).strip()
    match = re.match(r"(\d{4})-(\d{1,2})-(\d{1,2})", text)
    if match:
        try:
            return dt.date(*map(int, match.groups())).isoformat()
        except ValueError:
            return None
    try:
        from dateutil import parser

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return parser.parse(text, fuzzy=False).date().isoformat()
    except (ValueError, OverflowError, TypeError):
        return None


def equal(field: str, got: str | None, gold: str) -> bool:
    if field == "author":
        return bool(got) and names(got) == names(gold)
    if field == "date":
        return day(got) is not None and day(got) == day(gold)
    return bool(got) and norm(got) == norm(gold)


def token_f1(got: str | None, gold: str) -> float:
    predicted, expected = Counter(_TOKEN.findall(norm(got))), Counter(_TOKEN.findall(norm(gold)))
    overlap = sum((predicted & expected).values())
    if not overlap:
        return 0.0
    precision, recall = overlap / sum(predicted.values()), overlap / sum(expected.values())
    return 2 * precision * recall / (precision + recall)


def score(pages: list[dict], results: list[Result]) -> dict[str, dict[str, float]]:
    table: dict[str, dict[str, float]] = {}
    for index, field in enumerate(FIELDS):
        exact = f1 = with_gold = given = without_gold = 0.0
        for page, result in zip(pages, results, strict=True):
            got, gold = result[index], page[field]
            if gold:
                with_gold += 1
                exact += equal(field, got, gold)
                f1 += token_f1(day(got), day(gold)) if field == "date" else token_f1(got, gold)
            else:
                without_gold += 1
                given += bool(got)
        table[field] = {
            "exact": exact / with_gold if with_gold else 0.0,
            "f1": f1 / with_gold if with_gold else 0.0,
            "given": given / without_gold if without_gold else 0.0,
            "n": with_gold, "n_none": without_gold,
        }
    return table


# ------------------------------------------------------------------ contenders

def _text(value: object) -> str | None:
    if value is None:
        return None
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "; ".join(str(v) for v in value if v) or None
    return str(value) or None


def contenders() -> dict[str, Callable[[str, str | None], Result]]:
    import turbohtml

    def ours_metadata(html: str, url: str | None) -> Result:
        meta = turbohtml.parse(html).metadata(url)
        return meta.title, meta.author, meta.date

    def ours_article(html: str, url: str | None) -> Result:
        article = turbohtml.parse(html).article()
        return article.title, article.byline, article.date

    found: dict[str, Callable[[str, str | None], Result]] = {
        "turbohtml metadata()": ours_metadata,
        "turbohtml article()": ours_article,
    }
    try:
        import trafilatura

        def traf(html: str, url: str | None) -> Result:
            doc = trafilatura.extract_metadata(html, default_url=url)
            return (doc.title, doc.author, doc.date) if doc is not None else (None, None, None)

        found["trafilatura"] = traf
    except ImportError:
        pass
    try:
        from newspaper import Article as NewsArticle
        from newspaper.configuration import Configuration

        config = Configuration()
        config.fetch_images = False
        config.follow_meta_refresh = False

        def news(html: str, url: str | None) -> Result:
            article = NewsArticle(url or "http://example.com/", config=config)
            article.download(input_html=html, ignore_read_more=True)
            article.parse()
            return _text(article.title), _text(article.authors), _text(article.publish_date)

        found["newspaper4k"] = news
    except ImportError:
        pass
    try:
        from goose3 import Goose

        goose = Goose({"enable_image_fetching": False, "http_timeout": 0.01})

        def goose_meta(html: str, url: str | None) -> Result:
            article = goose.extract(url=url, raw_html=html)
            return _text(article.title), _text(article.authors), _text(article.publish_date)

        found["goose3"] = goose_meta
    except ImportError:
        pass
    return found


def dump(path: Path) -> int:
    """Every field of ``metadata()`` on every page of the three sets, as JSON at ``path``."""
    import dataclasses

    from timing import article_pages

    import turbohtml

    pages = [(f"wcxb/{page['id']}", page["html"], page["url"]) for page in iter_wcxb_pages(None)]
    pages += [(f"article/{index}", html, None) for index, html in enumerate(article_pages())]
    pages += [(f"readability/{page['id']}", page["html"], page["url"]) for page in readability_pages(None)]
    records = {key: dataclasses.asdict(turbohtml.parse(html).metadata(url)) for key, html, url in pages}
    path.write_text(json.dumps(records, ensure_ascii=False, indent=0, sort_keys=True), encoding="utf8")
    return len(records)


def _refuse_network(*args: object, **kwargs: object) -> None:
    raise OSError("bench/metadata.py runs offline")


def run(name: str, function: Callable[[str, str | None], Result], pages: list[dict]) -> tuple[list[Result], float]:
    results: list[Result] = []
    start = time.perf_counter()
    for page in pages:
        try:
            results.append(function(page["html"], page["url"]))
        except Exception as error:  # noqa: BLE001 - a crash on a page scores as no value
            print(f"  {name} failed on {page['id']}: {type(error).__name__}: {error}"[:200], file=sys.stderr)
            results.append((None, None, None))
    return results, time.perf_counter() - start


def report(label: str, pages: list[dict], scores: dict[str, dict], seconds: dict[str, float]) -> None:
    first = next(iter(scores.values()))
    counts = ", ".join(f"{field} {first[field]['n']:.0f} ({first[field]['n_none']:.0f} without)" for field in FIELDS)
    print(f"\n{label}: {len(pages)} pages; gold values: {counts}")
    cells = "".join(f"{field + ' exact':>13}{'F1':>7}{'given':>7}" for field in FIELDS)
    header = f"{'contender':<22}{cells}{'ms/page':>9}"
    print(header)
    print("-" * len(header))
    for name, table in scores.items():
        cells = "".join(f"{table[f]['exact']:>13.3f}{table[f]['f1']:>7.3f}{table[f]['given']:>7.2f}" for f in FIELDS)
        print(f"{name:<22}{cells}{seconds[name] * 1000 / len(pages):>9.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", choices=("wcxb", "readability", "both"), default="both")
    parser.add_argument("--only", nargs="*", help="contender names to run (substring match)")
    parser.add_argument("--limit", type=int, default=None, help="the first N pages of each set")
    parser.add_argument("--misses", metavar="FIELD", help="list metadata()'s misses on FIELD (development aid)")
    parser.add_argument("--dump", metavar="PATH", type=Path, help="write every metadata() record as JSON and stop")
    args = parser.parse_args()
    if args.dump:
        print(f"{dump(args.dump)} records written to {args.dump}")
        return
    logging.disable(logging.CRITICAL)
    socket.socket.connect = _refuse_network  # type: ignore[method-assign]
    socket.create_connection = _refuse_network  # type: ignore[assignment]
    sets = []
    if args.set in ("wcxb", "both"):
        sets.append(("wcxb-dev", wcxb_pages(args.limit)))
    if args.set in ("readability", "both"):
        sets.append(("Readability pages", readability_pages(args.limit)))
    chosen = {name: fn for name, fn in contenders().items()
              if not args.only or any(part in name for part in args.only)}
    for label, pages in sets:
        scores, seconds = {}, {}
        for name, function in chosen.items():
            results, seconds[name] = run(name, function, pages)
            scores[name] = score(pages, results)
            if args.misses and name == "turbohtml metadata()":
                index = FIELDS.index(args.misses)
                for page, result in zip(pages, results, strict=True):
                    gold = page[args.misses]
                    if (gold and not equal(args.misses, result[index], gold)) or (not gold and result[index]):
                        print(f"  {page['id']}: got {result[index]!r} want {gold!r}")
        report(label, pages, scores, seconds)


if __name__ == "__main__":
    main()
