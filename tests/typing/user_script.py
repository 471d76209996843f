"""A user's script over the public API, written with full annotations.

tests/test_typing.py type-checks it with ``mypy --strict`` (so the shipped stubs and the
package's annotations must describe what a user sees) and then runs it on
examples/page.html. ``assert_type`` pins each public return type the stubs promise.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, assert_type

import turbohtml
from turbohtml import Article, Document, Element, Link, MicrodataItem, Node, OpenGraph, StructuredData
from turbohtml.clean import Policy, Sanitizer
from turbohtml.extract import (
    DateExtraction,
    Extraction,
    Metadata,
    Paragraph,
    PublicationDate,
    UrlCleaning,
    boilerplate,
    clean_url,
    dates,
    extract_links,
    metadata,
    microdata,
    normalize_url,
    opengraph,
)
from turbohtml.render import article_html, article_markdown, node_markdown

PAGE = Path(__file__).resolve().parents[2] / "examples" / "page.html"


def walk_nodes(doc: Document) -> list[str]:
    """Tags and text through the Node API: properties, children, indexing, selection."""
    tags: list[str] = []
    root = doc.root
    assert_type(root, Element | None)
    assert root is not None and doc.head is not None and doc.body is not None
    for child in root:
        assert_type(child, Node)
        if child.tag is not None:
            tags.append(child.tag)
    first: Node = root[0]
    some: list[Node] = root[0:2]
    assert first == some[0] and len(root) == len(root.children)
    descendants: Iterator[Node] = doc.descendants
    assert any(node.tag == "h1" for node in descendants)
    heading = doc.select_one("h1")
    assert_type(heading, Element | None)
    assert heading is not None
    attrs: Mapping[str, str] = heading.attrs
    assert heading.attr("missing", "none") == "none" and "missing" not in attrs
    parent: Node | None = heading.parent
    assert parent is not None and parent.next_sibling is not heading
    links: list[Element] = doc.select("a[href]")
    assert links and links[0].attr("href") is not None
    assert heading.text.strip() and heading.html.startswith("<h1") and heading.inner_html
    return tags


def article_fields(doc: Document) -> Article:
    """The article record: fields, renderers, and the node methods beside it."""
    article = doc.article()
    assert_type(article, Article)
    element: Element | None = article.element
    tags: tuple[str, ...] = article.tags
    assert element is not None and isinstance(tags, tuple)
    markdown: str = article.to_markdown(links=False)
    html: str = article.to_html(images=True, base_url="https://gazette.example.org/")
    assert markdown and html.startswith("<")
    assert article_markdown(article) and article_html(article)
    main: Element | None = doc.main_content()
    text: str = doc.main_text()
    assert main is not None and text and doc.to_text() and doc.to_markdown(images=True)
    assert node_markdown(main, links=False)
    return article


def page_metadata(doc: Document, html: str) -> Metadata:
    """Metadata and dates, by method and by function, with their options objects."""
    meta = doc.metadata("https://gazette.example.org/travel/")
    assert_type(meta, Metadata)
    assert meta == metadata(html, "https://gazette.example.org/travel/")
    title: str | None = meta.title
    categories: tuple[str, ...] = meta.categories
    assert title is not None and isinstance(categories, tuple)
    window = DateExtraction(original=True, min_date=dt.date(2000, 1, 1), output_format="%d %B %Y")
    found = dates(html, window)
    assert_type(found, PublicationDate | None)
    assert found is not None and found == doc.dates(window)
    print(f"{found.date} from {found.signal}")
    kind: str = doc.page_type()
    assert kind in {"article", "forum", "product", "collection", "listing", "documentation", "service"}
    return meta


def paragraphs(html: str) -> list[Paragraph]:
    units = boilerplate(html, Extraction.justext())
    assert_type(units, list[Paragraph])
    assert units == parse_page(html).boilerplate(Extraction.justext())
    assert any(not unit.is_boilerplate for unit in units)
    strict = Extraction(min_length=40, max_link_density=0.3, keep_headings=False)
    assert all(unit.is_boilerplate for unit in boilerplate(html, strict) if unit.is_heading)
    return units


def structured(doc: Document, html: str) -> StructuredData:
    data = doc.structured_data("https://gazette.example.org/")
    assert_type(data, StructuredData)
    items: list[MicrodataItem] = data.microdata
    assert items == microdata(html, "https://gazette.example.org/")
    for item in items:
        value: str | MicrodataItem | None = item.get("name")
        print(item.types, value, item.json())
    card = opengraph(html)
    assert_type(card, OpenGraph)
    assert card == doc.opengraph() and card.get("title") == card["title"]
    images: list[str] = card.get_all("image")
    blobs: list[Any] = doc.json_ld()
    print(images, len(blobs), card.is_valid())
    return data


def urls(doc: Document, html: str) -> set[str]:
    cleaning = UrlCleaning(strict=True, query_deny=frozenset({"ref"}))
    cleaned = clean_url("https://Gazette.example.org/a/?utm_source=x&ref=y", cleaning)
    assert_type(cleaned, str | None)
    normal: str = normalize_url("HTTPS://gazette.example.org:443/a/../b", UrlCleaning.w3lib())
    found = extract_links(html, "https://gazette.example.org/", cleaning, external_only=False)
    assert_type(found, set[str])
    records: list[Link] = doc.links()
    assert cleaned is not None and normal and found and records
    attribute: str = records[0].attribute
    assert attribute in {"href", "src"} or attribute
    return found


def sanitize(doc: Document) -> str:
    policy = Policy(tags=frozenset({"p", "a", "em"}), attributes={"a": frozenset({"href"})},
                    strip=True, link_rel="nofollow")
    sanitizer = Sanitizer(policy)
    assert sanitizer.policy == policy
    safe = sanitizer.sanitize('<p onclick="x()">Hi <a href="/a">there</a><script>bad()</script></p>')
    assert_type(safe, str)
    body = doc.body
    assert body is not None
    return safe + Sanitizer().sanitize_node(body)


def parse_page(html: str | bytes) -> Document:
    doc = turbohtml.parse(html)
    assert_type(doc, Document)
    return doc


def main(path: Path = PAGE) -> None:
    raw = path.read_bytes()
    html = raw.decode("utf-8")
    doc = parse_page(raw)
    tags = walk_nodes(doc)
    article = article_fields(doc)
    meta = page_metadata(doc, html)
    units = paragraphs(html)
    data = structured(doc, html)
    links = urls(doc, html)
    safe = sanitize(doc)
    print(tags, article.title, meta.author, len(units), data.opengraph.get("type"), len(links), len(safe))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else PAGE)
