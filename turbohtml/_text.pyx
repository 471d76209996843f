"""main_text() and Node.to_text(): the visible text laid out for a reader.

The layout reads each paragraph unit's block element (``ParagraphUnit.block``) for the
structure around it: paragraphs are separated by a blank line, ``<br>`` is a newline,
list items get ``- `` markers, ordered ones too (nested lists indented two spaces a
level; an item number would read as a word to every index and scorer of the text),
the cells of a table row share one line joined by `` | ``, and a ``<pre>`` block keeps
its whitespace. Which units there are, and their classification, is not changed here.
"""

from unicodedata import combining, normalize

from cpython.unicode cimport (
    PyUnicode_1BYTE_KIND, PyUnicode_2BYTE_KIND, PyUnicode_DATA, PyUnicode_GET_LENGTH, PyUnicode_KIND,
)
from libc.stdint cimport uint16_t, uint64_t, uintptr_t
from libc.string cimport memcpy

from libc.stdlib cimport free, malloc

from turbohtml._core cimport Document, Node, next_node, wrap_node
from turbohtml._units cimport (
    UNIT_LIST_ITEM, Unit, Walk, kept_units, unit_text, units_of, walk_free, walk_start, walk_units,
)
from turbohtml._score cimport ClassMemo, HintMemo, is_hidden
from turbohtml._tags cimport is_invisible
from turbohtml._lexbor cimport *

from turbohtml._score import scored_winner
from turbohtml._units import paragraph_units

DEF INDENT = 2   # spaces per nested list level

# Characters that are their own NFC and that nothing before them composes with: every
# one below U+0300 (where the combining marks begin) and the punctuation and currency
# signs of English and most European text (dashes, quotes, bullets, the euro). Unicode's
# normalization tables list no such character as changing or combining (NFC_QC=No or
# Maybe), and its stability policy keeps it so; the import checks what unicodedata can.
cdef enum:
    STABLE_BELOW = 0x300
    DASHES = 0x2010         # to QUOTES_END: dashes, quotes, bullets, the ellipsis
    QUOTES_END = 0x2027
    MARKS = 0x2030          # to MARKS_END: per mille, primes, guillemets, ...
    MARKS_END = 0x205E
    CURRENCY = 0x20A0       # to CURRENCY_END: the euro and the other currency signs
    CURRENCY_END = 0x20C0


# _in_nfc reads a 2-byte string four characters (lanes) at a time
cdef uint64_t LANES = 0x0001000100010001
cdef uint64_t LANE_HIGHS = 0x8000800080008000


cdef inline bint _stable(unsigned int c) noexcept:
    return c < STABLE_BELOW or DASHES <= c <= QUOTES_END or MARKS <= c <= MARKS_END \
        or CURRENCY <= c <= CURRENCY_END


cdef bint _stable_checked = all(
    not combining(chr(c)) and normalize("NFC", chr(c)) == chr(c) for c in range(CURRENCY_END + 1) if _stable(c))


cdef bint _in_nfc(str text) noexcept:
    """Whether ``text`` is in NFC by the characters above alone (False: unicodedata must
    tell, as for most text beyond Latin), a few compares per character where unicodedata's
    quick check reads its database for each."""
    cdef unsigned int kind = PyUnicode_KIND(text)
    cdef const uint16_t *data
    cdef Py_ssize_t i, j, length
    cdef uint64_t word
    if not _stable_checked:
        return False
    if kind == PyUnicode_1BYTE_KIND:
        return True  # Latin-1: below U+0300
    if kind != PyUnicode_2BYTE_KIND:
        return False
    data = <const uint16_t *>PyUnicode_DATA(text)
    length = PyUnicode_GET_LENGTH(text)
    i = 0
    while i + 4 <= length:
        # four characters at once: each below STABLE_BELOW, most often, or looked at one by
        # one (a lane's high bit set after the addition: it is U+0300 or above)
        memcpy(&word, data + i, 8)
        if ((word & ~LANE_HIGHS) + LANES * (0x8000 - STABLE_BELOW) | word) & LANE_HIGHS:
            for j in range(i, i + 4):
                if not _stable(data[j]):
                    return False
        i += 4
    while i < length:
        if not _stable(data[i]):
            return False
        i += 1
    return True


cdef lxb_dom_node_t *_up_to(lxb_dom_node_t *c_node, uintptr_t tag, uintptr_t stop) noexcept nogil:
    """The nearest ancestor-or-self ``tag`` element, not looking past a ``stop`` one."""
    while c_node != NULL and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:
        if c_node.local_name == tag:
            return c_node
        if c_node.local_name == stop:
            return NULL
        c_node = c_node.parent
    return NULL


cdef void _around(lxb_dom_node_t *c_node, lxb_dom_node_t **pre, lxb_dom_node_t **cell,
                  lxb_dom_node_t **item) noexcept nogil:
    """The blocks around a unit's block, ancestor-or-self, in one climb: its ``<pre>`` and
    its ``<li>`` (not looking past ``<body>``), its table cell (not past ``<table>``);
    NULL where there is none."""
    cdef bint pre_done = False, cell_done = False, item_done = False
    cdef uintptr_t tag
    while c_node != NULL and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:
        tag = c_node.local_name
        if not pre_done and (tag == LXB_TAG_PRE or tag == LXB_TAG_BODY):
            pre[0] = c_node if tag == LXB_TAG_PRE else NULL
            pre_done = True
        if not item_done and (tag == LXB_TAG_LI or tag == LXB_TAG_BODY):
            item[0] = c_node if tag == LXB_TAG_LI else NULL
            item_done = True
        if not cell_done and (tag == LXB_TAG_TD or tag == LXB_TAG_TH or tag == LXB_TAG_TABLE):
            cell[0] = c_node if tag != LXB_TAG_TABLE else NULL
            cell_done = True
        if pre_done and item_done and cell_done:
            return
        c_node = c_node.parent


cdef int _list_depth(lxb_dom_node_t *c_item) noexcept nogil:
    """Lists around a list item, its own excluded."""
    cdef int depth = -1
    cdef lxb_dom_node_t *c_up = c_item.parent
    while c_up != NULL and c_up.type == LXB_DOM_NODE_TYPE_ELEMENT:
        if c_up.local_name == LXB_TAG_UL or c_up.local_name == LXB_TAG_OL or c_up.local_name == LXB_TAG_MENU:
            depth += 1
        c_up = c_up.parent
    return depth if depth > 0 else 0


cdef lxb_dom_node_t *_outer_list(lxb_dom_node_t *c_item) noexcept nogil:
    """The outermost list around a list item: items of different ones are different blocks."""
    cdef lxb_dom_node_t *c_list = c_item.parent
    cdef lxb_dom_node_t *c_up = c_item.parent
    while c_up != NULL and c_up.type == LXB_DOM_NODE_TYPE_ELEMENT:
        if c_up.local_name == LXB_TAG_UL or c_up.local_name == LXB_TAG_OL or c_up.local_name == LXB_TAG_MENU:
            c_list = c_up
        c_up = c_up.parent
    return c_list


def pre_text(Node pre, /) -> str:
    """A <pre> block's text with its whitespace: ``<br>`` a newline, non-breaking spaces
    as spaces, what a reader never sees (scripts, hidden elements) left out."""
    cdef lxb_dom_node_t *root = pre.c_node
    cdef lxb_dom_node_t *c_node = root
    cdef lxb_dom_character_data_t *c_text
    cdef bint closing = False
    cdef bytearray buffer = bytearray()
    while c_node != NULL:
        if not closing:
            if c_node.type == LXB_DOM_NODE_TYPE_TEXT:
                c_text = <lxb_dom_character_data_t *>c_node
                if c_text.data.length:
                    buffer += c_text.data.data[:c_text.data.length]
            elif c_node.type == LXB_DOM_NODE_TYPE_ELEMENT and c_node != root:
                if c_node.local_name == LXB_TAG_BR:
                    buffer += b"\n"
                elif is_invisible(c_node.local_name, c_node.ns) or is_hidden(c_node, 0):
                    closing = True  # skip the subtree
        c_node = next_node(root, c_node, &closing)
    return buffer.decode("utf-8", "replace").replace("\u00a0", " ").strip("\n")


cdef str _layout(Unit *units, size_t *order, size_t count, list texts, Document doc):
    """Join the units ``order`` names (their texts in ``texts``) as a reader expects (see
    the module docstring), in Unicode's composed form (NFC), so that equal words compare
    and tokenize equal."""
    cdef list parts = []
    cdef int previous_flags = 0, flags, depth
    cdef size_t i, index
    cdef lxb_dom_node_t *c_block
    cdef lxb_dom_node_t *c_item
    cdef lxb_dom_node_t *c_pre
    cdef lxb_dom_node_t *c_row
    cdef lxb_dom_node_t *c_cell
    cdef lxb_dom_node_t *previous_item = NULL
    cdef lxb_dom_node_t *previous_pre = NULL
    cdef lxb_dom_node_t *previous_row = NULL
    cdef lxb_dom_node_t *previous_cell = NULL
    cdef set items_seen = set()
    for i in range(count):
        index = order[i]
        text = texts[index]
        flags = units[index].flags
        c_block = units[index].block
        c_item = c_pre = c_row = c_cell = NULL
        if c_block != NULL:
            _around(c_block, &c_pre, &c_cell, &c_item)
            if c_cell != NULL:
                c_row = _up_to(c_cell, LXB_TAG_TR, LXB_TAG_TABLE)
        if c_pre != NULL:
            if c_pre == previous_pre:
                continue  # the whole <pre> is already written
            text = pre_text(wrap_node(doc, c_pre))
        if parts:
            if c_row != NULL and c_row == previous_row:
                parts.append(" " if c_cell == previous_cell else " | ")
            elif c_row != NULL and previous_row != NULL:
                parts.append("\n")  # the next row of a table
            elif c_item != NULL and previous_item != NULL:
                parts.append("\n" if _outer_list(c_item) == _outer_list(previous_item) else "\n\n")
            elif flags & previous_flags & UNIT_LIST_ITEM:
                parts.append("\n")  # <dt>/<dd>
            else:
                parts.append("\n\n")
        if c_item != NULL and c_pre == NULL:
            depth = _list_depth(c_item)
            if <uintptr_t>c_item not in items_seen:
                items_seen.add(<uintptr_t>c_item)
                marker = "- "  # an <ol>'s too: its numbers are Markdown's (render.py), not words
                indent = " " * (INDENT * depth)
                parts.append(indent + marker)
                text = text.replace("\n", "\n" + indent + " " * len(marker))
            else:  # a later paragraph of the same item
                indent = " " * (INDENT * (depth + 1))
                parts.append(indent)
                text = text.replace("\n", "\n" + indent)
        parts.append(text)
        previous_flags = flags
        previous_item = c_item
        previous_pre = c_pre
        previous_row = c_row
        previous_cell = c_cell
    text = "".join(parts)
    return text if _in_nfc(text) else normalize("NFC", text)


def layout(units) -> str:
    """Join paragraph units as a reader expects (``_layout``)."""
    cdef list items = list(units)
    cdef list texts = []
    cdef Unit *c_units = NULL
    cdef size_t *order = <size_t *>malloc(max(len(items), 1) * sizeof(size_t))
    cdef size_t i
    cdef Document doc = None
    if order == NULL:
        raise MemoryError()
    try:
        c_units = units_of(items, texts)  # (a TypeError for what is no paragraph unit)
        for unit in items:
            block = getattr(unit, "block", None)
            if block is not None:
                doc = (<Node>block)._owner()  # units_of checked it is a Node
                break
        for i in range(len(items)):
            order[i] = i
        return _layout(c_units, order, len(items), texts, doc)
    finally:
        free(order)
        free(c_units)


def article_text(Node winner, int mode, ClassMemo memo=None, /) -> str:
    """``layout(article_units(paragraph_units(winner, winner, mode), mode))``, the text of
    ``article()``, without a Python object per unit: the units stay C data, and only
    their texts become strings. ``memo``: the scoring's (``scored_article``), which
    holds every class value of the page already."""
    return _article_text(winner, mode, &memo.memo if memo is not None else NULL)


cdef str _article_text(Node winner, int mode, HintMemo *memo):
    cdef Walk walk
    cdef list texts
    cdef size_t *kept = NULL
    cdef size_t found, i
    walk_start(&walk)
    try:
        with nogil:
            walk_units(winner.c_node, winner.c_node, mode, &walk, memo)
        if walk.failed:
            raise MemoryError("out of memory while segmenting the page")
        texts = [unit_text(&walk, i) for i in range(walk.count)]
        kept = <size_t *>malloc(max(walk.count, 1) * sizeof(size_t))
        if kept == NULL:
            raise MemoryError()
        found = kept_units(walk.units, walk.count, texts, mode, kept)
        return _layout(walk.units, kept, found, texts, winner._owner())
    finally:
        free(kept)
        walk_free(&walk)


def main_text(Node node, /) -> str:
    """The visible text of ``node.main_content()``, or ``""`` when nothing scores."""
    winner, mode = scored_winner(node)
    if winner is None:
        return ""
    return layout(paragraph_units(winner, winner, mode))


def to_text(Node node, /) -> str:
    """All the visible text below ``node``, laid out like main_text()."""
    return layout(paragraph_units(node, node, 0))
