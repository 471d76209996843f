"""Dump every article() record of the development pages to JSON, to prove a speed change
leaves the output identical: run it before and after, then compare the two files.

Pages: the 1,497 WCXB-dev pages, the 181 article-benchmark pages and the 130 Readability
pages. The record's ``element`` is written as its child-index path from the document.
Run: python bench/identical.py OUT.json [--compare BEFORE.json]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
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


def records() -> dict[str, dict]:
    import turbohtml

    found = {}
    for key, path in page_paths():
        article = turbohtml.parse(gzip.open(path, "rt", encoding="utf8").read()).article()
        found[key] = {**article._asdict(), "element": element_path(article.element)}
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
