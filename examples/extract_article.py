"""The main job: parse a page and print its article with the metadata."""

import sys
from pathlib import Path

import turbohtml


def main(path: str) -> None:
    article = turbohtml.parse(Path(path).read_bytes()).article()
    for field in ("title", "byline", "date", "description", "lang"):
        print(f"{field}: {getattr(article, field)}")
    print()
    print(article.text)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).with_name("page.html")))
