"""Dump every article(), metadata() and dates() record of the development pages to JSON,
to prove a speed change leaves the output identical: run it before and after, then
compare the two files.

Pages: the 1,497 WCXB-dev pages, the 181 article-benchmark pages and the 130 Readability
pages. The record's ``element`` is written as its child-index path from the document;
``metadata`` is metadata() on a fresh parse and on the parse article() read first (it
then knows the page type), ``dates`` the dates() of each option set in ``DATE_OPTIONS``.
Run: python bench/identical.py OUT.json [--compare BEFORE.json]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import DATA  # noqa: E402


def page_paths() -> list[tuple[str, Path]]:
    """(key, path) of every page, in a fixed order."""
    sets = [
        ("wcxb", sorted((DATA / "wcxb-dev" / "html").glob("*.html.gz"))),
        ("article", sorted((DATA / "article-benchmark" / "html").glob("*.html.gz"))),
        ("readability", sorted((DATA / "readability-pages" / "pages").glob("*/source.html.gz"))),
    ]
    return [(f"{name}/{path.relative_to(DATA)}", path) for name, paths in sets for path in paths]


def element_path(node: object) -> list[int] | None:
    """Child indexes from the document down to ``node`` (None for no element)."""
    if node is None:
        return None
    path = []
    while node.parent is not None:  # type: ignore[attr-defined]
        parent = node.parent  # type: ignore[attr-defined]
        path.append(next(i for i, child in enumerate(parent.children) if child == node))
        node = parent
    return path[::-1]


#: dates() options dumped: the default, the original date metadata() asks for, and the text search.
DATE_OPTIONS = ({}, {"original": True, "extensive_search": False}, {"original": True})


def records() -> dict[str, dict]:
    import turbohtml
    from turbohtml.extract import DateExtraction

    date_options = [DateExtraction(**options) for options in DATE_OPTIONS]
    found = {}
    for key, path in page_paths():
        page = gzip.open(path, "rt", encoding="utf8").read()
        doc = turbohtml.parse(page)
        article = doc.article()
        found[key] = {**article._asdict(), "element": element_path(article.element),
                      "metadata": [asdict(turbohtml.parse(page).metadata()), asdict(doc.metadata())],
                      "dates": [repr(turbohtml.parse(page).dates(options)) for options in date_options]}
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--compare", type=Path, help="a dump to compare with, page by page")
    args = parser.parse_args()
    found = records()
    args.out.write_text(json.dumps(found, ensure_ascii=False, indent=0))
    if args.compare:
        before = json.loads(args.compare.read_text())
        now = json.loads(args.out.read_text())
        differ = [key for key in before.keys() | now.keys() if before.get(key) != now.get(key)]
        for key in sorted(differ)[:20]:
            old, new = before.get(key) or {}, now.get(key) or {}
            print(f"differs: {key} {[field for field in old.keys() | new.keys() if old.get(field) != new.get(field)]}")
        print(f"{len(now)} pages compared, {len(differ)} differ")
    else:
        print(f"{len(found)} pages written to {args.out}")


if __name__ == "__main__":
    main()
