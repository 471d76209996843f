# Inline tag-id classifiers shared by the C walks. The weights and sets follow
# Readability.js's (and readability-lxml's) tag signals; see docs/scoring.md.

from turbohtml._core cimport next_node
from turbohtml._lexbor cimport *

cdef enum:
    CARD_SCAN = 64          # nodes below an <a> examined for a block (bounded on hostile pages)


cdef inline bint is_never_content(uintptr_t tag, uintptr_t ns) noexcept nogil:
    """Subtrees that are never article text: skipped wholesale, text excluded."""
    if ns != LXB_NS_HTML:
        return True  # SVG and MathML islands
    return tag in (LXB_TAG_SCRIPT, LXB_TAG_STYLE, LXB_TAG_NOSCRIPT, LXB_TAG_TEMPLATE,
                   LXB_TAG_HEAD, LXB_TAG_NAV, LXB_TAG_ASIDE, LXB_TAG_HEADER, LXB_TAG_FOOTER,
                   LXB_TAG_BUTTON, LXB_TAG_SELECT, LXB_TAG_TEXTAREA, LXB_TAG_IFRAME,
                   LXB_TAG_OBJECT, LXB_TAG_EMBED, LXB_TAG_CANVAS, LXB_TAG_DIALOG,
                   LXB_TAG_MENU, LXB_TAG_INPUT, LXB_TAG_NOFRAMES, LXB_TAG_NOEMBED,
                   LXB_TAG_FRAMESET, LXB_TAG_MAP, LXB_TAG_SVG, LXB_TAG_MATH)


cdef inline bint is_paragraph(uintptr_t tag) noexcept nogil:
    """The spec's paragraph-like elements."""
    return tag == LXB_TAG_P or tag == LXB_TAG_TD or tag == LXB_TAG_PRE


cdef inline bint is_inline_container(uintptr_t tag) noexcept nogil:
    """Blocks that count as a paragraph when they hold only inline content (Readability's
    div-to-p conversion)."""
    return tag in (LXB_TAG_DIV, LXB_TAG_SECTION, LXB_TAG_ARTICLE, LXB_TAG_MAIN,
                   LXB_TAG_BLOCKQUOTE, LXB_TAG_CENTER, LXB_TAG_LI, LXB_TAG_DD)


cdef inline bint is_heading(uintptr_t tag) noexcept nogil:
    return LXB_TAG_H1 <= tag <= LXB_TAG_H6  # contiguous ids in lexbor's tag table


cdef inline bint is_block(uintptr_t tag) noexcept nogil:
    """Elements that break text into separate paragraph units."""
    return is_heading(tag) or tag in (
        LXB_TAG_ADDRESS, LXB_TAG_ARTICLE, LXB_TAG_ASIDE, LXB_TAG_BLOCKQUOTE, LXB_TAG_BODY,
        LXB_TAG_CAPTION, LXB_TAG_CENTER, LXB_TAG_DD, LXB_TAG_DETAILS, LXB_TAG_DIALOG,
        LXB_TAG_DIR, LXB_TAG_DIV, LXB_TAG_DL, LXB_TAG_DT, LXB_TAG_FIELDSET,
        LXB_TAG_FIGCAPTION, LXB_TAG_FIGURE, LXB_TAG_FOOTER, LXB_TAG_FORM, LXB_TAG_HEADER,
        LXB_TAG_HGROUP, LXB_TAG_HR, LXB_TAG_HTML, LXB_TAG_LI, LXB_TAG_LISTING, LXB_TAG_MAIN,
        LXB_TAG_MENU, LXB_TAG_NAV, LXB_TAG_OL, LXB_TAG_P, LXB_TAG_PLAINTEXT, LXB_TAG_PRE,
        LXB_TAG_SECTION, LXB_TAG_SUMMARY, LXB_TAG_TABLE, LXB_TAG_TBODY, LXB_TAG_TD,
        LXB_TAG_TFOOT, LXB_TAG_TH, LXB_TAG_THEAD, LXB_TAG_TR, LXB_TAG_UL, LXB_TAG_XMP)


cdef inline int tag_weight(uintptr_t tag) noexcept nogil:
    """The one-time structural seed of a candidate container."""
    if tag == LXB_TAG_DIV:
        return 5
    if tag == LXB_TAG_BLOCKQUOTE or tag == LXB_TAG_TD or tag == LXB_TAG_PRE:
        return 3
    if tag in (LXB_TAG_UL, LXB_TAG_OL, LXB_TAG_DL, LXB_TAG_DD, LXB_TAG_DT, LXB_TAG_LI,
               LXB_TAG_FORM, LXB_TAG_ADDRESS):
        return -3
    if is_heading(tag) or tag == LXB_TAG_TH:
        return -5
    return 0


cdef inline bint is_invisible(uintptr_t tag, uintptr_t ns) noexcept nogil:
    """Subtrees whose text a reader never sees (raw-text elements, metadata, foreign islands)."""
    if ns != LXB_NS_HTML:
        return True
    return tag in (LXB_TAG_SCRIPT, LXB_TAG_STYLE, LXB_TAG_NOSCRIPT, LXB_TAG_TEMPLATE,
                   LXB_TAG_HEAD, LXB_TAG_IFRAME, LXB_TAG_OBJECT, LXB_TAG_EMBED, LXB_TAG_CANVAS,
                   LXB_TAG_NOFRAMES, LXB_TAG_NOEMBED, LXB_TAG_SVG, LXB_TAG_MATH, LXB_TAG_SELECT,
                   LXB_TAG_TEXTAREA, LXB_TAG_INPUT, LXB_TAG_MAP, LXB_TAG_FRAMESET, LXB_TAG_DIALOG)


cdef inline bint is_text_link(lxb_dom_node_t *c_node, bint cards_are_text) noexcept nogil:
    """An ``<a href>``: its text is link text. An ``<a>`` without ``href`` is an anchor
    (``<a name>``, often never closed). With ``cards_are_text``, one wrapping blocks (a
    heading and a paragraph) is a card of a listing, whose text is the item's."""
    cdef lxb_dom_attr_t *c_attr
    cdef lxb_dom_node_t *c_below
    cdef bint closing = False
    cdef size_t seen = 0
    if c_node.type != LXB_DOM_NODE_TYPE_ELEMENT or c_node.local_name != LXB_TAG_A:
        return False
    c_attr = (<lxb_dom_element_t *>c_node).first_attr
    while c_attr != NULL and c_attr.node.local_name != LXB_DOM_ATTR_HREF:
        c_attr = c_attr.next
    if c_attr == NULL:
        return False
    if not cards_are_text:
        return True
    c_below = next_node(c_node, c_node, &closing)
    while c_below != NULL and c_below != c_node and seen < CARD_SCAN:
        if not closing and c_below.type == LXB_DOM_NODE_TYPE_ELEMENT and is_block(c_below.local_name):
            return False
        c_below = next_node(c_node, c_below, &closing)
        seen += 1
    return True
