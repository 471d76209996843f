"""One C pass over a document for the metadata article() reports.

The walk records, without building Python objects, the first node of each source the
spec lists: the first <h1>, a rel="author" link, the first <time>, <html lang>, and the
first <meta> of every known name. Strings are built afterwards for the winners only.
An <h1> or <time> in page chrome (nav, aside, footer, a site <header> outside any
<article>/<main>) is passed over: there it is a logo or today's date.
"""

from turbohtml._core cimport (
    Document, Node, ReadAhead, attr_id, attr_value, decode_text, element_attr, next_node, read_ahead,
    read_ahead_start, wrap_node,
)
from turbohtml._lexbor cimport *
from cpython.mem cimport PyMem_RawFree, PyMem_RawMalloc
from libc.stdint cimport UINTPTR_MAX, uint32_t, uint64_t
from libc.string cimport memchr, memcmp, memcpy, memset

from turbohtml._ascii cimport (
    ascii_lower, equals_lower, has_token, leading_spaces, memo_holds, memo_slot, next_token, starts_lower,
)
from turbohtml._features cimport FeatureWalk, features_event, features_kind, features_start
from turbohtml._tags cimport is_invisible

from html import unescape
from html.entities import html5 as _HTML5

from turbohtml import _metadata_names as names
from turbohtml._features import PAGE_KINDS_NAMES

cdef enum:
    NAME_BUFFER = 64
    NAME_LENGTHS = 64  # a metadata name is shorter (the names by length)

cdef list _meta_names = list(dict.fromkeys(
    names.TITLE + names.AUTHOR + names.DATE + names.DESCRIPTION + names.SITE_NAME + names.IMAGE + names.KEYWORDS))
if len(_meta_names) > MAX_NAMES:
    raise ImportError("too many metadata names")
cdef list _encoded = [name.encode("ascii") for name in _meta_names]
cdef const char *_name_data[MAX_NAMES]
cdef size_t _name_count = len(_encoded)
for _i, _name in enumerate(_encoded):
    _name_data[_i] = <const char *>_name
# the names by length (a value is compared with the names of its length only):
# _by_length[_length_start[n]:_length_start[n + 1]] are the indexes of the names of n bytes
cdef size_t _longest_name = max(len(name) for name in _encoded)
if _longest_name >= NAME_LENGTHS:
    raise ImportError("a metadata name is too long")
cdef size_t _by_length[MAX_NAMES]
cdef size_t _length_start[NAME_LENGTHS + 1]
_order = sorted(range(_name_count), key=lambda k: len(_encoded[k]))
for _i, _k in enumerate(_order):
    _by_length[_i] = _k
for _i in range(NAME_LENGTHS + 1):
    _length_start[_i] = sum(1 for name in _encoded if len(name) < _i)
cdef dict _name_index = {name: i for i, name in enumerate(_meta_names)}


cdef void _meta_attr_ids(lxb_dom_node_t *c_node, uintptr_t *ids) noexcept nogil:
    """The ids of a <meta>'s ``content``, ``property``, ``name`` and ``itemprop`` in
    ``c_node``'s document (for attr_value(): four name lookups per walk, not per <meta>)."""
    ids[0] = attr_id(c_node, "content", 7)
    ids[1] = attr_id(c_node, "property", 8)
    ids[2] = attr_id(c_node, "name", 4)
    ids[3] = attr_id(c_node, "itemprop", 8)


cdef void _match_meta(lxb_dom_node_t *c_node, HarvestWalk *walk) noexcept nogil:
    """Keep a <meta> with content as the first of every known name its property, name or
    itemprop gives (and every article:tag); the attributes are found by their ids in the
    document, looked up once."""
    cdef Found *found = &walk.found
    cdef size_t length = 0, k, i
    cdef const lxb_char_t *value
    cdef int j
    if not walk.meta_keys_read:
        _meta_attr_ids(c_node, walk.meta_keys)
        walk.meta_keys_read = True
    if attr_value(c_node, walk.meta_keys[0], &length) == NULL:
        return
    for j in range(1, 4):
        value = attr_value(c_node, walk.meta_keys[j], &length)
        if value == NULL:
            continue
        if found.tag_count < MAX_TAGS and equals_lower(value, length, "article:tag"):
            found.tags[found.tag_count] = c_node
            found.tag_count += 1
        if length > _longest_name:
            continue
        for i in range(_length_start[length], _length_start[length + 1]):
            k = _by_length[i]
            if found.metas[k] == NULL and equals_lower(value, length, _name_data[k]):
                found.metas[k] = c_node


cdef bint _is_page_chrome(lxb_dom_node_t *c_node, size_t articles_open) noexcept nogil:
    """Site navigation, asides and footers, and a <header> outside any <article>/<main>:
    an <h1> or <time> there is the site's logo or today's date, not the article's."""
    cdef uintptr_t tag = c_node.local_name
    if tag == LXB_TAG_NAV or tag == LXB_TAG_ASIDE or tag == LXB_TAG_FOOTER:
        return True
    return tag == LXB_TAG_HEADER and articles_open == 0


cdef inline void _start(Region *region) noexcept nogil:
    region.chrome = region.header = NULL
    region.articles_open = 0


cdef inline bint _opaque(uintptr_t tag) noexcept nogil:
    """Elements whose content is no page text: nothing to read inside."""
    return tag == LXB_TAG_SCRIPT or tag == LXB_TAG_STYLE or tag == LXB_TAG_TEMPLATE


cdef inline void _enter(Region *region, lxb_dom_node_t *c_node, uintptr_t tag) noexcept nogil:
    if tag == LXB_TAG_ARTICLE or tag == LXB_TAG_MAIN:
        region.articles_open += 1
    elif region.chrome == NULL and region.header == NULL and _is_page_chrome(c_node, region.articles_open):
        if tag == LXB_TAG_HEADER:
            region.header = c_node
        else:
            region.chrome = c_node


cdef inline void _leave(Region *region, lxb_dom_node_t *c_node, uintptr_t tag) noexcept nogil:
    if c_node == region.chrome:
        region.chrome = NULL
    elif c_node == region.header:
        region.header = NULL
    if (tag == LXB_TAG_ARTICLE or tag == LXB_TAG_MAIN) and region.articles_open:
        region.articles_open -= 1


cdef void harvest_start(HarvestWalk *walk) noexcept nogil:
    """Ready ``walk`` for a document: nothing found yet."""
    cdef size_t k
    cdef Found *found = &walk.found
    found.h1 = found.author_link = found.time = found.canonical = NULL
    found.tag_count = 0
    for k in range(MAX_NAMES):
        found.metas[k] = NULL
    _start(&walk.region)
    walk.meta_keys_read = False


cdef bint harvest_element(HarvestWalk *walk, lxb_dom_node_t *c_node, bint closing) noexcept nogil:
    """harvest_step's work on an element of a tag it reads (harvest_tags): True on the
    opening of one with nothing to read inside (``_opaque``)."""
    cdef Found *found = &walk.found
    cdef Region *region = &walk.region
    cdef bint chrome
    cdef uintptr_t tag
    cdef size_t length = 0
    cdef const lxb_char_t *value
    if c_node.type == LXB_DOM_NODE_TYPE_ELEMENT and c_node.ns == LXB_NS_HTML:
        tag = c_node.local_name
        if closing:
            _leave(region, c_node, tag)
        elif _opaque(tag):
            return True
        else:
            _enter(region, c_node, tag)
            chrome = region.chrome != NULL or region.header != NULL
            if tag == LXB_TAG_META:
                _match_meta(c_node, walk)
            elif tag == LXB_TAG_H1:
                if found.h1 == NULL and not chrome:
                    found.h1 = c_node
            elif tag == LXB_TAG_TIME:
                if found.time == NULL and not chrome:
                    found.time = c_node
            # rel and href have static attribute ids: no name lookup on every link
            elif tag == LXB_TAG_A and found.author_link == NULL:
                value = attr_value(c_node, LXB_DOM_ATTR_REL, &length)
                if value != NULL and has_token(value, length, "author"):
                    found.author_link = c_node
            elif tag == LXB_TAG_LINK and found.canonical == NULL:
                value = attr_value(c_node, LXB_DOM_ATTR_REL, &length)
                if value != NULL and has_token(value, length, "canonical") \
                        and attr_value(c_node, LXB_DOM_ATTR_HREF, &length) != NULL:
                    found.canonical = c_node
    return False


cdef void _harvest(lxb_dom_node_t *root, HarvestWalk *walk) noexcept nogil:
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False
    harvest_start(walk)
    while c_node != NULL:
        if harvest_step(walk, c_node, closing):
            closing = True
        c_node = next_node(root, c_node, &closing)


cdef str _fold(str text):
    return " ".join(text.split()) if text else ""


cdef bint _folded(const lxb_char_t *value, size_t length) noexcept nogil:
    """Whether ``_fold`` would leave the value as it is: printable ASCII, single spaces
    between words (a non-ASCII byte may start a space ``str.split`` knows: no shortcut)."""
    cdef size_t i
    if length and (value[0] == 32 or value[length - 1] == 32):
        return False
    for i in range(length):
        if value[i] < 32 or value[i] >= 127 or (value[i] == 32 and value[i + 1] == 32):
            return False
    return True


cdef str _attr(lxb_dom_node_t *c_node, const char *name, size_t n):
    """An attribute's value, whitespace-folded ("" when absent)."""
    cdef size_t length = 0
    cdef const lxb_char_t *value = element_attr(c_node, name, n, &length)
    return _folded_value(value, length)


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
    """title, byline, date, description, lang, canonical, site_name, tags and image of
    the page ``node`` belongs to, as declared (the canonical href as written)."""
    cdef Document doc = node._owner()
    cdef HarvestWalk walk
    with nogil:
        _harvest(<lxb_dom_node_t *>doc.c_doc, &walk)
    return harvested(doc, &walk)


cdef dict harvested(Document doc, HarvestWalk *walk):
    """The metadata dict of a finished walk over ``doc`` (see harvest_metadata)."""
    cdef Found *found = &walk.found
    cdef size_t k
    cdef lxb_dom_node_t *c_root
    title = _fold(_shown_text(doc, found.h1)) if found.h1 != NULL else ""
    title = title or _first_meta(found, names.TITLE) or doc.title
    byline = _fold(wrap_node(doc, found.author_link).text) if found.author_link != NULL else ""
    byline = byline or _first_meta(found, names.AUTHOR, skip_urls=True)
    date = None
    if found.time != NULL:
        date = _attr(found.time, "datetime", 8) or _fold(wrap_node(doc, found.time).text) or None
    date = date or _first_meta(found, names.DATE)
    description = _first_meta(found, names.DESCRIPTION)
    c_root = <lxb_dom_node_t *>lxb_dom_document_element(<lxb_dom_document_t *>doc.c_doc)
    lang = _attr(c_root, "lang", 4) if c_root != NULL else ""  # (no Element object for it)
    canonical = _attr(found.canonical, "href", 4) if found.canonical != NULL else ""
    tags = [_attr(found.tags[k], "content", 7) for k in range(found.tag_count)]
    if not tags:
        tags = (_first_meta(found, names.KEYWORDS) or "").split(",")
    return {
        "title": title or None,
        "byline": byline or None,
        "date": date,
        "description": description,
        "lang": lang or None,
        "canonical": canonical or None,
        "site_name": _first_meta(found, names.SITE_NAME),
        "tags": tuple(dict.fromkeys(tag for tag in (_fold(t) for t in tags) if tag)),
        "image": _first_meta(found, names.IMAGE),
    }


# ---------------------------------------------------------------- metadata() sources
#
# gather_sources() is the walk behind turbohtml.extract.metadata: one pass that keeps
# every source metadata() weighs, as node pointers (strings are built afterwards, for
# those nodes only), and counts the page-type features on the way (_features'
# features_step), so metadata() walks the tree once. The word lists come from the
# caller, so the data stays in turbohtml.extract's data module.

cdef enum:
    MAX_METAS = 256        # a page declares a few dozen; the rest of a hostile page is ignored
    MAX_SPOTS = 128        # headings, byline and date candidates kept, in document order
    MAX_WORDS = 16
    MAX_STAMPS = 64        # short texts with digits, outside chrome and comments, near the first title
    STAMP_RING = 8         # stamps kept from just before the first title
    MAX_STAMP_BYTES = 80
    MAX_SCRIPTS = 64       # JSON-LD scripts kept; a page with more is read by json_ld()
    QUAD_BITS = 12         # the class/id words' first-four-bytes filter: 2 ** QUAD_BITS bits,
    QUAD_WORDS = 64        # in this many 64-bit words
    PAIR_WORDS = 1024      # the class/id words' pairs filter (_pair): 2 ** 16 bits in 64-bit words
    MARK_SLOTS = 256       # the class/id values' memo (_ascii.memo_slot): a power of two

# Spot kinds and flags (bit flags; the module-level names below export them).
cdef enum:
    _H1 = 1
    _HEADLINE = 2          # an element with itemprop="headline"
    _REL_AUTHOR = 4        # <a rel~=author>
    _ITEMPROP_AUTHOR = 8   # an element with itemprop="author" (or "creator")
    _BYLINE_CLASS = 16     # class/id holding a byline word
    _ADDRESS = 32          # <address>
    _BY_PREFIX = 64        # an element whose first text reads "By ..."
    _IN_CHROME = 128       # inside nav/aside/footer
    _IN_COMMENTS = 256     # inside a block whose class/id names comments
    _IN_ARTICLE = 512      # inside <article> or <main>
    _DATE = 1024           # <time>, itemprop="date...", or class/id holding a date word
    _IN_HEADER = 4096      # inside a <header> outside any <article>/<main> (a site's or a title's)
    _IN_POST_ASIDE = 8192  # inside an <aside> within <article>/<main> (a post's meta column; also _IN_CHROME)
    _PUBLISHED = 16384     # an element whose text opens with a publication label ("Published: ...")
    _ITEMPROP_PUBLISHED = 32768  # an element with itemprop="datePublished"

H1, HEADLINE, REL_AUTHOR, ITEMPROP_AUTHOR = _H1, _HEADLINE, _REL_AUTHOR, _ITEMPROP_AUTHOR
BYLINE_CLASS, ADDRESS, BY_PREFIX = _BYLINE_CLASS, _ADDRESS, _BY_PREFIX
IN_CHROME, IN_COMMENTS, IN_ARTICLE, DATE = _IN_CHROME, _IN_COMMENTS, _IN_ARTICLE, _DATE
IN_HEADER, IN_POST_ASIDE, PUBLISHED, ITEMPROP_PUBLISHED = _IN_HEADER, _IN_POST_ASIDE, _PUBLISHED, _ITEMPROP_PUBLISHED


ctypedef struct Spot:
    lxb_dom_node_t *node
    size_t ordinal         # elements opened before it: distance between spots
    int kind


ctypedef struct Words:
    const char *data[MAX_WORDS]
    size_t length[MAX_WORDS]
    uint32_t quads[MAX_WORDS]  # a class/id word's first four bytes, each ``| 0x20`` (_lowered_quad)
    size_t count


ctypedef struct WordTables:
    Words byline_words
    Words byline_exceptions          # words a byline word opens that name no byline ("authorization")
    Words comment_words
    Words date_words
    Words by_prefixes
    Words published_labels
    unsigned char first_bytes[256]   # _MARK_PREFIX/_MARK_LABEL bits of the lists with a word starting with that byte
    uint64_t first_quads[QUAD_WORDS]  # bit _quad_bit(w): a class/id word opens with the lowered quad w
    uint64_t pairs[PAIR_WORDS]        # bit _pair(w): a class/id word has the two bytes w at its offset 0 or 1


ctypedef struct Sources:
    lxb_dom_node_t *metas[MAX_METAS]
    size_t meta_count
    lxb_dom_node_t *canonical
    lxb_dom_node_t *base
    Spot spots[MAX_SPOTS]
    size_t spot_count
    Spot stamps[MAX_STAMPS]
    size_t stamp_count
    const WordTables *words          # the word lists and their filters (SourceWords, built once)
    # the marks of the class and id values met: a value is scanned once per walk (half the
    # values of a page repeat an earlier one: list items, cards, menu entries)
    const lxb_char_t *memo_values[MARK_SLOTS]
    size_t memo_lengths[MARK_SLOTS]  # 0: an empty slot
    unsigned char memo_marks[MARK_SLOTS]
    size_t stamp_after               # stamps are kept up to this many elements after the first title
    lxb_dom_node_t *scripts[MAX_SCRIPTS]  # the scripts whose type names ld+json, in order
    size_t script_count              # how many there are (may pass MAX_SCRIPTS)
    FeatureWalk features             # the page-type counters, gathered on the same walk


cdef bint _contains_lower(const lxb_char_t *data, size_t length, const char *word, size_t n) noexcept nogil:
    """ASCII case-insensitive substring test (``word`` lower-case, ``n`` bytes)."""
    cdef size_t i
    if n == 0 or n > length:
        return False
    for i in range(length - n + 1):
        if starts_lower(data + i, word, n):
            return True
    return False


cdef enum:
    _MARK_BYLINE = 1
    _MARK_COMMENT = 2
    _MARK_DATE = 4
    _MARK_PREFIX = 8       # a byline prefix starts with that byte (text nodes)
    _MARK_LABEL = 16       # a publication label starts with that byte (text nodes)


cdef int _words_at(const lxb_char_t *data, size_t left, const Words *words, uint32_t quad) noexcept nogil:
    """Whether a class/id word of ``words`` opens at ``data`` (any case); ``quad`` is
    ``_lowered_quad(data)``: a word whose own differs cannot (``| 0x20`` maps a byte and
    its other case to one value), so most words cost one compare."""
    cdef size_t k
    for k in range(words.count):
        if words.quads[k] == quad and words.length[k] <= left and starts_lower(data, words.data[k], words.length[k]):
            return 1
    return 0


cdef inline uint32_t _lowered_quad(const lxb_char_t *data) noexcept nogil:
    """The four bytes at ``data`` with ``| 0x20`` on each: an ASCII letter lower-cased
    without a test, the words' other bytes ("-", digits) as they are. Equal for a word
    and the same bytes in any case (other bytes may meet it too: the words are tested
    afterwards)."""
    cdef uint32_t quad
    memcpy(&quad, data, 4)
    return quad | 0x20202020


cdef inline uint32_t _quad_bit(uint32_t lowered) noexcept nogil:
    """The ``first_quads`` bit of a lowered quad (a filter: two quads may share one): the
    multiply spreads its bits over the top ``QUAD_BITS``."""
    return (lowered * <uint32_t>0x9E3779B1) >> (32 - QUAD_BITS)


cdef inline uint32_t _pair(const lxb_char_t *data) noexcept nogil:
    """The ``pairs`` bit of the two bytes at ``data``, any case (``| 0x20`` as in ``_lowered_quad``)."""
    return (data[0] | 0x20) | (<uint32_t>(data[1] | 0x20) << 8)


cdef int _value_marks(const lxb_char_t *value, size_t length, Sources *found) noexcept nogil:
    """Which word lists a class or id value holds (substring, any case), as ``_MARK_*``
    bits, scanned once per value (``found``'s memo). A word of four bytes or more at
    ``i`` holds the pair of bytes at the even one of ``i`` and ``i + 1`` (its offset 0 or
    1): the pairs at even positions are tested first (one bit test per two bytes), and
    only around a pair some word holds are the two starts tried, each when a word of
    some list opens with its four bytes (a filter on single bytes or pairs at every
    position passes most positions of "content", "col-md-4")."""
    cdef size_t i, j = 0, slot
    cdef uint32_t bit, quad
    cdef int marks = 0
    if length < 4:
        return 0  # every class/id word has four bytes or more
    slot = memo_slot(value, length, MARK_SLOTS)
    if memo_holds(found.memo_values[slot], found.memo_lengths[slot], value, length):
        return found.memo_marks[slot]
    while j + 1 < length:
        bit = _pair(value + j)
        if (found.words.pairs[bit >> 6] >> (bit & 63)) & 1:
            for i in range(j - 1 if j else 0, j + 1):  # the starts whose offset 0 or 1 is j
                if i + 4 > length:
                    break
                quad = _lowered_quad(value + i)
                bit = _quad_bit(quad)
                if not (found.words.first_quads[bit >> 6] >> (bit & 63)) & 1:
                    continue
                if (not marks & _MARK_BYLINE and _words_at(value + i, length - i, &found.words.byline_words, quad)
                        and not _words_at(value + i, length - i, &found.words.byline_exceptions, quad)):
                    marks |= _MARK_BYLINE
                if not marks & _MARK_COMMENT and _words_at(value + i, length - i, &found.words.comment_words, quad):
                    marks |= _MARK_COMMENT
                if not marks & _MARK_DATE and _words_at(value + i, length - i, &found.words.date_words, quad):
                    marks |= _MARK_DATE
        j += 2
    found.memo_values[slot] = value
    found.memo_lengths[slot] = length
    found.memo_marks[slot] = <unsigned char>marks
    return marks


cdef int _marks(lxb_dom_node_t *c_node, Sources *found) noexcept nogil:
    """Which word lists the element's class or id holds, as ``_MARK_*`` bits."""
    cdef lxb_dom_attr_t *c_attr
    cdef int j, marks = 0
    for j in range(2):
        # the element's own class and id pointers: no attribute lookup by name per element
        c_attr = (<lxb_dom_element_t *>c_node).attr_class if j == 0 else (<lxb_dom_element_t *>c_node).attr_id
        if c_attr != NULL and c_attr.value != NULL and c_attr.value.data != NULL:
            marks |= _value_marks(c_attr.value.data, c_attr.value.length, found)
    return marks


cdef inline size_t _text_start(lxb_dom_node_t *c_node, const lxb_char_t **data, size_t *length) noexcept nogil:
    """A text node's bytes and length, and where they start after leading spaces
    (``length`` for a text of spaces alone). Most text nodes of a page are the
    indentation between tags: sixteen bytes a step (leading_spaces), the rest one at a time."""
    cdef lxb_dom_character_data_t *c_text = <lxb_dom_character_data_t *>c_node
    cdef size_t n = c_text.data.length
    cdef const lxb_char_t *text = c_text.data.data
    cdef size_t i = leading_spaces(text, n)
    data[0] = text
    length[0] = n
    while i < n and text[i] <= 32:
        i += 1
    return i


cdef bint _reads_by(lxb_dom_node_t *c_node, const Words *prefixes) noexcept nogil:
    """Whether a text node starts (after spaces) with a byline prefix such as "By ", or is
    a two-word credit line alone (``<span>Written by</span><a>Jane Doe</a>``: the name
    follows; a lone "BY" is as often SQL in a code block)."""
    cdef const lxb_char_t *data
    cdef size_t length, k, n
    cdef size_t i = _text_start(c_node, &data, &length)
    for k in range(prefixes.count):
        n = prefixes.length[k]
        if i + n > length or not starts_lower(data + i, prefixes.data[k], n):
            continue
        if i + n < length and data[i + n] <= 32:
            return True
        if i + n == length and memchr(prefixes.data[k], 32, n) != NULL:
            return True
    return False


cdef bint _reads_label(lxb_dom_node_t *c_node, const Words *labels) noexcept nogil:
    """Whether a text node opens (after spaces) with one of ``labels`` as a whole word
    ("Published: May 2", "Published" alone; not "Publishers")."""
    cdef const lxb_char_t *data
    cdef size_t length, k, n
    cdef size_t i = _text_start(c_node, &data, &length)
    cdef lxb_char_t after
    for k in range(labels.count):
        n = labels.length[k]
        if i + n > length or not starts_lower(data + i, labels.data[k], n):
            continue
        if i + n == length:
            return True
        after = ascii_lower(data[i + n])
        if not (97 <= after <= 122 or after >= 128):
            return True
    return False


cdef int _text_marks(lxb_dom_node_t *c_node, Sources *found) noexcept nogil:
    """The ``_MARK_PREFIX``/``_MARK_LABEL`` bits of a text node's first non-space byte
    (``-1`` for a text of spaces alone): most texts start with no prefix's letter."""
    cdef const lxb_char_t *data
    cdef size_t length
    cdef size_t i = _text_start(c_node, &data, &length)
    if i == length:
        return -1
    return found.words.first_bytes[ascii_lower(data[i])] & (_MARK_PREFIX | _MARK_LABEL)


cdef bint _looks_like_stamp(lxb_dom_node_t *c_node) noexcept nogil:
    """A short text holding at least four digits: a date stamp candidate."""
    cdef lxb_dom_character_data_t *c_text = <lxb_dom_character_data_t *>c_node
    cdef const lxb_char_t *data = c_text.data.data
    cdef size_t length = c_text.data.length, i, digits = 0
    if length > MAX_STAMP_BYTES * 2:
        return False
    for i in range(length):
        if 48 <= data[i] <= 57:
            digits += 1
            if digits == 4:
                return True
    return False


cdef void _add_spot(Sources *found, lxb_dom_node_t *c_node, size_t ordinal, int kind) noexcept nogil:
    if found.spot_count and found.spots[found.spot_count - 1].node == c_node:
        found.spots[found.spot_count - 1].kind |= kind
    elif found.spot_count < MAX_SPOTS:
        found.spots[found.spot_count].node = c_node
        found.spots[found.spot_count].ordinal = ordinal
        found.spots[found.spot_count].kind = kind
        found.spot_count += 1


cdef void _keep_ring(Sources *found, Spot *ring, size_t ring_count) noexcept nogil:
    """Move the stamps seen just before the title into the kept stamps, oldest first."""
    cdef size_t k, start = ring_count - STAMP_RING if ring_count > STAMP_RING else 0
    for k in range(start, ring_count):
        if found.stamp_count < MAX_STAMPS:
            found.stamps[found.stamp_count] = ring[k % STAMP_RING]
            found.stamp_count += 1


cdef void _gather(lxb_dom_node_t *root, Sources *found, bint count_features) noexcept nogil:
    """Fill ``found`` from one walk of the page, counting the page-type features on the
    way when ``count_features`` (the document does not know its kind yet)."""
    cdef lxb_dom_node_t *c_node = root
    cdef Region region
    cdef lxb_dom_node_t *comments = NULL    # the comment block we are inside, if any
    cdef bint closing = False
    cdef uintptr_t tag
    cdef size_t length = 0, ordinal = 0
    cdef const lxb_char_t *value
    cdef int kind, context, marks
    cdef size_t title = 0                   # ordinal of the first heading outside chrome (0: none yet)
    cdef Spot ring[STAMP_RING]              # the last stamps before it
    cdef size_t ring_count = 0
    cdef uintptr_t itemprop = attr_id(root, "itemprop", 8)  # one name lookup per walk
    cdef lxb_dom_node_t *unfeatured = NULL  # a subtree the page-type counters skip
    cdef lxb_dom_node_t *post_aside = NULL  # the <aside> inside an <article>/<main> we are inside, if any
    cdef bint readable
    cdef ReadAhead nodes                    # the node arena, read ahead of the walk (_core.read_ahead)
    _start(&region)
    read_ahead_start(&nodes)
    if count_features:
        features_start(&found.features, root)
    else:
        unfeatured = root  # no event reaches the counters
    while c_node != NULL:
        if not closing:
            read_ahead(&nodes, c_node)
        if unfeatured == NULL:
            if features_event(&found.features, c_node, closing):
                unfeatured = c_node
        elif closing and c_node == unfeatured:
            unfeatured = NULL
        if not closing and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT and c_node.local_name == LXB_TAG_SCRIPT:
            value = attr_value(c_node, LXB_DOM_ATTR_TYPE, &length)  # any namespace, as json_ld() reads
            if value != NULL and _contains_lower(value, length, "ld+json", 7):
                if found.script_count < MAX_SCRIPTS:
                    found.scripts[found.script_count] = c_node
                found.script_count += 1
        if c_node.type == LXB_DOM_NODE_TYPE_ELEMENT and c_node.ns == LXB_NS_HTML:
            tag = c_node.local_name
            if closing:
                _leave(&region, c_node, tag)
                if c_node == comments:
                    comments = NULL
                elif c_node == post_aside:
                    post_aside = NULL
                c_node = next_node(root, c_node, &closing)
                continue
            if _opaque(tag):
                if c_node == unfeatured:
                    unfeatured = NULL  # skipped here too: its closing never comes
                closing = True
                c_node = next_node(root, c_node, &closing)
                continue
            ordinal += 1
            _enter(&region, c_node, tag)
            if region.chrome == c_node and tag == LXB_TAG_ASIDE and region.articles_open:
                post_aside = c_node
            context = ((_IN_CHROME if region.chrome != NULL else 0) | (_IN_HEADER if region.header != NULL else 0)
                       | (_IN_ARTICLE if region.articles_open else 0) | (_IN_POST_ASIDE if post_aside != NULL else 0))
            marks = _marks(c_node, found) if tag != LXB_TAG_BODY and tag != LXB_TAG_HTML else 0
            if comments == NULL and marks & _MARK_COMMENT:
                comments = c_node
            if comments != NULL:
                context |= _IN_COMMENTS
            if tag == LXB_TAG_META:
                if found.meta_count < MAX_METAS and attr_value(c_node, LXB_DOM_ATTR_CONTENT, &length) != NULL:
                    found.metas[found.meta_count] = c_node
                    found.meta_count += 1
            elif tag == LXB_TAG_LINK:
                value = attr_value(c_node, LXB_DOM_ATTR_REL, &length)
                if found.canonical == NULL and value != NULL and has_token(value, length, "canonical") \
                        and attr_value(c_node, LXB_DOM_ATTR_HREF, &length) != NULL:
                    found.canonical = c_node
            elif tag == LXB_TAG_BASE:
                if found.base == NULL and attr_value(c_node, LXB_DOM_ATTR_HREF, &length) != NULL:
                    found.base = c_node
            else:
                kind = 0
                if tag == LXB_TAG_H1:
                    kind |= _H1
                elif tag == LXB_TAG_ADDRESS:
                    kind |= _ADDRESS
                elif tag == LXB_TAG_A:
                    value = attr_value(c_node, LXB_DOM_ATTR_REL, &length)
                    if value != NULL and has_token(value, length, "author"):
                        kind |= _REL_AUTHOR
                value = attr_value(c_node, itemprop, &length) if itemprop != UINTPTR_MAX else NULL
                if value != NULL:
                    if has_token(value, length, "headline"):
                        kind |= _HEADLINE
                    if has_token(value, length, "author") or has_token(value, length, "creator"):
                        kind |= _ITEMPROP_AUTHOR
                if marks & _MARK_BYLINE:
                    kind |= _BYLINE_CLASS
                if tag == LXB_TAG_TIME:
                    kind |= _DATE
                elif value != NULL and _contains_lower(value, length, "date", 4):
                    kind |= _DATE   # itemprop="datePublished", "dateModified", ...
                elif marks & _MARK_DATE:
                    kind |= _DATE
                if value != NULL and _contains_lower(value, length, "datepublished", 13):
                    kind |= _DATE | _ITEMPROP_PUBLISHED   # microdata declaring the publication
                if kind:
                    _add_spot(found, c_node, ordinal, kind | context)
                    if kind & (_H1 | _HEADLINE) and not context & (_IN_CHROME | _IN_COMMENTS) and title == 0:
                        title = ordinal
                        _keep_ring(found, ring, ring_count)
        elif c_node.type == LXB_DOM_NODE_TYPE_TEXT and not closing and c_node.parent != NULL \
                and (region.chrome == NULL or region.chrome == post_aside) and comments == NULL:
            # a post's meta column (an <aside> in the article) holds its dates, not its byline
            readable = region.chrome == NULL
            context = _IN_ARTICLE if region.articles_open else 0
            if not readable:
                context |= _IN_CHROME | _IN_POST_ASIDE
            marks = _text_marks(c_node, found)
            if marks == -1:
                pass  # spaces between elements
            elif (readable and marks & _MARK_PREFIX and c_node.parent.local_name != LXB_TAG_OPTION
                  and _reads_by(c_node, &found.words.by_prefixes)):  # (a sort menu's "By Price" is no credit)
                _add_spot(found, c_node.parent, ordinal, _BY_PREFIX | context)
            elif marks & _MARK_LABEL and _reads_label(c_node, &found.words.published_labels):
                _add_spot(found, c_node.parent, ordinal, _PUBLISHED | context)
            elif (title == 0 or ordinal <= title + found.stamp_after) and _looks_like_stamp(c_node):
                if title == 0:  # before the title: keep the last few
                    ring[ring_count % STAMP_RING].node = c_node
                    ring[ring_count % STAMP_RING].ordinal = ordinal
                    ring_count += 1
                elif found.stamp_count < MAX_STAMPS:
                    found.stamps[found.stamp_count].node = c_node
                    found.stamps[found.stamp_count].ordinal = ordinal
                    found.stamp_count += 1
        c_node = next_node(root, c_node, &closing)


cdef size_t _space_bytes(const lxb_char_t *v, size_t i, size_t n) noexcept nogil:
    """The UTF-8 length of the character at ``v[i]`` when ``str.split()`` splits on it
    (ASCII spaces and controls 9-13 and 28-31, U+0085, U+00A0, U+1680, U+2000-U+200A,
    U+2028, U+2029, U+202F, U+205F, U+3000), else 0. Lead bytes only match: a space
    never starts inside another character, valid or not."""
    cdef lxb_char_t c = v[i]
    if c < 128:
        return 1 if c == 32 or 9 <= c <= 13 or 28 <= c <= 31 else 0
    if c == 0xC2:
        return 2 if i + 1 < n and (v[i + 1] == 0x85 or v[i + 1] == 0xA0) else 0
    if i + 2 >= n:
        return 0
    if c == 0xE1:
        return 3 if v[i + 1] == 0x9A and v[i + 2] == 0x80 else 0
    if c == 0xE2:
        if v[i + 1] == 0x80 and (0x80 <= v[i + 2] <= 0x8A or v[i + 2] == 0xA8 or v[i + 2] == 0xA9
                                 or v[i + 2] == 0xAF):
            return 3
        return 3 if v[i + 1] == 0x81 and v[i + 2] == 0x9F else 0
    if c == 0xE3:
        return 3 if v[i + 1] == 0x80 and v[i + 2] == 0x80 else 0
    return 0


cdef str _folded_value(const lxb_char_t *value, size_t length):
    """The attribute value decoded with its whitespace folded (``" ".join(text.split())``),
    folded on the bytes: a long description is not split into Python strings and joined.
    Removing or narrowing a space never joins two bytes the decoder reads apart."""
    cdef lxb_char_t *out
    cdef size_t i = 0, n = 0, width
    cdef bint pending = False
    if value == NULL or length == 0:
        return ""
    if _folded(value, length):
        return decode_text(value, length)  # printable ASCII with single spaces: as it is
    out = <lxb_char_t *>PyMem_RawMalloc(length)
    if out == NULL:
        raise MemoryError("out of memory folding an attribute value")
    try:
        while i < length:
            width = _space_bytes(value, i, length)
            if width:
                pending = n > 0
                i += width
                continue
            if pending:
                out[n] = 32
                n += 1
                pending = False
            out[n] = value[i]
            n += 1
            i += 1
        return decode_text(out, n)
    finally:
        PyMem_RawFree(out)


cdef void _fill_words(Words *words, tuple encoded) noexcept:
    cdef size_t k
    words.count = min(len(encoded), MAX_WORDS)
    for k in range(words.count):
        words.data[k] = <const char *>(<bytes>encoded[k])
        words.length[k] = len(<bytes>encoded[k])
        # (a word under four bytes, a prefix or a label, is never read by its quad)
        words.quads[k] = _lowered_quad(<const lxb_char_t *>words.data[k]) if words.length[k] >= 4 else 0


cdef class SourceWords:
    """The word lists ``gather_sources()`` reads, with the filters its walk tests them by,
    built once (a caller's lists are constants: building the filters on every call cost
    a page's share of table writes). Each list is lower-case ASCII ``bytes``, at most 16
    words: class/id words marking a byline, a comment section and a date (four bytes or
    more each), byline prefixes ("by"), publication labels ("published": an element
    whose text opens with one is a ``PUBLISHED`` spot) and the byline exceptions, longer
    words a byline word opens that mark no byline ("authorization": four bytes or more;
    tested only where a byline word matched)."""

    cdef WordTables tables
    cdef tuple kept  # the bytes the tables point into

    def __init__(self, list byline_words, list comment_words, list date_words, list by_prefixes,
                 list published_labels, list byline_exceptions, /) -> None:
        cdef WordTables *tables = &self.tables
        cdef uint32_t bit
        cdef size_t k
        lists = tuple(tuple(words[:MAX_WORDS]) for words in (
            byline_words, comment_words, date_words, by_prefixes, published_labels, byline_exceptions))
        for words in lists:
            for word in words:
                if not isinstance(word, bytes):
                    raise TypeError("the word lists hold bytes")
        self.kept = lists
        memset(tables, 0, sizeof(WordTables))
        for words in (*lists[:3], lists[5]):
            for word in words:
                if len(word) < 4 or word != word.lower():
                    raise ValueError("class/id words must be lower-case and hold four bytes or more")
        for words in lists[:3]:
            for word in words:
                bit = _quad_bit(_lowered_quad(<const lxb_char_t *>(<bytes>word)))
                tables.first_quads[bit >> 6] |= (<uint64_t>1) << (bit & 63)
                for k in range(2):
                    bit = _pair(<const lxb_char_t *>(<bytes>word) + k)
                    tables.pairs[bit >> 6] |= (<uint64_t>1) << (bit & 63)
        for words, mark in ((lists[3], _MARK_PREFIX), (lists[4], _MARK_LABEL)):
            for word in words:
                if word:
                    tables.first_bytes[(<bytes>word)[0]] |= <int>mark
        _fill_words(&tables.byline_words, lists[0])
        _fill_words(&tables.comment_words, lists[1])
        _fill_words(&tables.date_words, lists[2])
        _fill_words(&tables.by_prefixes, lists[3])
        _fill_words(&tables.published_labels, lists[4])
        _fill_words(&tables.byline_exceptions, lists[5])


def gather_sources(Node node, SourceWords words not None, size_t stamp_after, frozenset meta_names=None,
                   /) -> tuple:
    """Every metadata source of the page ``node`` belongs to, in one walk.

    ``words`` holds the word lists (``SourceWords``). Returns
    ``(metas, canonical, base, spots, stamps, scripts, page_type)``: ``metas`` the contents of
    every ``<meta>`` with a ``content``, character references resolved, in document order under
    each key (the lower-cased ``property``, ``name`` or ``itemprop``, each that is present and,
    when ``meta_names`` is given, among them: the others' contents are not decoded); ``canonical`` the first
    ``<link rel=canonical>`` href and ``base`` the first ``<base href>`` (or ``None``);
    ``spots`` the headings, byline and date candidates as ``(element, ordinal, kind)`` in
    document order, ``kind`` a mask of the module's flags; ``stamps`` the short texts
    holding four or more digits outside page chrome (an ``<aside>`` within ``<article>``/``<main>``,
    a post's meta column, is read: its spots carry ``IN_POST_ASIDE``) and comments, from just before the
    first heading to ``stamp_after`` elements after it, as ``(text node, ordinal)``
    (date stamps without markup: "Published on July 18, 2025"); ``scripts`` the
    ``(type, text)`` of every script whose type names ``ld+json``, in document order
    (``None`` past 64 of them: ``json_ld()`` reads such a page); ``page_type`` the kind
    ``_features.page_type()`` tells, its counters gathered on the same walk unless the
    document already knows it (``article()`` or ``page_type()`` counted it first).
    """
    cdef Document doc = node._owner()
    cdef Sources *found = <Sources *>PyMem_RawMalloc(sizeof(Sources))  # several KB: not on the stack
    cdef size_t k, length = 0
    cdef const lxb_char_t *value
    cdef int j, kind
    cdef double probability
    cdef size_t elements
    cdef lxb_dom_node_t *c_node
    cdef bint count_features
    cdef uintptr_t meta_ids[4]
    if found == NULL:
        raise MemoryError("out of memory gathering metadata sources")
    try:
        found.meta_count = found.spot_count = found.stamp_count = 0
        found.script_count = 0
        found.canonical = found.base = NULL
        found.words = &words.tables
        memset(found.memo_lengths, 0, sizeof(found.memo_lengths))
        found.stamp_after = stamp_after
        count_features = doc.page_kind is None
        with nogil:
            _gather(<lxb_dom_node_t *>doc.c_doc, found, count_features)
        metas = {}
        _meta_attr_ids(<lxb_dom_node_t *>doc.c_doc, meta_ids)  # parse() makes HTML documents only
        for k in range(found.meta_count):
            c_node = found.metas[k]
            content = None  # decoded for the first key kept (most of a page's metas are read by no one)
            for j in range(1, 4):
                value = attr_value(c_node, meta_ids[j], &length)
                if value == NULL or not length:
                    continue
                key = _meta_key(value, length)
                if meta_names is not None and key not in meta_names:
                    continue
                if content is None:
                    value = attr_value(c_node, meta_ids[0], &length)
                    content = _folded_value(value, length)
                    if "&" in content:  # a character reference the parser left in the value (double escaping)
                        content = resolve_references(content)
                if not content:
                    break
                (<dict>metas).setdefault(key, []).append(content)
        canonical = _raw_attr(found.canonical, "href", 4) if found.canonical != NULL else None
        base = _raw_attr(found.base, "href", 4) if found.base != NULL else None
        spots = [(wrap_node(doc, found.spots[k].node), found.spots[k].ordinal, found.spots[k].kind)
                 for k in range(found.spot_count)]
        stamps = [(wrap_node(doc, found.stamps[k].node), found.stamps[k].ordinal) for k in range(found.stamp_count)]
        scripts = None  # more than MAX_SCRIPTS: json_ld() reads them
        if found.script_count <= MAX_SCRIPTS:
            scripts = [(_raw_type(found.scripts[k]), wrap_node(doc, found.scripts[k]).text)
                       for k in range(found.script_count)]
        if count_features:
            with nogil:
                kind = features_kind(&found.features, &probability, &elements)
            doc.page_kind = PAGE_KINDS_NAMES[kind]  # Document.page_type() reads it
        return metas, canonical, base, spots, stamps, scripts, doc.page_kind
    finally:
        PyMem_RawFree(found)


# The named references html.unescape() reads without a semicolon (the legacy ones, "amp",
# "copy", "frac34"): the only ones a reference's longer text may open with.
cdef frozenset _BARE_NAMES = frozenset(name for name in _HTML5 if not name.endswith(";"))
cdef Py_ssize_t _LONGEST_BARE = max(len(name) for name in _BARE_NAMES)


cdef inline bint _outside_name(Py_UCS4 ch) noexcept:
    """A character that ends a named reference's run (html.unescape's ``[^\\t\\n\\f <&#;]``)."""
    return ch == 9 or ch == 10 or ch == 12 or ch == 32 or ch == 60 or ch == 38 or ch == 35 or ch == 59


cdef bint _changes_on_unescape(str text):
    """Whether ``html.unescape(text)`` differs from ``text``: a numeric reference, or a
    named one whose name, or a prefix of it of two characters or more, is a name of
    ``html.entities.html5`` (unescape's rules). Every ``&`` opens its own match (none of
    them holds an ``&``), so each is read alone; "Tom & Jerry" and an address's
    "&w=1200" change nothing."""
    cdef Py_ssize_t n = len(text), i = text.find("&"), j, end, x
    cdef Py_UCS4 ch, after
    while i != -1 and i + 1 < n:
        ch = text[i + 1]
        if ch == 35:  # "#": a decimal or hexadecimal reference, or nothing
            if i + 2 < n:
                after = text[i + 2]
                if 48 <= after <= 57:
                    return True
                if (after == 120 or after == 88) and i + 3 < n:
                    after = text[i + 3]
                    if 48 <= after <= 57 or 97 <= after <= 102 or 65 <= after <= 70:
                        return True
        elif not _outside_name(ch):
            j = i + 1
            while j < n and j - i - 1 < 32 and not _outside_name(text[j]):
                j += 1
            end = j + 1 if j < n and text[j] == ";" else j
            name = text[i + 1:end]
            if name in _HTML5:
                return True
            for x in range(2, min(end - i - 2, _LONGEST_BARE) + 1):
                if name[:x] in _BARE_NAMES:
                    return True
        i = text.find("&", i + 1)
    return False


def resolve_references(str text, /) -> str:
    """``html.unescape(text)``, which runs a Python function per reference it meets:
    called only when some reference changes the text (most ``&`` in a meta or a JSON-LD
    value are an ampersand or an address's parameters)."""
    if "&" not in text or not _changes_on_unescape(text):
        return text
    return unescape(text)


cdef str _meta_key(const lxb_char_t *value, size_t length):
    """``decode_text(value, length).strip().lower()``, the ASCII case (every key a page
    writes) trimmed and lower-cased on the bytes; other values as ``str`` does it."""
    cdef lxb_char_t buffer[64]
    cdef size_t start = 0, end = length, i
    cdef lxb_char_t c
    for i in range(length):
        if value[i] >= 128:
            return decode_text(value, length).strip().lower()
    # str.strip()'s ASCII whitespace: \t-\r, \x1c-\x1f and the space
    while start < end and (value[start] == 32 or 9 <= value[start] <= 13 or 28 <= value[start] <= 31):
        start += 1
    while end > start and (value[end - 1] == 32 or 9 <= value[end - 1] <= 13 or 28 <= value[end - 1] <= 31):
        end -= 1
    if end - start > 64:
        return decode_text(value, length).strip().lower()
    for i in range(start, end):
        c = value[i]
        buffer[i - start] = c + 32 if 65 <= c <= 90 else c
    return decode_text(buffer, end - start)


cdef str _raw_attr(lxb_dom_node_t *c_node, const char *name, size_t n):
    cdef size_t length = 0
    cdef const lxb_char_t *value = element_attr(c_node, name, n, &length)
    return decode_text(value, length).strip() if value != NULL else None


cdef str _raw_type(lxb_dom_node_t *c_node):
    cdef size_t length = 0
    cdef const lxb_char_t *value = attr_value(c_node, LXB_DOM_ATTR_TYPE, &length)
    return decode_text(value, length) if value != NULL else ""


def longer_than(Node node, size_t limit, /) -> bool:
    """Whether ``node``'s text (``node.text``) is certainly longer than ``limit``
    characters: its UTF-8 bytes pass ``4 * limit`` (no character takes more than four).
    Counted without building the text, so a byline class on a whole article's container
    costs no string."""
    return _longer(node.c_node, limit)


cdef bint _longer(lxb_dom_node_t *root, size_t limit) noexcept nogil:
    """longer_than() on a node pointer."""
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False
    cdef size_t total = 0
    while c_node != NULL:
        if not closing and (c_node.type == LXB_DOM_NODE_TYPE_TEXT
                            or (c_node == root and c_node.type == LXB_DOM_NODE_TYPE_COMMENT)):
            total += (<lxb_dom_character_data_t *>c_node).data.length
            if total > 4 * limit:
                return True
        c_node = next_node(root, c_node, &closing)
    return False


def shown_text(Node node, /) -> str:
    """``node.text`` without the text of the subtrees a reader never sees (``is_invisible``):
    a CSS-in-JS ``<style>`` a page writes inside its headline, a ``<noscript>`` image, an SVG
    icon's ``<title>``."""
    return _shown_text(node._owner(), node.c_node)


def shown_descendants(Node node, /) -> list:
    """``node``'s descendants in document order, without the subtrees of ``shown_text()``'s
    invisible elements (nor those elements)."""
    return _shown_descendants(node._owner(), node.c_node)


cdef list _shown_descendants(Document doc, lxb_dom_node_t *root):
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False
    found = []
    c_node = next_node(root, c_node, &closing)
    while c_node != NULL:
        if not closing:
            if c_node.type == LXB_DOM_NODE_TYPE_ELEMENT and is_invisible(c_node.local_name, c_node.ns):
                closing = True  # skip its subtree
            elif c_node.type == LXB_DOM_NODE_TYPE_ELEMENT or c_node.type == LXB_DOM_NODE_TYPE_TEXT:
                found.append(wrap_node(doc, c_node))
        c_node = next_node(root, c_node, &closing)
    return found


cdef bint _holds_invisible(lxb_dom_node_t *root) noexcept nogil:
    """Whether an element below ``root`` is one whose text a reader never sees."""
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False
    c_node = next_node(root, c_node, &closing)
    while c_node != NULL:
        if not closing and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT and is_invisible(c_node.local_name, c_node.ns):
            return True
        c_node = next_node(root, c_node, &closing)
    return False


cdef str _shown_text(Document doc, lxb_dom_node_t *root):
    """shown_text() on a node pointer: its ``textContent`` as is when nothing below it is
    invisible (the common case), else its shown text nodes run together."""
    if not _holds_invisible(root):
        return wrap_node(doc, root).text
    return "".join([child.text for child in _shown_descendants(doc, root)
                    if (<Node>child).c_node.type == LXB_DOM_NODE_TYPE_TEXT])


def joined_text(Node node, /) -> str:
    """The data of every text node below ``node``, in document order, joined by single
    spaces (``textContent`` runs "Written by" and "Jane" together; a byline reads them apart)."""
    cdef bint ascii
    cdef size_t total
    return _joined(node.c_node, &ascii, &total)


cdef str _joined(lxb_dom_node_t *root, bint *ascii, size_t *total):
    """joined_text() of a node pointer; ``ascii``: whether every byte of those texts is ASCII,
    ``total``: how many bytes they hold."""
    cdef lxb_dom_node_t *c_node = root
    cdef lxb_dom_character_data_t *c_text
    cdef bint closing = False
    cdef size_t i
    ascii[0] = True
    total[0] = 0
    parts = []
    c_node = next_node(root, c_node, &closing)
    while c_node != NULL:
        if not closing and c_node.type == LXB_DOM_NODE_TYPE_TEXT:
            c_text = <lxb_dom_character_data_t *>c_node
            total[0] += c_text.data.length
            if ascii[0]:
                for i in range(c_text.data.length):
                    if c_text.data.data[i] >= 128:
                        ascii[0] = False
                        break
            parts.append(decode_text(c_text.data.data, c_text.data.length))
        c_node = next_node(root, c_node, &closing)
    return " ".join(parts)


def spot_text(Node node, size_t limit, /) -> str:
    """A byline's or stamp's text as metadata() reads it, in one call: ``""`` when its
    ``textContent`` is longer than ``limit`` characters (``longer_than(node, limit)`` first,
    so a block's text is not built to be measured), else that ``textContent`` when it has
    one child or none, else ``joined_text(node)`` (its text nodes joined by spaces; the
    ``textContent``, those texts run together, is then built only to be measured when they
    are not all ASCII: else its length is their bytes' count)."""
    cdef lxb_dom_node_t *root = node.c_node
    cdef str text
    cdef bint ascii
    cdef size_t total
    if _longer(root, limit):
        return ""
    if root.first_child == NULL or root.first_child.next == NULL:
        text = node.text
        return "" if <size_t>len(text) > limit else text
    text = _joined(root, &ascii, &total)
    if (total if ascii else <size_t>len(node.text)) > limit:
        return ""
    return text


def itemprop_name(Node node, /):
    """The first element below ``node`` whose ``itemprop`` holds the token ``name``, or
    ``None``: ``node.select_one("[itemprop~=name]")`` (any namespace, the value's tokens
    split at ASCII whitespace and compared case-sensitively, as lexbor's selectors do),
    without a CSS parser and selector engine built for each author element."""
    cdef lxb_dom_node_t *root = node.c_node
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False
    cdef uintptr_t itemprop = attr_id(root, "itemprop", 8)
    cdef const lxb_char_t *value
    cdef size_t length = 0
    if itemprop == UINTPTR_MAX:
        return None  # no element of the page has the attribute
    c_node = next_node(root, c_node, &closing)
    while c_node != NULL:
        if not closing and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:
            value = attr_value(c_node, itemprop, &length)
            if value != NULL and _holds_token(value, length, b"name", 4):
                return wrap_node(node._owner(), c_node)
        c_node = next_node(root, c_node, &closing)
    return None


cdef bint _holds_token(const lxb_char_t *value, size_t length, const char *word, size_t n) noexcept nogil:
    """Whether ``word`` is one of the value's whitespace-separated tokens (next_token),
    compared byte for byte, as CSS's ``~=`` compares (``has_token`` folds case)."""
    cdef size_t i = 0, start
    while i < length:
        start = next_token(value, length, &i)
        if i - start == n and memcmp(value + start, word, n) == 0:
            return True
    return False


def href_links(Node node, size_t limit, /) -> list:
    """The first ``limit`` links below ``node``: ``node.select("a[href]")[:limit]`` (an
    element named ``a`` in any namespace, with an ``href`` of any value, as lexbor's
    selectors match them), without a CSS parser and selector engine built per heading."""
    cdef lxb_dom_node_t *root = node.c_node
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False
    cdef size_t length = 0
    found = []
    c_node = next_node(root, c_node, &closing)
    while c_node != NULL and <size_t>len(found) < limit:
        if (not closing and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT and c_node.local_name == LXB_TAG_A
                and attr_value(c_node, LXB_DOM_ATTR_HREF, &length) != NULL):
            found.append(wrap_node(node._owner(), c_node))
        c_node = next_node(root, c_node, &closing)
    return found
