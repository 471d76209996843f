"""One C pass over a document for the metadata article() reports.

The walk records, without building Python objects, the first node of each source the
spec lists: the first <h1>, a rel="author" link, the first <time>, <html lang>, and the
first <meta> of every known name. Strings are built afterwards for the winners only.
An <h1> or <time> in page chrome (nav, aside, footer, a site <header> outside any
<article>/<main>) is passed over: there it is a logo or today's date.
"""

from turbohtml._core cimport Document, Node, decode_text, element_attr, next_node, wrap_node
from turbohtml._lexbor cimport *
from turbohtml._ascii cimport equals_lower, has_token

from turbohtml import _metadata_names as names

cdef enum:
    NAME_BUFFER = 64
    MAX_NAMES = 64

cdef list _meta_names = list(dict.fromkeys(names.TITLE + names.AUTHOR + names.DATE + names.DESCRIPTION))
if len(_meta_names) > MAX_NAMES:
    raise ImportError("too many metadata names")
cdef list _encoded = [name.encode("ascii") for name in _meta_names]
cdef const char *_name_data[MAX_NAMES]
cdef size_t _name_count = len(_encoded)
for _i, _name in enumerate(_encoded):
    _name_data[_i] = <const char *>_name
cdef dict _name_index = {name: i for i, name in enumerate(_meta_names)}


ctypedef struct Found:
    lxb_dom_node_t *h1
    lxb_dom_node_t *author_link
    lxb_dom_node_t *time
    lxb_dom_node_t *metas[MAX_NAMES]


cdef void _match_meta(lxb_dom_node_t *c_node, Found *found) noexcept nogil:
    cdef size_t length = 0, k
    cdef const lxb_char_t *value
    cdef const char *keys[3]
    cdef size_t key_lengths[3]
    cdef int j
    keys[0], key_lengths[0] = "property", 8
    keys[1], key_lengths[1] = "name", 4
    keys[2], key_lengths[2] = "itemprop", 8
    if element_attr(c_node, "content", 7, &length) == NULL:
        return
    for j in range(3):
        value = element_attr(c_node, keys[j], key_lengths[j], &length)
        if value == NULL:
            continue
        for k in range(_name_count):
            if found.metas[k] == NULL and equals_lower(value, length, _name_data[k]):
                found.metas[k] = c_node


cdef bint _is_page_chrome(lxb_dom_node_t *c_node, size_t articles_open) noexcept nogil:
    """Site navigation, asides and footers, and a <header> outside any <article>/<main>:
    an <h1> or <time> there is the site's logo or today's date, not the article's."""
    cdef uintptr_t tag = c_node.local_name
    if tag == LXB_TAG_NAV or tag == LXB_TAG_ASIDE or tag == LXB_TAG_FOOTER:
        return True
    return tag == LXB_TAG_HEADER and articles_open == 0


cdef void _harvest(lxb_dom_node_t *root, Found *found) noexcept nogil:
    cdef lxb_dom_node_t *c_node = root
    cdef lxb_dom_node_t *chrome = NULL   # the page-chrome element we are inside, if any
    cdef bint closing = False
    cdef uintptr_t tag
    cdef size_t length = 0, articles_open = 0
    cdef const lxb_char_t *value
    while c_node != NULL:
        if c_node.type == LXB_DOM_NODE_TYPE_ELEMENT and c_node.ns == LXB_NS_HTML:
            tag = c_node.local_name
            if closing:
                if c_node == chrome:
                    chrome = NULL
                if (tag == LXB_TAG_ARTICLE or tag == LXB_TAG_MAIN) and articles_open:
                    articles_open -= 1
            elif tag == LXB_TAG_SCRIPT or tag == LXB_TAG_STYLE or tag == LXB_TAG_TEMPLATE:
                closing = True  # nothing to harvest inside
            else:
                if tag == LXB_TAG_ARTICLE or tag == LXB_TAG_MAIN:
                    articles_open += 1
                elif chrome == NULL and _is_page_chrome(c_node, articles_open):
                    chrome = c_node
                if tag == LXB_TAG_META:
                    _match_meta(c_node, found)
                elif tag == LXB_TAG_H1:
                    if found.h1 == NULL and chrome == NULL:
                        found.h1 = c_node
                elif tag == LXB_TAG_TIME:
                    if found.time == NULL and chrome == NULL:
                        found.time = c_node
                elif tag == LXB_TAG_A and found.author_link == NULL:
                    value = element_attr(c_node, "rel", 3, &length)
                    if value != NULL and has_token(value, length, "author"):
                        found.author_link = c_node
        c_node = next_node(root, c_node, &closing)


cdef str _fold(str text):
    return " ".join(text.split()) if text else ""


cdef str _attr(lxb_dom_node_t *c_node, const char *name, size_t n):
    cdef size_t length = 0
    cdef const lxb_char_t *value = element_attr(c_node, name, n, &length)
    if value == NULL:
        return ""
    return _fold(decode_text(value, length))


cdef str _first_meta(Found *found, tuple wanted, bint skip_urls=False):
    cdef lxb_dom_node_t *c_node
    for name in wanted:
        c_node = found.metas[_name_index[name]]
        if c_node != NULL:
            value = _attr(c_node, "content", 7)
            if value and not (skip_urls and value.startswith(("http://", "https://"))):
                return value
    return None


def harvest_metadata(Node node, /) -> dict:
    """title, byline, date, description and lang of the page ``node`` belongs to."""
    cdef Document doc = node._owner()
    cdef Found found
    cdef size_t k
    cdef lxb_dom_node_t *c_root = <lxb_dom_node_t *>doc.c_doc
    found.h1 = found.author_link = found.time = NULL
    for k in range(MAX_NAMES):
        found.metas[k] = NULL
    with nogil:
        _harvest(c_root, &found)
    title = _fold(wrap_node(doc, found.h1).text) if found.h1 != NULL else ""
    title = title or _first_meta(&found, names.TITLE) or doc.title
    byline = _fold(wrap_node(doc, found.author_link).text) if found.author_link != NULL else ""
    byline = byline or _first_meta(&found, names.AUTHOR, skip_urls=True)
    date = None
    if found.time != NULL:
        date = _attr(found.time, "datetime", 8) or _fold(wrap_node(doc, found.time).text) or None
    date = date or _first_meta(&found, names.DATE)
    description = _first_meta(&found, names.DESCRIPTION)
    root = doc.root
    lang = _fold(root.attr("lang") or "") if root is not None else ""
    return {
        "title": title or None,
        "byline": byline or None,
        "date": date,
        "description": description,
        "lang": lang or None,
    }
