"""trafilatura's ``trafilatura.core``: ``extract``, ``bare_extraction`` and
``extract_with_metadata`` over turbohtml.

    from turbohtml.compat import trafilatura
    text = trafilatura.extract(html, url=url, output_format="json", with_metadata=True)

The call shapes and the output shapes are trafilatura 2.3.1's: ``extract`` returns a
string (``txt``, ``markdown``, ``json`` with trafilatura's field names, ``xml``,
``html``, ``csv``, ``xmltei``) or ``None``; ``bare_extraction`` and
``extract_metadata`` return a ``Document`` whose attributes (``title``, ``author``,
``url``, ``hostname``, ``description``, ``sitename``, ``date``, ``text``,
``language``, ...) and ``as_dict()`` match trafilatura's. The content body is chosen
by turbohtml's main-content scoring, the metadata by ``Document.metadata()`` (every
source weighed; custom ``date_extraction_params`` go to
``turbohtml.compat.htmldate.find_date``). When the scoring finds no body, the page's
text is taken as trafilatura's baseline fallback takes it (``baseline()``), so a page
with text never loses its metadata to a ``None``.

Options: see docs/migration/trafilatura.md. In short, ``favor_precision`` /
``favor_recall`` move the in-body link-density cap (and recall keeps figure captions),
``include_comments`` puts the page's comment section (and only there) in
``comments``, ``include_tables`` keeps or drops table cells, ``include_formatting``
renders markdown structure, ``include_links``/``include_images`` write ``[text](url)``
and ``![alt](src)``, ``deduplicate`` drops segments seen more than ``MAX_REPETITIONS``
times (trafilatura's LRU rule), ``prune_xpath`` removes nodes on an lxml tree first,
``config``/``settingsfile``/``options`` carry trafilatura's settings, of which the size
limits are honoured. ``fast``/``no_fallback``/``tei_validation`` are documented
no-ops (one scoring pass, no fallback chain, no TEI schema).
"""

from __future__ import annotations

import copy
import datetime as _dt
import html
import json
import logging
import re
import warnings
from collections.abc import Iterable, Sequence
from configparser import ConfigParser
from typing import Any
from xml.sax.saxutils import escape as _xml_escape
from xml.sax.saxutils import quoteattr as _xml_attr

from turbohtml._core import Document as _Page
from turbohtml._core import Element, Text, UrlBase
from turbohtml._harvest import harvest_metadata
from turbohtml._units import BOILERPLATE_REGION, CAPTION, HEADING, IN_CONTENT, LIST_ITEM
from turbohtml.compat import MIRRORED
from turbohtml.compat._blocks import PARAGRAPH_TAGS, Block, ancestors, blocks
from turbohtml.compat._input import as_document
from turbohtml.compat.htmldate import find_date
from turbohtml.compat.trafilatura.baseline import spaced_text
from turbohtml.compat.trafilatura.deduplication import LRUCache, content_fingerprint, repeated_segment
from turbohtml.compat.trafilatura.settings import DEFAULT_CONFIG, Document, Extractor, use_config
from turbohtml.compat.trafilatura.utils import not_html, trim
from turbohtml.compat.trafilatura.xml import MARKDOWN_STYLE
from turbohtml.extract._metadata_sources import IMAGE_METAS
from turbohtml.extract.metadata import json_ld_entities, json_ld_types
from turbohtml.extract.urls import registrable_domain
from turbohtml.render import inline_html, inline_markdown

__version__ = MIRRORED["trafilatura"]

__all__ = ["Extractor", "bare_extraction", "extract", "extract_metadata", "extract_with_metadata"]

LOGGER = logging.getLogger("turbohtml.compat.trafilatura")

#: The formats rendered by ``extract`` (``python`` is ``bare_extraction``'s only).
TXT_FORMATS = frozenset({"markdown", "txt"})

#: The in-body link-density cap per focus (``turbohtml.extract.article`` uses 0.5).
_LINK_DENSITY = {"precision": 0.2, "balanced": 0.8, "recall": 0.8}

#: The YAML header fields of txt/markdown output with metadata (trafilatura's order).
_YAML_FIELDS = ("title", "author", "url", "hostname", "description", "sitename", "date",
                "categories", "tags", "fingerprint", "id", "license")
_YAML_RESERVED = frozenset({"true", "false", "yes", "no", "on", "off", "y", "n", "null", "none", "~"})
#: The XML ``<doc>`` attributes (trafilatura's ``META_ATTRIBUTES`` order).
_XML_ATTRIBUTES = ("sitename", "title", "author", "date", "url", "hostname", "description",
                   "categories", "tags", "license", "id", "fingerprint", "language")

#: class/id words marking a reader-comment section (trafilatura's comment XPaths), as a
#: whole word or a hyphen/underscore part: ``comments``, ``comment-list``, not ``commentary``.
_COMMENT_HINT = re.compile(r"(?:^|[\s_-])(?:comments?|commentlist|disqus\w*|respond|repl(?:y|ies)|discussion)"
                           r"(?:$|[\s_-])", re.IGNORECASE)


# ------------------------------------------------------------------ metadata

def _meta(page: _Page, *names: str) -> str | None:
    for name in names:
        for element in page.select(f'meta[property="{name}"], meta[name="{name}"]'):
            value = " ".join((element.attr("content") or "").split())
            if value:
                return value
    return None


#: schema.org types trafilatura reports as ``pagetype`` (its ``JSON_OGTYPE_SCHEMA``).
_JSON_PAGE_TYPES = frozenset({
    "aboutpage", "checkoutpage", "collectionpage", "contactpage", "faqpage", "itempage", "medicalwebpage",
    "profilepage", "qapage", "realestatelisting", "searchresultspage", "webpage", "website", "article",
    "advertisercontentarticle", "newsarticle", "analysisnewsarticle", "askpublicnewsarticle",
    "backgroundnewsarticle", "opinionnewsarticle", "reportagenewsarticle", "reviewnewsarticle", "report",
    "satiricalarticle", "scholarlyarticle", "medicalscholarlyarticle", "socialmediaposting", "blogposting",
    "liveblogposting", "discussionforumposting", "techarticle", "blog", "jobposting",
})
#: Types trafilatura recognises at all: an entity is the first of these among its
#: ``@type`` values (``["Thing", "NewsArticle"]`` is a news article).
_JSON_KNOWN_TYPES = _JSON_PAGE_TYPES | {"person", "organization", "newsmediaorganization"}


def _json_ld_reading(page: _Page) -> tuple[str | None, str | None]:
    """``(pagetype, person)`` as trafilatura reads JSON-LD: each entity counts as the first
    type it recognises; the first page or article type is the page type, the first
    stand-alone Person's name the author when no other source names one."""
    pagetype = person = None
    for entity in json_ld_entities(page.json_ld()):
        types = json_ld_types(entity)
        kind = next((t for t in types if t in _JSON_KNOWN_TYPES), None)
        if kind in _JSON_PAGE_TYPES and pagetype is None:
            pagetype = kind
        elif kind == "person" and person is None:
            name = entity.get("name")
            if isinstance(name, str) and name.strip() and not name.startswith("http"):
                person = " ".join(name.split())
    return pagetype, person


#: a Creative Commons licence in a link's address (``/licenses/by-sa/4.0/``) and in words.
_CC_HREF = re.compile(r"/(by-nc-nd|by-nc-sa|by-nc|by-nd|by-sa|by|zero)/([1-9]\.[0-9])")
_CC_TEXT = re.compile(r"(?:cc|creative commons) (?:by-nc-nd|by-nc-sa|by-nc|by-nd|by-sa|by|zero)(?: ?[1-9]\.[0-9])?",
                      re.IGNORECASE)


def _license(page: _Page) -> str | None:
    """trafilatura's licence: a ``rel="license"`` link (its CC address, else its text),
    else the first Creative Commons link in a footer (by address or by words)."""
    for link in page.select('a[rel][href]'):
        if "license" in (link.attr("rel") or "").lower().split():
            found = _license_of(link, strict=False)
            if found is not None:
                return found
    for link in page.select('footer a[href], div[class*="footer"] a[href], div[id*="footer"] a[href]'):
        found = _license_of(link, strict=True)
        if found is not None:
            return found
    return None


def _license_of(link: Element, strict: bool) -> str | None:
    match = _CC_HREF.search(link.attr("href") or "")
    if match:
        return f"CC {match[1].upper()} {match[2]}"
    text = spaced_text(link)  # "<div>Content</div><div>under our terms</div>" stays two words
    if text and strict:
        words = _CC_TEXT.search(text)
        return words[0] if words else None
    return text or None


#: a <title> made of two parts around a separator (trafilatura's ``HTMLTITLE_REGEX``).
_TITLE_PARTS = re.compile(r"^(.+)?\s+[–•·—|⁄*⋆~‹«<›»>:-]\s+(.+)$")


def _title_domain(page: _Page) -> str | None:
    """The part of a two-part ``<title>`` that holds a dot (``"sitemaps.org - Home"``):
    trafilatura's site name when no source names one."""
    element = page.select_one("head title")
    match = _TITLE_PARTS.match(" ".join(element.text.split())) if element is not None else None
    return next((part for part in match.groups() if part and "." in part), None) if match else None


#: The blogs' post-meta blocks trafilatura reads category links in, in its order: the
#: first block kind that yields one wins (WordPress and other blog themes' class names).
_CATEGORY_BLOCKS = (
    ", ".join(f'div[class^="{word}"] a[href]' for word in (
        "postinfo", "post-info", "postmeta", "post-meta", "meta", "entry-meta", "entry-info", "entry-utility"))
    + ', div[id^="postpath"] a[href]',
    'p[class^="postmeta"] a[href], p[class^="entry-categories"] a[href], p[class="postinfo"] a[href], '
    'p[id="filedunder"] a[href]',
    'footer[class^="entry-meta"] a[href], footer[class^="entry-footer"] a[href]',
    ", ".join(f'{tag}[class="{word}"] a[href]' for tag in ("li", "span")
              for word in ("post-category", "postcategory", "entry-category"))
    + ', li[class*="cat-links"] a[href], span[class*="cat-links"] a[href]',
)
_CATEGORY_HREF = re.compile(r"/categor(?:y|ies|s)?/")


def _category_links(page: _Page) -> list[str]:
    """Category names from a post-meta block's links to ``/category/...`` pages."""
    for css in _CATEGORY_BLOCKS:
        names = [spaced_text(link) for link in page.select(css)
                 if _CATEGORY_HREF.search(link.attr("href") or "")]
        names = list(dict.fromkeys(name for name in names if name))
        if names:
            return names
    return []


def _host(url: str | None) -> str | None:
    if not url:
        return None
    try:
        return UrlBase(url).host
    except ValueError:
        return None


def _metadata(page: _Page, default_url: str | None, date_params: dict[str, Any] | None,
              extensive: bool, author_blacklist: Iterable[str] | None) -> Document:
    """trafilatura's metadata fields from ``Document.metadata()`` (every source weighed).

    Custom ``date_extraction_params`` keep trafilatura's meaning: the date then comes
    from ``find_date`` with them, as htmldate would find it."""
    meta = page.metadata(default_url)
    json_type, json_person = _json_ld_reading(page)
    author = meta.author or json_person
    if author and author_blacklist:
        blocked = set(author_blacklist)
        author = "; ".join(name for name in author.split("; ") if name not in blocked) or None
    url = _meta(page, "og:url") or meta.canonical or default_url  # trafilatura reads og:url first
    host = _host(url)
    sitename = meta.site_name or _title_domain(page)
    if sitename:
        sitename = sitename.lstrip("@")
        if sitename and "." not in sitename and not sitename[0].isupper():
            sitename = sitename.title()  # trafilatura capitalises a bare lower-case name
    elif host:
        sitename = host[4:] if host.startswith("www.") else host
    date = meta.date
    if date_params or (date is None and extensive):  # htmldate's search, as trafilatura runs it
        params = {"original_date": True, "extensive_search": extensive, **(date_params or {})}
        params.setdefault("url", url)
        date = find_date(page, **params)
    return Document(
        title=meta.title,
        author=author,
        url=url,
        hostname=registrable_domain(host) if host else None,
        description=meta.description,
        sitename=sitename or None,
        date=date,
        categories=list(meta.categories) or _category_links(page),
        tags=list(meta.tags),
        license_val=_license(page),
        language=meta.lang,
        image=meta.image or _meta(page, *IMAGE_METAS),  # trafilatura keeps an address it cannot resolve
        pagetype=_meta(page, "og:type") or json_type,
        filedate=_dt.date.today().isoformat(),
    )


# ------------------------------------------------------------------ content

#: a table as rows of ``(cell text, is a header cell)``
_Grid = list[list[tuple[str, bool]]]

class _Piece:
    """One output block: kind ``p``/``head``/``item``/``cell``/``quote``/``code``."""

    __slots__ = ("cell", "entry", "group", "kind", "level", "ordered", "para", "quote", "rend", "text", "xml")

    def __init__(self, kind: str, text: str, level: int = 0, group: Any = None, ordered: bool = False,
                 cell: Any = None, rend: str = "", entry: Any = None, para: bool = False) -> None:
        self.kind = kind
        self.text = text
        self.level = level
        self.group = group
        self.ordered = ordered
        self.cell = cell   # a table cell's <td>/<th>
        self.rend = rend   # a description list item's "dt"/"dd"
        self.xml: str | None = None   # the text with trafilatura's inline XML (<hi>, <lb/>, <ref>, <code>)
        self.entry = entry  # an item's <li>/<dt>/<dd>: the pieces of one entry are one item
        self.para = para    # the text sits in a <p> of the entry or quote (trafilatura's <item><p>, <quote><p>)
        self.quote: Any = None  # the <blockquote> around a quote's or an item's text: one <quote>


def _piece(block: Block) -> _Piece:
    element = block.element
    if element is None:
        if block.flags & HEADING:
            return _Piece("head", block.text, 2)
        return _Piece("item" if block.flags & LIST_ITEM else "p", block.text)
    tag = element.tag or ""
    chain = ancestors(element)
    tags = [node.tag for node in chain]
    if tag in ("td", "th") or "table" in tags:  # a heading in a cell is cell text too
        row = next((node for node in reversed(chain) if node.tag == "tr"), None)
        cell = next((node for node in reversed(chain) if node.tag in ("td", "th", "caption")), None)
        return _Piece("cell", block.text, group=row, cell=cell)
    if block.flags & HEADING:
        heading = next((node.tag for node in reversed(chain) if node.tag in ("h1", "h2", "h3", "h4", "h5", "h6")), "h2")
        return _Piece("head", block.text, int(heading[1]))
    quote = next((node for node in reversed(chain) if node.tag == "blockquote"), None)
    if tag in ("li", "dt", "dd") or block.flags & LIST_ITEM:
        owner = next((node for node in reversed(chain) if node.tag in ("ul", "ol", "dl")), None)
        depth = max(sum(node.tag in ("ul", "ol", "dl") for node in chain) - 1, 0)  # lists around its own
        term = next((node.tag for node in reversed(chain) if node.tag in ("dt", "dd")), "dd")
        rend = term if owner is not None and owner.tag == "dl" else ""
        entry = next((node for node in reversed(chain) if node.tag in ("li", "dt", "dd")), None)
        piece = _Piece("item", block.text, level=depth, group=owner, ordered=owner is not None and owner.tag == "ol",
                       rend=rend, entry=entry, para=tag == "p" and entry is not None)
        piece.quote = quote
        return piece
    if "pre" in tags:
        pre = next(node for node in reversed(chain) if node.tag == "pre")
        return _Piece("code", block.text, group=pre)
    if quote is not None:
        piece = _Piece("quote", block.text, para=tag == "p")
        piece.quote = quote
        return piece
    return _Piece("p", block.text)


#: A ``<br>`` in code text: ``<lb/>`` in XML, a newline elsewhere (a private-use character).
_LB = "\ue003"


def _code_text(pre: Element) -> str:
    """A ``<pre>``'s text as written, its line breaks marked ``_LB`` (trafilatura's ``<code>``)."""
    parts = []
    for node in pre.descendants:
        if isinstance(node, Text):
            parts.append(node.text)
        elif node.tag == "br":
            parts.append(_LB)
    return "".join(parts)


class _CommentSections:
    """Which elements sit in a reader-comment section (an ancestor's id/class says so),
    anywhere or strictly inside the content body; memoized per page, so each element's
    hint is read once."""

    def __init__(self, body: Element | None) -> None:
        self.body = body
        self._anywhere: dict[Any, bool] = {}
        self._inside: dict[Any, tuple[bool, bool]] = {}  # node -> (under the body, hinted below it)

    @staticmethod
    def hinted(node: Any) -> bool:
        hints = f"{node.attr('id') or ''} {node.attr('class') or ''}"
        return bool(hints.strip()) and _COMMENT_HINT.search(hints) is not None

    def _chain(self, element: Any, memo: dict[Any, Any]) -> list[Any]:
        chain, node = [], element
        while node is not None and node.tag is not None and node not in memo:
            chain.append(node)
            node = node.parent
        return chain

    def anywhere(self, block: Block) -> bool:
        if block.element is None:
            return False
        chain = self._chain(block.element, self._anywhere)
        parent = chain[-1].parent if chain else block.element
        found = self._anywhere.get(parent, False)
        for node in reversed(chain):
            found = self._anywhere[node] = found or self.hinted(node)
        return found

    def inside_body(self, block: Block) -> bool:
        if block.element is None or self.body is None:
            return False
        self._inside.setdefault(self.body, (True, False))
        chain = self._chain(block.element, self._inside)
        parent = chain[-1].parent if chain else block.element
        under, hinted = self._inside.get(parent, (False, False))
        for node in reversed(chain):
            hinted = hinted or (under and self.hinted(node))
            self._inside[node] = (under, hinted)
        return hinted


def _absolute(target: str, base: str | None) -> str:
    """``target`` resolved against ``base`` (kept as is when either is malformed)."""
    if not base:
        return target
    try:
        return UrlBase(target, UrlBase(base)).href
    except ValueError:
        return target


#: Delimiters of a link inside piece text for the XML renderer (private-use characters).
_REF_OPEN, _REF_MID, _REF_CLOSE = "\ue000", "\ue001", "\ue002"
_REF = re.compile(f"{_REF_OPEN}([^{_REF_MID}]*){_REF_MID}([^{_REF_CLOSE}]*){_REF_CLOSE}")


def _refs(escaped: str) -> str:
    """XML-escaped text with its link marks as trafilatura's ``<ref target>`` elements."""
    if _REF_OPEN not in escaped:
        return escaped
    return _REF.sub(lambda m: f"<ref target={_xml_attr(m.group(2))}>{m.group(1)}</ref>" if m.group(2)
                    else m.group(1), escaped)


def _with_links(piece: _Piece, block: Block, base: str | None, markup: bool) -> _Piece:
    """``piece`` with each link of its element written ``[text](href)`` (``[text]``
    without a target), or marked for ``<ref>`` when ``markup`` (XML formats)."""
    if block.element is None:
        return piece
    text, position = piece.text, 0
    for anchor in block.element.select("a"):
        label = " ".join(anchor.text.split())
        found = text.find(label, position) if label else -1
        if found < 0:
            continue
        href = (anchor.attr("href") or "").strip()
        target = _absolute(href, base) if href else ""
        if markup:
            written = f"{_REF_OPEN}{label}{_REF_MID}{target}{_REF_CLOSE}"
        else:
            written = f"[{label}]({target})" if target else f"[{label}]"
        text = text[:found] + written + text[found + len(label):]
        position = found + len(written)
    piece.text = text
    return piece


def _image_piece(node: Element, base: str | None) -> _Piece | None:
    """``![title alt](src)`` for an image with a usable source (``src`` or a
    ``data-src*`` attribute; ``data:`` URIs are not sources), else ``None``."""
    source = (node.attr("src") or "").strip()
    if not source or source.startswith("data:"):
        source = next((value.strip() for name, value in node.attrs.items()
                       if name.startswith("data-src") and value.strip() and not value.startswith("data:")), "")
    if not source:
        return None
    title, alt = (" ".join((node.attr(name) or "").split()) for name in ("title", "alt"))
    label = " ".join(part for part in (title, alt) if part)
    return _Piece("graphic", f"![{label}]({_absolute(source, base)})", group=(alt, title))


def _inline_hosts(body: list[tuple[Block, _Piece]]) -> dict[Any, _Piece]:
    """The block elements whose piece may take its images inline: a paragraph, an item or
    a quote written as its unit's plain text (no link or emphasis markup, no XML), the
    element's only unit."""
    units: dict[Any, int] = {}
    for block, _ in body:
        units[block.element] = units.get(block.element, 0) + 1
    return {block.element: piece for block, piece in body
            if block.element is not None and units[block.element] == 1 and piece.kind in ("p", "item", "quote")
            and piece.xml is None and piece.text == block.text}


def _place_inline(piece: _Piece, host: Element, image: Element, written: str) -> None:
    """``written`` (an image's Markdown) put into ``piece``'s text where ``image`` sits
    in ``host``: after the (whitespace-folded) text before it."""
    before = []
    for node in host.descendants:
        if node == image:
            break
        if isinstance(node, Text):
            before.append(node.text)
    prefix = "".join(before)
    at = len(" ".join(prefix.split()))
    head, tail = piece.text[:at], piece.text[at:].lstrip()
    piece.text = " ".join(part for part in (head, written, tail) if part)


def _images(scope: Element | None, body: list[tuple[Block, _Piece]], base: str | None,
            in_cells: bool | None, inline_cells: set[Any]) -> list[_Piece]:
    """``body``'s pieces with a ``![alt](src)`` piece for each image in ``scope`` (the
    content body), placed before the first piece whose element follows it (a table
    caption's: after its table). A table cell's image is a piece of that cell when
    ``in_cells`` (left out when the cell's own Markdown in ``inline_cells`` holds it),
    a piece of its own when false, dropped with the tables when ``None``."""
    if scope is None:
        return [piece for _, piece in body]
    hosts = _inline_hosts(body)
    order: dict[Any, int] = {}
    images: list[tuple[int, _Piece]] = []
    for index, node in enumerate(scope.descendants):
        if node.tag is None:
            continue
        order[node] = index
        if node.tag != "img" or not isinstance(node, Element):
            continue
        chain = ancestors(node)
        cell = next((up for up in reversed(chain) if up.tag in ("td", "th")), None)
        if cell is not None and in_cells is None:
            continue  # no tables: no images of theirs
        if cell is not None and in_cells and cell in inline_cells:
            continue  # the cell's Markdown holds its images already
        host = next((up for up in reversed(chain[:-1]) if up.tag in PARAGRAPH_TAGS), None)
        if cell is None and host in inline_cells:
            continue  # so does a paragraph's
        if (image := _image_piece(node, base)) is None:
            continue
        if host is not None and host in hosts:  # an image inside a paragraph's text stays where it sits there
            _place_inline(hosts[host], host, node, image.text)
            continue
        item = next((up for up in reversed(chain) if up.tag == "li"), None) if in_cells is not False else None
        if cell is not None and in_cells:  # trafilatura's text keeps a cell's image in the cell
            row = next((up for up in reversed(chain) if up.tag == "tr"), None)
            image = _Piece("cell", image.text, group=row, cell=cell)
        elif item is not None and cell is None and not item.text.strip():  # an image-only list item
            lists = [up for up in chain if up.tag in ("ul", "ol")]
            image = _Piece("item", image.text, level=max(len(lists) - 1, 0), group=lists[-1] if lists else item,
                           ordered=bool(lists) and lists[-1].tag == "ol")
        elif (caption := next((up for up in chain if up.tag == "caption"), None)) is not None \
                and caption.parent is not None:
            index += len(list(caption.parent.descendants))  # a caption's image follows its table
        images.append((index, image))
    images.sort(key=lambda found: found[0])
    pieces: list[_Piece] = []
    next_image = 0
    for block, piece in body:
        at = order.get(block.element, -1)
        while next_image < len(images) and at >= 0 and images[next_image][0] < at:
            pieces.append(images[next_image][1])
            next_image += 1
        pieces.append(piece)
    pieces.extend(piece for _, piece in images[next_image:])
    return pieces


def _declares_thread(page: _Page) -> bool:
    """Whether the page's JSON-LD calls it a forum thread (``DiscussionForumPosting``):
    there the blocks marked as comments are the thread's posts, its content."""
    return any("discussionforumposting" in json_ld_types(entity) for entity in json_ld_entities(page.json_ld()))


def _content(page: _Page, options: Extractor, title: str | None, focus: str | None = None,
             whole_page: bool = False) -> tuple[Element | None, list[_Piece], list[_Piece]]:
    """The body and comment pieces: the scored content body's units (with
    ``whole_page``, every unit outside boilerplate regions, for pages too small to score)."""
    winner, units = blocks(page)
    focus = focus or options.focus
    cap = _LINK_DENSITY[focus]
    body: list[tuple[Block, _Piece]] = []
    remarks: list[_Piece] = []
    first_content = None
    markup = options.format in ("xml", "xmltei", "html")  # <ref> elements, not [text](url)
    sections = _CommentSections(winner)
    boilerplate = _link_rich(units, cap)
    thread = _declares_thread(page)
    for index, block in enumerate(units):
        post = thread and sections.anywhere(block)  # a thread's comment sections hold its posts
        if not (block.flags & IN_CONTENT or whole_page or post) or \
                (block.flags & BOILERPLATE_REGION and not (whole_page and focus == "recall") and not post):
            if options.comments and sections.anywhere(block):
                remarks.append(_piece(block))
            continue
        if sections.inside_body(block) and not post:  # a comment list inside the content body
            if options.comments:
                remarks.append(_piece(block))
            continue
        if block.flags & CAPTION and focus != "recall":
            continue
        if boilerplate(block):
            continue
        piece = _piece(block)
        if piece.kind == "cell" and not options.tables:
            continue
        if piece.kind == "code":
            if body and body[-1][1].kind == "code" and body[-1][1].group == piece.group:
                continue  # one piece holds the whole <pre>
            piece.text = _code_text(piece.group)
        if options.dedup and repeated_segment(piece.text, options):
            continue
        if first_content is None:
            first_content = index
        body.append((block, _with_links(piece, block, options.url, markup) if options.links else piece))
    # The page's <h1> title just before the body opens trafilatura's text; keep it.
    if first_content is not None and title:
        for block in reversed(units[:first_content]):
            if block.flags & HEADING and block.text == title and not block.flags & BOILERPLATE_REGION:
                body.insert(0, (block, _Piece("head", block.text, 1)))
                break
    formatted = bool(options.formatting) and options.format not in ("xml", "xmltei", "html")
    cells = _format_inline(body, units, options) if formatted else set()
    if options.format in ("xml", "xmltei"):
        cells |= _markup_inline(body, units, options)
    in_cells = (not markup) if options.tables else None
    pieces = _images(winner or page.body, body, options.url, in_cells, cells) if options.images \
        else [piece for _, piece in body]
    return winner, pieces, remarks


#: A table is link boilerplate only from this many characters (trafilatura's table test).
_TABLE_LINK_MIN = 200


def _link_group(block: Block) -> Any:
    """Where trafilatura weighs a unit's links: its table, its list, or the unit itself."""
    if block.element is None:
        return None
    chain = ancestors(block.element)
    for tags in (("table",), ("ul", "ol", "dl")):
        owner = next((node for node in reversed(chain) if node.tag in tags), None)
        if owner is not None:
            return owner
    return None


def _link_rich(units: list[Block], cap: float) -> Any:
    """A test of whether a unit is link boilerplate, weighed as trafilatura weighs it:
    a table cell by the whole table (kept under ``_TABLE_LINK_MIN`` characters, else
    dropped above 80% link text, 50% from 1000 characters), a list item by its whole
    list, any other unit by itself, against ``cap``."""
    groups: dict[Any, Any] = {}
    totals: dict[Any, list[int]] = {}
    for block in units:
        group = groups[id(block)] = _link_group(block)
        if group is not None:
            total = totals.setdefault(group, [0, 0])
            total[0] += block.link_chars
            total[1] += block.chars

    def rich(block: Block) -> bool:
        group = groups.get(id(block))
        links, chars = totals[group] if group is not None else (block.link_chars, block.chars)
        if not chars:
            return False
        if group is not None and group.tag == "table":
            return chars >= _TABLE_LINK_MIN and links / chars > (0.8 if chars < 1000 else 0.5)
        return links / chars > cap

    return rich


#: What is left of a Markdown paragraph to compare with a unit's text: word characters.
_NOT_WORD = re.compile(r"\W+|_")
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_RAW_TAG = re.compile(r"(?<!\\)</?su[bp]>")
_IMAGE = re.compile(r"!\[(?:[^\]\\]|\\.)*\]\([^)]*\)")
#: An image in a cell and the space around it: trafilatura sets it off by one space.
_SPACED_IMAGE = re.compile(r"\s*(!\[(?:[^\]\\]|\\.)*\]\([^)]*\))\s*")


def _runs(units: list[Block]) -> dict[int, int]:
    """Which run of its element's children each unit is (by the unit's id)."""
    runs: dict[Any, int] = {}
    run_of: dict[int, int] = {}
    for block in units:
        if block.element is not None:
            run_of[id(block)] = runs.get(block.element, 0)
            runs[block.element] = run_of[id(block)] + 1
    return run_of


#: turbohtml's inline HTML and trafilatura's XML for it: a line break, a link, code, and
#: (with ``include_formatting``) emphasis as ``<hi rend>``.
_INLINE_HTML = re.compile(r"\s*<br>\s*|<(/?)(strong|em|sup|sub|del|code|a|img)\b([^>]*)>")
_HI = {"strong": '<hi rend="#b">', "em": '<hi rend="#i">', "sup": '<hi rend="#sup">', "sub": '<hi rend="#sub">',
       "del": "<del>"}
_HREF = re.compile(r'href="([^"]*)"')
_IMG_ATTRIBUTE = re.compile(r'(?:src|alt)="[^"]*"')
_TAG = re.compile(r"<[^>]*>")


def _tei_inline(markup: str, formatting: bool) -> str:
    """``inline_html``'s markup in trafilatura's XML vocabulary."""
    def swap(match: re.Match[str]) -> str:
        closing, name, attributes = match.groups()
        if name is None:
            return "<lb/>"
        if name == "img":  # inline_html writes src and alt, escaped
            return f"<graphic{''.join(f' {m[0]}' for m in _IMG_ATTRIBUTE.finditer(attributes))}/>"
        if name == "a":
            href = _HREF.search(attributes)
            return "</ref>" if closing else f'<ref target="{href.group(1)}">' if href else "<ref>"
        if name == "code":
            return f"<{closing}code>"
        if not formatting:
            return ""
        return ("</del>" if name == "del" else "</hi>") if closing else _HI[name]

    return _INLINE_HTML.sub(swap, markup)


def _markup_inline(body: list[tuple[Block, _Piece]], units: list[Block], options: Extractor) -> set[Any]:
    """Each piece's XML as trafilatura writes it inside a block (``<lb/>``, ``<code>``,
    ``<ref target>`` with links, ``<hi rend>`` with formatting), from turbohtml's
    public renderer (``inline_html``); a piece whose rendering does not hold the same
    words as its unit keeps its plain text. Table cells and code blocks keep theirs.
    The elements whose images are now in their XML (``<graphic>`` where they sit)."""
    inlined: set[Any] = set()
    run_of = _runs(units)
    wanted = [(block, piece) for block, piece in body
              if block.element is not None and piece.kind in ("p", "head", "item", "quote")]
    rendered = inline_html([(block.element, run_of[id(block)]) for block, _ in wanted if block.element is not None],
                           links=bool(options.links), images=bool(options.images), base_url=options.url)
    for (block, piece), markup in zip(wanted, rendered, strict=True):
        xml = _tei_inline(markup, bool(options.formatting))
        words = html.unescape(_TAG.sub("", xml))
        if _NOT_WORD.sub("", words) == _NOT_WORD.sub("", block.text):
            piece.xml = xml
            if "<graphic" in xml:
                inlined.add(block.element)
    return inlined


def _format_inline(body: list[tuple[Block, _Piece]], units: list[Block], options: Extractor) -> set[Any]:
    """Each piece's text as its element's inline Markdown (bold, italics, code, links;
    images too in a table cell), from turbohtml's public renderer; a piece whose
    rendering does not hold the same words as its unit (an alignment the renderer reads
    differently) keeps its text. The cells whose images are now in their text."""
    inlined: set[Any] = set()
    run_of = _runs(units)
    for cells in (False, True):  # a cell's images stay in the cell (elsewhere: pieces of their own)
        wanted = [(block, piece) for block, piece in body if block.element is not None and piece.kind != "code"
                  and (piece.cell is not None and piece.cell.tag != "caption") == cells]
        rendered = inline_markdown([(block.element, run_of[id(block)]) for block, _ in wanted
                                    if block.element is not None],
                                   links=bool(options.links), images=bool(options.images),
                                   base_url=options.url, style=MARKDOWN_STYLE)
        for (block, piece), text in zip(wanted, rendered, strict=True):
            words = _RAW_TAG.sub("", _LINK_TARGET.sub("]", _IMAGE.sub("", text)))
            if _NOT_WORD.sub("", words) == _NOT_WORD.sub("", block.text):
                piece.text = _SPACED_IMAGE.sub(r" \1 ", text).strip() if cells else text
                if cells and options.images:
                    inlined.add(piece.cell)
                elif options.images and _IMAGE.search(text):
                    inlined.add(block.element)  # a paragraph's images stay in its text
    return inlined


#: A line break in a cell's text (a table row stays one line).
_LINE_BREAK = re.compile(r"\s*(?:\\\n|\n)\s*")

#: A nested list item's indent per list around its own (trafilatura's nested lists).
_INDENT = "  "

#: The most columns a colspan may claim (trafilatura's tables stay bounded on bad input).
MAX_SPAN = 1000


def _span(cell: Any, name: str) -> int:
    """A ``colspan``/``rowspan`` of ``cell``: 1 unless an ASCII decimal of at least 1."""
    value = (cell.attr(name) or "").strip()
    return min(int(value), MAX_SPAN) if value.isascii() and value.isdecimal() and int(value) >= 1 else 1


def _own_rows(table: Any) -> list[Any]:
    """The ``<tr>`` of ``table`` itself, not of tables nested in its cells."""
    return [row for row in table.select("tr")
            if next((node for node in reversed(ancestors(row)[:-1]) if node.tag == "table"), None) == table]


def _table_grid(cells: list[_Piece]) -> _Grid:
    """trafilatura's table model of one table's cell pieces: rows of ``(text, header)``
    cells, spans as empty placeholder cells, rows padded to the widest, empty rows dropped."""
    texts: dict[Any, list[str]] = {}
    for piece in cells:
        texts.setdefault(piece.cell, []).append(_LINE_BREAK.sub(" ", piece.text))
    table = _table_of(cells[0]) if cells[0].cell is not None else None
    if table is None:  # unaligned cells: one row of what there is
        return [[(piece.text, False) for piece in cells]]
    grid: _Grid = []
    captions = [" ".join(text) for cell, text in texts.items() if cell is not None and cell.tag == "caption"]
    if captions:  # trafilatura: the caption is a header row above the body
        grid.append([(" ".join(captions), True)])
    pending: dict[int, int] = {}  # column -> rows a rowspan still covers
    for row in _own_rows(table):
        out: list[tuple[str, bool]] = []
        for cell in row.children:
            if cell.tag not in ("td", "th"):
                continue
            while pending.get(len(out), 0) > 0:
                pending[len(out)] -= 1
                out.append(("", False))
            span, down = _span(cell, "colspan"), _span(cell, "rowspan")
            if down > 1:
                pending.update({column: down - 1 for column in range(len(out), len(out) + span)})
            out += [(" ".join(texts.get(cell, [])), cell.tag == "th")] + [("", False)] * (span - 1)
        for column, left in list(pending.items()):  # covered columns past the row's cells
            if column >= len(out) and left > 0:
                pending[column] = left - 1
        grid.append(out)
    width = max((len(out) for out in grid), default=0)
    return [out + [("", False)] * (width - len(out)) for out in grid if any(text for text, _ in out)]


def _table_lines(grid: _Grid) -> list[str]:
    """trafilatura's table text: a ``| a | b | `` line per row, ``|---|`` after the first
    row holding a header cell."""
    lines: list[str] = []
    separated = False
    for row in grid:
        lines.append("| " + " | ".join(text for text, _ in row) + " | ")
        if not separated and any(head for _, head in row):
            lines.append("|" + "---|" * len(row))
            separated = True
    return lines


def _tables(pieces: list[_Piece]) -> list[_Piece | _Grid]:
    """``pieces`` with each run of one table's cell pieces replaced by its grid."""
    out: list[_Piece | _Grid] = []
    run: list[_Piece] = []
    for piece in [*pieces, None]:
        same = piece is not None and piece.kind == "cell" and run and _table_of(piece) == _table_of(run[0])
        if run and not same:
            out.append(_table_grid(run))
            run = []
        if piece is not None and piece.kind == "cell":
            run.append(piece)
        elif piece is not None:
            out.append(piece)
    return out


def _table_of(piece: _Piece) -> Any:
    return next((node for node in reversed(ancestors(piece.cell)) if node.tag == "table"), None) \
        if piece.cell is not None else piece.group


#: How an item piece continues the list: a new entry, more text of the entry just
#: written (a ``<div>``'s text, then the ``<li>``'s own after it), or text of an open
#: entry after its sublist (``<li>a<ul>..</ul>tail</li>``).
_NEW, _SAME_LINE, _AFTER_SUBLIST = 0, 1, 2


def _continuations(pieces: Sequence[_Piece | _Grid | _QuoteRun]) -> list[int]:
    """For each piece, how it continues the entry of an item before it (``_NEW`` if not)."""
    modes: list[int] = []
    open_entries: list[Any] = []  # the entries of the open items, outermost first
    for piece in pieces:
        if not isinstance(piece, _Piece) or piece.kind != "item":
            open_entries.clear()
            modes.append(_NEW)
            continue
        if piece.entry is not None and piece.entry in open_entries:
            depth = open_entries.index(piece.entry)
            modes.append(_SAME_LINE if depth == len(open_entries) - 1 else _AFTER_SUBLIST)
            del open_entries[depth + 1:]
            continue
        del open_entries[min(piece.level, len(open_entries)):]
        open_entries.append(piece.entry)
        modes.append(_NEW)
    return modes


def _plain(pieces: list[_Piece]) -> str:
    lines: list[str] = []
    blocks = _tables(pieces)
    for piece, mode in zip(blocks, _continuations(blocks), strict=True):
        if isinstance(piece, list):
            lines += _table_lines(piece)
        elif mode == _SAME_LINE:
            lines[-1] += " " + piece.text
        elif mode == _AFTER_SUBLIST:
            lines.append(f"{_INDENT * (piece.level + 1)}{piece.text}")
        else:
            lines.append(f"{_INDENT * piece.level}- {piece.text}" if piece.kind == "item"
                         else piece.text.replace(_LB, "\n"))
    return "\n".join(lines).strip()


def _markdown(pieces: list[_Piece]) -> str:
    out: list[str] = []
    previous: _Piece | _Grid | None = None
    numbers: dict[Any, int] = {}
    blocks = _tables(pieces)
    for piece, mode in zip(blocks, _continuations(blocks), strict=True):
        if isinstance(piece, list):
            table = "\n".join(_table_lines(piece))
            out.append(table if not out else "\n" + table)
        elif mode == _SAME_LINE:
            out[-1] += " " + piece.text
        elif mode == _AFTER_SUBLIST:  # a continuation paragraph of the entry, indented under it
            out.append(f"\n{_INDENT * (piece.level + 1)}{piece.text}")
        elif piece.kind == "item":
            if piece.ordered:
                number = numbers[piece.group] = numbers.get(piece.group, 0) + 1
                line = f"{_INDENT * piece.level}{number}. {piece.text}"
            else:
                line = f"{_INDENT * piece.level}- {piece.text}"
            joined = isinstance(previous, _Piece) and previous.kind == "item"
            out.append(line if joined or not out else "\n" + line)
        else:  # a quote is a plain paragraph: trafilatura's Markdown has no '>' marker
            if piece.kind == "head":
                line = "#" * max(1, min(piece.level, 6)) + " " + piece.text
            elif piece.kind == "code":
                line = "```\n" + piece.text.replace(_LB, "\n") + "\n```"
            else:
                line = piece.text
            out.append("\n" + line if out else line)
        previous = piece
    return "\n".join(out).strip()


def _xml_table(grid: _Grid, indent: str) -> list[str]:
    lines = [f"{indent}<table>"]
    for row in grid:
        lines.append(f"{indent}  <row>")
        for text, head in row:
            role = ' role="head"' if head else ""
            lines.append(f"{indent}    <cell{role}>{_refs(_xml_escape(text))}</cell>" if text
                         else f"{indent}    <cell{role}/>")
        lines.append(f"{indent}  </row>")
    return [*lines, f"{indent}</table>"]


class _XmlLists:
    """trafilatura's ``<list>``/``<item>`` nesting from item pieces: a sublist sits
    inside the item before it, on that item's line (``<item>a<list><item>b</item></list></item>``)."""

    def __init__(self, lines: list[str], indent: str) -> None:
        self.lines = lines
        self.indent = indent
        self.open: list[tuple[Any, int]] = []  # (list group, level), outermost first; each holds an open <item>
        self.entries: list[Any] = []   # the <li> of each open <item>
        self.line = ""   # the open top-level item's line
        self.terms: dict[Any, int] = {}   # a description list's <dt> count so far

    def item(self, piece: _Piece, text: str, mode: int = _NEW) -> None:
        if mode != _NEW and piece.entry in self.entries:  # more text of an open entry
            while self.entries[-1] != piece.entry:
                self._close_list()
            joint = "" if mode == _AFTER_SUBLIST or text.startswith("<p>") else " "
            self.line += joint + text
            return
        level = min(piece.level, self.open[-1][1] + 1) if self.open else 0
        group = piece.group if piece.group is not None else id(piece)
        while self.open and (self.open[-1][1] > level or (self.open[-1][1] == level and self.open[-1][0] != group)):
            self._close_list()
        kind = "dl" if piece.rend else "ol" if piece.ordered else "ul"
        opening = f'<list rend="{kind}">'
        item = "<item>"
        if piece.rend:  # trafilatura's dt-N/dd-N, N counting the terms up to it
            self.terms[group] = self.terms.get(group, 0) + (piece.rend == "dt")
            item = f'<item rend="{piece.rend}-{max(self.terms[group], 1)}">'
        if self.open and self.open[-1][1] == level:  # the next item of the same list
            self.entries[-1] = piece.entry
            if len(self.open) == 1:
                self.lines.append(self.line + "</item>")
                self.line = f"{self.indent}  {item}{text}"
            else:
                self.line += f"</item>{item}{text}"
            return
        if not self.open:
            self.lines.append(self.indent + opening)
            self.line = f"{self.indent}  {item}{text}"
        else:
            self.line += f"{opening}{item}{text}"
        self.open.append((group, level))
        self.entries.append(piece.entry)

    def _close_list(self) -> None:
        self.open.pop()
        self.entries.pop()
        if self.open:
            self.line += "</item></list>"
        else:
            self.lines += [self.line + "</item>", self.indent + "</list>"]
            self.line = ""

    def close(self) -> None:
        while self.open:
            self._close_list()


class _QuoteRun:
    """The pieces of one ``<blockquote>`` holding more than one block: one ``<quote>``."""

    __slots__ = ("pieces",)

    def __init__(self, pieces: list[_Piece]) -> None:
        self.pieces = pieces


def _quote_groups(pieces: list[_Piece | _Grid]) -> list[_Piece | _Grid | _QuoteRun]:
    """``pieces`` with each run of one ``<blockquote>``'s pieces (its quote text and the
    items of lists in it, from a quote piece on) gathered, when the run holds several."""
    out: list[_Piece | _Grid | _QuoteRun] = []
    run: list[_Piece] = []

    def flush() -> None:
        if len(run) > 1:
            out.append(_QuoteRun(list(run)))
        else:
            out.extend(run)
        run.clear()

    for piece in pieces:
        if not isinstance(piece, _Piece):
            flush()
            out.append(piece)
            continue
        quote = piece.quote if piece.kind in ("quote", "item") else None
        if quote is not None and run and run[0].quote == quote:
            run.append(piece)
            continue
        flush()
        if quote is not None and piece.kind == "quote":
            run.append(piece)
        else:
            out.append(piece)
    flush()
    return out


def _xml_quote(pieces: list[_Piece]) -> str:
    """One ``<quote>`` of a blockquote's pieces: its paragraphs as ``<p>``, its lists inline."""
    parts: list[str] = []
    items: list[_Piece] = []

    def flush_items() -> None:
        if items:
            inner: list[str] = []
            _xml_list_lines(items, inner, "")
            parts.append("".join(line.strip() for line in inner))
            items.clear()

    for piece in pieces:
        if piece.kind == "item":
            items.append(piece)
            continue
        flush_items()
        text = piece.xml if piece.xml is not None else _refs(_xml_escape(piece.text))
        parts.append(f"<p>{text}</p>" if piece.para else text)
    flush_items()
    out = parts[0]
    for part in parts[1:]:
        out += ("" if out.endswith("</p>") and part.startswith("<p>") else " ") + part
    return f"<quote>{out}</quote>"


def _xml_list_lines(items: list[_Piece], lines: list[str], indent: str) -> None:
    lists = _XmlLists(lines, indent)
    modes = _continuations(list(items))
    for index, piece in enumerate(items):
        lists.item(piece, _item_xml(piece, modes, index), modes[index])
    lists.close()


def _item_xml(piece: _Piece, modes: list[int], index: int) -> str:
    """An item piece's XML; a ``<p>`` of an entry holding more than it stays a ``<p>``
    (trafilatura's ``<item><p>..</p> ..</item>``)."""
    text = piece.xml if piece.xml is not None else _refs(_xml_escape(piece.text))
    if piece.para and (modes[index] != _NEW or modes[index + 1:index + 2] == [_SAME_LINE]):
        return f"<p>{text}</p>"
    return text


def _xml_pieces(pieces: list[_Piece], indent: str) -> list[str]:
    lines: list[str] = []
    lists = _XmlLists(lines, indent)
    blocks = _quote_groups(_tables(pieces))
    modes = _continuations(blocks)
    for index, piece in enumerate(blocks):
        if not isinstance(piece, _Piece) or piece.kind != "item":
            lists.close()
        if isinstance(piece, _QuoteRun):
            lines.append(indent + _xml_quote(piece.pieces))
            continue
        if isinstance(piece, list):
            lines += _xml_table(piece, indent)
            continue
        text = piece.xml if piece.xml is not None else _refs(_xml_escape(piece.text))
        if piece.kind == "item":
            lists.item(piece, _item_xml(piece, modes, index), modes[index])
        elif piece.kind == "head":
            lines.append(f'{indent}<head rend="h{piece.level}">{text}</head>')
        elif piece.kind == "quote":
            lines.append(f"{indent}<quote>{text}</quote>")
        elif piece.kind == "code":
            lines.append(f"{indent}<code>{text.replace(_LB, '<lb/>')}</code>")
        elif piece.kind == "graphic":
            source = piece.text[2:-1].rpartition("](")[2]
            described = "".join(f" {name}={_xml_attr(value)}"
                                for name, value in zip(("alt", "title"), piece.group, strict=True) if value)
            lines.append(f"{indent}<graphic src={_xml_attr(source)}{described}/>")
        else:
            lines.append(f"{indent}<p>{text}</p>")
    lists.close()
    return lines


def _xml(document: Document, body: list[_Piece], remarks: list[_Piece]) -> str:
    attributes = []
    for name in _XML_ATTRIBUTES:
        value = getattr(document, name)
        if value:
            value = value if isinstance(value, str) else ";".join(value)
            attributes.append(f" {name}={_xml_attr(value)}")
    lines = [f"<doc{''.join(attributes)}>", "  <main>", *_xml_pieces(body, "    "), "  </main>"]
    if remarks:
        lines += ["  <comments>", *_xml_pieces(remarks, "    "), "  </comments>"]
    else:
        lines.append("  <comments/>")
    lines.append("</doc>")
    return "\n".join(lines)


def _yaml_scalar(value: str) -> str:
    if (value and value == value.strip() and value[0].isalpha() and ": " not in value
            and " #" not in value and not value.endswith(":") and value.lower() not in _YAML_RESERVED
            and all(ch >= " " and ch != "\x7f" for ch in value)):
        return value
    return json.dumps(value, ensure_ascii=False)


#: trafilatura's XML vocabulary in HTML output (a line-for-line rewrite of ``_xml_pieces``).
_HTML_TAGS = ((re.compile(r'<head rend="h(\d)">(.*)</head>$'), r"<h\1>\2</h\1>"),
              (re.compile(r"<(/?)row>$"), r"<\1tr>"),
              (re.compile(r"<cell>(.*)</cell>$"), r"<td>\1</td>"),
              (re.compile(r'<cell role="head">(.*)</cell>$'), r"<th>\1</th>"),
              (re.compile(r'<cell role="head"/>$'), r"<th></th>"),
              (re.compile(r"<cell/>$"), r"<td></td>"),
              (re.compile(r"<quote>(.*)</quote>$"), r"<blockquote>\1</blockquote>"),
              (re.compile(r"<code>(.*)</code>$", re.DOTALL), r"<pre>\1</pre>"),
              (re.compile(r"<graphic (.*)/>$"), r"<img \1/>"))


#: trafilatura's list tags, anywhere in a line (a sublist sits inside its item's line).
_LIST_TAGS = re.compile(r'<list rend="(ul|ol|dl)">|</list>|<(/?)item>|<item rend="d[td]-\d+">')


def _html(body: list[_Piece]) -> str:
    """trafilatura's ``output_format="html"``: the body's blocks as HTML elements."""
    lines, open_lists = [], []

    def list_tag(match: re.Match[str]) -> str:
        if match.group(1):  # a description list is a <ul> there, as in trafilatura
            open_lists.append("ol" if match.group(1) == "ol" else "ul")
            return f"<{open_lists[-1]}>"
        if match.group(0) == "</list>":
            return f"</{open_lists.pop() if open_lists else 'ul'}>"
        return f"<{match.group(2) or ''}li>"

    for line in _xml_pieces(body, "    "):
        indent, markup = line[:len(line) - len(line.lstrip())], line.lstrip()
        for pattern, replacement in _HTML_TAGS:
            if pattern.match(markup):
                markup = pattern.sub(replacement, markup)
                break
        lines.append(indent + _LIST_TAGS.sub(list_tag, markup).replace("<lb/>", "<br/>"))
    return "\n".join(["<html>", "  <body>", *lines, "  </body>", "</html>"])


#: trafilatura's CSV columns, in order.
_CSV_FIELDS = ("url", "id", "fingerprint", "hostname", "title", "image", "date", "text", "comments",
               "license", "pagetype")


def _csv(document: Document) -> str:
    """trafilatura's ``output_format="csv"``: one tab-separated row, ``null`` for blanks."""
    import csv
    import io

    out = io.StringIO()
    row = [getattr(document, name) for name in _CSV_FIELDS]
    csv.writer(out, delimiter="\t", quoting=csv.QUOTE_MINIMAL).writerow(
        ["null" if value in (None, "") else value for value in row])
    return out.getvalue()


def _tei(document: Document, body: list[_Piece], remarks: list[_Piece]) -> str:
    """A TEI document (trafilatura's ``xmltei`` skeleton: header with title, source and
    fingerprint; ``<div type="entry">`` and ``<div type="comments">``). Not validated."""
    def blocks_of(pieces: list[_Piece]) -> list[str]:
        return [re.sub(r'^(\s*)<head rend="(h\d)">(.*)</head>$', r'\1<ab rend="\2" type="header">\3</ab>', line)
                for line in _xml_pieces(pieces, "        ")]

    title = _xml_escape(document.title or "")
    date = _xml_escape(document.date or "")
    header = [
        '<TEI xmlns="http://www.tei-c.org/ns/1.0">', "  <teiHeader>", "    <fileDesc>",
        "      <titleStmt>", f'        <title type="main">{title}</title>', "      </titleStmt>",
        "      <publicationStmt>", "        <p/>", "      </publicationStmt>",
        "      <notesStmt>", f'        <note type="fingerprint">{document.fingerprint}</note>', "      </notesStmt>",
        "      <sourceDesc>", f"        <bibl>{title}, {date}</bibl>", "      </sourceDesc>",
        "    </fileDesc>", "  </teiHeader>", "  <text>", "    <body>", '      <div type="entry">',
    ]
    lines = header + blocks_of(body) + ["      </div>"]
    if remarks:
        lines += ['      <div type="comments">', *blocks_of(remarks), "      </div>"]
    return "\n".join(lines + ["    </body>", "  </text>", "</TEI>"])


# ------------------------------------------------------------------ entry points

def _check_deprecation(fast: bool = False, *, no_fallback: bool = False, as_dict: bool = False,
                       max_tree_size: int | None = None, stacklevel: int = 2) -> bool:
    """trafilatura's deprecations: ``no_fallback``/``as_dict`` warn, ``max_tree_size``
    raises (it moved to the settings file); the effective ``fast``."""
    if no_fallback:
        warnings.warn('"no_fallback" will be removed, use "fast" instead', DeprecationWarning,
                      stacklevel=stacklevel + 1)
    if as_dict:
        warnings.warn('"as_dict" will be removed, use the .as_dict() method instead', DeprecationWarning,
                      stacklevel=stacklevel + 1)
    if max_tree_size:
        raise ValueError('"max_tree_size" will be removed, use settings.cfg instead')
    return fast or no_fallback


def pruned_html(filecontent: Any, prune_xpath: str | list[str]) -> str:
    """The page with every node an XPath of ``prune_xpath`` selects removed (on an lxml
    tree: XPath is lxml's), serialized back for the engine."""
    from lxml import etree
    from lxml import html as lxml_html

    if hasattr(filecontent, "getroottree"):
        tree = lxml_html.fromstring(lxml_html.tostring(filecontent, encoding="unicode"))
    else:
        markup = filecontent if isinstance(filecontent, str) else as_document(filecontent, "trafilatura input").html
        tree = lxml_html.fromstring(markup)
    for expression in [prune_xpath] if isinstance(prune_xpath, str) else prune_xpath:
        for node in etree.XPath(expression)(tree):
            if node.getparent() is not None:
                node.drop_tree()
    pruned: str = lxml_html.tostring(tree, encoding="unicode")
    return pruned


def _page(filecontent: Any, options: Extractor, prune_xpath: str | list[str] | None) -> _Page | None:
    data = getattr(filecontent, "data", None)  # trafilatura's / urllib3's response objects
    if isinstance(data, (bytes, str)):
        filecontent = data
    if isinstance(filecontent, (str, bytes)) and len(filecontent) > options.max_file_size:
        LOGGER.error("input too large: %s characters", len(filecontent))
        return None
    if prune_xpath is not None:
        filecontent = pruned_html(filecontent, prune_xpath)
    page = as_document(filecontent, "trafilatura input")
    if isinstance(filecontent, (str, bytes)) and not_html(filecontent, page):
        LOGGER.error("not valid HTML: %s", options.source)
        return None
    return page


def in_language(page: _Page, language: str) -> bool:
    """Whether the page's declared language (``<html lang>``, else ``content-language``)
    is ``language`` or absent: trafilatura's check without a language detector."""
    declared = _declared_language(page)
    return not declared or declared.split("-")[0].split("_")[0].strip().lower() == language.lower()


def _declared_language(page: _Page) -> str | None:
    declared = page.root.attr("lang") if page.root is not None else None
    if declared:
        return declared
    for element in page.select("meta[http-equiv]"):
        if (element.attr("http-equiv") or "").lower() == "content-language" and element.attr("content"):
            return element.attr("content")
    return _meta(page, "content-language")


def _body_tree(pieces: list[_Piece], fallback: Element | None) -> Any:
    """trafilatura's ``body``: an lxml ``<body>`` of its element vocabulary, or the
    turbohtml element when lxml is missing or the text is not XML-clean."""
    try:
        from lxml import etree
    except ImportError:
        return fallback
    try:
        return etree.fromstring("<body>" + "".join(_xml_pieces(pieces, "")) + "</body>")
    except etree.XMLSyntaxError:
        return fallback


def _extraction(filecontent: Any, options: Extractor,
                prune_xpath: str | list[str] | None) -> tuple[Document, list[_Piece], list[_Piece]] | None:
    """The Document and the pieces of the body and of the comments, or ``None`` where
    trafilatura discards the page (logged)."""
    if options.url is not None and not isinstance(options.url, str):
        raise TypeError(f"url must be str or None, not {type(options.url).__name__}")
    page = _page(filecontent, options, prune_xpath)
    if page is None:
        return None
    if options.lang and not in_language(page, options.lang):
        LOGGER.error("wrong HTML meta language: %s", options.source)
        return None
    if options.with_metadata:
        custom_dates = options.date_params if "max_date" not in options.date_params else None
        extensive = bool(options.date_params.get("extensive_search", True))
        document = _metadata(page, options.url, custom_dates, extensive, options.author_blacklist)
        if document.url in options.url_blacklist:
            LOGGER.warning("blacklisted URL: %s", document.url)
            return None
        if options.only_with_metadata and not (document.date and document.title and document.url):
            LOGGER.error("no metadata: %s", options.source)
            return None
    else:
        document = Document()
    title = document.title or harvest_metadata(page).get("title")
    winner, body, remarks = _content(page, options, title)
    text = _plain(body)
    if len(text) < options.min_extracted_size and options.focus == "balanced" and not options.fast:
        _, wider, wider_remarks = _content(page, options, title, focus="recall")
        if len(_plain(wider)) > len(text):
            body, remarks = wider, wider_remarks
    if not _has_text(body) and options.focus != "precision":  # no content body found: the page's units
        winner, body, remarks = _content(page, options, title, whole_page=True)
    text = _plain(body)
    if (len(text) < options.min_extracted_size and options.focus != "precision") \
            or (not _has_text(body) and not options.fast):
        # trafilatura's baseline rescue: a short body gives way to the plain fallback's
        # text (JSON-LD articleBody, <article>, paragraphs) when that holds more
        from turbohtml.compat.trafilatura.baseline import is_banner, page_paragraphs

        thread = _declares_thread(page)
        paragraphs = page_paragraphs(page, lambda node: is_banner(node) or (
            not thread and _CommentSections.hinted(node)))  # reader comments are no rescue
        if len("\n".join(paragraphs)) > len(_IMAGE.sub("", text).strip()):  # images are no text
            body = [_Piece("p", paragraph) for paragraph in paragraphs]
    text, comments = _plain(body), _plain(remarks)
    if len(text) < options.min_output_size and len(comments) < options.min_output_comm_size:
        LOGGER.debug("text and comments not long enough: %s %s", len(text), len(comments))
        return None
    if options.max_tree_size and len(body) > options.max_tree_size:
        LOGGER.debug("output tree too long: %s", len(body))
        return None
    if options.dedup and repeated_segment(" ".join(piece.text for piece in body), options):
        LOGGER.debug("discarding duplicate document: %s", options.source)
        return None
    document.body = _body_tree(body, winner)
    document.raw_text = " ".join(piece.text.replace(_LB, "\n") for piece in body)
    document.text = (_markdown if options.formatting else _plain)(body)
    if options.comments:
        document.comments = comments
        document.commentsbody = _body_tree(remarks, None)
    return document, body, remarks


def extract_comments(tree: Any, options: Extractor) -> tuple[Any, str, Any]:
    """The page's comment section as trafilatura's ``extract_comments`` returns it: an
    lxml ``<body>`` of its elements, their text joined, and the tree (as given: turbohtml
    does not cut the comments out of it). A page without main text gives no comments,
    as ``extract(include_comments=True)`` gives none there."""
    options = copy.copy(options)
    options.comments = True
    result = _extraction(tree, options, None)
    body = _body_tree(result[2] if result is not None else [], None)
    return body, trim(" ".join(body.itertext())) if body is not None else "", tree


def _has_text(pieces: list[_Piece]) -> bool:
    """Whether ``pieces`` hold text (images alone are no content body)."""
    return any(piece.kind != "graphic" and not _IMAGE.fullmatch(piece.text) for piece in pieces)


def _options(config: ConfigParser, settingsfile: str | None, output_format: str, fast: bool,
             favor_precision: bool, favor_recall: bool, include_comments: bool, include_formatting: bool | None,
             include_links: bool, include_images: bool, include_tables: bool, deduplicate: Any,
             target_language: str | None, url: str | None, with_metadata: bool, only_with_metadata: bool,
             tei_validation: bool, author_blacklist: set[str] | None, url_blacklist: set[str] | None,
             date_extraction_params: dict[str, Any] | None) -> Extractor:
    return Extractor(
        config=use_config(settingsfile) if settingsfile else config, output_format=output_format, fast=fast,
        precision=favor_precision, recall=favor_recall, comments=include_comments,
        formatting=include_formatting, links=include_links, images=include_images, tables=include_tables,
        dedup=deduplicate, lang=target_language, url=url, with_metadata=with_metadata,
        only_with_metadata=only_with_metadata, tei_validation=tei_validation,
        author_blacklist=author_blacklist, url_blacklist=url_blacklist, date_params=date_extraction_params,
    )


def bare_extraction(
    filecontent: Any,
    url: str | None = None,
    fast: bool = False,
    no_fallback: bool = False,
    favor_precision: bool = False,
    favor_recall: bool = False,
    include_comments: bool = True,
    output_format: str = "python",
    target_language: str | None = None,
    include_tables: bool = True,
    include_images: bool = False,
    include_formatting: bool | None = None,
    include_links: bool = False,
    deduplicate: bool | LRUCache = False,
    date_extraction_params: dict[str, Any] | None = None,
    with_metadata: bool = False,
    only_with_metadata: bool = False,
    max_tree_size: int | None = None,
    url_blacklist: set[str] | None = None,
    author_blacklist: set[str] | None = None,
    as_dict: bool = False,
    prune_xpath: str | list[str] | None = None,
    config: ConfigParser = DEFAULT_CONFIG,
    options: Extractor | None = None,
) -> Document | dict[str, Any] | None:
    """The extraction as a ``Document`` (a dict with the deprecated ``as_dict=True``),
    or ``None`` when the page is discarded (no text at all, a filter or a size limit)."""
    fast = _check_deprecation(fast, no_fallback=no_fallback, as_dict=as_dict, max_tree_size=max_tree_size)
    if not isinstance(options, Extractor):
        options = _options(config, None, output_format, fast, favor_precision, favor_recall, include_comments,
                           include_formatting, include_links, include_images, include_tables, deduplicate,
                           target_language, url, with_metadata, only_with_metadata, False, author_blacklist,
                           url_blacklist, date_extraction_params)
    result = _extraction(filecontent, options, prune_xpath)
    if result is None:
        return None
    document = result[0]
    return document.as_dict() if as_dict else document


def _render(document: Document, body: list[_Piece], remarks: list[_Piece], options: Extractor,
            record_id: str | None) -> str:
    if options.format == "python":
        raise ValueError("'python' format only usable in bare_extraction() function")
    if options.with_metadata or options.format not in TXT_FORMATS:
        document.id = record_id
        document.fingerprint = content_fingerprint(f"{document.title} {document.raw_text}")
    if options.format == "json":
        return _json(document, options.with_metadata)
    if options.format == "xml":
        return _xml(document, body, remarks)
    if options.format == "html":
        return _html(body)
    if options.format == "csv":
        return _csv(document)
    if options.format == "xmltei":
        return _tei(document, body, remarks)
    render = _markdown if options.formatting else _plain
    header = ""
    if options.with_metadata:
        fields = "".join(f"{name}: {_yaml_scalar(value) if isinstance(value, str) else value}\n"
                         for name in _YAML_FIELDS if (value := getattr(document, name)))
        header = f"---\n{fields}---\n"
    text = f"{header}{render(body)}"
    if options.comments and remarks:
        text = f"{text}{chr(10) * (2 if options.formatting else 1)}{render(remarks)}".strip()
    return text


def extract(
    filecontent: Any,
    url: str | None = None,
    record_id: str | None = None,
    fast: bool = False,
    no_fallback: bool = False,
    favor_precision: bool = False,
    favor_recall: bool = False,
    include_comments: bool = True,
    output_format: str = "txt",
    tei_validation: bool = False,
    target_language: str | None = None,
    include_tables: bool = True,
    include_images: bool = False,
    include_formatting: bool | None = None,
    include_links: bool = False,
    deduplicate: bool | LRUCache = False,
    date_extraction_params: dict[str, Any] | None = None,
    with_metadata: bool = False,
    only_with_metadata: bool = False,
    max_tree_size: int | None = None,
    url_blacklist: set[str] | None = None,
    author_blacklist: set[str] | None = None,
    settingsfile: str | None = None,
    prune_xpath: str | list[str] | None = None,
    config: ConfigParser = DEFAULT_CONFIG,
    options: Extractor | None = None,
) -> str | None:
    """The main text (and optionally metadata) of a page in ``output_format``, or ``None``."""
    fast = _check_deprecation(fast, no_fallback=no_fallback, max_tree_size=max_tree_size)
    if not isinstance(options, Extractor):
        options = _options(config, settingsfile, output_format, fast, favor_precision, favor_recall,
                           include_comments, include_formatting, include_links, include_images, include_tables,
                           deduplicate, target_language, url, with_metadata, only_with_metadata, tei_validation,
                           author_blacklist, url_blacklist, date_extraction_params)
    document = _rendered(filecontent, options, prune_xpath, record_id)
    return document.text if document is not None else None


def extract_with_metadata(
    filecontent: Any,
    url: str | None = None,
    record_id: str | None = None,
    fast: bool = False,
    favor_precision: bool = False,
    favor_recall: bool = False,
    include_comments: bool = True,
    output_format: str = "txt",
    tei_validation: bool = False,
    target_language: str | None = None,
    include_tables: bool = True,
    include_images: bool = False,
    include_formatting: bool | None = None,
    include_links: bool = False,
    deduplicate: bool | LRUCache = False,
    date_extraction_params: dict[str, Any] | None = None,
    url_blacklist: set[str] | None = None,
    author_blacklist: set[str] | None = None,
    settingsfile: str | None = None,
    prune_xpath: str | list[str] | None = None,
    config: ConfigParser = DEFAULT_CONFIG,
    options: Extractor | None = None,
) -> Document | None:
    """The metadata ``Document`` with ``text`` holding the content rendered in
    ``output_format`` (trafilatura's ``extract_with_metadata``), or ``None``."""
    if not isinstance(options, Extractor):
        options = _options(config, settingsfile, output_format, fast, favor_precision, favor_recall,
                           include_comments, include_formatting, include_links, include_images, include_tables,
                           deduplicate, target_language, url, True, False, tei_validation,
                           author_blacklist, url_blacklist, date_extraction_params)
    return _rendered(filecontent, options, prune_xpath, record_id)


def _rendered(filecontent: Any, options: Extractor, prune_xpath: str | list[str] | None,
              record_id: str | None) -> Document | None:
    """The extraction's Document with ``text`` rendered in the options' format."""
    result = _extraction(filecontent, options, prune_xpath)
    if result is None:
        return None
    document = result[0]
    document.text = _render(*result, options, record_id)
    return document


def _json(document: Document, with_metadata: bool) -> str:
    if with_metadata:
        output = document.as_dict()
        output.update({
            "source": output.pop("url"),
            "source-hostname": output.pop("sitename"),
            "excerpt": output.pop("description"),
            "categories": ";".join(output.pop("categories") or []),
            "tags": ";".join(output.pop("tags") or []),
            "text": document.text,
        })
        output.pop("body")
        output.pop("commentsbody")
    else:
        output = {"text": document.text}
    output["comments"] = document.comments or ""
    return json.dumps(output, ensure_ascii=False)


def extract_metadata(
    filecontent: Any,
    default_url: str | None = None,
    date_config: dict[str, Any] | None = None,
    extensive: bool = True,
    author_blacklist: set[str] | None = None,
) -> Document:
    """The page's metadata as a ``Document`` (trafilatura's ``extract_metadata``)."""
    page = as_document(filecontent, "trafilatura input")
    date_params = None
    if date_config:
        date_params = {**date_config}
        extensive = date_params.pop("extensive_search", extensive)
    return _metadata(page, default_url, date_params, extensive, author_blacklist)


