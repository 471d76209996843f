"""Paragraph units: a page's visible text cut at block boundaries, in one C walk.

A unit is the run of visible text between two block boundaries (justext's paragraph):
whitespace folded, ``<br>`` kept as a newline. Each unit carries flags saying whether
it is a heading, list item or figure caption, whether it lies inside the scored content body, and
whether it lies in a boilerplate region (navigation, header/footer, aside, or a
class/id-pruned subtree). ``boilerplate()``, ``main_text()`` and ``article()`` all
classify the same units, so they agree on where the article is.
"""

from libc.stdlib cimport free, malloc, realloc
from libc.stdint cimport uint64_t
from libc.string cimport memcmp, memcpy

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_SET_ITEM
from cpython.unicode cimport Py_UNICODE_ISALPHA, PyUnicode_DecodeUTF8

from turbohtml._core cimport Document, Node, next_node, wrap_node
from turbohtml._core import tag_names
from turbohtml._lexbor cimport *
from turbohtml._ascii cimport ascii_lower, blank_word, byte_kind, space_length
from turbohtml._buffer cimport reserve
from turbohtml._score cimport (
    HINT_MEDIA, PASS_CARDS, PASS_KEEP_HIDDEN, PASS_KEEP_NOSCRIPT, PASS_PRODUCT, PASS_PRUNE_CLASSES, PASS_THREAD,
    PASS_WHOLE_PAGE,
    HintMemo, class_hints, hint_memo_start, is_hidden, is_page_chrome, may_hide, prunes,
)
from turbohtml._tags cimport is_block, is_heading, is_invisible, is_text_link

from turbohtml import _hints, _tunables

# Unit flags (UNIT_* in _units.pxd; also read by the Python layer, exported below).
cdef enum:
    TEXT_PER_LINK = 5        # characters outside links, per link, that make it prose

HEADING = UNIT_HEADING
LIST_ITEM = UNIT_LIST_ITEM
IN_CONTENT = UNIT_IN_CONTENT
BOILERPLATE_REGION = UNIT_BOILERPLATE_REGION
CAPTION = UNIT_CAPTION
LINKED_PROSE = UNIT_LINKED_PROSE
ARTICLE_HEADER = UNIT_ARTICLE_HEADER

#: The elements that break text into separate paragraph units, by name: ``is_block`` in
#: _tags.pxd is the one definition, and the renderers and compat layers read it here.
BLOCK_TAGS = frozenset(name for tag, name in enumerate(tag_names()) if name and is_block(tag))


cdef void _flush(Walk *walk) noexcept nogil:
    """Close the current unit; a blank one is dropped."""
    cdef Unit *grown
    cdef size_t length = walk.text.length - walk.start
    while length and walk.text.data[walk.start + length - 1] == 10:  # trailing <br>s
        length -= 1
    if walk.chars and length:
        if walk.count == walk.capacity:
            grown = <Unit *>realloc(walk.units, (walk.capacity * 2 + 32) * sizeof(Unit))
            if grown == NULL:
                walk.failed = True
                return
            walk.units = grown
            walk.capacity = walk.capacity * 2 + 32
        walk.units[walk.count].start = walk.start
        walk.units[walk.count].length = length
        walk.units[walk.count].chars = walk.chars
        walk.units[walk.count].link_chars = walk.link_chars
        walk.units[walk.count].flags = walk.flags
        walk.units[walk.count].block = walk.block
        if walk.links and walk.chars - walk.link_chars >= TEXT_PER_LINK * walk.links:
            walk.units[walk.count].flags |= UNIT_LINKED_PROSE
        walk.count += 1
        walk.text.length = walk.start + length
    else:
        walk.text.length = walk.start
    walk.start = walk.text.length
    walk.chars = walk.link_chars = walk.links = 0
    walk.flags = 0
    walk.block = NULL
    walk.pending_space = False


cdef inline uint64_t _byte_mask(uint64_t word, unsigned char byte) noexcept nogil:
    """The high bit of each of the eight bytes of ``word`` that is ``byte`` (exactly: no
    carry crosses bytes)."""
    cdef uint64_t low = 0x0101010101010101, seven = 0x7F7F7F7F7F7F7F7F
    cdef uint64_t other = word ^ (low * byte)  # 0 where the byte is
    return ~(((other & seven) + seven) | other | seven)


cdef inline size_t _printable_run(uint64_t word) noexcept nogil:
    """How many of the eight bytes of ``word`` (read from memory in order) go whole into a
    run of words: printable ASCII (33-127) and single spaces, each followed by such a byte
    (the last byte may be a space, left for the next eight to tell): 8, 7 or 0."""
    cdef uint64_t low = 0x0101010101010101, high = 0x8080808080808080, spaces
    if word & high or (word - low * 32) & high:
        return 0  # a byte of 128 and up, or below 32 (no borrow: every byte is 32 or more)
    spaces = _byte_mask(word, 32)
    if spaces & (spaces >> 8):
        return 0  # two spaces in a row
    return 7 if spaces >> 63 else 8


cdef inline size_t _put_pending_space(Walk *walk) noexcept nogil:
    """Write the space a run of whitespace left pending, before the next character (1 when
    written; _append_text reserved room for it)."""
    if not walk.pending_space:
        return 0
    walk.text.data[walk.text.length] = 32
    walk.text.length += 1
    walk.pending_space = False
    return 1


cdef inline bint _plain_utf8(unsigned char c) noexcept nogil:
    """Whether a byte of 128 and up never starts a space or a soft hyphen (space_length's
    and _append_text's multi-byte cases start with 0xC2 or 0xE1-0xE3)."""
    return c >= 128 and c != 0xC2 and not 0xE1 <= c <= 0xE3


cdef enum:
    NOT_PLAIN = 9  # _plain_leads: a byte of the eight is ASCII or may start a space


cdef inline bint _has_byte(uint64_t word, unsigned char byte) noexcept nogil:
    """Whether one of the eight bytes of ``word`` is ``byte``: a zero byte of their XOR
    (a borrow only runs on past a zero byte, so the test is exact; cheaper than
    _byte_mask, which tells which)."""
    cdef uint64_t ones = 0x0101010101010101, other = word ^ (ones * byte)
    return ((other - ones) & ~other & (ones * 0x80)) != 0


cdef inline size_t _plain_leads(uint64_t word) noexcept nogil:
    """How many of eight bytes of UTF-8 (``word``, read from memory) start a character,
    when every one is _plain_utf8; else NOT_PLAIN: a run of another script's letters
    (Cyrillic, Greek, CJK...) is copied eight bytes at a time. A character's first byte
    is 0b11xxxxxx, the rest 0b10xxxxxx."""
    cdef uint64_t ones = 0x0101010101010101, high = ones * 0x80
    if ~word & high or _has_byte(word, 0xC2) or _has_byte(word, 0xE1) or _has_byte(word, 0xE2) \
            or _has_byte(word, 0xE3):
        return NOT_PLAIN
    return (((word & (word << 1) & high) >> 7) * ones) >> 56  # the first bytes, summed


cdef void _append_text(Walk *walk, const lxb_char_t *data, size_t length, bint in_link, int flags) noexcept nogil:
    """Append text with whitespace (Unicode spaces too) folded; a unit takes the flags of
    its first text. A run of printable ASCII words with single spaces between them, most
    of any text, is copied in one go."""
    cdef size_t i, space, start
    cdef unsigned char c
    cdef size_t added = 0
    cdef uint64_t word
    cdef size_t taken
    if not reserve(&walk.text, length + 1):
        walk.failed = True
        return
    i = 0
    while i < length:
        c = data[i]
        if 32 < c < 128:
            added += _put_pending_space(walk)
            start = i
            i += 1
            while i < length:
                if i + 8 <= length:
                    memcpy(&word, data + i, 8)
                    taken = _printable_run(word)
                    if taken:
                        i += taken  # up to eight bytes of the run at once
                        continue
                if 32 < data[i] < 128:
                    i += 1
                elif data[i] == 32 and i + 1 < length and 32 < data[i + 1] < 128:
                    i += 2  # one space between words: copied with them
                else:
                    break
            memcpy(walk.text.data + walk.text.length, data + start, i - start)
            walk.text.length += i - start
            added += i - start
            continue
        if _plain_utf8(c):
            # bytes of characters that are no space and no soft hyphen (their first bytes
            # are 0xC2 and 0xE1-0xE3): a run of them is copied in one go
            added += _put_pending_space(walk)
            start = i
            while i + 8 <= length:  # eight bytes at a time (_plain_leads), the rest one by one
                memcpy(&word, data + i, 8)
                taken = _plain_leads(word)
                if taken == NOT_PLAIN:
                    break
                added += taken
                i += 8
            while i < length and _plain_utf8(data[i]):
                if (data[i] & 0xC0) != 0x80:
                    added += 1  # a character's first byte
                i += 1
            memcpy(walk.text.data + walk.text.length, data + start, i - start)
            walk.text.length += i - start
            continue
        if c == 0xC2 and i + 1 < length and data[i + 1] == 0xAD:
            i += 2  # a soft hyphen (U+00AD) only marks where a word may break
            continue
        space = space_length(data, i, length)
        if space:
            if walk.text.length > walk.start and walk.text.data[walk.text.length - 1] != 10:
                walk.pending_space = True
            i += space
            if space == 1:  # the rest of a run of one-byte spaces (the markup's indentation)
                while i + 8 <= length and blank_word(data + i):
                    i += 8
                while i < length and byte_kind[data[i]] == 1:
                    i += 1
            continue
        added += _put_pending_space(walk)
        walk.text.data[walk.text.length] = <char>c
        walk.text.length += 1
        if (c & 0xC0) != 0x80:
            added += 1
        i += 1
    if added:
        if walk.chars == 0:
            walk.flags = flags
        walk.chars += added
        if in_link:
            walk.link_chars += added


cdef void _line_break(Walk *walk) noexcept nogil:
    if walk.text.length > walk.start and reserve(&walk.text, 1):
        walk.text.data[walk.text.length] = 10
        walk.text.length += 1
        walk.pending_space = False


ctypedef struct Region:
    lxb_dom_node_t *node    # the element that opened the region, NULL when outside
    int flag


cdef inline void _enter(Region *region, lxb_dom_node_t *c_node) noexcept nogil:
    if region.node == NULL:
        region.node = c_node


cdef inline void _leave(Region *region, lxb_dom_node_t *c_node) noexcept nogil:
    if region.node == c_node:
        region.node = NULL


cdef inline bint _unseen(lxb_dom_node_t *c_node, int mode, HintMemo *memo) noexcept nogil:
    """Subtrees a reader never sees: raw text, metadata, foreign islands, ruby readings
    (``<rt>``, ``<rp>``: the base text is the word), hidden elements; the scoring pass
    that read ``<noscript>`` or hidden content reads them here too."""
    cdef uintptr_t tag = c_node.local_name
    if c_node.ns != LXB_NS_HTML or tag == LXB_TAG_RT or tag == LXB_TAG_RP:
        return True
    if tag == LXB_TAG_NOSCRIPT:
        return not mode & PASS_KEEP_NOSCRIPT
    return is_invisible(tag, c_node.ns) or (not mode & PASS_KEEP_HIDDEN and may_hide(c_node)
                                            and is_hidden(c_node, mode, memo))


cdef inline bint _has_attributes(lxb_dom_node_t *c_element) noexcept nogil:
    """Whether an element has any attribute: one without (most) is neither hidden nor
    classed, and needs no call to tell."""
    return (<lxb_dom_element_t *>c_element).first_attr != NULL


# ---------------------------------------------------------------- recommendation blocks

cdef enum:
    HEADING_LABEL = 64        # bytes of folded text a heading naming a block holds at most
    MAX_RECOMMENDATIONS = 32  # room for _hints.RECOMMENDATION_HEADINGS
    RECOMMENDATION_LEVELS = 8  # ancestors a recommendation heading's block may reach

cdef list _recommendation_bytes = [phrase.encode() for phrase in _hints.RECOMMENDATION_HEADINGS]
cdef const char *_recommendations[MAX_RECOMMENDATIONS]
cdef size_t _recommendation_lengths[MAX_RECOMMENDATIONS]
cdef size_t _recommendation_count = len(_recommendation_bytes)
if _recommendation_count > MAX_RECOMMENDATIONS:
    raise ValueError("too many RECOMMENDATION_HEADINGS")
for _index, _phrase in enumerate(_recommendation_bytes):
    _recommendations[_index] = <const char *>(<bytes>_phrase)
    _recommendation_lengths[_index] = len(<bytes>_phrase)


cdef bint _recommends(lxb_dom_node_t *heading) noexcept nogil:
    """Whether a heading labels a block of recommendations: its text, lower-cased and
    whitespace folded, is short and carries a RECOMMENDATION_HEADINGS phrase."""
    cdef lxb_char_t label[HEADING_LABEL]
    cdef size_t n = 0, i, k, space
    cdef bint closing = False, pending = False
    cdef lxb_dom_node_t *c_node = heading
    cdef lxb_dom_character_data_t *c_text
    while c_node != NULL:
        if not closing and c_node.type == LXB_DOM_NODE_TYPE_TEXT:
            c_text = <lxb_dom_character_data_t *>c_node
            i = 0
            while i < c_text.data.length:
                space = space_length(c_text.data.data, i, c_text.data.length)
                if space:
                    pending = n > 0
                    i += space
                    continue
                if n + pending >= HEADING_LABEL:
                    return False  # a sentence, not a block's label
                if pending:
                    label[n] = 32
                    n += 1
                    pending = False
                label[n] = ascii_lower(c_text.data.data[i])
                n += 1
                i += 1
            closing = True
        elif not closing and c_node != heading and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT \
                and is_invisible(c_node.local_name, c_node.ns):
            closing = True
        c_node = next_node(heading, c_node, &closing)
    for i in range(n):
        if i and label[i - 1] != 32:
            continue  # every phrase starts a word
        for k in range(_recommendation_count):
            if <lxb_char_t>_recommendations[k][0] == label[i] and i + _recommendation_lengths[k] <= n \
                    and memcmp(label + i, _recommendations[k], _recommendation_lengths[k]) == 0:
                return True
    return False


cdef bint _holds_text(lxb_dom_node_t *root) noexcept nogil:
    """Whether ``root`` holds visible text."""
    cdef lxb_dom_node_t *c_node = root
    cdef lxb_dom_character_data_t *c_text
    cdef bint closing = False
    cdef size_t i, space
    while c_node != NULL:
        if not closing:
            if c_node.type == LXB_DOM_NODE_TYPE_TEXT:
                c_text = <lxb_dom_character_data_t *>c_node
                i = 0
                while i < c_text.data.length:  # (a space may take two or three bytes)
                    space = space_length(c_text.data.data, i, c_text.data.length)
                    if not space:
                        return True
                    i += space
                closing = True
            elif c_node.type != LXB_DOM_NODE_TYPE_ELEMENT \
                    or (c_node != root and is_invisible(c_node.local_name, c_node.ns)):
                closing = True
        c_node = next_node(root, c_node, &closing)
    return False


cdef bint _holds_heading(lxb_dom_node_t *root, uintptr_t rank) noexcept nogil:
    """Whether ``root`` is or holds a heading of ``rank`` (a LXB_TAG_H* id) or above."""
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False
    while c_node != NULL:
        if not closing:
            if c_node.type != LXB_DOM_NODE_TYPE_ELEMENT:
                closing = True
            elif c_node.ns == LXB_NS_HTML and is_heading(c_node.local_name) and c_node.local_name <= rank:
                return True
        c_node = next_node(root, c_node, &closing)
    return False


cdef lxb_dom_node_t *_recommended_block(lxb_dom_node_t *heading, lxb_dom_node_t *root,
                                        lxb_dom_node_t *content) noexcept nogil:
    """The block a recommendation heading opens: its highest ancestor (at most
    RECOMMENDATION_LEVELS up, below ``root`` and ``content``) whose visible text starts
    with the heading's and that holds no other heading of its rank or above (which would
    open a section of the page's own; the items' own titles rank below); the heading
    alone when its parent is none such."""
    cdef lxb_dom_node_t *block = heading
    cdef lxb_dom_node_t *parent
    cdef lxb_dom_node_t *sibling
    cdef size_t _level
    if heading == root:
        return heading
    for _level in range(RECOMMENDATION_LEVELS):
        parent = block.parent
        if parent == NULL or parent == root or parent == content or parent.type != LXB_DOM_NODE_TYPE_ELEMENT:
            break
        sibling = block.prev
        while sibling != NULL and not _holds_text(sibling):
            sibling = sibling.prev
        if sibling != NULL:
            break  # the parent starts with something else
        sibling = block.next
        while sibling != NULL and not _holds_heading(sibling, heading.local_name):
            sibling = sibling.next
        if sibling != NULL:
            break  # another heading: the parent holds more than this block
        block = parent
    return block


cdef size_t _visible_bytes(lxb_dom_node_t *root) noexcept nogil:
    """Bytes of text below ``root`` outside raw-text and metadata elements."""
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False
    cdef size_t total = 0
    while c_node != NULL:
        if not closing:
            if c_node.type == LXB_DOM_NODE_TYPE_TEXT:
                total += (<lxb_dom_character_data_t *>c_node).data.length
            elif (c_node != root and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT
                  and is_invisible(c_node.local_name, c_node.ns)):
                closing = True  # skip the subtree
        c_node = next_node(root, c_node, &closing)
    return total


cdef bint _is_page_form(lxb_dom_node_t *form, lxb_dom_node_t *content, size_t *content_bytes) noexcept nogil:
    """A <form> inside the page, not wrapping it: on a product page the shop around the
    product (variant picker and add-to-cart, cart drawer, sign-up, cookie banner), on a
    thread the reply box (its editor, sign-up buttons and terms notice). A form that
    holds the main region, or half its text (ASP.NET's page-wide form), wraps it."""
    cdef lxb_dom_node_t *c_up = content
    while c_up != NULL:
        if c_up == form:
            return False
        c_up = c_up.parent
    if content == NULL:
        return True
    if content_bytes[0] == 0:
        content_bytes[0] = _visible_bytes(content) + 1  # + 1: zero means not yet measured
    return 2 * _visible_bytes(form) < content_bytes[0]


cdef bint _is_form_chrome(lxb_dom_node_t *c_node, int mode, lxb_dom_node_t *content,
                          size_t *content_bytes) noexcept nogil:
    """Page UI on a page read whole, never its content: a form control's caption (a
    filter's checkbox, a size or colour picker) and, on a product page or a thread, a
    form inside the page (the shop, the reply box)."""
    if c_node.local_name == LXB_TAG_LABEL:
        return True
    if c_node.local_name != LXB_TAG_FORM:
        return False
    if mode & PASS_PRODUCT:
        return _is_page_form(c_node, content, content_bytes)
    # a thread's posts may sit in forms of their own (inline moderation, edit in place):
    # the reply box is the form one writes in
    return mode & PASS_THREAD and _has_text_entry(c_node) and _is_page_form(c_node, content, content_bytes)


cdef bint _has_text_entry(lxb_dom_node_t *form) noexcept nogil:
    """Whether a form holds a ``<textarea>``, where a reply is written."""
    cdef lxb_dom_node_t *c_node = form
    cdef bint closing = False
    while c_node != NULL:
        if (not closing and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT and c_node.ns == LXB_NS_HTML
                and c_node.local_name == LXB_TAG_TEXTAREA):
            return True
        c_node = next_node(form, c_node, &closing)
    return False


cdef lxb_dom_node_t *_block_of(lxb_dom_node_t *c_node, lxb_dom_node_t *root) noexcept nogil:
    """The innermost block element around a text node (``root`` at most)."""
    cdef lxb_dom_node_t *c_up = c_node.parent
    while c_up != NULL and c_up != root and not (
            c_up.type == LXB_DOM_NODE_TYPE_ELEMENT and is_block(c_up.local_name)):
        c_up = c_up.parent
    return c_up if c_up != NULL else root


cdef extern from *:
    """
    #define turbohtml_tuple_of(type, n) PyType_GenericAlloc((PyTypeObject *)(type), (n))
    """
    # a tuple subclass's empty instance of n items, as its tp_alloc makes one: filled in
    # place, without the intermediate tuple and the type call of ParagraphUnit((...))
    object tuple_of "turbohtml_tuple_of"(object type, Py_ssize_t n)


cdef inline void _set_item(object record, Py_ssize_t index, object item):
    Py_INCREF(item)  # PyTuple_SET_ITEM steals a reference
    PyTuple_SET_ITEM(record, index, item)


class ParagraphUnit(tuple):
    """One unit: ``(text, flags, chars, link_chars)`` as a tuple, and ``block``, the
    block element around its first text, which the renderers read its structure from
    (list item, table cell, ``<pre>``)."""

    block: object

    def __repr__(self) -> str:
        return f"ParagraphUnit({tuple.__repr__(self)}, block={self.block!r})"


cdef void walk_start(Walk *walk) noexcept nogil:
    """Ready an empty walk (walk_free releases what walk_units fills)."""
    walk.text.data = NULL
    walk.text.length = walk.text.capacity = 0
    walk.units = NULL
    walk.count = walk.capacity = 0
    walk.start = walk.chars = walk.link_chars = walk.links = 0
    walk.flags = 0
    walk.block = NULL
    walk.pending_space = False
    walk.failed = False


cdef void walk_free(Walk *walk) noexcept nogil:
    free(walk.text.data)
    free(walk.units)
    walk.text.data = NULL
    walk.units = NULL


cdef str unit_text(Walk *walk, size_t index):
    """The text of a walk's unit ``index``."""
    cdef Unit *unit = &walk.units[index]
    return PyUnicode_DecodeUTF8(walk.text.data + unit.start, unit.length, "replace")


cdef void walk_units(lxb_dom_node_t *root, lxb_dom_node_t *content, int mode,
                     Walk *walk, HintMemo *shared=NULL) noexcept nogil:
    """Cut the units below ``root`` into ``walk`` (walk_start'ed). ``shared``: a class memo
    started for the document (the scoring's, already holding the page's class values)
    to read and fill instead of the walk's own."""
    cdef lxb_dom_node_t *c_node = root
    cdef lxb_dom_character_data_t *c_text
    cdef bint closing = False
    cdef uintptr_t tag
    cdef Region heading, item, inside, boiler, caption, header
    cdef lxb_dom_node_t *outer_boiler = NULL
    cdef lxb_dom_node_t *outer_caption = NULL
    cdef size_t links_open = 0, content_bytes = 0
    cdef int flags, hints
    cdef HintMemo own
    cdef HintMemo *memo = shared if shared != NULL else &own
    if shared == NULL:
        hint_memo_start(memo, root)
    heading.node = item.node = inside.node = boiler.node = caption.node = header.node = NULL
    if content != NULL and content == root:
        inside.node = root
    while c_node != NULL and not walk.failed:
        if c_node.type == LXB_DOM_NODE_TYPE_TEXT:
            if not closing:
                flags = 0
                if heading.node != NULL:
                    flags |= UNIT_HEADING
                if item.node != NULL:
                    flags |= UNIT_LIST_ITEM
                if inside.node != NULL:
                    flags |= UNIT_IN_CONTENT
                if boiler.node != NULL:
                    flags |= UNIT_BOILERPLATE_REGION
                if caption.node != NULL:
                    flags |= UNIT_CAPTION
                if header.node != NULL:
                    flags |= UNIT_ARTICLE_HEADER
                c_text = <lxb_dom_character_data_t *>c_node
                _append_text(walk, c_text.data.data, c_text.data.length, links_open > 0, flags)
                if walk.block == NULL and walk.chars:
                    walk.block = _block_of(c_node, root)
            closing = True  # a leaf: no closing event to read, on to the next node
        elif c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:
            tag = c_node.local_name
            if not closing:
                if c_node != root and _unseen(c_node, mode, memo):
                    closing = True  # skip the subtree; no closing event comes
                    c_node = next_node(root, c_node, &closing)
                    continue
                if is_block(tag):
                    _flush(walk)
                if tag == LXB_TAG_BR:
                    _line_break(walk)
                elif is_text_link(c_node, mode & PASS_CARDS):
                    links_open += 1
                    walk.links += 1
                if c_node == content:
                    _enter(&inside, c_node)
                    # a boilerplate or media region around the winner does not make it so
                    outer_boiler, boiler.node = boiler.node, NULL
                    outer_caption, caption.node = caption.node, NULL
                if is_heading(tag):
                    _enter(&heading, c_node)
                    if boiler.node == NULL and _recommends(c_node):
                        _enter(&boiler, _recommended_block(c_node, root, content))
                elif tag == LXB_TAG_LI or tag == LXB_TAG_DT or tag == LXB_TAG_DD:
                    _enter(&item, c_node)
                elif tag == LXB_TAG_FIGCAPTION:
                    _enter(&caption, c_node)
                # whether a <header> is an article's own is the document's structure: the
                # <article> or <main> may sit above the scope (the scoring saw the page)
                if tag == LXB_TAG_HEADER and not is_page_chrome(c_node, NULL):
                    _enter(&header, c_node)
                hints = class_hints(c_node, memo) if tag != LXB_TAG_HTML and tag != LXB_TAG_BODY \
                    and _has_attributes(c_node) else 0
                if hints & HINT_MEDIA:
                    _enter(&caption, c_node)
                if c_node != root and c_node != content and tag != LXB_TAG_HTML and tag != LXB_TAG_BODY and (
                        (is_page_chrome(c_node, NULL) and not (mode & PASS_KEEP_NOSCRIPT and tag == LXB_TAG_NOSCRIPT))
                        or (mode & PASS_PRUNE_CLASSES and prunes(hints, mode))
                        or (mode & PASS_WHOLE_PAGE and _is_form_chrome(c_node, mode, content, &content_bytes))
                        or (mode & PASS_THREAD and tag == LXB_TAG_DL)):
                    _enter(&boiler, c_node)
            else:
                if is_block(tag):
                    _flush(walk)
                if links_open and is_text_link(c_node, mode & PASS_CARDS):
                    links_open -= 1
                if c_node == content:
                    _leave(&inside, c_node)
                    boiler.node = outer_boiler
                    caption.node = outer_caption
                _leave(&heading, c_node)
                _leave(&item, c_node)
                _leave(&boiler, c_node)
                _leave(&caption, c_node)
                _leave(&header, c_node)
        elif c_node.type == LXB_DOM_NODE_TYPE_COMMENT:
            closing = True
        c_node = next_node(root, c_node, &closing)
    _flush(walk)


def paragraph_units(Node scope, Node content=None, int mode=PASS_PRUNE_CLASSES, /) -> list:
    """The visible paragraph units below ``scope`` in document order, as
    ``(text, flags, chars, link_chars)`` tuples (ParagraphUnit, which also carries
    its ``block`` element); ``content`` marks the content body, and
    ``mode`` is the scoring pass that chose it (``scored_winner``): whether boilerplate
    class/id subtrees are boilerplate regions, and whether hidden content is read."""
    cdef Walk walk
    cdef lxb_dom_node_t *c_content = content.c_node if content is not None else NULL
    cdef list result = []
    cdef size_t i
    cdef Unit *unit
    cdef Document doc = scope._owner()
    cdef object record
    walk_start(&walk)
    try:
        with nogil:
            walk_units(scope.c_node, c_content, mode, &walk)
        if walk.failed:
            raise MemoryError("out of memory while segmenting the page")
        for i in range(walk.count):
            unit = &walk.units[i]
            record = tuple_of(ParagraphUnit, 4)
            _set_item(record, 0, unit_text(&walk, i))
            _set_item(record, 1, unit.flags)
            _set_item(record, 2, unit.chars)
            _set_item(record, 3, unit.link_chars)
            record.block = wrap_node(doc, unit.block)
            result.append(record)
        return result
    finally:
        walk_free(&walk)


# ---------------------------------------------------------------- the units article() keeps

cdef size_t MIN_SLIDE_TEXT = _tunables.MIN_SLIDE_TEXT
cdef size_t GALLERY_SLIDES = _tunables.GALLERY_SLIDES
cdef double GALLERY_SHARE = _tunables.GALLERY_SHARE
cdef size_t MIN_STANDFIRST = _tunables.MIN_STANDFIRST
cdef size_t MIN_ITEM_TITLE = _tunables.MIN_ITEM_TITLE
cdef size_t MIN_POST_TEXT = _tunables.MIN_POST_TEXT
cdef size_t MIN_QUOTE = _tunables.MIN_QUOTE
cdef double MAX_LINK_DENSITY = _tunables.MAX_LINK_DENSITY

# The kinds read whole (with PASS_WHOLE_PAGE) whose repeated blocks are copies.
# Documentation repeats itself by design (a parameter's description under every call
# that takes it).
cdef int COPIES_REPEAT = PASS_THREAD | PASS_CARDS | PASS_PRODUCT


cdef inline bint _is_link_list(int flags, size_t chars, size_t link_chars) noexcept nogil:
    if not chars or <double>link_chars / <double>chars <= MAX_LINK_DENSITY:  # else a link list (related, tags)
        return False
    # "Read <a>the full report</a>." is a sentence: text around each link (UNIT_LINKED_PROSE)
    return not flags & UNIT_LINKED_PROSE


cdef bint _has_letter(str text):
    cdef Py_UCS4 c
    for c in text:
        if Py_UNICODE_ISALPHA(c):
            return True
    return False


cdef set _gallery_slides(Unit *units, size_t start, size_t count, list texts):
    """The caption texts that carry the story when the slides are a gallery article's
    (GALLERY_SLIDES distinct ones, together GALLERY_SHARE of the other text), else none."""
    cdef size_t i, other = 0, length = 0
    cdef set slides = set()
    # a carousel repeats its slides (clones for the loop): distinct texts count, once each
    for i in range(start, count):
        if units[i].flags & UNIT_CAPTION and units[i].chars >= MIN_SLIDE_TEXT:
            slides.add(texts[i])
    if <size_t>len(slides) < GALLERY_SLIDES:
        return set()
    for i in range(start, count):
        if not units[i].flags & (UNIT_CAPTION | UNIT_BOILERPLATE_REGION):
            other += units[i].chars
    for text in slides:
        length += len(<str>text)
    return slides if length >= GALLERY_SHARE * other else set()


cdef size_t _after_masthead(Unit *units, size_t count) noexcept nogil:
    """Where a page read whole starts: at its <h1> when what comes before it is a
    masthead: most of its text in links (a mega menu, a category bar, account links:
    pages that are no article often keep them out of <nav> and <header>) and less than
    half the page; else at its first unit."""
    cdef size_t start, i, before = 0, links = 0, total = 0
    cdef lxb_dom_node_t *block
    for start in range(count):
        block = units[start].block
        if units[start].flags & UNIT_HEADING and block != NULL and block.type == LXB_DOM_NODE_TYPE_ELEMENT \
                and block.local_name == LXB_TAG_H1:
            for i in range(count):
                if i < start:
                    before += units[i].chars
                    links += units[i].link_chars
                total += units[i].chars
            if before and links > MAX_LINK_DENSITY * before and 2 * before < total:
                return start
            break
    return 0


cdef size_t kept_units(Unit *units, size_t count, list texts, int mode, size_t *kept) except? 0:
    """The units of the content body a reader keeps, as indexes into ``units`` (``texts``
    their texts) written to ``kept``; returns how many. Boilerplate regions (share bars,
    related/comment blocks, in-body navigation, header and footer), captions and credits
    (unless the slides carry the story) and link lists go (``mode``, the scoring pass's
    PASS_* bits: a listing's link lists are its items, a thread's bare numbers and short
    labels its posts' furniture, and a page read whole but a thread keeps its captions
    and its header's short lines, starts after its masthead and keeps one copy of a
    block shown twice)."""
    cdef set slides = None  # measured at the first caption met: most pages have none
    cdef set quoted = set()
    cdef size_t i, start = 0, found = 0, chars, link_chars
    cdef int flags
    if mode & PASS_WHOLE_PAGE and not mode & PASS_THREAD:
        start = _after_masthead(units, count)
    for i in range(start, count):
        flags, chars, link_chars = units[i].flags, units[i].chars, units[i].link_chars
        if flags & UNIT_BOILERPLATE_REGION:
            continue
        if mode & PASS_THREAD:
            if chars < MIN_POST_TEXT:
                continue  # a post's furniture: its author, rank, date, "Reply", "Quote"
            if not _has_letter(texts[i]):
                continue  # a post's counts (posts, likes, reputation), not its words
        if mode & PASS_WHOLE_PAGE and mode & COPIES_REPEAT and chars >= MIN_QUOTE:
            if texts[i] in quoted:
                continue  # a reply quoting an earlier post, a block's copy: already in
            quoted.add(texts[i])
        if link_chars and _is_link_list(flags, chars, link_chars) \
                and not (mode & PASS_CARDS and chars >= MIN_ITEM_TITLE):
            continue  # on a listing the items are links: their titles are the content
        # a landing page or a listing read whole keeps its hero's lines and its slides; a
        # thread's posts are articles, each <header> holding its author and date
        if not mode & PASS_WHOLE_PAGE or mode & PASS_THREAD:
            if flags & UNIT_ARTICLE_HEADER and chars < MIN_STANDFIRST:
                continue  # the article's title, byline, date: the record's other fields
            if flags & UNIT_CAPTION:
                if slides is None:
                    slides = _gallery_slides(units, start, count, texts)
                if texts[i] not in slides:
                    continue
                slides.discard(texts[i])
        kept[found] = i
        found += 1
    return found


cdef Unit *units_of(list units, list texts) except NULL:
    """ParagraphUnits as C units (their texts appended to ``texts``); free() the array."""
    cdef Unit *c_units = <Unit *>malloc(max(len(units), 1) * sizeof(Unit))
    cdef Py_ssize_t i
    cdef tuple fields
    if c_units == NULL:
        raise MemoryError()
    for i, unit in enumerate(units):
        if not isinstance(unit, tuple):
            raise TypeError(f"paragraph units are tuples, not {type(unit).__name__}")
        fields = <tuple>unit  # read as a tuple: indexing the subclass goes through a generic slot
        texts.append(fields[0])
        c_units[i].flags = fields[1]
        c_units[i].chars = fields[2]
        c_units[i].link_chars = fields[3]
        block = getattr(unit, "block", None)
        c_units[i].block = (<Node?>block).c_node if block is not None else NULL
        c_units[i].start = c_units[i].length = 0
    return c_units


def article_units(units, int mode, /) -> list:
    """The paragraph units a reader keeps of the content body (``kept_units``), in
    order; ``mode`` is the scoring pass that chose it."""
    cdef list items = list(units)
    cdef list texts = []
    cdef size_t found, i
    cdef size_t *kept = <size_t *>malloc(max(len(items), 1) * sizeof(size_t))
    cdef Unit *c_units = NULL
    if kept == NULL:
        raise MemoryError()
    try:
        c_units = units_of(items, texts)
        found = kept_units(c_units, len(items), texts, mode, kept)
        return [items[kept[i]] for i in range(found)]
    finally:
        free(kept)
        free(c_units)
