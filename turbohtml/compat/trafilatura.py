"""``trafilatura``'s ``extract``/``bare_extraction``/``extract_metadata`` over turbohtml.

    from turbohtml.compat import trafilatura
    text = trafilatura.extract(html, url=url, output_format="json", with_metadata=True)

The call shapes and the output shapes are trafilatura 2.x's: ``extract`` returns a
string (``txt``, ``markdown``, ``json`` with trafilatura's field names, ``xml``) or
``None``; ``bare_extraction`` and ``extract_metadata`` return a ``Document`` whose
attributes (``title``, ``author``, ``url``, ``hostname``, ``description``,
``sitename``, ``date``, ``text``, ``language``, ...) and ``as_dict()`` match
trafilatura's. The content body is chosen by turbohtml's main-content scoring, the
metadata by ``Document.metadata()`` (every source weighed, the publication date
included; custom ``date_extraction_params`` go to ``turbohtml.compat.htmldate.find_date``).

Options: see docs/migration/trafilatura.md. In short, ``favor_precision`` /
``favor_recall`` move the in-body link-density cap (and recall keeps figure captions),
``include_comments`` adds the page's comment section, ``include_tables`` keeps or drops
table cells, ``include_formatting`` renders markdown structure, ``target_language``
checks the declared ``<html lang>``, the blacklists and ``only_with_metadata`` behave
as in trafilatura. ``fast``/``no_fallback``/``max_tree_size``/``tei_validation`` are
documented no-ops (one scoring pass, no fallback chain, no TEI). Options turbohtml
cannot honour raise ``TypeError``: ``include_images``, ``include_links``,
``deduplicate``, ``prune_xpath``, ``settingsfile``, ``config``, ``options``, and the
``csv``/``html``/``xmltei`` formats.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import re
from collections.abc import Iterable
from typing import Any
from xml.sax.saxutils import escape as _xml_escape
from xml.sax.saxutils import quoteattr as _xml_attr

from turbohtml._core import Document as _Page
from turbohtml._core import Element, UrlBase
from turbohtml._harvest import harvest_metadata
from turbohtml._units import BOILERPLATE_REGION, CAPTION, HEADING, IN_CONTENT, LIST_ITEM
from turbohtml.compat._blocks import Block, ancestors, blocks
from turbohtml.compat._input import as_document, fetch_html
from turbohtml.compat.htmldate import find_date
from turbohtml.extract.urls import registrable_domain

__all__ = ["Document", "bare_extraction", "extract", "extract_metadata", "fetch_url"]

#: The formats trafilatura knows, and the ones turbohtml renders.
_TRAFILATURA_FORMATS = frozenset({"csv", "json", "html", "markdown", "txt", "xml", "xmltei", "python"})
_SUPPORTED_FORMATS = frozenset({"txt", "markdown", "json", "xml"})

#: The in-body link-density cap per focus (``turbohtml.extract.article`` uses 0.5).
_LINK_DENSITY = {"precision": 0.2, "balanced": 0.5, "recall": 0.8}

#: The YAML header fields of txt/markdown output with metadata (trafilatura's order).
_YAML_FIELDS = ("title", "author", "url", "hostname", "description", "sitename", "date",
                "categories", "tags", "fingerprint", "id", "license")
_YAML_RESERVED = frozenset({"true", "false", "yes", "no", "on", "off", "y", "n", "null", "none", "~"})
#: The XML ``<doc>`` attributes (trafilatura's ``META_ATTRIBUTES`` order).
_XML_ATTRIBUTES = ("sitename", "title", "author", "date", "url", "hostname", "description",
                   "categories", "tags", "license", "id", "fingerprint", "language")

#: class/id words marking a reader-comment section (trafilatura's comment XPaths).
_COMMENT_HINT = re.compile(r"comment|disqus|respond|reply|discussion", re.IGNORECASE)


class Document:
    """The extraction record, with trafilatura's ``Document`` attributes and ``as_dict()``.

    ``body`` is the turbohtml ``Element`` of the content body (trafilatura holds an lxml
    tree there) and ``commentsbody`` is ``None``; every other field has trafilatura's type.
    """

    __slots__ = ("title", "author", "url", "hostname", "description", "sitename", "date",
                 "categories", "tags", "fingerprint", "id", "license", "body", "comments",
                 "commentsbody", "raw_text", "text", "language", "image", "pagetype", "filedate")

    def __init__(self, **fields: Any) -> None:
        for name in self.__slots__:
            setattr(self, name, fields.pop(name, None))
        if fields:
            raise TypeError(f"Document() got unexpected fields: {', '.join(sorted(fields))}")
        if self.categories is None:
            self.categories = []
        if self.tags is None:
            self.tags = []

    def as_dict(self) -> dict[str, Any]:
        """The fields as a dict, in trafilatura's order."""
        return {name: getattr(self, name) for name in self.__slots__}

    def __repr__(self) -> str:
        return f"Document(title={self.title!r}, url={self.url!r}, date={self.date!r})"


# ------------------------------------------------------------------ options

_UNSUPPORTED = {
    "include_images": "images are not rendered",
    "include_links": "link targets are not rendered",
    "deduplicate": "there is no cross-document deduplication cache",
    "prune_xpath": "XPath pruning needs an lxml tree",
    "settingsfile": "trafilatura settings files are not read",
    "config": "trafilatura ConfigParser settings are not read",
    "options": "trafilatura Extractor objects are not read",
}


def _check_options(output_format: str, supported: frozenset[str], **given: Any) -> None:
    for name, value in given.items():
        if value not in (None, False):
            raise TypeError(f"trafilatura option {name}={value!r} is not supported by turbohtml: {_UNSUPPORTED[name]}")
    if output_format not in _TRAFILATURA_FORMATS:
        raise AttributeError(f"Cannot set format, must be one of: {', '.join(sorted(_TRAFILATURA_FORMATS))}")
    if output_format == "python" and "python" not in supported:
        raise ValueError("'python' format only usable in bare_extraction() function")
    if output_format not in supported:
        raise TypeError(f"output_format={output_format!r} is not supported by turbohtml; "
                        f"use one of {', '.join(sorted(supported))}")


# ------------------------------------------------------------------ metadata

def _meta(page: _Page, *names: str) -> str | None:
    for name in names:
        for element in page.select(f'meta[property="{name}"], meta[name="{name}"]'):
            value = " ".join((element.attr("content") or "").split())
            if value:
                return value
    return None


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
    author = meta.author
    if author and author_blacklist:
        blocked = set(author_blacklist)
        author = "; ".join(name for name in author.split("; ") if name not in blocked) or None
    url = _meta(page, "og:url") or meta.canonical or default_url  # trafilatura reads og:url first
    host = _host(url)
    sitename = meta.site_name
    if sitename is None and host:
        sitename = host[4:] if host.startswith("www.") else host
    date = meta.date
    if date_params:
        params = {"original_date": True, "extensive_search": extensive, **date_params}
        params.setdefault("url", url)
        date = find_date(page, **params)
    license_link = page.select_one('a[rel~="license"], link[rel~="license"]')
    license_text = None
    if license_link is not None:
        license_text = " ".join(license_link.text.split()) or license_link.attr("href")
    return Document(
        title=meta.title,
        author=author,
        url=url,
        hostname=registrable_domain(host) if host else None,
        description=meta.description,
        sitename=sitename.lstrip("@") if sitename else None,
        date=date,
        categories=list(meta.categories),
        tags=list(meta.tags),
        license=license_text,
        language=meta.lang,
        image=meta.image,
        pagetype=_meta(page, "og:type"),
        filedate=_dt.date.today().isoformat(),
    )


# ------------------------------------------------------------------ content

class _Piece:
    """One output block: kind ``p``/``head``/``item``/``cell``/``quote``/``code``."""

    __slots__ = ("kind", "text", "level", "group", "ordered")

    def __init__(self, kind: str, text: str, level: int = 0, group: Any = None, ordered: bool = False) -> None:
        self.kind = kind
        self.text = text
        self.level = level
        self.group = group
        self.ordered = ordered


def _piece(block: Block) -> _Piece:
    element = block.element
    if element is None:
        if block.flags & HEADING:
            return _Piece("head", block.text, 2)
        return _Piece("item" if block.flags & LIST_ITEM else "p", block.text)
    tag = element.tag or ""
    chain = ancestors(element)
    tags = [node.tag for node in chain]
    if block.flags & HEADING:
        heading = next((node.tag for node in reversed(chain) if node.tag in ("h1", "h2", "h3", "h4", "h5", "h6")), "h2")
        return _Piece("head", block.text, int(heading[1]))  # type: ignore[index]
    if tag in ("td", "th") or "table" in tags:
        row = next((node for node in reversed(chain) if node.tag == "tr"), None)
        return _Piece("cell", block.text, group=row)
    if tag in ("li", "dt", "dd") or block.flags & LIST_ITEM:
        owner = next((node for node in reversed(chain) if node.tag in ("ul", "ol", "dl")), None)
        return _Piece("item", block.text, group=owner, ordered=owner is not None and owner.tag == "ol")
    if "pre" in tags:
        return _Piece("code", block.text)
    if "blockquote" in tags:
        return _Piece("quote", block.text)
    return _Piece("p", block.text)


def _in_comments(block: Block) -> bool:
    if block.element is None:
        return False
    for node in ancestors(block.element):
        hints = f"{node.attr('id') or ''} {node.attr('class') or ''}"
        if hints.strip() and _COMMENT_HINT.search(hints):
            return True
    return False


def _content(page: _Page, focus: str, tables: bool, comments: bool,
             title: str | None) -> tuple[Element | None, list[_Piece], list[_Piece]]:
    winner, units = blocks(page)
    cap = _LINK_DENSITY[focus]
    body: list[_Piece] = []
    first_content = None
    for index, block in enumerate(units):
        if not block.flags & IN_CONTENT or block.flags & BOILERPLATE_REGION:
            continue
        if block.flags & CAPTION and focus != "recall":
            continue
        if block.chars and block.link_chars / block.chars > cap:
            continue
        piece = _piece(block)
        if piece.kind == "cell" and not tables:
            continue
        if first_content is None:
            first_content = index
        body.append(piece)
    # The page's <h1> title just before the body opens trafilatura's text; keep it.
    if first_content is not None and title:
        for block in reversed(units[:first_content]):
            if block.flags & HEADING and block.text == title and not block.flags & BOILERPLATE_REGION:
                body.insert(0, _Piece("head", block.text, 1))
                break
    remarks: list[_Piece] = []
    if comments:
        for block in units:
            if block.flags & IN_CONTENT and not block.flags & BOILERPLATE_REGION:
                continue
            if _in_comments(block):
                remarks.append(_piece(block))
    return winner, body, remarks


def _plain(pieces: list[_Piece]) -> str:
    lines: list[str] = []
    row: Any = object()
    for piece in pieces:
        if piece.kind == "cell" and piece.group == row and lines:
            lines[-1] += " | " + piece.text
            continue
        row = piece.group if piece.kind == "cell" else object()
        lines.append(("- " + piece.text) if piece.kind == "item" else piece.text)
    return "\n".join(lines)


def _markdown(pieces: list[_Piece]) -> str:
    out: list[str] = []
    previous: _Piece | None = None
    numbers: dict[Any, int] = {}
    rows = 0
    for piece in pieces:
        if piece.kind == "cell":
            if previous is not None and previous.kind == "cell" and piece.group == previous.group:
                out[-1] = out[-1][:-2] + " | " + piece.text + " |"
            else:
                line = "| " + piece.text + " |"
                if previous is not None and previous.kind == "cell":
                    if rows == 1:  # the first row is the header
                        out.append("|" + " --- |" * out[-1].strip().count(" | ") + " --- |")
                    rows += 1
                    out.append(line)
                else:
                    rows = 1
                    out.append("\n" + line if out else line)
        elif piece.kind == "item":
            if piece.ordered:
                number = numbers[piece.group] = numbers.get(piece.group, 0) + 1
                line = f"{number}. {piece.text}"
            else:
                line = "- " + piece.text
            joined = previous is not None and previous.kind == "item"
            out.append(line if joined or not out else "\n" + line)
        else:
            if piece.kind == "head":
                line = "#" * max(1, min(piece.level, 6)) + " " + piece.text
            elif piece.kind == "quote":
                line = "> " + piece.text
            elif piece.kind == "code":
                line = "```\n" + piece.text + "\n```"
            else:
                line = piece.text
            out.append("\n" + line if out else line)
        previous = piece
    return "\n".join(out).strip()


def _xml_pieces(pieces: list[_Piece], indent: str) -> list[str]:
    lines: list[str] = []
    open_group: Any = None
    open_kind = ""
    for piece in pieces:
        kind = piece.kind if piece.kind in ("item", "cell") else ""
        if open_kind and (kind != open_kind or piece.group != open_group):
            if open_kind == "item":
                lines.append(f"{indent}</list>")
            else:
                lines.append(f"{indent}  </row>")
                if kind != "cell":
                    lines.append(f"{indent}</table>")
            open_kind = ""
        text = _xml_escape(piece.text)
        if kind == "item":
            if not open_kind:
                lines.append(f'{indent}<list rend="{"ol" if piece.ordered else "ul"}">')
                open_kind, open_group = "item", piece.group
            lines.append(f"{indent}  <item>{text}</item>")
        elif kind == "cell":
            if not open_kind:
                if not lines or not lines[-1].endswith("</row>"):
                    lines.append(f"{indent}<table>")
                lines.append(f"{indent}  <row>")
                open_kind, open_group = "cell", piece.group
            lines.append(f"{indent}    <cell>{text}</cell>")
        elif piece.kind == "head":
            lines.append(f'{indent}<head rend="h{piece.level}">{text}</head>')
        elif piece.kind == "quote":
            lines.append(f"{indent}<quote>{text}</quote>")
        elif piece.kind == "code":
            lines.append(f"{indent}<code>{text}</code>")
        else:
            lines.append(f"{indent}<p>{text}</p>")
    if open_kind == "item":
        lines.append(f"{indent}</list>")
    elif open_kind == "cell":
        lines.append(f"{indent}  </row>")
        lines.append(f"{indent}</table>")
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


def _fingerprint(text: str) -> str:
    """A 64-bit content hash (hex). Not trafilatura's simhash: equal only for equal text."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


# ------------------------------------------------------------------ entry points

def _run(filecontent: Any, url: str | None, *, fast: bool, favor_precision: bool, favor_recall: bool,
         include_comments: bool, output_format: str, target_language: str | None, include_tables: bool,
         include_formatting: bool | None, date_extraction_params: dict[str, Any] | None,
         with_metadata: bool, only_with_metadata: bool, url_blacklist: Iterable[str] | None,
         author_blacklist: Iterable[str] | None) -> tuple[Document, list[_Piece], list[_Piece]] | None:
    if url is not None and not isinstance(url, str):
        raise TypeError(f"url must be str or None, not {type(url).__name__}")
    page = as_document(filecontent, "trafilatura input")
    if target_language is not None:
        declared = (page.root.attr("lang") if page.root is not None else None) or _meta(page, "content-language")
        if declared and declared.split("-")[0].split("_")[0].strip().lower() != target_language.lower():
            return None
    if with_metadata or only_with_metadata:
        document = _metadata(page, url, date_extraction_params, not fast, author_blacklist)
        if url_blacklist and document.url in set(url_blacklist):
            return None
        if only_with_metadata and not (document.date and document.title and document.url):
            return None
    else:
        document = Document()
    focus = "recall" if favor_recall else "precision" if favor_precision else "balanced"
    title = document.title or harvest_metadata(page).get("title")
    winner, body, remarks = _content(page, focus, include_tables, include_comments, title)
    if not body and not remarks:
        return None
    document.body = winner
    document.raw_text = " ".join(piece.text for piece in body)
    document.text = _plain(body)
    if include_comments:
        document.comments = _plain(remarks)
    return document, body, remarks


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
    deduplicate: bool = False,
    date_extraction_params: dict[str, Any] | None = None,
    with_metadata: bool = False,
    only_with_metadata: bool = False,
    max_tree_size: int | None = None,
    url_blacklist: set[str] | None = None,
    author_blacklist: set[str] | None = None,
    as_dict: bool = False,
    prune_xpath: str | list[str] | None = None,
    config: Any = None,
    options: Any = None,
) -> Document | dict[str, Any] | None:
    """The extraction as a ``Document`` (or, deprecated, a dict with ``as_dict=True``)."""
    _check_options(output_format, _SUPPORTED_FORMATS | {"python"}, include_images=include_images,
                   include_links=include_links, deduplicate=deduplicate, prune_xpath=prune_xpath,
                   config=config, options=options)
    result = _run(filecontent, url, fast=fast or no_fallback, favor_precision=favor_precision,
                  favor_recall=favor_recall, include_comments=include_comments, output_format=output_format,
                  target_language=target_language, include_tables=include_tables,
                  include_formatting=include_formatting, date_extraction_params=date_extraction_params,
                  with_metadata=with_metadata, only_with_metadata=only_with_metadata,
                  url_blacklist=url_blacklist, author_blacklist=author_blacklist)
    if result is None:
        return None
    document = result[0]
    return document.as_dict() if as_dict else document


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
    deduplicate: bool = False,
    date_extraction_params: dict[str, Any] | None = None,
    with_metadata: bool = False,
    only_with_metadata: bool = False,
    max_tree_size: int | None = None,
    url_blacklist: set[str] | None = None,
    author_blacklist: set[str] | None = None,
    settingsfile: str | None = None,
    prune_xpath: str | list[str] | None = None,
    config: Any = None,
    options: Any = None,
) -> str | None:
    """The main text (and optionally metadata) of a page in ``output_format``, or ``None``."""
    _check_options(output_format, _SUPPORTED_FORMATS, include_images=include_images,
                   include_links=include_links, deduplicate=deduplicate, prune_xpath=prune_xpath,
                   settingsfile=settingsfile, config=config, options=options)
    result = _run(filecontent, url, fast=fast or no_fallback, favor_precision=favor_precision,
                  favor_recall=favor_recall, include_comments=include_comments, output_format=output_format,
                  target_language=target_language, include_tables=include_tables,
                  include_formatting=include_formatting, date_extraction_params=date_extraction_params,
                  with_metadata=with_metadata, only_with_metadata=only_with_metadata,
                  url_blacklist=url_blacklist, author_blacklist=author_blacklist)
    if result is None:
        return None
    document, body, remarks = result
    if with_metadata:
        document.id = record_id
        document.fingerprint = _fingerprint(f"{document.title} {document.raw_text}")
    if output_format == "json":
        return _json(document, with_metadata)
    if output_format == "xml":
        return _xml(document, body, remarks)
    formatting = output_format == "markdown" or bool(include_formatting)
    render = _markdown if formatting else _plain
    header = ""
    if with_metadata:
        fields = "".join(f"{name}: {_yaml_scalar(value) if isinstance(value, str) else value}\n"
                         for name in _YAML_FIELDS if (value := getattr(document, name)))
        header = f"---\n{fields}---\n"
    text = f"{header}{render(body)}"
    if include_comments and remarks:
        text = f"{text}{chr(10) * (2 if formatting else 1)}{render(remarks)}".strip()
    return text


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



def fetch_url(url: str, no_ssl: bool = False, config: Any = None, options: Any = None) -> str | None:
    """Download a page, as ``trafilatura.fetch_url`` does: its HTML as ``str`` (decoded by
    the HTTP charset, else sniffed as ``parse()`` does), or ``None`` when the download
    fails (logged).

    It goes through ``turbohtml.fetch.fetch``: one deadline for the whole download, a
    size cap, at most five redirects and only to http(s), and the SSRF guard (private and
    loopback addresses refused). Certificates are always checked, so ``no_ssl`` and
    trafilatura's ``config``/``options`` download settings are accepted and not used
    (docs/migration/trafilatura.md).
    """
    return fetch_html(url, "fetch_url()")
