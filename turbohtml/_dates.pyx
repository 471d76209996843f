"""The one C-level walk that gathers date candidates for ``turbohtml.extract.dates``.

``gather(doc)`` walks the parsed tree once with the GIL released and records, as spans
into lexbor's own memory or offsets into two C buffers, everything the date stages
read: ``<meta>`` tags by name/property/itemprop/pubdate/http-equiv, ``<link
rel=canonical>``, JSON-LD script text, ``<time>``/``<abbr>`` elements, elements whose
class/id/itemprop marks a date, ``<h1>``, the short digit-bearing text segments the
free-text stage scans, and a "search text" (visible text, script text and attribute
values) for the page-wide pattern stage. Python strings are built afterwards, only for
the candidates that passed the C filters (a meta value must hold a digit, a segment
four digits), never one per node.

Subtrees htmldate cleans before its text search (embedded media, frames, ``<svg>``,
``<math>``, ``<label>``, the archive.org banner) are skipped whole.
"""

from libc.stdint cimport SIZE_MAX
from libc.stdlib cimport free, realloc
from libc.string cimport memcpy, memset

from turbohtml._core cimport Document, decode_text, next_node
from turbohtml._core cimport attr_name as attr_name_of
from turbohtml._lexbor cimport *
from turbohtml._ascii cimport equals_lower as _equals, has_token as _has_token, has_token_prefix, memo_holds, memo_slot

from turbohtml import _tunables

# The <meta> record kinds, named once in _tunables (extract.dates reads them there).
cdef int _META_NAME = _tunables.META_NAME
cdef int _META_PROPERTY = _tunables.META_PROPERTY
cdef int _META_ITEMPROP = _tunables.META_ITEMPROP
cdef int _META_PUBDATE = _tunables.META_PUBDATE
cdef int _META_HTTP_EQUIV = _tunables.META_HTTP_EQUIV

cdef enum:
    _EL_TIME = 1
    _EL_ABBR = 2
    _EL_MARKED = 3
    _EL_H1 = 4
    _EL_JSON = 5
    _EL_MUTE = 6         # a <nav> or comment container: no date candidates inside

# An element's text is read whitespace-collapsed and only this far (htmldate reads 52
# characters of it); a text segment longer than this many bytes is no date label.
cdef size_t _TEXT_CHARS = 64
cdef size_t _SEGMENT_BYTES = 256
# htmldate gives up on element lists longer than this (a table of dates is no signal).
cdef size_t _MAX_ELEMENTS = 1000

cdef enum:
    _CUE_SLOTS = 256       # the class/id values' cues memo (_ascii.memo_slot): a power of two

ctypedef struct _Span:
    const lxb_char_t *data
    size_t length

ctypedef struct _Meta:
    int kind
    _Span key
    _Span value

ctypedef struct _Elem:
    int kind
    lxb_dom_node_t *node
    size_t text_start        # offset into the text buffer, at the opening
    size_t text_end          # ... and at the closing
    _Span a                  # time: datetime; abbr: data-utime; marked: title
    _Span b                  # time: class; abbr: class
    _Span c                  # time: pubdate; abbr: title

ctypedef struct _Buffer:
    lxb_char_t *data
    size_t length
    size_t capacity

ctypedef struct _Walk:
    _Meta *metas
    size_t n_metas
    size_t cap_metas
    _Elem *elems
    size_t n_elems
    size_t cap_elems
    size_t *open_stack        # indices of elems whose closing is pending
    size_t n_open
    size_t cap_open
    size_t n_texted           # open elements whose text a stage reads (time, abbr, marked, h1)
    bint full                 # the text stages' inputs too: search text and segments
    _Span *segments
    size_t n_segments
    size_t cap_segments
    _Span canonical
    _Span lang                # <html lang>
    _Buffer text              # every visible text node, concatenated (textContent)
    _Buffer search            # text, script text and attribute values, separated
    _Buffer json              # JSON-LD script text
    bint failed
    # the cues of the class and id values met: a value is scanned once per walk (half the
    # values of a page repeat an earlier one: list items, cards, menu entries)
    const lxb_char_t *cue_values[_CUE_SLOTS]
    size_t cue_lengths[_CUE_SLOTS]   # 0: an empty slot
    int cue_found[_CUE_SLOTS]


cdef bint _grow(void **items, size_t *capacity, size_t needed, size_t item_size) noexcept nogil:
    cdef size_t new_capacity
    cdef void *grown
    if needed <= capacity[0]:
        return True
    new_capacity = capacity[0] * 2 + 16
    if new_capacity < needed:
        new_capacity = needed
    grown = realloc(items[0], new_capacity * item_size)
    if grown == NULL:
        return False
    items[0] = grown
    capacity[0] = new_capacity
    return True


cdef bint _append(_Buffer *buf, const lxb_char_t *data, size_t length) noexcept nogil:
    cdef size_t needed = buf.length + length
    if needed > buf.capacity and needed < 32768:
        needed = 32768  # one allocation for most pages
    if not _grow(<void **>&buf.data, &buf.capacity, needed, 1):
        return False
    if length:
        memcpy(buf.data + buf.length, data, length)
    buf.length += length
    return True


cdef bint _has_digits(const lxb_char_t *data, size_t length, size_t wanted) noexcept nogil:
    """Whether the span holds at least ``wanted`` ASCII digits (stops as soon as it does)."""
    cdef size_t count = 0
    cdef size_t i
    for i in range(length):
        if 48 <= data[i] <= 57:
            count += 1
            if count >= wanted:
                return True
    return False


cdef _Span _attr(lxb_dom_element_t *c_el, const char *name) noexcept nogil:
    """The value of an attribute (lower-case ``name``) as a span; data NULL when absent."""
    cdef _Span out
    cdef lxb_dom_attr_t *c_attr = c_el.first_attr
    cdef const lxb_char_t *attr_local
    cdef size_t attr_len = 0
    out.data = NULL
    out.length = 0
    while c_attr != NULL:
        attr_local = attr_name_of(c_attr, &attr_len)
        if attr_local != NULL and _equals(attr_local, attr_len, name):
            if c_attr.value != NULL:
                out.data = c_attr.value.data
                out.length = c_attr.value.length
            else:
                out.data = <const lxb_char_t *>""
            return out
        c_attr = c_attr.next
    return out


cdef bint _skip_subtree(lxb_dom_node_t *c_node) noexcept nogil:
    """Elements whose whole subtree htmldate removes before searching text."""
    cdef uintptr_t tag = c_node.local_name
    cdef lxb_dom_element_t *c_el
    if c_node.ns == LXB_NS_SVG or c_node.ns == LXB_NS_MATH:
        return True
    if (tag == LXB_TAG_APPLET or tag == LXB_TAG_AUDIO or tag == LXB_TAG_CANVAS
            or tag == LXB_TAG_EMBED or tag == LXB_TAG_FRAME or tag == LXB_TAG_FRAMESET
            or tag == LXB_TAG_IFRAME or tag == LXB_TAG_LABEL or tag == LXB_TAG_MAP
            or tag == LXB_TAG_MATH or tag == LXB_TAG_NOFRAMES or tag == LXB_TAG_OBJECT
            or tag == LXB_TAG_PICTURE or tag == LXB_TAG_SVG or tag == LXB_TAG_TRACK
            or tag == LXB_TAG_VIDEO or tag == LXB_TAG_STYLE or tag == LXB_TAG_TEMPLATE):
        return True
    if tag == LXB_TAG_DIV:
        c_el = <lxb_dom_element_t *>c_node
        if c_el.attr_id != NULL and c_el.attr_id.value != NULL:
            # the Wayback Machine's toolbar, inserted into archived pages
            if (_equals(c_el.attr_id.value.data, c_el.attr_id.value.length, "wm-ipp-base")
                    or _equals(c_el.attr_id.value.data, c_el.attr_id.value.length, "wm-ipp")):
                return True
    return False


cdef enum:
    _CUE_DATE = 1        # "date", "Date", "datum"
    _CUE_GENERIC = 2     # "meta", "Meta", "time", "publish", "footer"
    _CUE_CLASS = 4       # byline-like class names
    _CUE_LASTMOD = 8     # "footer-info-lastmod" (MediaWiki)


cdef inline bint _at(const lxb_char_t *data, size_t length, size_t i, const char *word) noexcept nogil:
    cdef size_t j = 0
    while word[j] != 0:
        if i + j >= length or data[i + j] != <lxb_char_t>word[j]:
            return False
        j += 1
    return True


cdef int _cues(const lxb_char_t *s, size_t n) noexcept nogil:
    """The date cues (htmldate's, case-sensitive) in a class/id/itemprop value, in one pass."""
    cdef int found = 0
    cdef size_t i
    cdef lxb_char_t ch
    for i in range(n):
        ch = s[i]
        if ch == c'd':
            if _at(s, n, i, "date") or _at(s, n, i, "datum"):
                found |= _CUE_DATE
        elif ch == c'D':
            if _at(s, n, i, "Date") or _at(s, n, i, "Datum"):
                found |= _CUE_DATE
        elif ch == c'm' or ch == c'M':
            if _at(s, n, i + 1, "eta"):
                found |= _CUE_GENERIC
        elif ch == c't':
            if _at(s, n, i, "time"):
                found |= _CUE_GENERIC
        elif ch == c'p':
            if _at(s, n, i, "publish"):
                found |= _CUE_GENERIC
            if (_at(s, n, i, "post_detail") or _at(s, n, i, "posted") or _at(s, n, i, "publication")
                    or _at(s, n, i, "parution")):
                found |= _CUE_CLASS
        elif ch == c'f':
            if _at(s, n, i, "footer"):
                found |= _CUE_GENERIC
                if _at(s, n, i, "footer-info-lastmod"):
                    found |= _CUE_LASTMOD
            elif (_at(s, n, i, "field-content") or _at(s, n, i, "fa-clock-o")
                    or _at(s, n, i, "fa-calendar") or _at(s, n, i, "fecha")):
                found |= _CUE_CLASS
        elif ch == c'i':
            if _at(s, n, i, "info"):
                found |= _CUE_CLASS
        elif ch == c'b':
            if _at(s, n, i, "byline") or _at(s, n, i, "block-content"):
                found |= _CUE_CLASS
        elif ch == c's':
            if _at(s, n, i, "subline") or _at(s, n, i, "submitted"):
                found |= _CUE_CLASS
        elif ch == c'c':
            if _at(s, n, i, "created-post"):
                found |= _CUE_CLASS
        elif ch == c'a':
            if _at(s, n, i, "author") or _at(s, n, i, "autor"):
                found |= _CUE_CLASS
    return found


cdef int _value_cues(_Walk *w, const lxb_char_t *s, size_t n) noexcept nogil:
    """``_cues(s, n)``, remembered for the walk per value."""
    cdef size_t slot = memo_slot(s, n, _CUE_SLOTS)
    cdef int found
    if memo_holds(w.cue_values[slot], w.cue_lengths[slot], s, n):
        return w.cue_found[slot]
    found = _cues(s, n)
    w.cue_values[slot] = s
    w.cue_lengths[slot] = n
    w.cue_found[slot] = found
    return found


cdef bint _marks_date(_Walk *w, lxb_dom_element_t *c_el) noexcept nogil:
    """htmldate's date-candidate test on class/id/itemprop (cue lists in _date_patterns).

    Of id and class only the one written first counts for the generic cues; itemprop
    counts for "date"/"datum"; the class alone is checked against the longer list of
    byline-like cues, the id for MediaWiki's last-modified footer.
    """
    cdef lxb_dom_attr_t *c_attr = c_el.first_attr
    cdef const lxb_char_t *name
    cdef size_t name_len = 0
    cdef bint have_first = False
    cdef int first = 0
    cdef int klass = 0
    cdef int ident = 0
    cdef int cues
    while c_attr != NULL:
        if c_attr == c_el.attr_class or c_attr == c_el.attr_id:
            cues = 0
            if c_attr.value != NULL and c_attr.value.length >= 4:
                cues = _value_cues(w, c_attr.value.data, c_attr.value.length)
            if not have_first:
                first = cues
                have_first = True
            if c_attr == c_el.attr_class:
                klass = cues
            else:
                ident = cues
        elif c_attr.value != NULL and 4 <= c_attr.value.length <= 64:
            # itemprop values are short names; long values (URLs, styles) are skipped unread
            name = attr_name_of(c_attr, &name_len)
            if name != NULL and _equals(name, name_len, "itemprop"):
                if _cues(c_attr.value.data, c_attr.value.length) & _CUE_DATE:
                    return True
        c_attr = c_attr.next
    if first & (_CUE_DATE | _CUE_GENERIC):
        return True
    if not have_first:
        return False
    return (klass & _CUE_CLASS) != 0 or (ident & _CUE_LASTMOD) != 0


cdef bint _push_elem(_Walk *w, int kind, lxb_dom_node_t *c_node, _Span a, _Span b, _Span c) noexcept nogil:
    cdef _Elem *e
    if not _grow(<void **>&w.elems, &w.cap_elems, w.n_elems + 1, sizeof(_Elem)):
        return False
    if not _grow(<void **>&w.open_stack, &w.cap_open, w.n_open + 1, sizeof(size_t)):
        return False
    e = &w.elems[w.n_elems]
    e.kind = kind
    e.node = c_node
    e.text_start = w.json.length if kind == _EL_JSON else w.text.length
    e.text_end = e.text_start
    if kind != _EL_JSON and kind != _EL_MUTE:
        w.n_texted += 1
    e.a = a
    e.b = b
    e.c = c
    w.open_stack[w.n_open] = w.n_elems
    w.n_open += 1
    w.n_elems += 1
    return True


cdef bint _push_meta(_Walk *w, int kind, _Span key, _Span value) noexcept nogil:
    cdef _Meta *m
    if not _grow(<void **>&w.metas, &w.cap_metas, w.n_metas + 1, sizeof(_Meta)):
        return False
    m = &w.metas[w.n_metas]
    m.kind = kind
    m.key = key
    m.value = value
    w.n_metas += 1
    return True


cdef bint _on_meta(_Walk *w, lxb_dom_element_t *c_el) noexcept nogil:
    cdef _Span content = _attr(c_el, "content")
    cdef _Span when = _attr(c_el, "datetime")
    cdef _Span key
    cdef int kind = 0
    if content.data == NULL and when.data == NULL:
        return True
    key = _attr(c_el, "name")
    if key.data != NULL:
        kind = _META_NAME
    else:
        key = _attr(c_el, "property")
        if key.data != NULL:
            kind = _META_PROPERTY
        else:
            key = _attr(c_el, "itemprop")
            if key.data != NULL:
                kind = _META_ITEMPROP
                if when.data != NULL and when.length:
                    content = when
            else:
                key = _attr(c_el, "pubdate")
                if key.data != NULL:
                    kind = _META_PUBDATE
                else:
                    key = _attr(c_el, "http-equiv")
                    if key.data != NULL:
                        kind = _META_HTTP_EQUIV
    if kind == 0 or content.data == NULL or not _has_digits(content.data, content.length, 1):
        return True
    return _push_meta(w, kind, key, content)


cdef bint _sizes_attr(const lxb_char_t *name, size_t name_len) noexcept nogil:
    """Attributes whose numbers are pixel sizes and image widths, never dates: a srcset's
    ``2004w`` once voted 2004-01-01 in (``style`` is skipped for the same reason)."""
    return (_equals(name, name_len, "style") or _equals(name, name_len, "srcset")
            or _equals(name, name_len, "sizes") or _equals(name, name_len, "imagesrcset")
            or _equals(name, name_len, "imagesizes") or _equals(name, name_len, "width")
            or _equals(name, name_len, "height"))


cdef bint _on_attrs(_Walk *w, lxb_dom_element_t *c_el) noexcept nogil:
    """Attribute values go to the search text, each between separators."""
    cdef lxb_dom_attr_t *c_attr = c_el.first_attr
    cdef const lxb_char_t *name
    cdef size_t name_len = 0
    while c_attr != NULL:
        if (c_attr.value != NULL and c_attr.value.length >= 4
                and _has_digits(c_attr.value.data, c_attr.value.length, 4)):
            name = attr_name_of(c_attr, &name_len)
            if name == NULL or not _sizes_attr(name, name_len):
                if not (_append(&w.search, <const lxb_char_t *>" ", 1)
                        and _append(&w.search, c_attr.value.data, c_attr.value.length)
                        and _append(&w.search, <const lxb_char_t *>" ", 1)):
                    return False
        c_attr = c_attr.next
    return True


cdef bint _mutes(lxb_dom_element_t *c_el, uintptr_t tag) noexcept nogil:
    """Subtrees whose dates are not the page's: navigation (a "today" date, archive
    menus) and reader comments (newer than the article by construction). A comment
    block is a part of the page: ``<html>`` and ``<body>`` are the page itself, and a
    ``<body class="comments-page">`` (a template naming the page type) mutes nothing."""
    if tag == LXB_TAG_NAV:
        return True
    if tag == LXB_TAG_BODY or tag == LXB_TAG_HTML:
        return False
    if c_el.attr_class != NULL and c_el.attr_class.value != NULL:
        if has_token_prefix(c_el.attr_class.value.data, c_el.attr_class.value.length, "comment", 7):
            return True
    if c_el.attr_id != NULL and c_el.attr_id.value != NULL:
        if has_token_prefix(c_el.attr_id.value.data, c_el.attr_id.value.length, "comment", 7):
            return True
    return False


cdef _Span _trimmed(const lxb_char_t *data, size_t length) noexcept nogil:
    """The span without leading and trailing ASCII whitespace."""
    cdef _Span out
    cdef size_t start = 0
    while start < length and (data[start] == 32 or 9 <= data[start] <= 13):
        start += 1
    while length > start and (data[length - 1] == 32 or 9 <= data[length - 1] <= 13):
        length -= 1
    out.data = data + start
    out.length = length - start
    return out


cdef inline bint _fast_tag(uintptr_t tag) noexcept nogil:
    """Parents whose own text segments the free-text stage reads (htmldate's list)."""
    return (tag == LXB_TAG_DIV or tag == LXB_TAG_H2 or tag == LXB_TAG_H3 or tag == LXB_TAG_H4
            or tag == LXB_TAG_LI or tag == LXB_TAG_P or tag == LXB_TAG_SPAN
            or tag == LXB_TAG_TIME or tag == LXB_TAG_UL)


cdef bint _walk(lxb_dom_node_t *root, _Walk *w) noexcept nogil:
    cdef lxb_dom_node_t *c_node = root
    cdef lxb_dom_element_t *c_el
    cdef lxb_dom_character_data_t *c_text
    cdef bint closing = False
    cdef uintptr_t tag
    cdef uintptr_t parent_tag
    cdef _Span none_span, a, b, c, rel
    cdef int in_script = 0            # 1: plain script, 2: JSON(-LD) script
    cdef size_t mute = 0              # open <nav>/comment containers
    cdef _Elem *e
    none_span.data = NULL
    none_span.length = 0
    while c_node != NULL:
        if c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:
            tag = c_node.local_name
            c_el = <lxb_dom_element_t *>c_node
            if closing:
                while w.n_open and w.elems[w.open_stack[w.n_open - 1]].node == c_node:
                    e = &w.elems[w.open_stack[w.n_open - 1]]
                    e.text_end = w.json.length if e.kind == _EL_JSON else w.text.length
                    if e.kind == _EL_MUTE:
                        mute -= 1
                    elif e.kind != _EL_JSON:
                        w.n_texted -= 1
                    w.n_open -= 1
                if tag == LXB_TAG_SCRIPT:
                    in_script = 0
                if w.full and not _append(&w.search, <const lxb_char_t *>"\n", 1):
                    return False
            elif c_node != root and _skip_subtree(c_node):
                closing = True
                continue
            else:
                if w.full and not _append(&w.search, <const lxb_char_t *>"\n", 1):
                    return False
                if _mutes(c_el, tag):
                    if not _push_elem(w, _EL_MUTE, c_node, none_span, none_span, none_span):
                        return False
                    mute += 1
                if w.full and not mute and c_el.first_attr != NULL and not _on_attrs(w, c_el):
                    return False
                if tag == LXB_TAG_META:
                    if not _on_meta(w, c_el):
                        return False
                elif tag == LXB_TAG_HTML:
                    if w.lang.data == NULL:
                        w.lang = _attr(c_el, "lang")
                elif tag == LXB_TAG_LINK:
                    if w.canonical.data == NULL:
                        rel = _attr(c_el, "rel")
                        if rel.data != NULL and _has_token(rel.data, rel.length, "canonical"):
                            w.canonical = _attr(c_el, "href")
                elif tag == LXB_TAG_SCRIPT:
                    a = _attr(c_el, "type")
                    in_script = 1
                    if a.data != NULL and (_equals(a.data, a.length, "application/ld+json")
                                           or _equals(a.data, a.length, "application/settings+json")):
                        in_script = 2
                        if not _push_elem(w, _EL_JSON, c_node, none_span, none_span, none_span):
                            return False
                elif mute:
                    pass
                elif tag == LXB_TAG_TIME:
                    a = _attr(c_el, "datetime")
                    b = _attr(c_el, "class")
                    c = _attr(c_el, "pubdate")
                    if not _push_elem(w, _EL_TIME, c_node, a, b, c):
                        return False
                elif tag == LXB_TAG_ABBR:
                    a = _attr(c_el, "data-utime")
                    b = _attr(c_el, "class")
                    c = _attr(c_el, "title")
                    if not _push_elem(w, _EL_ABBR, c_node, a, b, c):
                        return False
                elif tag == LXB_TAG_H1:
                    if not _push_elem(w, _EL_H1, c_node, none_span, none_span, none_span):
                        return False
                if not mute and (tag == LXB_TAG_FOOTER or tag == LXB_TAG_SMALL
                                 or (c_el.first_attr != NULL and _marks_date(w, c_el))):
                    a = _attr(c_el, "title")
                    if not _push_elem(w, _EL_MARKED, c_node, a, none_span, none_span):
                        return False
        elif c_node.type == LXB_DOM_NODE_TYPE_TEXT and not closing:
            c_text = <lxb_dom_character_data_t *>c_node
            if c_text.data.length:
                if in_script == 2:
                    # JSON-LD text is read by its own stage
                    if not _append(&w.json, c_text.data.data, c_text.data.length):
                        return False
                elif in_script == 1:
                    if w.full and _has_digits(c_text.data.data, c_text.data.length, 4):
                        if not _append(&w.search, c_text.data.data, c_text.data.length):
                            return False
                else:
                    # only the elements a stage reads keep their text: elsewhere it goes unread
                    if w.n_texted and not _append(&w.text, c_text.data.data, c_text.data.length):
                        return False
                    if w.full and not mute and not _append(&w.search, c_text.data.data, c_text.data.length):
                        return False
                    parent_tag = c_node.parent.local_name if c_node.parent != NULL else 0
                    if w.full and not mute and _fast_tag(parent_tag) and c_text.data.length > 6:
                        a = _trimmed(c_text.data.data, c_text.data.length)
                        if 6 < a.length <= _SEGMENT_BYTES and _has_digits(a.data, a.length, 4):
                            if not _grow(<void **>&w.segments, &w.cap_segments, w.n_segments + 1, sizeof(_Span)):
                                return False
                            w.segments[w.n_segments] = a
                            w.n_segments += 1
        elif c_node.type == LXB_DOM_NODE_TYPE_COMMENT and not closing and w.full:
            c_text = <lxb_dom_character_data_t *>c_node
            if c_text.data.length and _has_digits(c_text.data.data, c_text.data.length, 4):
                if not (_append(&w.search, <const lxb_char_t *>"\n", 1)
                        and _append(&w.search, c_text.data.data, c_text.data.length)
                        and _append(&w.search, <const lxb_char_t *>"\n", 1)):
                    return False
        c_node = next_node(root, c_node, &closing)
    return True


cdef str _span_str(_Span s):
    if s.data == NULL:
        return None
    return decode_text(s.data, s.length)


cdef str _slice(_Buffer *buf, _Elem *e):
    return decode_text(buf.data + e.text_start, e.text_end - e.text_start)


cdef inline size_t _space_at(const lxb_char_t *data, size_t i, size_t end) noexcept nogil:
    """The byte length of the whitespace character at ``i`` (ASCII or U+00A0), else 0."""
    cdef lxb_char_t ch = data[i]
    if ch == 32 or 9 <= ch <= 13:
        return 1
    if ch == 0xC2 and i + 1 < end and data[i + 1] == 0xA0:
        return 2
    return 0


cdef str _collapsed(const lxb_char_t *data, size_t length, size_t max_chars):
    """The text's first ``max_chars`` characters with whitespace runs folded to one space
    and none leading: ``" ".join(text.split())[:max_chars]`` without decoding it all."""
    cdef lxb_char_t out[1024]
    cdef size_t n = 0
    cdef size_t chars = 0
    cdef size_t i = 0
    cdef size_t step
    cdef bint pending = False
    while i < length and n < 1016:
        step = _space_at(data, i, length)
        if step:
            pending = n > 0
            i += step
            continue
        if (data[i] & 0xC0) != 0x80:  # a character starts here
            if pending:
                if chars == max_chars:
                    break
                out[n] = 32
                n += 1
                chars += 1
                pending = False
            if chars == max_chars:
                break
            chars += 1
        out[n] = data[i]
        n += 1
        i += 1
    return decode_text(out, n)


cdef str _element_text(_Buffer *buf, _Elem *e):
    return _collapsed(buf.data + e.text_start, e.text_end - e.text_start, _TEXT_CHARS)


cdef class Candidates:
    """The date candidates of one parsed page, gathered by one C walk (``gather()``).

    The walk keeps spans into lexbor's memory and offsets into its own buffers; each
    method builds the Python list for one stage only when that stage runs, so a page
    settled by its metas never pays for its text. Element texts come whitespace-folded
    and cut to 64 characters. Holds the document, whose memory the spans point into.
    """
    cdef _Walk w
    cdef Document doc

    def __cinit__(self):
        memset_walk(&self.w)

    def __dealloc__(self):
        free(self.w.metas)
        free(self.w.elems)
        free(self.w.open_stack)
        free(self.w.segments)
        free(self.w.text.data)
        free(self.w.search.data)
        free(self.w.json.data)
        memset_walk(&self.w)

    @property
    def canonical(self) -> str | None:
        """The first ``<link rel=canonical>`` href."""
        return _span_str(self.w.canonical)

    @property
    def lang(self) -> str | None:
        """The ``<html lang>`` value as written."""
        return _span_str(self.w.lang)

    def metas(self) -> list:
        """``(kind, key, value)`` per ``<meta>`` with a digit in its value; ``kind`` 1-5
        is name, property, itemprop, pubdate, http-equiv; keys as written."""
        cdef size_t i
        cdef _Meta *m
        cdef list out = []
        for i in range(self.w.n_metas):
            m = &self.w.metas[i]
            out.append((m.kind, _span_str(m.key), _span_str(m.value)))
        return out

    cdef void _check_full(self) except *:
        if not self.w.full:
            raise ValueError("gathered without the text stages' inputs (gather(doc, text=False))")

    cdef size_t _count(self, int kind):
        cdef size_t i
        cdef size_t n = 0
        for i in range(self.w.n_elems):
            if self.w.elems[i].kind == kind:
                n += 1
        return n

    cdef object _row(self, _Elem *e):
        """One element's row, as the method of its kind describes it."""
        if e.kind == _EL_JSON:
            return _slice(&self.w.json, e)
        if e.kind == _EL_H1:
            return _element_text(&self.w.text, e)
        if e.kind == _EL_MARKED:
            return (_element_text(&self.w.text, e), _span_str(e.a))
        return (_span_str(e.a), _span_str(e.b), _span_str(e.c), _element_text(&self.w.text, e))

    cdef list _rows(self, int kind, size_t most, bint none_past):
        """The rows of one kind's elements in page order: the first ``most``, or none at
        all past ``most`` when ``none_past`` (htmldate's caps)."""
        cdef size_t i
        cdef list out = []
        if none_past and self._count(kind) > most:
            return out
        for i in range(self.w.n_elems):
            if self.w.elems[i].kind == kind and <size_t>len(out) < most:
                out.append(self._row(&self.w.elems[i]))
        return out

    def jsonld(self) -> list:
        """The text of each JSON-LD (or settings+json) script."""
        return self._rows(_EL_JSON, SIZE_MAX, False)

    def times(self) -> list:
        """``(datetime, class, pubdate, text)`` per ``<time>``; none beyond 1,000 of them."""
        return self._rows(_EL_TIME, _MAX_ELEMENTS, True)

    def abbrs(self) -> list:
        """``(data_utime, class, title, text)`` per ``<abbr>`` (the first 1,000)."""
        return self._rows(_EL_ABBR, _MAX_ELEMENTS, False)

    def marked(self) -> list:
        """``(text, title)`` per date-marked element; none beyond 1,000 (htmldate's cap)."""
        return self._rows(_EL_MARKED, _MAX_ELEMENTS, True)

    def h1s(self) -> list:
        """The text of each ``<h1>``."""
        return self._rows(_EL_H1, SIZE_MAX, False)

    def segments(self) -> list:
        """Short text segments (trimmed, 4+ digits) directly inside div/p/li/span/h2-h4/time/ul."""
        cdef size_t i
        self._check_full()
        return [decode_text(self.w.segments[i].data, self.w.segments[i].length)
                for i in range(self.w.n_segments)]

    def search(self) -> str:
        """The search text: visible text, script text and digit-bearing attribute values."""
        self._check_full()
        return decode_text(self.w.search.data, self.w.search.length)


def gather(Document doc, bint text=True) -> Candidates:
    """Collect the date candidates of a parsed page in one C walk, the GIL released.
    ``text=False`` leaves out what only the text stages (``extensive_search``) read,
    the search text and the segments: the walk then copies no page text but the
    texts of the elements the structured stages read."""
    cdef Candidates found = Candidates.__new__(Candidates)
    cdef bint ok
    cdef lxb_dom_node_t *root = <lxb_dom_node_t *>doc.c_doc
    found.doc = doc
    found.w.full = text
    with nogil:
        ok = _walk(root, &found.w)
    if not ok:
        raise MemoryError("out of memory gathering date candidates")
    return found


cdef void memset_walk(_Walk *w) noexcept nogil:
    w.metas = NULL
    w.n_metas = w.cap_metas = 0
    w.elems = NULL
    w.n_elems = w.cap_elems = 0
    w.open_stack = NULL
    w.n_open = w.cap_open = 0
    w.n_texted = 0
    w.full = True
    w.segments = NULL
    w.n_segments = w.cap_segments = 0
    w.canonical.data = NULL
    w.canonical.length = 0
    w.lang.data = NULL
    w.lang.length = 0
    w.text.data = NULL
    w.text.length = w.text.capacity = 0
    w.search.data = NULL
    w.search.length = w.search.capacity = 0
    w.json.data = NULL
    w.json.length = w.json.capacity = 0
    w.failed = False
    memset(w.cue_lengths, 0, sizeof(w.cue_lengths))
