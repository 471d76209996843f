"""The main job: parse a page and print what turbohtml extracts from it."""

import sys
from pathlib import Path

import turbohtml


def main(path: str) -> None:
    doc = turbohtml.parse(Path(path).read_bytes())
    print(f"title: {doc.title}")
    print(f"body text: {len(doc.body.text)} characters")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).with_name("page.html")))
