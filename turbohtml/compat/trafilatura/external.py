"""trafilatura's ``external`` module: the two documented second opinions, ``try_readability``
and ``try_justext``, on an lxml tree.

trafilatura runs its readability fork and jusText; here ``try_readability`` is
turbohtml's own content body (``Document.article()``) and ``try_justext`` is
``turbohtml.compat.justext`` with trafilatura's thresholds. Both take and return lxml
elements, as trafilatura's do, so lxml must be installed to call them.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import Any

import turbohtml
from turbohtml.compat import MIRRORED
from turbohtml.compat.justext import get_stoplist, get_stoplists, justext
from turbohtml.compat.trafilatura.settings import JUSTEXT_LANGUAGES

__version__ = MIRRORED["trafilatura"]

__all__ = ["try_justext", "try_readability"]

LOGGER = logging.getLogger("turbohtml.compat.trafilatura")


def _markup(tree: Any) -> str:
    from lxml import html as lxml_html

    markup: str = lxml_html.tostring(tree, encoding="unicode")
    return markup


def try_readability(htmlinput: Any) -> Any:
    """The page's content body as an lxml ``HtmlElement`` (turbohtml's article body,
    where trafilatura runs readability); an empty ``HtmlElement`` when none is found."""
    from lxml import html as lxml_html

    try:
        article = turbohtml.parse(_markup(htmlinput)).article()
        if article.element is not None:
            return lxml_html.fromstring(article.element.html)
    except (TypeError, ValueError, lxml_html.etree.ParserError) as error:
        LOGGER.warning("article extraction failed: %s", error)
    return lxml_html.HtmlElement()


@lru_cache(maxsize=1)
def _all_stopwords() -> frozenset[str]:
    return frozenset(word for language in get_stoplists() for word in get_stoplist(language))


def try_justext(tree: Any, url: str | None, target_language: str | None) -> Any:
    """A ``<body>`` with one ``<p>`` for each paragraph jusText keeps (trafilatura's
    thresholds: length 50/150, stopwords 0.1/0.2, link density 0.25, no headings).
    The stoplist is ``target_language``'s (an ISO 639-1 code) when jusText has one,
    else the words of every stoplist."""
    from lxml.etree import Element, SubElement

    body = Element("body")
    language = JUSTEXT_LANGUAGES.get(target_language or "")
    stoplist = get_stoplist(language) if language else _all_stopwords()
    try:
        paragraphs = justext(_markup(tree), stoplist, 50, 150, 0.1, 0.2, 0.25, 150, True)
    except (TypeError, ValueError) as error:
        LOGGER.error("justext %s %s", error, url)
        return body
    for paragraph in paragraphs:
        if not paragraph.is_boilerplate:
            SubElement(body, "p").text = paragraph.text
    return body
