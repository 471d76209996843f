"""The Sanitizer's walk: lexbor's tree in, an allowlisted HTML fragment out, in one C pass.

The tree is the one a browser builds, so nothing is guessed from the source text: every
element is kept (allowed), unwrapped (its children kept), escaped (shown as text) or
dropped with its subtree, and text is re-escaped on the way out. What is written is
made to re-parse to the tree it describes: no raw-text or foreign element is ever
written (``Policy`` refuses them), and an allowed element that the parser would move
or close on re-parsing (a ``<p>`` inside a ``<p>``, an ``<li>`` inside an ``<li>``, an
``<a>`` inside an ``<a>``, a cell outside its row, text inside a table) is unwrapped or
dropped instead, following the HTML standard's tree-construction rules.
"""

from libc.stdint cimport uintptr_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy

from cpython.unicode cimport PyUnicode_DecodeUTF8

from turbohtml._buffer cimport Buffer, reserve
from turbohtml._core cimport Node, attr_id, attr_name, element_name, next_node, tag_id
from turbohtml._lexbor cimport *

from turbohtml._core import parse

cdef enum:
    EMIT = 1       # written as an element
    UNWRAP = 2     # tags left out, children kept
    ESCAPE = 3     # tags written as text, children kept

DEF SCHEME_WINDOW = 256   # normalized URL bytes examined for the scheme and the host


cdef class Rules:
    """A Policy compiled for the walk: names as UTF-8, looked up per document as ids."""

    cdef tuple tags            # allowed tag names (bytes)
    cdef tuple attrs           # (index into tags, or -1 for every tag; attribute name)
    cdef tuple url_attrs       # attribute names whose values are URLs
    cdef tuple protocols       # allowed URL schemes, lower-case
    cdef bint relative_urls    # whether a URL without a scheme passes
    cdef bint strip            # unwrap disallowed tags (else escape them)
    cdef bint strip_comments
    cdef bytes link_rel        # b"" for none
    cdef bytes link_target     # b"" for none
    cdef tuple drop_content    # tags whose content goes with them when stripped

    def __init__(self, tags, attrs, url_attrs, protocols, bint relative_urls, bint strip,
                 bint strip_comments, bytes link_rel, bytes link_target, drop_content):
        self.tags = tuple(tags)
        self.attrs = tuple(attrs)
        self.url_attrs = tuple(url_attrs)
        self.protocols = tuple(protocols)
        self.relative_urls = relative_urls
        self.strip = strip
        self.strip_comments = strip_comments
        self.link_rel = link_rel
        self.link_target = link_target
        self.drop_content = tuple(drop_content)


ctypedef struct Plan:
    uintptr_t *tag_ids
    size_t tag_count
    Py_ssize_t *attr_tags
    uintptr_t *attr_ids
    size_t attr_count
    uintptr_t *url_ids
    size_t url_count
    uintptr_t *drop_ids
    size_t drop_count
    const char **protocols
    size_t *protocol_lengths
    size_t protocol_count
    bint relative_urls
    bint strip
    bint strip_comments
    const char *link_rel
    size_t link_rel_length
    const char *link_target
    size_t link_target_length
    uintptr_t rel_id
    uintptr_t target_id
    uintptr_t srcset_id


ctypedef struct Out:
    Buffer text
    bint failed


ctypedef struct Open:
    uintptr_t tag
    int action


cdef inline void _put(Out *out, const char *data, size_t length) noexcept nogil:
    if not length or out.failed:
        return
    if not reserve(&out.text, length):
        out.failed = True
        return
    memcpy(out.text.data + out.text.length, data, length)
    out.text.length += length


cdef inline void _put_str(Out *out, const char *data) noexcept nogil:
    cdef size_t length = 0
    while data[length]:
        length += 1
    _put(out, data, length)


cdef inline bint _invisible(unsigned char c) noexcept nogil:
    """C0 controls other than tab, newline and carriage return (bleach shows them as '?')."""
    return c < 32 and c != 9 and c != 10 and c != 13


cdef void _put_escaped(Out *out, const lxb_char_t *data, size_t length, bint in_attr) noexcept nogil:
    """Text or a double-quoted attribute value, escaped so it re-parses to the same
    characters: & < > (and " in attributes), U+00A0 as &nbsp;, controls as '?'."""
    cdef size_t i = 0, run = 0
    cdef unsigned char c
    while i < length:
        c = data[i]
        if c == 38 or c == 60 or c == 62 or (c == 34 and in_attr) or _invisible(c) or (
                c == 0xC2 and i + 1 < length and data[i + 1] == 0xA0):
            _put(out, <const char *>data + run, i - run)
            if c == 38:
                _put(out, "&amp;", 5)
            elif c == 60:
                _put(out, "&lt;", 4)
            elif c == 62:
                _put(out, "&gt;", 4)
            elif c == 34:
                _put(out, "&quot;", 6)
            elif c == 0xC2:
                _put(out, "&nbsp;", 6)
                i += 1
            else:
                _put(out, "?", 1)
            i += 1
            run = i
        else:
            i += 1
    _put(out, <const char *>data + run, length - run)


# ------------------------------------------------------------------ URL schemes

cdef size_t _normalized_url(const lxb_char_t *data, size_t length, char *into, bint written,
                            bint *controls) noexcept nogil:
    """The first SCHEME_WINDOW bytes of a URL with whitespace, controls, backticks and
    invisible code points removed and ASCII lower-cased: what decides its scheme the way
    a browser reads it (``java\\tscript:``, ``&#14;javascript:``, ``JaVaScRiPt:``).
    ``written``: the URL as the output writes it, its invisible controls as '?'
    (_put_escaped); ``controls`` is set when it holds one."""
    cdef size_t i = 0, n = 0
    cdef unsigned char c, d, e
    while i < length and n < SCHEME_WINDOW:
        c = data[i]
        if _invisible(c):
            controls[0] = True
            if written:
                into[n] = 63  # '?'
                n += 1
                i += 1
                continue
        if c <= 32 or c == 127 or c == 96:
            i += 1
            continue
        if c == 0xC2 and i + 1 < length and 0x80 <= data[i + 1] <= 0xA0:
            i += 2  # C1 controls and U+00A0
            continue
        if c in (0xE1, 0xE2, 0xE3, 0xEF) and i + 2 < length:
            d = data[i + 1]
            e = data[i + 2]
            if ((c == 0xE2 and d == 0x80 and (e <= 0x8F or e == 0xA8 or e == 0xA9 or e == 0xAF))
                    or (c == 0xE2 and d == 0x81 and (e == 0x9F or 0xA0 <= e <= 0xAF))
                    or (c == 0xE3 and d == 0x80 and e == 0x80)
                    or (c == 0xE1 and d == 0x9A and e == 0x80)
                    or (c == 0xEF and d == 0xBB and e == 0xBF)
                    or (c == 0xEF and d == 0xBF and e == 0xBD)):
                i += 3  # Unicode spaces, zero-widths, BOM, U+FFFD
                continue
        if 65 <= c <= 90:
            c += 32
        into[n] = <char>c
        n += 1
        i += 1
    return n


cdef inline bint _scheme_char(char c) noexcept nogil:
    return (97 <= c <= 122) or (48 <= c <= 57) or c == 43 or c == 45 or c == 46


cdef bint _url_allowed(const Plan *plan, const lxb_char_t *data, size_t length) noexcept nogil:
    """Whether a URL passes read as a browser reads it and, when it holds invisible
    controls, also as the output writes it (each as '?'): sanitizing the output again
    then takes the same decision ("[::\\x0b1]" is a balanced host, "[::?1]" is not)."""
    cdef bint controls = False
    if not _url_reading_allowed(plan, data, length, False, &controls):
        return False
    return not controls or _url_reading_allowed(plan, data, length, True, &controls)


cdef bint _url_reading_allowed(const Plan *plan, const lxb_char_t *data, size_t length, bint written,
                               bint *controls) noexcept nogil:
    """Whether a URL's scheme is allowed: a listed one, or none (relative) when the
    policy allows http(s); a bare ``#fragment`` always passes."""
    cdef char normalized[SCHEME_WINDOW]
    cdef size_t n = _normalized_url(data, length, normalized, written, controls)
    cdef size_t i = 0, j, k
    cdef bint digits
    if n and normalized[0] == 35:  # '#'
        return True
    if n and 97 <= normalized[0] <= 122:
        while i < n and _scheme_char(normalized[i]):
            i += 1
    if 0 < i < n and normalized[i] == 58:  # ':' after a scheme-shaped run
        # "host:8080" is a host and port, not a scheme (urlparse's rule, which bleach keeps)
        digits = i + 1 < n
        for j in range(i + 1, n):
            if not (48 <= normalized[j] <= 57):
                digits = False
                break
        if not digits:
            for k in range(plan.protocol_count):
                if plan.protocol_lengths[k] == i and _same(normalized, plan.protocols[k], i):
                    return _host_well_formed(normalized, i + 1, n)
            return False
    return plan.relative_urls


cdef inline bint _same(const char *a, const char *b, size_t length) noexcept nogil:
    cdef size_t i
    for i in range(length):
        if a[i] != b[i]:
            return False
    return True


cdef bint _host_well_formed(const char *url, size_t at, size_t n) noexcept nogil:
    """An authority with one of '[' and ']' but not the other is no URL (urlparse raises)."""
    cdef bint opened = False, closed = False
    if at + 1 >= n or url[at] != 47 or url[at + 1] != 47:
        return True
    at += 2
    while at < n and url[at] != 47 and url[at] != 63 and url[at] != 35:
        if url[at] == 91:
            opened = True
        elif url[at] == 93:
            closed = True
        at += 1
    return opened == closed


cdef bint _srcset_allowed(const Plan *plan, const lxb_char_t *data, size_t length) noexcept nogil:
    """Every candidate URL of a srcset passes _url_allowed."""
    cdef size_t i = 0, start
    while i < length:
        while i < length and (data[i] <= 32 or data[i] == 44):
            i += 1
        start = i
        while i < length and data[i] > 32:
            i += 1
        if i > start and not _url_allowed(plan, data + start, i - start):
            return False
        while i < length and data[i] != 44:  # the descriptor, up to the next comma
            i += 1
    return True


# ------------------------------------------------------------------ tree rules

cdef inline bint _is_void(uintptr_t tag) noexcept nogil:
    return tag in (LXB_TAG_AREA, LXB_TAG_BASE, LXB_TAG_BR, LXB_TAG_COL, LXB_TAG_EMBED,
                   LXB_TAG_HR, LXB_TAG_IMG, LXB_TAG_INPUT, LXB_TAG_LINK, LXB_TAG_META,
                   LXB_TAG_PARAM, LXB_TAG_SOURCE, LXB_TAG_TRACK, LXB_TAG_WBR)


cdef inline bint _is_heading(uintptr_t tag) noexcept nogil:
    return LXB_TAG_H1 <= tag <= LXB_TAG_H6


cdef inline bint _is_table_context(uintptr_t tag) noexcept nogil:
    """Elements whose children the parser moves out unless they are table parts."""
    return tag in (LXB_TAG_TABLE, LXB_TAG_THEAD, LXB_TAG_TBODY, LXB_TAG_TFOOT, LXB_TAG_TR,
                   LXB_TAG_COLGROUP)


cdef bint _fits_parent(uintptr_t tag, uintptr_t parent) noexcept nogil:
    """Whether a table part sits where the parser keeps it, under the written parent."""
    if tag == LXB_TAG_TD or tag == LXB_TAG_TH:
        return parent == LXB_TAG_TR
    if tag == LXB_TAG_TR:
        return parent in (LXB_TAG_TBODY, LXB_TAG_THEAD, LXB_TAG_TFOOT)
    if tag in (LXB_TAG_TBODY, LXB_TAG_THEAD, LXB_TAG_TFOOT, LXB_TAG_CAPTION, LXB_TAG_COLGROUP):
        return parent == LXB_TAG_TABLE
    if tag == LXB_TAG_COL:
        return parent == LXB_TAG_COLGROUP
    return not _is_table_context(parent)


cdef inline bint _is_special(uintptr_t tag) noexcept nogil:
    """The standard's "special" category, as far as an allowed element can be one."""
    return _is_heading(tag) or tag in (
        LXB_TAG_ADDRESS, LXB_TAG_ARTICLE, LXB_TAG_ASIDE, LXB_TAG_BLOCKQUOTE, LXB_TAG_CAPTION,
        LXB_TAG_CENTER, LXB_TAG_COL, LXB_TAG_COLGROUP, LXB_TAG_DD, LXB_TAG_DETAILS, LXB_TAG_DIR,
        LXB_TAG_DIV, LXB_TAG_DL, LXB_TAG_DT, LXB_TAG_FIELDSET, LXB_TAG_FIGCAPTION, LXB_TAG_FIGURE,
        LXB_TAG_FOOTER, LXB_TAG_HEADER, LXB_TAG_HGROUP, LXB_TAG_HR, LXB_TAG_IMG, LXB_TAG_LI,
        LXB_TAG_MAIN, LXB_TAG_MENU, LXB_TAG_NAV, LXB_TAG_OL, LXB_TAG_P, LXB_TAG_PRE,
        LXB_TAG_SEARCH, LXB_TAG_SECTION, LXB_TAG_SUMMARY, LXB_TAG_TABLE, LXB_TAG_TBODY,
        LXB_TAG_TD, LXB_TAG_TFOOT, LXB_TAG_TH, LXB_TAG_THEAD, LXB_TAG_TR, LXB_TAG_UL)


cdef inline bint _closes_p(uintptr_t tag) noexcept nogil:
    """Start tags that close an open <p> in button scope."""
    return _is_heading(tag) or tag in (
        LXB_TAG_ADDRESS, LXB_TAG_ARTICLE, LXB_TAG_ASIDE, LXB_TAG_BLOCKQUOTE, LXB_TAG_CENTER,
        LXB_TAG_DETAILS, LXB_TAG_DIALOG, LXB_TAG_DIR, LXB_TAG_DIV, LXB_TAG_DL, LXB_TAG_FIELDSET,
        LXB_TAG_FIGCAPTION, LXB_TAG_FIGURE, LXB_TAG_FOOTER, LXB_TAG_HEADER, LXB_TAG_HGROUP,
        LXB_TAG_MAIN, LXB_TAG_MENU, LXB_TAG_NAV, LXB_TAG_OL, LXB_TAG_P, LXB_TAG_SEARCH,
        LXB_TAG_SECTION, LXB_TAG_SUMMARY, LXB_TAG_UL, LXB_TAG_PRE, LXB_TAG_LISTING, LXB_TAG_LI,
        LXB_TAG_DD, LXB_TAG_DT, LXB_TAG_TABLE, LXB_TAG_HR)


cdef enum:
    # lexbor's tree builder keeps 64 active formatting entries (vendor/lexbor/patches/
    # 0005-tree-builder-caps.patch) and reads a formatting element past them otherwise
    FORMATTING_ROOM = 56


cdef inline bint _formatting(uintptr_t tag) noexcept nogil:
    """The HTML standard's formatting elements (its list of active formatting elements)."""
    return tag in (LXB_TAG_A, LXB_TAG_B, LXB_TAG_BIG, LXB_TAG_CODE, LXB_TAG_EM, LXB_TAG_FONT, LXB_TAG_I,
                   LXB_TAG_NOBR, LXB_TAG_S, LXB_TAG_SMALL, LXB_TAG_STRIKE, LXB_TAG_STRONG, LXB_TAG_TT, LXB_TAG_U)


cdef bint _formatting_full(const Open *stack, size_t depth) noexcept nogil:
    """Whether the written elements hold as many active formatting entries (formatting
    elements, and the markers cells, captions and objects push) as a re-parse keeps: a
    formatting element written past them would not read back as written (hostile
    nesting only: real pages hold at most 13)."""
    cdef size_t i, count = 0
    for i in range(depth):
        if stack[i].action == EMIT and (_formatting(stack[i].tag) or stack[i].tag in (
                LXB_TAG_TD, LXB_TAG_TH, LXB_TAG_CAPTION, LXB_TAG_APPLET, LXB_TAG_OBJECT, LXB_TAG_MARQUEE,
                LXB_TAG_TEMPLATE)):
            count += 1
    return count >= FORMATTING_ROOM


cdef bint _misnested(const Open *stack, size_t depth, uintptr_t tag) noexcept nogil:
    """Whether the parser, meeting ``tag`` under the written elements, would close one of
    them instead of nesting it (so it must not be written there)."""
    cdef size_t i = depth
    cdef uintptr_t above
    cdef bint current = True
    cdef bint item = tag == LXB_TAG_LI or tag == LXB_TAG_DD or tag == LXB_TAG_DT
    while i:
        i -= 1
        if stack[i].action != EMIT:
            continue
        above = stack[i].tag
        if current and _is_heading(tag) and _is_heading(above):
            return True  # a heading start tag closes a heading that is the current node
        current = False
        if above in (LXB_TAG_TABLE, LXB_TAG_TD, LXB_TAG_TH, LXB_TAG_CAPTION):
            return False  # scope boundary and formatting marker: nothing above counts
        if tag == LXB_TAG_A and above == LXB_TAG_A:
            return True
        if above == LXB_TAG_P and _closes_p(tag):
            return True
        if item:
            if (tag == LXB_TAG_LI and above == LXB_TAG_LI) or (
                    tag != LXB_TAG_LI and (above == LXB_TAG_DD or above == LXB_TAG_DT)):
                return True
            if _is_special(above) and above != LXB_TAG_ADDRESS and above != LXB_TAG_DIV \
                    and above != LXB_TAG_P:
                item = False  # the list-item search stops at a special element
    return False


cdef inline Py_ssize_t _tag_index(const Plan *plan, uintptr_t tag) noexcept nogil:
    cdef size_t i
    for i in range(plan.tag_count):
        if plan.tag_ids[i] == tag:
            return <Py_ssize_t>i
    return -1


cdef inline bint _listed(const uintptr_t *ids, size_t count, uintptr_t id) noexcept nogil:
    cdef size_t i
    for i in range(count):
        if ids[i] == id:
            return True
    return False


cdef bint _attr_allowed(const Plan *plan, Py_ssize_t tag_index, uintptr_t id) noexcept nogil:
    cdef size_t i
    for i in range(plan.attr_count):
        if plan.attr_ids[i] == id and (plan.attr_tags[i] == tag_index or plan.attr_tags[i] == -1):
            return True
    return False


# ------------------------------------------------------------------ writing

cdef void _put_open_tag(Out *out, const Plan *plan, lxb_dom_node_t *c_node, uintptr_t tag,
                        Py_ssize_t tag_index) noexcept nogil:
    cdef size_t length = 0
    cdef const lxb_char_t *name = element_name(c_node, &length)
    cdef lxb_dom_attr_t *c_attr = (<lxb_dom_element_t *>c_node).first_attr
    cdef uintptr_t id
    cdef bint link = tag == LXB_TAG_A
    _put(out, "<", 1)
    _put(out, <const char *>name, length)
    while c_attr != NULL:
        id = c_attr.node.local_name
        if not (link and ((plan.link_rel != NULL and id == plan.rel_id)
                          or (plan.link_target != NULL and id == plan.target_id))) \
                and _attr_allowed(plan, tag_index, id):
            _put_attr(out, plan, c_attr, id)
        c_attr = c_attr.next
    if link and plan.link_rel != NULL:
        _put(out, " rel=\"", 6)
        _put(out, plan.link_rel, plan.link_rel_length)
        _put(out, "\"", 1)
    if link and plan.link_target != NULL:
        _put(out, " target=\"", 9)
        _put(out, plan.link_target, plan.link_target_length)
        _put(out, "\"", 1)
    _put(out, ">", 1)
    if tag == LXB_TAG_PRE and c_node.first_child != NULL \
            and c_node.first_child.type == LXB_DOM_NODE_TYPE_TEXT \
            and (<lxb_dom_character_data_t *>c_node.first_child).data.length \
            and (<lxb_dom_character_data_t *>c_node.first_child).data.data[0] == 10:
        _put(out, "\n", 1)  # the parser drops one newline right after <pre>


cdef void _put_attr(Out *out, const Plan *plan, lxb_dom_attr_t *c_attr, uintptr_t id) noexcept nogil:
    cdef size_t length = 0
    cdef const lxb_char_t *name
    cdef const lxb_char_t *value = <const lxb_char_t *>""
    cdef size_t value_length = 0
    if c_attr.value != NULL and c_attr.value.data != NULL:
        value = c_attr.value.data
        value_length = c_attr.value.length
    if id == plan.srcset_id:
        if not _srcset_allowed(plan, value, value_length):
            return
    elif _listed(plan.url_ids, plan.url_count, id) and not _url_allowed(plan, value, value_length):
        return
    name = attr_name(c_attr, &length)
    _put(out, " ", 1)
    _put(out, <const char *>name, length)
    _put(out, "=\"", 2)
    _put_escaped(out, value, value_length, True)
    _put(out, "\"", 1)


cdef void _put_escaped_tag(Out *out, lxb_dom_node_t *c_node, bint closing) noexcept nogil:
    """A disallowed tag shown as text, the way bleach's escape mode shows it."""
    cdef size_t length = 0
    cdef const lxb_char_t *name = element_name(c_node, &length)
    cdef lxb_dom_attr_t *c_attr
    cdef const lxb_char_t *value
    _put(out, "&lt;/" if closing else "&lt;", 5 if closing else 4)
    _put_escaped(out, name, length, False)
    if not closing:
        c_attr = (<lxb_dom_element_t *>c_node).first_attr
        while c_attr != NULL:
            value = attr_name(c_attr, &length)
            _put(out, " ", 1)
            _put_escaped(out, value, length, False)
            if c_attr.value != NULL and c_attr.value.data != NULL:
                _put(out, "=\"", 2)
                _put_escaped(out, c_attr.value.data, c_attr.value.length, False)
                _put(out, "\"", 1)
            c_attr = c_attr.next
    _put(out, "&gt;", 4)


cdef bint _whitespace_only(const lxb_char_t *data, size_t length) noexcept nogil:
    cdef size_t i
    for i in range(length):
        if data[i] not in (9, 10, 12, 13, 32):
            return False
    return True


cdef bint _comment_safe(const lxb_char_t *data, size_t length) noexcept nogil:
    """Comment data that re-parses as one comment with the same data."""
    cdef size_t i
    if length and data[0] == 62:
        return False
    if length >= 2 and data[0] == 45 and data[1] == 62:
        return False
    if length and data[length - 1] == 45:
        return False
    for i in range(length):
        if data[i] == 45 and i + 2 < length and data[i + 1] == 45 and (data[i + 2] == 62 or data[i + 2] == 33):
            return False
        if data[i] == 60 and i + 3 < length and data[i + 1] == 33 and data[i + 2] == 45 and data[i + 3] == 45:
            return False
    return True


cdef int _walk(lxb_dom_node_t *root, bint include_root, const Plan *plan, Out *out) noexcept nogil:
    """Write the sanitized fragment of root's subtree (or of its children) into out;
    -1 when memory ran out."""
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False
    cdef Open *stack = NULL
    cdef Open *grown
    cdef size_t depth = 0, capacity = 0, i
    cdef uintptr_t tag, written
    cdef Py_ssize_t tag_index
    cdef int action
    cdef lxb_dom_character_data_t *c_text
    while c_node != NULL and not out.failed:
        if c_node == root and not include_root:
            c_node = next_node(root, c_node, &closing)
            continue
        # the innermost written element: where a table's rules apply
        written = 0
        i = depth
        while i:
            i -= 1
            if stack[i].action == EMIT:
                written = stack[i].tag
                break
        if c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:
            if closing:
                depth -= 1
                action = stack[depth].action
                tag = stack[depth].tag
                if action == EMIT and not _is_void(tag):
                    _put(out, "</", 2)
                    _put_name(out, c_node)
                    _put(out, ">", 1)
                elif action == ESCAPE and not _is_void(tag):
                    _put_escaped_tag(out, c_node, True)
            else:
                tag = c_node.local_name
                tag_index = _tag_index(plan, tag) if c_node.ns == LXB_NS_HTML else -1
                if tag_index >= 0 and _fits_parent(tag, written):
                    action = UNWRAP if _misnested(stack, depth, tag) or (
                        _formatting(tag) and _formatting_full(stack, depth)) else EMIT
                elif _is_table_context(written):
                    action = 0  # anything else there would be moved out of the table
                elif plan.strip:
                    action = 0 if _listed(plan.drop_ids, plan.drop_count, tag) else UNWRAP
                else:
                    action = ESCAPE
                if action == 0:
                    closing = True  # drop the subtree
                else:
                    if depth == capacity:
                        grown = <Open *>realloc(stack, (capacity * 2 + 64) * sizeof(Open))
                        if grown == NULL:
                            out.failed = True
                            break
                        stack = grown
                        capacity = capacity * 2 + 64
                    stack[depth].tag = tag
                    stack[depth].action = action
                    depth += 1
                    if action == EMIT:
                        _put_open_tag(out, plan, c_node, tag, tag_index)
                    elif action == ESCAPE:
                        _put_escaped_tag(out, c_node, False)
        elif not closing and c_node.type == LXB_DOM_NODE_TYPE_TEXT:
            c_text = <lxb_dom_character_data_t *>c_node
            if not _is_table_context(written) or _whitespace_only(c_text.data.data, c_text.data.length):
                _put_escaped(out, c_text.data.data, c_text.data.length, False)
        elif not closing and c_node.type == LXB_DOM_NODE_TYPE_COMMENT and not plan.strip_comments:
            c_text = <lxb_dom_character_data_t *>c_node
            if _comment_safe(c_text.data.data, c_text.data.length):
                _put(out, "<!--", 4)
                _put(out, <const char *>c_text.data.data, c_text.data.length)
                _put(out, "-->", 3)
        c_node = next_node(root, c_node, &closing)
    free(stack)
    return -1 if out.failed else 0


cdef inline void _put_name(Out *out, lxb_dom_node_t *c_node) noexcept nogil:
    cdef size_t length = 0
    cdef const lxb_char_t *name = element_name(c_node, &length)
    _put(out, <const char *>name, length)


# ------------------------------------------------------------------ entry points

cdef class _PlanHolder:
    """Owns a Plan's arrays for one call (freed however the call ends)."""
    cdef Plan plan
    cdef Rules rules

    def __dealloc__(self):
        free(self.plan.tag_ids)
        free(self.plan.attr_tags)
        free(self.plan.attr_ids)
        free(self.plan.url_ids)
        free(self.plan.drop_ids)
        free(self.plan.protocols)
        free(self.plan.protocol_lengths)


cdef uintptr_t *_ids(lxb_dom_node_t *c_node, tuple names, bint tags) except? NULL:
    cdef uintptr_t *ids = <uintptr_t *>malloc((len(names) + 1) * sizeof(uintptr_t))
    cdef Py_ssize_t i
    cdef bytes name
    if ids == NULL:
        raise MemoryError("no memory for the sanitizer's tables")
    for i in range(len(names)):
        name = names[i]
        ids[i] = tag_id(c_node, name, len(name)) if tags else attr_id(c_node, name, len(name))
    return ids


cdef _PlanHolder _plan(Rules rules, lxb_dom_node_t *c_node):
    """The rules with names turned into this document's ids."""
    cdef _PlanHolder holder = _PlanHolder.__new__(_PlanHolder)
    cdef Plan *plan = &holder.plan
    cdef Py_ssize_t i
    cdef bytes protocol
    holder.rules = rules
    plan.tag_ids = _ids(c_node, rules.tags, True)
    plan.tag_count = len(rules.tags)
    plan.attr_ids = _ids(c_node, tuple([name for _, name in rules.attrs]), False)
    plan.attr_count = len(rules.attrs)
    plan.attr_tags = <Py_ssize_t *>malloc((plan.attr_count + 1) * sizeof(Py_ssize_t))
    if plan.attr_tags == NULL:
        raise MemoryError("no memory for the sanitizer's tables")
    for i in range(plan.attr_count):
        plan.attr_tags[i] = rules.attrs[i][0]
    plan.url_ids = _ids(c_node, rules.url_attrs, False)
    plan.url_count = len(rules.url_attrs)
    plan.drop_ids = _ids(c_node, rules.drop_content, True)
    plan.drop_count = len(rules.drop_content)
    plan.protocol_count = len(rules.protocols)
    plan.protocols = <const char **>malloc((plan.protocol_count + 1) * sizeof(char *))
    plan.protocol_lengths = <size_t *>malloc((plan.protocol_count + 1) * sizeof(size_t))
    if plan.protocols == NULL or plan.protocol_lengths == NULL:
        raise MemoryError("no memory for the sanitizer's tables")
    for i in range(plan.protocol_count):
        protocol = rules.protocols[i]
        plan.protocols[i] = protocol
        plan.protocol_lengths[i] = len(protocol)
    plan.relative_urls = rules.relative_urls
    plan.strip = rules.strip
    plan.strip_comments = rules.strip_comments
    plan.link_rel = <const char *>rules.link_rel if rules.link_rel else NULL
    plan.link_rel_length = len(rules.link_rel)
    plan.link_target = <const char *>rules.link_target if rules.link_target else NULL
    plan.link_target_length = len(rules.link_target)
    plan.rel_id = attr_id(c_node, "rel", 3)
    plan.target_id = attr_id(c_node, "target", 6)
    plan.srcset_id = attr_id(c_node, "srcset", 6)
    return holder


cdef str _run(Rules rules, lxb_dom_node_t *root, bint include_root, bint release_gil):
    cdef _PlanHolder holder = _plan(rules, root)
    cdef Out out
    cdef int status
    out.text.data = NULL
    out.text.length = out.text.capacity = 0
    out.failed = False
    try:
        if release_gil:
            with nogil:
                status = _walk(root, include_root, &holder.plan, &out)
        else:
            status = _walk(root, include_root, &holder.plan, &out)
        if status < 0:
            raise MemoryError("no memory for the sanitized fragment")
        return PyUnicode_DecodeUTF8(out.text.data, out.text.length, "replace") if out.text.length else ""
    finally:
        free(out.text.data)


def sanitize_markup(Rules rules, str markup, /) -> str:
    """Parse ``markup`` as the content of a <body> (no-quirks) and sanitize it."""
    cdef Node body = parse("<!DOCTYPE html><body>" + markup).body
    # the document is this call's own: nobody else can touch it while the GIL is released
    return _run(rules, body.c_node, False, True)


def sanitize_tree(Rules rules, Node node, /) -> str:
    """Sanitize ``node`` and its subtree (a document: its <body>'s children)."""
    cdef lxb_dom_node_t *c_node = node.c_node
    if c_node.type == LXB_DOM_NODE_TYPE_DOCUMENT:
        body = node.body
        if body is None:
            return ""
        return _run(rules, (<Node>body).c_node, False, False)
    return _run(rules, c_node, True, False)
