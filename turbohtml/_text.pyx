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
    PyUnicode_1BYTE_KIND, PyUnicode_4BYTE_KIND, PyUnicode_DATA, PyUnicode_GET_LENGTH, PyUnicode_KIND,
)
from libc.stdint cimport uint16_t, uint32_t, uintptr_t

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

# Characters that are their own NFC and that nothing before them composes with (Unicode's
# NFC_QC=Yes, combining class 0: the quick check passes a string of them as it is): every
# one below U+0300, where the combining marks begin, and the letters, punctuation and
# symbols of the blocks below, first and last of each run. Each run leaves out its
# block's combining marks and singletons (U+0374, U+0387, U+2000, U+2126, U+2329, the CJK
# compatibility ideographs U+F900-U+FAFF: NFC replaces them) and the letters that compose
# with the one before them (Hangul's vowel and final jamo after a syllable, Indic vowel
# signs): a text holding one goes to unicodedata. Hangul syllables are in: a trailing
# jamo after one composes, and the jamo itself is not. Unicode's stability policy keeps
# these properties; the import checks what unicodedata can, tests/test_page_types.py the
# rest (no character of a run is the second of any canonical decomposition).
NFC_STABLE = (
    (0x0000, 0x02FF),   # Latin, with its extensions and spacing modifiers
    (0x0384, 0x0386), (0x0388, 0x03FF),  # Greek (U+0387 is a singleton)
    (0x0400, 0x0482), (0x048A, 0x052F),  # Cyrillic (U+0483-U+0489 are combining)
    (0x05D0, 0x05EA),   # Hebrew letters
    (0x0620, 0x064A), (0x0660, 0x066F), (0x0671, 0x06D5),  # Arabic letters and digits
    (0x1E00, 0x1EFF),   # Latin Extended Additional (Vietnamese)
    (0x2002, 0x20C0),   # spaces, dashes, quotes, bullets, the ellipsis, primes, currency signs
    (0x2190, 0x2328), (0x232B, 0x27BF),  # arrows, operators, shapes, symbols, dingbats
    (0x3000, 0x3029), (0x3030, 0x303F),  # CJK punctuation (U+302A-U+302F are combining)
    (0x3041, 0x3096), (0x309B, 0x30FF),  # kana (U+3099/U+309A compose with the kana before)
    (0x3400, 0x4DBF), (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0x2B00, 0x2BFF),   # more arrows and symbols
    (0xAC00, 0xD7A3),   # Hangul syllables
    (0xFE00, 0xFE0F),   # variation selectors (an emoji's presentation)
    (0xFF01, 0xFFEE),   # fullwidth and halfwidth forms
    (0x1F000, 0x1FAFF),  # emoji, pictographs and their skin-tone modifiers
)

cdef enum:
    STABLE_END = 0x20000  # NFC_STABLE lies in the first two planes
# one bit per character below STABLE_END: whether it is NFC_STABLE
cdef unsigned char _stable_bits[STABLE_END >> 3]


cdef bint _load_stable() except *:
    """Fill _stable_bits; whether unicodedata agrees that every character of NFC_STABLE is
    a starter (combining class 0) that NFC leaves alone (False: every text goes to it)."""
    cdef unsigned int c, first, last
    cdef size_t n = 0
    cdef bytearray utf32 = bytearray(4 * sum(last - first + 1 for first, last in NFC_STABLE))
    cdef unsigned char *out = utf32
    for first, last in NFC_STABLE:
        if last >= STABLE_END:
            raise ImportError("NFC_STABLE reaches past STABLE_END")
        for c in range(first, last + 1):
            _stable_bits[c >> 3] |= 1 << (c & 7)
            out[n] = c & 0xFF
            out[n + 1] = (c >> 8) & 0xFF
            out[n + 2] = c >> 16
            out[n + 3] = 0
            n += 4
    text = utf32.decode("utf-32-le")
    return normalize("NFC", text) == text and not any(map(combining, text))


cdef bint _stable_checked = _load_stable()


cdef inline bint _stable(unsigned int c) noexcept:
    return c < STABLE_END and (_stable_bits[c >> 3] >> (c & 7)) & 1


# _in_nfc passes by the characters of a 2-byte string below STABLE_BELOW (NFC_STABLE's
# first run: Latin, most of a text past Latin-1) a block at a time: eight with SSE2
# (every x86-64 processor has it), else four in a 64-bit word
cdef enum:
    STABLE_BELOW = 0x300

cdef extern from *:
    """
    /* The characters of the whole blocks a 2-byte string starts with that are all below
       0x300, up to length: the block holding another is left to the caller. */
    #if defined(__SSE2__)
    #include <emmintrin.h>
    static size_t turbohtml_stable_blocks(const uint16_t *data, size_t length) {
        const __m128i top = _mm_set1_epi16(0x2FF), zero = _mm_setzero_si128();
        size_t i = 0;
        for (; i + 8 <= length; i += 8) {
            /* a saturating subtraction is 0 where the character is at most 0x2FF */
            __m128i over = _mm_subs_epu16(_mm_loadu_si128((const __m128i *)(data + i)), top);
            if (_mm_movemask_epi8(_mm_cmpeq_epi16(over, zero)) != 0xFFFF)
                break;
        }
        return i;
    }
    #else
    #include <string.h>
    static size_t turbohtml_stable_blocks(const uint16_t *data, size_t length) {
        /* four lanes: a lane's high bit is set after the addition when it is 0x300 or more */
        const uint64_t lanes = 0x0001000100010001ULL, highs = 0x8000800080008000ULL;
        uint64_t word;
        size_t i = 0;
        for (; i + 4 <= length; i += 4) {
            memcpy(&word, data + i, 8);
            if ((((word & ~highs) + lanes * (0x8000 - 0x300)) | word) & highs)
                break;
        }
        return i;
    }
    #endif
    """
    size_t stable_blocks "turbohtml_stable_blocks"(const uint16_t *data, size_t length) noexcept nogil


cdef bint _in_nfc(str text) noexcept:
    """Whether ``text`` is in NFC by the characters above alone (False: unicodedata must
    tell, as for text of the scripts not listed), a bit test per character where
    unicodedata's quick check reads its database for each."""
    cdef unsigned int kind = PyUnicode_KIND(text)
    cdef const uint16_t *data
    cdef const uint32_t *wide
    cdef size_t i, length = PyUnicode_GET_LENGTH(text)
    if not _stable_checked:
        return False
    if kind == PyUnicode_1BYTE_KIND:
        return True  # Latin-1: below U+0300
    if kind == PyUnicode_4BYTE_KIND:  # a character beyond the first plane: an emoji, most often
        wide = <const uint32_t *>PyUnicode_DATA(text)
        for i in range(length):
            if wide[i] >= STABLE_BELOW and not _stable(wide[i]):
                return False
        return True
    data = <const uint16_t *>PyUnicode_DATA(text)
    i = stable_blocks(data, length)
    while i < length:
        if not _stable(data[i]):
            return False
        i += 1
        if i % 8 == 0:  # past a block holding a character above: the next blocks at once
            i += stable_blocks(data + i, length - i)
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
