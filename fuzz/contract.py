"""The documented contract of every public function, as executable checks.

Shared by the atheris harnesses in this folder and by ``tests/test_reliability.py``
(which must run without atheris, so nothing here imports it). Each ``check_*``
function calls a family of public functions on one input and raises
``ContractError`` when a result has the wrong type or shape, or when an exception
escapes that the spec does not document for that call. Anything else that escapes
(``IndexError``, ``RecursionError``, ...) is left to propagate: to a fuzzer it is a
finding as much as a segfault is.

The ``digest_*`` functions reduce every extraction result of a page to plain
comparable values (no node handles), for the thread-stress and leak checks.

Adding a public function: add its call to the family it belongs to (or a new
``check_*``), and to ``digest_page`` when it extracts something from a page.
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import turbohtml
from turbohtml import Comment, Document, Element, Node, Text
from turbohtml import extract as X
from turbohtml._features import PAGE_KINDS_NAMES
from turbohtml.clean import Policy, Sanitizer
from turbohtml.render import ARTICLE_POLICY

REPO = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("TURBOHTML_DATA", REPO.parent / "shared" / "data"))

SIGNALS = frozenset({"url", "meta", "json-ld", "time", "text"})

EXTRACTIONS = (
    None,
    X.Extraction(),
    X.Extraction.justext(),
    X.Extraction(min_length=0, max_link_density=1.0, keep_headings=False),
)
DATE_OPTIONS = (
    None,
    X.DateExtraction(original=True),
    X.DateExtraction(extensive_search=False),
    X.DateExtraction(output_format="%d/%m/%Y %H:%M"),
)
URL_OPTIONS = (
    None,
    X.UrlCleaning(strict=True),
    X.UrlCleaning.w3lib(),
    X.UrlCleaning(trailing_slash=False, strip_fragment=True, language="en", query_deny=frozenset({"id", "utm_x"})),
    X.UrlCleaning(query_allow=frozenset({"page", "q", "utm_source"}), language="de"),
)
BASE_URLS = (None, "http://example.com/a/b.html?x=1#f", "https://[::1]:8080/", "http://xn--mnchen-3ya.de/")
# Selectors whose matching cost is linear in the tree: no descendant combinator (it walks
# every ancestor, O(depth) per element) and no :nth-child (O(siblings) per element);
# those are CSS's own costs, measured in bench/scaling.py, not contract checks.
SELECTORS = ("p", "div > a[href]", "*", "[class~=content], article", "a:not([rel]), h1:first-child")


class ContractError(AssertionError):
    """A public function broke its documented contract."""


def _expect(condition: bool, what: str) -> None:
    if not condition:
        raise ContractError(what)


def _is_str_or_none(value: object) -> bool:
    return value is None or isinstance(value, str)


# ---------------------------------------------------------------- parse and nodes


def check_parse(markup: str | bytes) -> Document:
    """``parse`` takes any str or bytes and returns a Document (never raises for those)."""
    doc = turbohtml.parse(markup)
    _expect(type(doc) is Document, f"parse() returned {type(doc).__name__}")
    return doc


def _check_node(node: Node) -> None:
    tag = node.tag
    _expect(_is_str_or_none(tag), f"tag is {type(tag).__name__}")
    _expect((tag is not None) == isinstance(node, Element) or isinstance(node, Document),
            f"tag {tag!r} on a {type(node).__name__}")
    attrs = node.attrs
    _expect(isinstance(attrs, Mapping), "attrs is not a Mapping")
    for key, value in attrs.items():
        _expect(isinstance(key, str) and isinstance(value, str), "attrs holds a non-str")
        got = node.attr(key)
        _expect(isinstance(got, str), f"attr({key!r}) is {type(got).__name__} though attrs has it")
    _expect(node.attr("no-such-attribute-here", "dflt") == "dflt", "attr() default ignored")
    _expect(isinstance(node.text, str), "text is not str")
    parent = node.parent
    _expect(parent is None or isinstance(parent, Node), "parent is not a Node")
    children = node.children
    _expect(isinstance(children, list) and all(isinstance(c, (Element, Text, Comment, Node)) for c in children),
            "children is not a list of Node")
    _expect(len(node) == len(children), "len(node) != len(children)")
    for child in children[:3]:
        _expect(child.parent == node, "a child's parent is not the node")
    _expect(isinstance(node.html, str), "html is not str")
    _expect(isinstance(node.inner_html, str), "inner_html is not str")


def check_nodes(doc: Document, limit: int = 64) -> None:
    """The node API on the document, its root/head/body and the first ``limit`` nodes."""
    _check_node(doc)
    for node in (doc.root, doc.head, doc.body):
        _expect(node is None or isinstance(node, Element), "root/head/body is not an Element")
        if node is not None:
            _check_node(node)
    _expect(_is_str_or_none(doc.title), "title is not str/None")
    for count, node in enumerate(doc.descendants):
        _expect(isinstance(node, Node), "descendants yielded a non-Node")
        if count < limit:
            _check_node(node)
    for css in SELECTORS:
        found = doc.select(css)
        _expect(isinstance(found, list) and all(isinstance(e, Element) for e in found), f"select({css!r})")
        first = doc.select_one(css)
        _expect(first is None or isinstance(first, Element), f"select_one({css!r})")
        _expect((first is None) == (not found) and (first is None or first == found[0]),
                f"select_one({css!r}) disagrees with select()")


def check_selector(doc: Document, css: str) -> None:
    """An arbitrary selector: a list of Elements, or ValueError for invalid CSS or a
    selection past select()'s work budget."""
    try:
        found = doc.select(css)
    except ValueError:
        return
    _expect(isinstance(found, list) and all(isinstance(e, Element) for e in found), f"select({css!r})")


# ---------------------------------------------------------------- extraction


def _check_links(links: object) -> None:
    _expect(isinstance(links, list), "links() is not a list")
    for link in links:  # type: ignore[attr-defined]
        _expect(isinstance(link, X.Link), "links() holds a non-Link")
        _expect(isinstance(link.attribute, str) and isinstance(link.url, str), "Link fields are not str")
        _expect(link.element is None or isinstance(link.element, Node), "Link.element is not a Node")


def check_node_extraction(node: Node) -> None:
    """main_content / main_text / article / links on any node."""
    winner = node.main_content()
    _expect(winner is None or isinstance(winner, Element), f"main_content() is {type(winner).__name__}")
    text = node.main_text()
    _expect(isinstance(text, str), "main_text() is not str")
    _expect(winner is not None or text == "", "main_text() not empty while main_content() is None")
    art = node.article()
    _expect(isinstance(art, X.Article), "article() is not an Article")
    _expect(art.element is None or isinstance(art.element, Element), "Article.element")
    _expect(art.element == winner, "article().element differs from main_content()")
    _expect(isinstance(art.text, str), "Article.text is not str")
    for field in ("title", "byline", "date", "description", "lang"):
        _expect(_is_str_or_none(getattr(art, field)), f"Article.{field} is not str/None")
    _check_links(node.links())
    check_render(node, art)


def check_render(node: Node, art: X.Article) -> None:
    """to_text / to_markdown on a node, to_markdown / to_html on its article."""
    _expect(isinstance(node.to_text(), str), "to_text() is not str")
    _expect(isinstance(node.to_markdown(images=True), str), "to_markdown() is not str")
    _expect(isinstance(art.to_markdown(links=False), str), "Article.to_markdown() is not str")
    fragment = art.to_html(images=True)
    _expect(isinstance(fragment, str), "Article.to_html() is not str")
    _expect(ARTICLE_SANITIZER.sanitize(fragment) == fragment, "Article.to_html() is not clean")


#: The sanitizer policies the harnesses try: bleach's default (escape), strip, and the
#: article policy with comments kept.
SANITIZERS = (
    Sanitizer(),
    Sanitizer(Policy(strip=True)),
    Sanitizer(Policy(tags=ARTICLE_POLICY.tags, attributes=ARTICLE_POLICY.attributes, strip_comments=False,
                     link_rel="nofollow")),
)
ARTICLE_SANITIZER = Sanitizer(ARTICLE_POLICY)


def check_sanitize(markup: str, which: int = 0) -> None:
    """Sanitizer.sanitize / sanitize_node: str out, and a fixed point (sanitizing the
    output again changes nothing)."""
    sanitizer = SANITIZERS[which % len(SANITIZERS)]
    cleaned = sanitizer.sanitize(markup)
    _expect(isinstance(cleaned, str), "sanitize() is not str")
    _expect(sanitizer.sanitize(cleaned) == cleaned, "sanitize() is not idempotent")
    _expect(isinstance(sanitizer.sanitize_node(turbohtml.parse(markup)), str), "sanitize_node() is not str")


def _check_paragraphs(paragraphs: object) -> None:
    _expect(isinstance(paragraphs, list), "boilerplate() is not a list")
    for para in paragraphs:  # type: ignore[attr-defined]
        _expect(isinstance(para, X.Paragraph), "boilerplate() holds a non-Paragraph")
        _expect(isinstance(para.text, str) and para.text != "", "Paragraph.text empty or not str")
        _expect(isinstance(para.is_boilerplate, bool) and isinstance(para.is_heading, bool), "Paragraph flags")


def _check_date(found: object) -> None:
    _expect(found is None or isinstance(found, X.PublicationDate), f"dates() is {type(found).__name__}")
    if found is not None:
        _expect(isinstance(found.date, str) and found.date != "", "PublicationDate.date")  # type: ignore[attr-defined]
        _expect(found.signal in SIGNALS, f"PublicationDate.signal {found.signal!r}")  # type: ignore[attr-defined]


#: Items whose JSON form would hold more nested items than this are not serialized by
#: the checks. Items are shared (an itemref'd element is one MicrodataItem wherever it
#: is a value), so microdata() stays linear, but the standard's JSON writes a shared
#: item out at every place it occurs: an itemref chain of n elements that are also
#: properties of the enclosing item gives n^2/2 nested objects (a 300 kB page, 134 MB
#: of JSON). See docs/reliability.md.
JSON_NODE_LIMIT = 200_000


def _expanded_size(item: Any) -> int:
    """How many items ``item.json()`` would write (the tree size of the item DAG)."""
    sizes: dict[int, int] = {}
    stack = [(item, False)]
    while stack:
        node, done = stack.pop()
        if id(node) in sizes:
            continue
        children = [v for values in node.properties.values() for v in values if isinstance(v, X.MicrodataItem)]
        if done:
            sizes[id(node)] = min(1 + sum(sizes.get(id(c), 1) for c in children), JSON_NODE_LIMIT + 1)
            continue
        stack.append((node, True))
        stack.extend((c, False) for c in children if id(c) not in sizes)
    return sizes[id(item)]


def _check_microdata(items: object) -> None:
    _expect(isinstance(items, list), "microdata() is not a list")
    for item in items:  # type: ignore[attr-defined]
        _expect(isinstance(item, X.MicrodataItem), "microdata() holds a non-MicrodataItem")
        _expect(_is_str_or_none(item.type) and _is_str_or_none(item.id), "MicrodataItem.type/id")
        for name, values in item.properties.items():
            _expect(isinstance(name, str) and isinstance(values, list), "MicrodataItem.properties shape")
            for value in values:
                _expect(isinstance(value, (str, X.MicrodataItem)), "a property value is not str/item")
        if _expanded_size(item) > JSON_NODE_LIMIT:
            continue  # known limit: an itemref chain inside an item makes the JSON quadratic
        dumped = item.json()
        _expect(isinstance(dumped, str), "MicrodataItem.json() is not str")
        try:
            json.loads(dumped)
        except RecursionError:
            pass  # items nested deeper than the stdlib parser recurses: json() is iterative
        _expect(item == item, "MicrodataItem is not equal to itself")  # noqa: PLR0124
        _expect(isinstance(repr(item), str), "repr(MicrodataItem)")


def _check_opengraph(og: object) -> None:
    _expect(isinstance(og, X.OpenGraph), f"opengraph() is {type(og).__name__}")
    for key, value in og.items():  # type: ignore[attr-defined]
        _expect(isinstance(key, str) and isinstance(value, str), "OpenGraph holds a non-str")
        _expect(isinstance(og.get_all(key), list), "OpenGraph.get_all")  # type: ignore[attr-defined]
    _expect(isinstance(og.is_valid(), bool), "OpenGraph.is_valid()")  # type: ignore[attr-defined]


def _base_ok(base_url: str | None) -> bool:
    """Whether ``base_url`` is one the spec accepts (None or an absolute URL)."""
    if base_url is None:
        return True
    from turbohtml._core import url_parse

    try:
        url_parse(base_url)
    except ValueError:
        return False
    return True


_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")
_TEXT_FIELDS = ("title", "author", "description", "site_name", "image", "lang", "url")


def _check_metadata(meta: object) -> None:
    """A Metadata record: text fields None or non-empty str, days as valid ISO days, an
    absolute http(s) canonical, a known page type, tags and categories tuples of text."""
    _expect(isinstance(meta, X.Metadata), f"metadata() is {type(meta).__name__}")
    for name in _TEXT_FIELDS:
        value = getattr(meta, name)
        _expect(value is None or (isinstance(value, str) and value != ""),
                f"Metadata.{name} {value!r}")
    for name in ("date", "date_modified"):
        value = getattr(meta, name)
        if value is not None:
            _expect(isinstance(value, str) and _ISO_DAY.match(value) is not None, f"Metadata.{name} {value!r}")
            dt.date.fromisoformat(value)  # a valid day, or ValueError: a finding
    canonical = meta.canonical  # type: ignore[attr-defined]
    _expect(canonical is None or canonical.startswith(("http://", "https://")), f"Metadata.canonical {canonical!r}")
    _expect(meta.page_type in PAGE_KINDS_NAMES, f"Metadata.page_type {meta.page_type!r}")  # type: ignore[attr-defined]
    for name in ("tags", "categories"):
        values = getattr(meta, name)
        _expect(isinstance(values, tuple) and all(isinstance(v, str) and v for v in values), f"Metadata.{name}")


def check_content(doc: Document, which: int = 0) -> None:
    """main_content / main_text / article / links / boilerplate / dates / metadata on a document."""
    check_node_extraction(doc)
    body = doc.body
    if body is not None:
        check_node_extraction(body)
    _check_paragraphs(doc.boilerplate(EXTRACTIONS[which % len(EXTRACTIONS)]))
    _check_date(doc.dates(DATE_OPTIONS[which % len(DATE_OPTIONS)]))
    _check_metadata(doc.metadata(BASE_URLS[which % len(BASE_URLS)]))


def check_structured(doc: Document, which: int = 0) -> None:
    """microdata / opengraph / json_ld / structured_data on a document."""
    base = BASE_URLS[which % len(BASE_URLS)]
    _check_microdata(doc.microdata(base))
    _check_opengraph(doc.opengraph(base))
    blocks = doc.json_ld()
    _expect(isinstance(blocks, list), "json_ld() is not a list")
    data = doc.structured_data(base)
    _expect(isinstance(data, X.StructuredData), "structured_data() is not StructuredData")
    _expect(data.json_ld == blocks, "structured_data().json_ld differs from json_ld()")
    _check_microdata(data.microdata)
    _expect(isinstance(data.opengraph, Mapping), "StructuredData.opengraph")


def check_document(doc: Document, which: int = 0) -> None:
    """Every Document extraction method; ``which`` rotates through the option variants."""
    check_content(doc, which)
    check_structured(doc, which)


def check_extract_content(html: str, which: int = 0) -> None:
    """``turbohtml.extract.boilerplate``, ``dates`` and ``metadata`` on a str."""
    _check_paragraphs(X.boilerplate(html, EXTRACTIONS[which % len(EXTRACTIONS)]))
    _check_date(X.dates(html, DATE_OPTIONS[which % len(DATE_OPTIONS)]))
    _check_metadata(X.metadata(html, BASE_URLS[which % len(BASE_URLS)]))


def check_extract_structured(html: str, base_url: str | None = None) -> None:
    """``turbohtml.extract.microdata`` and ``opengraph`` on a str: ValueError only for a bad base_url."""
    valid_base = _base_ok(base_url)
    for call, check in ((X.microdata, _check_microdata), (X.opengraph, _check_opengraph)):
        try:
            check(call(html, base_url))
        except ValueError:
            _expect(not valid_base, f"{call.__name__}() raised ValueError for a valid base_url {base_url!r}")
    if valid_base:
        # the page functions skip or shorten the parse; the whole tree must agree
        doc = turbohtml.parse(html)
        og, full = X.opengraph(html, base_url), doc.opengraph(base_url)
        _expect(og == full and all(og.get_all(k) == full.get_all(k) for k in full),
                f"opengraph(page) {dict(og)!r} differs from the whole tree's {dict(full)!r}")
        _expect(_top_level_digest(X.microdata(html, base_url)) == _top_level_digest(doc.microdata(base_url)),
                "microdata(page) differs from the whole tree's")


def check_extract_html(html: str, which: int = 0, base_url: str | None = None) -> None:
    """Every ``turbohtml.extract`` page function on a str."""
    check_extract_content(html, which)
    check_extract_structured(html, base_url)
    check_extract_links(html, base_url, which)


def check_extract_links(html: str, base_url: str | None, which: int = 0) -> None:
    options = URL_OPTIONS[which % len(URL_OPTIONS)]
    valid_base = _base_ok(base_url)
    for external_only in (False, True):
        try:
            links = X.extract_links(html, base_url, options, external_only=external_only)
        except ValueError:
            _expect(not valid_base or (external_only and base_url is None),
                    f"extract_links() raised ValueError for base_url={base_url!r}, external_only={external_only}")
            continue
        _expect(isinstance(links, set) and all(isinstance(u, str) for u in links), "extract_links() is not set[str]")
        for link in links:
            _expect(link.startswith(("http://", "https://")), f"extract_links() kept a non-web URL {link!r}")


# ---------------------------------------------------------------- URL helpers


def check_url(url: str, which: int = 0) -> None:
    """clean_url -> str | None (never raises for a str); normalize_url -> str or ValueError.

    A cleaned URL is an http(s) URL and a fixed point of cleaning; normalize_url's
    result is a fixed point of normalize_url (the canonical form).
    """
    options = URL_OPTIONS[which % len(URL_OPTIONS)]
    cleaned = X.clean_url(url, options)
    _expect(_is_str_or_none(cleaned), f"clean_url() returned {type(cleaned).__name__}")
    if cleaned is not None:
        _expect(cleaned.startswith(("http://", "https://")), f"clean_url() kept a non-web URL {cleaned!r}")
        again = X.clean_url(cleaned, options)
        _expect(again == cleaned, f"clean_url() is not idempotent: {url!r} -> {cleaned!r} -> {again!r}")
    try:
        normal = X.normalize_url(url, options)
    except ValueError:
        return
    _expect(isinstance(normal, str), f"normalize_url() returned {type(normal).__name__}")
    again = X.normalize_url(normal, options)
    _expect(again == normal, f"normalize_url() is not idempotent: {url!r} -> {normal!r} -> {again!r}")


# ---------------------------------------------------------------- digests


def _microdata_digest(items: list) -> list:
    return [item.json() for item in items]


def _top_level_digest(items: list) -> list:
    """The items one level deep: linear, where json() can be quadratic in the page."""
    def value(v: object) -> object:
        return v if isinstance(v, str) else ("item", v.type, v.id)  # type: ignore[attr-defined]

    return [(item.type, item.id, [(name, [value(v) for v in values]) for name, values in item.properties.items()])
            for item in items]


def digest_page(html: str) -> tuple:
    """Every extraction result of one page as plain comparable values."""
    doc = turbohtml.parse(html)
    winner = doc.main_content()
    art = doc.article()
    date = doc.dates()
    data = doc.structured_data("http://example.com/")
    return (
        None if winner is None else (winner.tag, winner.html[:2000]),
        doc.main_text(),
        (art.text, art.title, art.byline, art.date, art.description, art.lang),
        [(link.attribute, link.url) for link in doc.links()],
        [(p.text, p.is_boilerplate, p.is_heading) for p in doc.boilerplate(X.Extraction.justext())],
        None if date is None else (date.date, date.signal),
        _microdata_digest(doc.microdata()),
        dict(doc.opengraph()),
        json.dumps(doc.json_ld(), sort_keys=True, default=str),
        (_microdata_digest(data.microdata), dict(data.opengraph)),
        sorted(X.extract_links(html, "http://example.com/")),
        [(p.text, p.is_boilerplate) for p in X.boilerplate(html)],
        X.dates(html, X.DateExtraction(original=True)),
        len(X.microdata(html)),
        dict(X.opengraph(html)),
        len(doc.select("p, a[href]")),
        doc.metadata("http://example.com/a/"),  # a frozen record: compared as it is
    )


def digest_urls(urls: list[str]) -> list:
    out: list[Any] = []
    for url in urls:
        try:
            normal: Any = X.normalize_url(url)
        except ValueError as exc:
            normal = ("ValueError", str(exc))
        out.append((X.clean_url(url), X.clean_url(url, X.UrlCleaning(strict=True)), normal))
    return out


# ---------------------------------------------------------------- data


def _read(path: Path) -> str:
    if path.suffix == ".gz":
        with gzip.open(path, "rt", encoding="utf8", errors="replace") as handle:
            return handle.read()
    return path.read_text(encoding="utf8", errors="replace")


def page_paths() -> list[Path]:
    """Every HTML page of the shared data, in a stable order (empty when it is missing)."""
    if not DATA.is_dir():
        return []
    paths: list[Path] = []
    paths += sorted((DATA / "article-benchmark" / "html").glob("*.html.gz"))
    paths += sorted((DATA / "readability-pages" / "pages").glob("*/source.html.gz"))
    paths += sorted((DATA / "dates" / "html").rglob("*.html*"))
    paths += sorted((DATA / "microdata").rglob("*.html"))
    paths += sorted((DATA / "opengraph").rglob("*.html"))
    return paths


def pages(limit: int | None = None, max_chars: int | None = None, stride: int = 1) -> Iterator[tuple[str, str]]:
    """(name, markup) of the shared pages, every ``stride``-th one, at most ``limit``."""
    for count, path in enumerate(page_paths()[::stride]):
        if limit is not None and count >= limit:
            return
        text = _read(path)
        yield str(path.relative_to(DATA)), text if max_chars is None else text[:max_chars]


def urls(limit: int | None = None) -> list[str]:
    """URL inputs from the WHATWG tests and the w3lib/courlan case files."""
    found: list[str] = []
    wpt = DATA / "urls" / "wpt" / "urltestdata.json"
    if wpt.exists():
        for case in json.loads(wpt.read_text(encoding="utf8")):
            if isinstance(case, dict) and isinstance(case.get("input"), str):
                found.append(case["input"])
                if isinstance(case.get("base"), str):
                    found.append(case["base"])
    for name in ("w3lib_cases.jsonl", "courlan_cases.jsonl"):
        path = DATA / "urls" / name
        if path.exists():
            for line in path.read_text(encoding="utf8").splitlines():
                if line.strip():
                    args = json.loads(line).get("args") or []
                    found.extend(a for a in args if isinstance(a, str))
    found = list(dict.fromkeys(found))
    return found if limit is None else found[:limit]
