"""The C-level walks behind structured data: microdata, Open Graph, JSON-LD and links().

One pass over lexbor's tree records the elements that matter (``itemscope`` /
``itemprop`` elements, ``og:`` metas, ``application/ld+json`` scripts, the first
``<base href>``) in C arrays; Python objects are built only for what is returned.
The microdata algorithm (HTML Standard, "Microdata" 5.2 and the JSON serialisation
in 5.4) runs over those arrays with explicit stacks: no recursion, so 10,000 nested
items or an ``itemref`` cycle cost nothing special.

Internal: ``turbohtml.extract.microdata``, ``opengraph`` and ``structured`` call it.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.mem cimport PyMem_RawFree, PyMem_RawMalloc, PyMem_RawRealloc
from cpython.unicode cimport PyUnicode_DecodeUTF8
from libc.stdlib cimport qsort
from libc.string cimport memchr, memcmp, memcpy

cdef extern from "Python.h":
    int PyUnicode_KIND(object text)
    int PyUnicode_1BYTE_KIND
    void *PyUnicode_DATA(object text)
    Py_UCS4 PyUnicode_READ(int kind, void *data, Py_ssize_t index) nogil

from turbohtml._core cimport (
    Document, Node, attr_id, attr_value, decode_text, element_attr, markup_utf8, next_node,
    parse_utf8, wrap_node,
)
from turbohtml._lexbor cimport *
from turbohtml._ascii cimport ascii_lower as _lower

# What collect() gathers (bit flags).
cdef enum:
    _WANT_MD = 1
    _WANT_OG = 2
    _WANT_LD = 4
    # the first <base href> matters (URLs resolve): an Open Graph walk that found the
    # card in <head> still looks further for it
    _WANT_BASE = 8

WANT_MICRODATA = _WANT_MD
WANT_OPENGRAPH = _WANT_OG
WANT_JSON_LD = _WANT_LD
WANT_BASE = _WANT_BASE

# Budget for nested-item expansion: an itemref graph can share one subtree between
# many parents (a DAG), which the standard's serialisation would expand exponentially.
# Items without a cycle are memoised per element; an item whose value holds a cycle
# marker depends on the path to it and is built again for each. Those rebuilds may cost
# (in properties visited) this many per microdata element of the page, plus a floor;
# past it the remaining nested items serialise as the standard's cycle marker, "ERROR",
# so the work stays linear in the page.
REBUILD_WORK_PER_ELEMENT = 8
REBUILD_WORK_FLOOR = 100_000

cdef enum:
    _SCOPE = 1      # itemscope
    _PROP = 2       # itemprop
    _REF = 4        # itemref


ctypedef struct _Array:
    lxb_dom_node_t **items
    size_t length
    size_t capacity


cdef int _push(_Array *array, lxb_dom_node_t *c_node) noexcept nogil:
    """Append; -1 when out of memory (the caller raises MemoryError with the GIL)."""
    cdef size_t capacity
    cdef lxb_dom_node_t **grown
    if array.length == array.capacity:
        capacity = array.capacity * 2 + 16
        grown = <lxb_dom_node_t **>PyMem_RawRealloc(array.items, capacity * sizeof(lxb_dom_node_t *))
        if grown == NULL:
            return -1
        array.items = grown
        array.capacity = capacity
    array.items[array.length] = c_node
    array.length += 1
    return 0


cdef int _push_or_raise(_Array *array, lxb_dom_node_t *c_node) except -1:
    if _push(array, c_node) < 0:
        raise MemoryError("out of memory collecting structured-data elements")
    return 0


cdef inline void _free(_Array *array) noexcept nogil:
    PyMem_RawFree(array.items)
    array.items = NULL
    array.length = array.capacity = 0


cdef int _compare_address(const void *a, const void *b) noexcept nogil:
    cdef uintptr_t x = <uintptr_t>(<lxb_dom_node_t **>a)[0]
    cdef uintptr_t y = <uintptr_t>(<lxb_dom_node_t **>b)[0]
    return (x > y) - (x < y)


cdef inline bint _sorted_contains(_Array *array, lxb_dom_node_t *c_node) noexcept nogil:
    """Membership in an address-sorted array (binary search)."""
    cdef size_t low = 0, high = array.length, middle
    while low < high:
        middle = (low + high) // 2
        if array.items[middle] == c_node:
            return True
        if <uintptr_t>array.items[middle] < <uintptr_t>c_node:
            low = middle + 1
        else:
            high = middle
    return False


ctypedef struct _Ids:
    # attr_id()s of the attributes the walks read, looked up once per document
    uintptr_t content, property, name, type, href, itemscope, itemprop, itemref


cdef void _ids_init(lxb_dom_node_t *c_node, _Ids *ids) noexcept nogil:
    ids.content = attr_id(c_node, "content", 7)
    ids.property = attr_id(c_node, "property", 8)
    ids.name = attr_id(c_node, "name", 4)
    ids.type = attr_id(c_node, "type", 4)
    ids.href = attr_id(c_node, "href", 4)
    ids.itemscope = attr_id(c_node, "itemscope", 9)
    ids.itemprop = attr_id(c_node, "itemprop", 8)
    ids.itemref = attr_id(c_node, "itemref", 7)


cdef int _md_flags(lxb_dom_node_t *c_node, const _Ids *ids) noexcept nogil:
    """The microdata attributes an element carries, as _SCOPE | _PROP | _REF bits."""
    cdef lxb_dom_attr_t *c_attr = (<lxb_dom_element_t *>c_node).first_attr
    cdef uintptr_t name, qualified
    cdef int flags = 0
    while c_attr != NULL:
        name = c_attr.node.local_name
        qualified = c_attr.qualified_name
        if name == ids.itemscope or qualified == ids.itemscope:
            flags |= _SCOPE
        elif name == ids.itemprop or qualified == ids.itemprop:
            flags |= _PROP
        elif name == ids.itemref or qualified == ids.itemref:
            flags |= _REF
        c_attr = c_attr.next
    return flags


cdef inline bint _ascii_space(lxb_char_t c) noexcept nogil:
    return c == b' ' or c == b'\t' or c == b'\n' or c == b'\r' or c == 0x0c


cdef bint _starts_og(const lxb_char_t *value, size_t length) noexcept nogil:
    """Whether a property/name value starts with ``og:`` (ASCII case-insensitive)."""
    return length > 3 and _lower(value[0]) == b'o' and _lower(value[1]) == b'g' and value[2] == b':'


# ---------------------------------------------------------------- where og: may be spelled

cdef size_t _reference_end(const lxb_char_t *data, size_t at, size_t size) noexcept nogil:
    """Past the character reference at ``data[at] == '&'`` when it may decode to one of
    ``o``, ``g``, ``O``, ``G``, ``:`` (``&colon;``, ``&#58;``, ``&#x6F``...); else 0."""
    cdef size_t i = at + 1, digits = 0
    cdef unsigned int value = 0
    cdef lxb_char_t c
    cdef bint hexadecimal
    if size - i >= 5 and memcmp(data + i, b"colon", 5) == 0:
        return i + 5
    if i >= size or data[i] != b'#':
        return 0
    i += 1
    hexadecimal = i < size and _lower(data[i]) == b'x'
    if hexadecimal:
        i += 1
    while i < size:
        c = _lower(data[i])
        if b'0' <= c <= b'9':
            c -= 0x30  # '0'
        elif hexadecimal and b'a' <= c <= b'f':
            c -= 0x61 - 10  # 'a'
        else:
            break
        if value < 0x10000:  # larger values are never one of ours; stop growing
            value = value * (16 if hexadecimal else 10) + c
        digits += 1
        i += 1
    if digits and (value == b'o' or value == b'g' or value == b'O' or value == b'G' or value == b':'):
        return i
    return 0


def last_og_spot(bytes data) -> int:
    """Just past the last place the UTF-8 ``data`` may spell an ``og:`` property name, or
    -1: ``og:`` or ``og&`` in any case, or a character reference that can decode to one
    of its characters (attribute values decode references). ``opengraph()`` parses a
    page only this far; memchr finds the candidate ":" and "&" bytes."""
    cdef const lxb_char_t *start = <const lxb_char_t *>PyBytes_AS_STRING(data)
    cdef size_t size = <size_t>PyBytes_GET_SIZE(data)
    cdef const lxb_char_t *found
    cdef size_t at, spot
    cdef Py_ssize_t last = -1
    cdef int mark
    with nogil:
        for mark in range(2):
            found = start
            while True:
                found = <const lxb_char_t *>memchr(found, b':' if mark == 0 else b'&', size - <size_t>(found - start))
                if found == NULL:
                    break
                at = <size_t>(found - start)
                if at >= 2 and _lower(start[at - 2]) == b'o' and _lower(start[at - 1]) == b'g':
                    last = max(last, <Py_ssize_t>at + 1)
                if mark == 1:
                    spot = _reference_end(start, at, size)
                    if spot:
                        last = max(last, <Py_ssize_t>spot)
                found += 1
    return last


cdef Py_ssize_t _last_base_spot(const lxb_char_t *data, size_t size) noexcept nogil:
    """Just past the last ``<base`` (any case) in ``data``, or -1."""
    cdef size_t at = size
    while at > 4:
        at -= 1
        if data[at - 4] == b'<' and _lower(data[at - 3]) == b'b' and _lower(data[at - 2]) == b'a' \
                and _lower(data[at - 1]) == b's' and _lower(data[at]) == b'e':
            return <Py_ssize_t>at + 1
    return -1


def parse_for_opengraph(markup, bint resolve_urls):
    """The part of a page ``opengraph(page)`` needs, parsed: up to the last place an og:
    name may be spelled (see last_og_spot), and the last ``<base`` when URLs resolve.
    Every og: meta before that point is in the tree where a full parse puts it (later
    markup only adds to the tree). None when the page cannot hold an og: meta (no
    document is built)."""
    cdef bytes data = markup_utf8(markup)
    cdef Py_ssize_t needed = last_og_spot(data)
    if needed < 0:
        return None
    if resolve_urls:
        needed = max(needed, _last_base_spot(<const lxb_char_t *>PyBytes_AS_STRING(data),
                                             <size_t>PyBytes_GET_SIZE(data)))
    return parse_utf8(data, needed, NULL, 0)


def contains_folded(bytes data, bytes needle) -> bool:
    """Whether ``data`` contains the lower-case ASCII ``needle`` in any letter case:
    memchr finds both cases of its first byte (a regex with IGNORECASE walks every
    character, slower than parsing the page)."""
    cdef const lxb_char_t *start = <const lxb_char_t *>PyBytes_AS_STRING(data)
    cdef const lxb_char_t *want = <const lxb_char_t *>PyBytes_AS_STRING(needle)
    cdef size_t size = <size_t>PyBytes_GET_SIZE(data), length = <size_t>PyBytes_GET_SIZE(needle)
    cdef const lxb_char_t *found
    cdef size_t at, i
    cdef int case
    cdef bint seen = length == 0
    with nogil:
        for case in range(0 if seen else 2):
            found = start
            while not seen:
                found = <const lxb_char_t *>memchr(found, want[0] if case == 0 else want[0] - 32,
                                                   size - <size_t>(found - start))
                if found == NULL:
                    break
                at = <size_t>(found - start)
                if size - at >= length:
                    i = 1
                    while i < length and _lower(start[at + i]) == want[i]:
                        i += 1
                    seen = i == length
                found += 1
    return seen


cdef bint _is_ld_json(const lxb_char_t *value, size_t length) noexcept nogil:
    """Whether a script type's MIME essence is application/ld+json (parameters ignored)."""
    cdef const char *want = "application/ld+json"
    cdef size_t start = 0, end = length, i
    while start < end and _ascii_space(value[start]):
        start += 1
    for i in range(start, end):
        if value[i] == b';':
            end = i
            break
    while end > start and _ascii_space(value[end - 1]):
        end -= 1
    if end - start != 19:
        return False
    for i in range(19):
        if _lower(value[start + i]) != <lxb_char_t>want[i]:
            return False
    return True


cdef str _attr_str(lxb_dom_node_t *c_node, const char *name, size_t name_len):
    """An attribute's value as str, or None when absent."""
    cdef size_t length = 0
    cdef const lxb_char_t *value = element_attr(c_node, name, name_len, &length)
    if value == NULL:
        return None
    return decode_text(value, length)


cdef tuple _og_pair(lxb_dom_node_t *c_node, const _Ids *ids):
    """``(key, content)`` of an og: meta (_og_key): prefix cut, key lower-cased."""
    cdef size_t length = 0, content_length = 0, i
    cdef const lxb_char_t *key = _og_key(c_node, ids, &length)
    cdef const lxb_char_t *content = attr_value(c_node, ids.content, &content_length)
    cdef bint folds = False  # an ASCII capital, or non-ASCII that str.lower() may change
    for i in range(3, length):
        folds |= b'A' <= key[i] <= b'Z' or key[i] >= 0x80
    name = decode_text(key + 3, length - 3)
    return (name.lower() if folds else name, decode_text(content, content_length))


cdef str _text_content(lxb_dom_node_t *root):
    """textContent: every descendant text node, in tree order.

    Two C passes: measure, then copy into one buffer decoded once; no Python object
    per text node.
    """
    cdef lxb_dom_node_t *c_node
    cdef lxb_dom_character_data_t *c_text
    cdef bint closing
    cdef size_t total = 0, used = 0
    cdef int copy
    cdef char *buffer = NULL
    for copy in range(2):
        if copy:
            if total == 0:
                return ""
            buffer = <char *>PyMem_RawMalloc(total)
            if buffer == NULL:
                raise MemoryError("out of memory reading text content")
        closing = False
        c_node = root
        while c_node != NULL:
            if not closing and c_node.type == LXB_DOM_NODE_TYPE_TEXT:
                c_text = <lxb_dom_character_data_t *>c_node
                if copy:
                    memcpy(buffer + used, c_text.data.data, c_text.data.length)
                    used += c_text.data.length
                else:
                    total += c_text.data.length
            c_node = next_node(root, c_node, &closing)
    try:
        return PyUnicode_DecodeUTF8(buffer, used, "replace")
    finally:
        PyMem_RawFree(buffer)


# ---------------------------------------------------------------- the collection walk

ctypedef struct _Scan:
    _Array scopes          # top-level items: itemscope without itemprop, tree order
    _Array props           # every itemprop element, tree order (positions for sorting)
    _Array og              # og: metas (see _og_key), wherever the parser put them
    _Array scripts         # <script type=application/ld+json>
    lxb_dom_node_t *base   # the first <base> with an href
    _Ids ids


cdef const lxb_char_t *_og_key(lxb_dom_node_t *c_node, const _Ids *ids, size_t *length) noexcept nogil:
    """The og: name of a <meta> with a content attribute (its property, or else its
    name, when it starts with og:), or NULL when it is not an Open Graph meta."""
    cdef const lxb_char_t *value
    if attr_value(c_node, ids.content, length) == NULL:
        return NULL
    value = attr_value(c_node, ids.property, length)
    if value == NULL or not _starts_og(value, length[0]):
        value = attr_value(c_node, ids.name, length)
    return value if value != NULL and _starts_og(value, length[0]) else NULL


cdef int _scan(lxb_dom_node_t *root, int want, _Scan *scan) noexcept nogil:
    """Record the structured-data elements below root; -1 when out of memory.

    og: metas are recorded wherever they sit: a parser moves a meta after an <img>
    or text of the head into <body>, and pages print cards there too.
    """
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False
    cdef int flags
    cdef uintptr_t tag
    cdef const lxb_char_t *value
    cdef size_t length = 0
    while c_node != NULL:
        if not closing and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:
            tag = c_node.local_name
            if want & _WANT_MD:
                flags = _md_flags(c_node, &scan.ids)
                if flags:
                    if flags & _PROP:
                        if _push(&scan.props, c_node) < 0:
                            return -1
                    elif flags & _SCOPE:
                        if _push(&scan.scopes, c_node) < 0:
                            return -1
            if tag == LXB_TAG_META:
                if want & _WANT_OG and _og_key(c_node, &scan.ids, &length) != NULL:
                    if _push(&scan.og, c_node) < 0:
                        return -1
            elif tag == LXB_TAG_SCRIPT:
                if want & _WANT_LD:
                    value = attr_value(c_node, scan.ids.type, &length)
                    if value != NULL and _is_ld_json(value, length) and _push(&scan.scripts, c_node) < 0:
                        return -1
            elif tag == LXB_TAG_BASE:
                if scan.base == NULL and attr_value(c_node, scan.ids.href, &length) != NULL:
                    scan.base = c_node
                    if want == _WANT_BASE:
                        return 0
        c_node = next_node(root, c_node, &closing)
    return 0


cdef void _scan_free(_Scan *scan) noexcept:
    _free(&scan.scopes)
    _free(&scan.props)
    _free(&scan.og)
    _free(&scan.scripts)


def collect(Document doc, int want, make_resolver):
    """One walk over ``doc``: ``(items, og_pairs, json_ld_texts, resolver)``.

    ``make_resolver(base_href)`` is called after the walk with the first ``<base
    href>`` value (or None) and returns the URL resolver (``str -> str``) or None for
    verbatim values. ``items`` are the top-level ``MicrodataItem``s, ``og_pairs`` the
    ``(key, value)`` pairs of the og: metas in document order (prefix stripped, key
    lower-cased, values raw), ``json_ld_texts`` the script texts. With WANT_OPENGRAPH
    alone the first ``<base href>`` is only looked for when WANT_BASE is set.
    """
    cdef _Scan scan
    cdef size_t i
    cdef list og_pairs = []
    cdef list texts = []
    cdef int status
    scan.scopes = _Array(NULL, 0, 0)
    scan.props = _Array(NULL, 0, 0)
    scan.og = _Array(NULL, 0, 0)
    scan.scripts = _Array(NULL, 0, 0)
    scan.base = NULL
    _ids_init(doc.c_node, &scan.ids)
    try:
        with nogil:
            status = _scan(doc.c_node, want, &scan)
        if status < 0:
            raise MemoryError("out of memory collecting structured-data elements")
        resolver = make_resolver(_attr_str(scan.base, "href", 4) if scan.base != NULL else None)
        items = _build_items(doc, &scan, resolver) if want & _WANT_MD else []
        for i in range(scan.og.length):
            og_pairs.append(_og_pair(scan.og.items[i], &scan.ids))
        for i in range(scan.scripts.length):
            texts.append(_text_content(scan.scripts.items[i]))
        return items, og_pairs, texts, resolver
    finally:
        _scan_free(&scan)


# ---------------------------------------------------------------- microdata

cdef tuple _split(str value):
    """Tokens split on ASCII whitespace, duplicates removed (first kept)."""
    cdef list out
    cdef set seen
    cdef Py_UCS4 ch
    for ch in value:
        if ch == u' ' or ch == u'\t' or ch == u'\n' or ch == u'\r' or ch == u'\x0c':
            break
    else:
        return (value,) if value else ()  # one token: most itemprop values
    out = []
    seen = set()
    for token in value.replace("\t", " ").replace("\n", " ").replace("\r", " ").replace("\x0c", " ").split(" "):
        if token and token not in seen:
            seen.add(token)
            out.append(token)
    return tuple(out)


cdef class _IdIndex:
    """First element per id, for the itemref tokens a page uses (built on first need)."""
    cdef dict found
    cdef bint built

    def __cinit__(self):
        self.found = {}
        self.built = False

    cdef void build(self, lxb_dom_node_t *root, _Array *props, _Array *scopes) except *:
        # The ids wanted are every itemref token on the page; only id values of a
        # wanted length become Python bytes.
        cdef set wanted = set()
        cdef unsigned char lengths[256]
        cdef lxb_dom_node_t *c_node
        cdef bint closing = False
        cdef const lxb_char_t *value
        cdef size_t length = 0, i
        cdef _Array *arrays[2]
        cdef int k
        arrays[0] = props
        arrays[1] = scopes
        for i in range(256):
            lengths[i] = 0
        for k in range(2):
            for i in range(arrays[k].length):
                ref = _attr_str(arrays[k].items[i], "itemref", 7)
                if ref:
                    for token in _split(ref):
                        data = token.encode("utf-8", "surrogatepass")
                        wanted.add(data)
                        lengths[min(len(data), 255)] = 1
        self.built = True
        if not wanted:
            return
        c_node = root
        while c_node != NULL:
            if not closing and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:
                value = element_attr(c_node, "id", 2, &length)
                if value != NULL and lengths[min(length, 255)]:
                    key = PyBytes_FromStringAndSize(<const char *>value, length)
                    if key in wanted and key not in self.found:
                        self.found[key] = <size_t>c_node
            c_node = next_node(root, c_node, &closing)

    cdef lxb_dom_node_t *get(self, str token):
        value = self.found.get(token.encode("utf-8", "surrogatepass"))
        return NULL if value is None else <lxb_dom_node_t *><size_t>value


cdef int _crawl(lxb_dom_node_t *item, lxb_dom_node_t *doc_root, _IdIndex ids, _Scan *scan,
                dict positions, list out) except -1:
    """The properties of an item (HTML Standard 5.2.5 "the properties of an item").

    Walks the item's children and every itemref target once each: a walk stops below
    an itemscope element and at any element that is the item itself or another walk
    root, which is exactly the standard's "memory" (each element visited once, so
    self-references and reference cycles terminate). Appends the property elements,
    in tree order, to ``out`` as addresses.
    """
    cdef _Array roots = _Array(NULL, 0, 0)
    cdef _Array members = _Array(NULL, 0, 0)   # roots sorted by address, for lookups
    cdef lxb_dom_node_t *walk_root
    cdef lxb_dom_node_t *c_node
    cdef lxb_dom_node_t *target
    cdef bint closing
    cdef int flags
    cdef size_t r
    cdef size_t first = len(out)
    try:
        _push_or_raise(&roots, item)
        if _md_flags(item, &scan.ids) & _REF:
            if not ids.built:
                ids.build(doc_root, &scan.props, &scan.scopes)
            # Tokens are distinct and each id names one element, so targets are
            # distinct; only a self-reference needs dropping.
            for token in _split(_attr_str(item, "itemref", 7)):
                target = ids.get(token)
                if target != NULL and target != item:
                    _push_or_raise(&roots, target)
        for r in range(roots.length):
            _push_or_raise(&members, roots.items[r])
        qsort(members.items, members.length, sizeof(lxb_dom_node_t *), _compare_address)
        for r in range(roots.length):
            walk_root = roots.items[r]
            c_node = walk_root
            closing = False
            while c_node != NULL:
                if not closing and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:
                    if c_node == walk_root:
                        if r > 0:
                            flags = _md_flags(c_node, &scan.ids)
                            if flags & _PROP:
                                out.append(<size_t>c_node)
                            if flags & _SCOPE:
                                closing = True
                    elif roots.length > 1 and _sorted_contains(&members, c_node):
                        closing = True
                    else:
                        flags = _md_flags(c_node, &scan.ids)
                        if flags & _PROP:
                            out.append(<size_t>c_node)
                        if flags & _SCOPE:
                            closing = True
                c_node = next_node(walk_root, c_node, &closing)
        if roots.length > 1 and len(out) - first > 1:
            if not positions:
                for r in range(scan.props.length):
                    positions[<size_t>scan.props.items[r]] = r
            out[first:] = sorted(out[first:], key=positions.__getitem__)
        return 0
    finally:
        _free(&roots)
        _free(&members)


cdef object _value(lxb_dom_node_t *c_node, resolver):
    """The property value of a non-item element (HTML Standard 5.2.4)."""
    cdef uintptr_t tag = c_node.local_name
    cdef str raw
    if c_node.ns != LXB_NS_HTML:
        return _text_content(c_node)
    if tag == LXB_TAG_META:
        raw = _attr_str(c_node, "content", 7)
        return raw if raw is not None else ""
    if (tag == LXB_TAG_AUDIO or tag == LXB_TAG_EMBED or tag == LXB_TAG_IFRAME or tag == LXB_TAG_IMG
            or tag == LXB_TAG_SOURCE or tag == LXB_TAG_TRACK or tag == LXB_TAG_VIDEO):
        raw = _attr_str(c_node, "src", 3)
    elif tag == LXB_TAG_A or tag == LXB_TAG_AREA or tag == LXB_TAG_LINK:
        raw = _attr_str(c_node, "href", 4)
    elif tag == LXB_TAG_OBJECT:
        raw = _attr_str(c_node, "data", 4)
    elif tag == LXB_TAG_DATA or tag == LXB_TAG_METER:
        raw = _attr_str(c_node, "value", 5)
        return raw if raw is not None else ""
    elif tag == LXB_TAG_TIME:
        raw = _attr_str(c_node, "datetime", 8)
        # no datetime: the text content, descendants included (<time><span>Nov 15,
        # 2019</span></time>), as the microdata library and extruct read it
        return raw if raw is not None else _text_content(c_node)
    else:
        return _text_content(c_node)
    # URL-valued: empty when absent; resolved when a base URL is known.
    if raw is None:
        return ""
    return raw if resolver is None else resolver(raw)


cdef object _MicrodataItem = None
cdef object _set_field = object.__setattr__


cdef list _build_items(Document doc, _Scan *scan, resolver):
    """Top-level items as MicrodataItem records, built bottom-up with an explicit stack.

    A frame is ``[address, names, properties, property_addresses, index, tainted]``.
    A nested item whose element is already on the stack (an itemref cycle) becomes the
    string "ERROR", as the standard's JSON serialisation prescribes; items whose
    subtree holds no such marker are memoised per element, so a shared subtree is
    built once. The others are built again for each path to them, within a budget
    linear in the page (REBUILD_WORK_*); each element's crawl and each property
    value are computed once either way.
    """
    global _MicrodataItem
    if _MicrodataItem is None:  # records imports the extract package, which imports us
        from turbohtml.extract.records import MicrodataItem as _MicrodataItem
    cdef list items = []
    cdef list stack, frame, top
    cdef set chain
    cdef dict memo = {}
    cdef dict positions = {}
    cdef dict crawls = {}      # element -> its property elements (the crawl is per element)
    cdef dict value_of = {}    # property element -> its value (one object per element)
    cdef set built = set()     # items built at least once
    cdef _IdIndex ids = _IdIndex()
    cdef lxb_dom_node_t *c_node
    cdef lxb_dom_node_t *doc_root = doc.c_node
    cdef size_t i, address
    cdef Py_ssize_t rebuild_work = 0
    cdef Py_ssize_t rebuild_budget = (REBUILD_WORK_FLOOR + REBUILD_WORK_PER_ELEMENT
                                      * <Py_ssize_t>(scan.props.length + scan.scopes.length))
    cdef dict props
    cdef list child
    for i in range(scan.scopes.length):
        c_node = scan.scopes.items[i]
        stack = [_frame(c_node, None, doc_root, ids, scan, positions, crawls)]
        built.add(<size_t>c_node)
        chain = {<size_t>c_node}
        while stack:
            frame = <list>stack[len(stack) - 1]
            if frame[4] < len(<list>frame[3]):
                address = (<list>frame[3])[frame[4]]
                frame[4] += 1
                c_node = <lxb_dom_node_t *>address
                names = _split(_attr_str(c_node, "itemprop", 8))
                if not names:
                    continue
                props = <dict>frame[2]
                if _md_flags(c_node, &scan.ids) & _SCOPE:
                    if address in chain:
                        value = "ERROR"
                        frame[5] = True
                    elif address in memo:
                        value = memo[address]
                    else:
                        child = _frame(c_node, names, doc_root, ids, scan, positions, crawls)
                        if address in built:  # a rebuild: the item's value depends on the path
                            rebuild_work += 1 + len(<list>child[3])
                        if rebuild_work > rebuild_budget:
                            value = "ERROR"
                            frame[5] = True
                        else:
                            built.add(address)
                            stack.append(child)
                            chain.add(address)
                            continue
                else:
                    value = value_of.get(address)
                    if value is None:
                        value = value_of[address] = _value(c_node, resolver)
                for name in names:
                    values = props.get(name)
                    if values is None:
                        props[name] = [value]
                    else:
                        values.append(value)
            else:
                stack.pop()
                address = frame[0]
                chain.discard(address)
                c_node = <lxb_dom_node_t *>address
                itemid = _attr_str(c_node, "itemid", 6)
                if itemid is not None and resolver is not None:
                    itemid = resolver(itemid) or itemid
                # the frozen dataclass's __init__, without its Python frame (a fifth
                # of the build on item-dense pages); the value lists are the frame's own
                item = _MicrodataItem.__new__(_MicrodataItem)
                _set_field(item, "type", _attr_str(c_node, "itemtype", 8))
                _set_field(item, "id", itemid)
                _set_field(item, "properties", frame[2])
                if not stack:
                    items.append(item)
                    continue
                top = <list>stack[len(stack) - 1]
                if frame[5]:
                    top[5] = True
                else:
                    memo[address] = item
                props = <dict>top[2]
                for name in frame[1]:
                    values = props.get(name)
                    if values is None:
                        props[name] = [item]
                    else:
                        values.append(item)
    return items


cdef list _frame(lxb_dom_node_t *c_node, names, lxb_dom_node_t *doc_root, _IdIndex ids, _Scan *scan,
                 dict positions, dict crawls):
    cdef list found = crawls.get(<size_t>c_node)
    if found is None:
        found = crawls[<size_t>c_node] = []
        _crawl(c_node, doc_root, ids, scan, positions, found)
    return [<size_t>c_node, names, {}, found, 0, False]


# ---------------------------------------------------------------- links()

cdef Node _link(list out, Document doc, lxb_dom_node_t *c_node, const char *name, size_t name_len,
                str attribute, Node wrapped):
    """Append the attribute's link when present; returns the (lazily made) element handle."""
    cdef size_t length = 0
    cdef const lxb_char_t *value = element_attr(c_node, name, name_len, &length)
    if value == NULL:
        return wrapped
    if wrapped is None:
        wrapped = wrap_node(doc, c_node)
    out.append((wrapped, attribute, decode_text(value, length)))
    return wrapped


def links(Node node):
    """``(element, attribute, value)`` for every URL-bearing attribute at or below ``node``.

    Values are raw as written; ``srcset`` values and meta refresh ``content`` come back
    whole (the caller splits them).
    """
    cdef Document doc = node.doc if node.doc is not None else <Document>node
    cdef lxb_dom_node_t *root = node.c_node
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False
    cdef uintptr_t tag
    cdef list out = []
    cdef Node wrapped
    cdef size_t length = 0
    cdef const lxb_char_t *value
    while c_node != NULL:
        if not closing and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:
            tag = c_node.local_name
            wrapped = None
            if tag == LXB_TAG_A or tag == LXB_TAG_AREA or tag == LXB_TAG_LINK or tag == LXB_TAG_BASE:
                wrapped = _link(out, doc, c_node, "href", 4, "href", wrapped)
            elif tag == LXB_TAG_IMG or tag == LXB_TAG_SOURCE:
                wrapped = _link(out, doc, c_node, "src", 3, "src", wrapped)
                wrapped = _link(out, doc, c_node, "srcset", 6, "srcset", wrapped)
            elif (tag == LXB_TAG_SCRIPT or tag == LXB_TAG_IFRAME or tag == LXB_TAG_EMBED
                  or tag == LXB_TAG_FRAME or tag == LXB_TAG_AUDIO or tag == LXB_TAG_TRACK):
                wrapped = _link(out, doc, c_node, "src", 3, "src", wrapped)
            elif tag == LXB_TAG_VIDEO:
                wrapped = _link(out, doc, c_node, "src", 3, "src", wrapped)
                wrapped = _link(out, doc, c_node, "poster", 6, "poster", wrapped)
            elif tag == LXB_TAG_INPUT:
                wrapped = _link(out, doc, c_node, "src", 3, "src", wrapped)
                wrapped = _link(out, doc, c_node, "formaction", 10, "formaction", wrapped)
            elif tag == LXB_TAG_BUTTON:
                wrapped = _link(out, doc, c_node, "formaction", 10, "formaction", wrapped)
            elif tag == LXB_TAG_FORM:
                wrapped = _link(out, doc, c_node, "action", 6, "action", wrapped)
            elif tag == LXB_TAG_OBJECT:
                wrapped = _link(out, doc, c_node, "data", 4, "data", wrapped)
            elif tag == LXB_TAG_BLOCKQUOTE or tag == LXB_TAG_Q or tag == LXB_TAG_DEL or tag == LXB_TAG_INS:
                wrapped = _link(out, doc, c_node, "cite", 4, "cite", wrapped)
            elif tag == LXB_TAG_META:
                value = element_attr(c_node, "http-equiv", 10, &length)
                if value != NULL and length == 7 and _lower(value[0]) == b'r' \
                        and decode_text(value, length).lower() == "refresh":
                    wrapped = _link(out, doc, c_node, "content", 7, "content", wrapped)
        c_node = next_node(root, c_node, &closing)
    return out


# ---------------------------------------------------------------- JSON nesting bound

def brackets_exceed(str text, Py_ssize_t limit, /) -> bool:
    """Whether ``text`` holds more than ``limit`` opening brackets, ``{`` and ``[``
    together (``text.count("{") + text.count("[") > limit``) in one pass that stops
    past the limit: only such a text may nest deeper than ``limit``."""
    cdef int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    cdef const unsigned char *bytes_
    cdef Py_ssize_t i, n = len(text), count = 0
    cdef Py_UCS4 c
    if kind == PyUnicode_1BYTE_KIND:
        bytes_ = <const unsigned char *>data
        for i in range(n):
            if bytes_[i] == 123 or bytes_[i] == 91:
                count += 1
                if count > limit:
                    return True
        return False
    for i in range(n):
        c = PyUnicode_READ(kind, data, i)
        if c == 123 or c == 91:
            count += 1
            if count > limit:
                return True
    return False


def json_depth_exceeds(str text, int limit):
    """Whether JSON text nests arrays/objects deeper than ``limit`` (strings skipped).

    A linear C scan run before ``json.loads``, whose decoder recurses per level: a
    hostile block nested a million deep is rejected without touching the parser. The
    code points are read in place, not encoded first (a backslash skips the one after
    it; the specials are ASCII, so this reads as a scan of the UTF-8 bytes would).
    """
    cdef int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    cdef Py_ssize_t i, n = len(text)
    cdef int depth = 0
    cdef bint in_string = False
    cdef Py_UCS4 c
    with nogil:
        i = 0
        while i < n:
            c = PyUnicode_READ(kind, data, i)
            if in_string:
                if c == 92:  # backslash
                    i += 1
                elif c == 34:  # quote
                    in_string = False
            elif c == 34:
                in_string = True
            elif c == 91 or c == 123:  # [ {
                depth += 1
                if depth > limit:
                    break
            elif c == 93 or c == 125:  # ] }
                depth -= 1
            i += 1
    return depth > limit
