"""The page's kind (article, forum, product, ...) from its structure, in one C walk.

The walk counts tags, text in links, paragraphs, lists, headings and code, the class
words of ``_page_words.py``, schema.org types in ``itemtype`` and JSON-LD, ``og:type``
and the ``article:``/``product:`` metas, the words of the page's own address (its
canonical link or ``og:url``) and of its ``<title>`` and first ``<h1>``, the word groups
of button and link labels and of ``<h2>``-``<h4>`` headings (calls to action, cart
buttons, "read more", "reply"; "our services", "specifications"), the form fields by
kind and the deepest list nesting, and the blocks
that repeat their previous sibling's tag and class (a template's cards, posts and
results) with the text, headings, dates, images and prices inside them, and their
longest run. The vector of their logarithms and shares is weighed by
a multinomial logistic regression and by boosted trees, their probabilities mixed;
both ship as data (``_page_type_model.py``, trained by ``bench/train_page_type.py``;
accuracy in docs/scoring.md). No Python object is built per node, so the scoring walk
asks for the kind of every page it scores.
"""

from cpython.mem cimport PyMem_RawFree, PyMem_RawMalloc
from libc.math cimport exp, log1p
from libc.stdint cimport UINTPTR_MAX

from turbohtml._core cimport Node, attr_id, attr_value, next_node
from turbohtml._lexbor cimport *
from libc.string cimport memcmp, memset

from turbohtml._ascii cimport ascii_lower as _lower, blocks_outside, contains, count_text, memo_holds, memo_slot
from turbohtml._tags cimport is_text_link

from turbohtml import _page_type_model as _model
from turbohtml import _page_words

cdef enum:
    REPEAT_HEADING = 1      # walk.repeat_flags: the open repeated block holds a heading,
    REPEAT_LINK = 2         # and a link (a card: an item's title linking to its page)
    CLASS_PREFIX = 256      # bytes of a class value read (bounded work)
    URL_PREFIX = 512        # bytes of the page's own address read
    SCRIPT_PREFIX = 65536   # bytes of a JSON-LD script searched for schema types
    MAX_WORDS = 128
    MAX_SHARES = 32
    MAX_TREE_DEPTH = 6
    MIN_PAGE_ELEMENTS = 50  # below, too little structure for the model: an article
    LONG_PARAGRAPH = 150    # characters of a paragraph that reads as prose
    H1_SCAN = 16            # nodes of the first <h1> read for its words
    SIBLING_HOPS = 4        # text and comment nodes passed over to reach the previous element
    SHORT_SCAN = 12         # nodes of a link, button or heading read for its words
    SHORT_TEXT = 40         # characters of a link's or button's text read for words (more: prose)
    HEADING_TEXT = 80       # characters of a heading read for its words
    MAX_GROUPS = 16         # groups of CONTROL_WORDS and HEADING_WORDS each

# tag and text counters, then one per class word, then one per schema type
TAG_FEATURES = (
    "elements", "links", "card_links", "article", "section", "time", "pre", "code", "table",
    "th", "form", "control", "li", "list", "h1", "h2", "h3", "h456", "p", "img", "figure",
    "nav", "aside", "header", "footer", "main", "blockquote", "dl", "iframe", "video",
    "chars", "link_chars", "p_chars", "li_chars", "code_chars", "td_chars", "currency",
    "og_article", "og_product", "og_website",
    "repeats", "repeat_runs", "repeat_chars", "repeat_link_chars", "repeat_headings", "repeat_time",
    "repeat_img", "long_p", "meta_article", "meta_product",
    "url", "url_slashes", "url_hyphens", "url_digits", "commas", "p_commas", "heading_chars",
    "repeat_currency", "repeat_p",
    "heading_link_chars", "max_p", "repeat_titled", "max_run", "max_run_chars", "rel_next",
    "title_chars", "thread_chars", "textarea", "email_tel", "select", "checkbox", "number", "button",
    "list_depth",
)
cdef enum:
    F_ELEMENTS, F_LINKS, F_CARDS, F_ARTICLE, F_SECTION, F_TIME, F_PRE, F_CODE, F_TABLE, F_TH
    F_FORM, F_CONTROL, F_LI, F_LIST, F_H1, F_H2, F_H3, F_H456, F_P, F_IMG, F_FIGURE
    F_NAV, F_ASIDE, F_HEADER, F_FOOTER, F_MAIN, F_BLOCKQUOTE, F_DL, F_IFRAME, F_VIDEO
    F_CHARS, F_LINK_CHARS, F_P_CHARS, F_LI_CHARS, F_CODE_CHARS, F_TD_CHARS, F_CURRENCY
    F_OG_ARTICLE, F_OG_PRODUCT, F_OG_WEBSITE
    F_REPEATS, F_REPEAT_RUNS, F_REPEAT_CHARS, F_REPEAT_LINK_CHARS, F_REPEAT_HEADINGS, F_REPEAT_TIME
    F_REPEAT_IMG, F_LONG_P, F_META_ARTICLE, F_META_PRODUCT
    F_URL, F_URL_SLASHES, F_URL_HYPHENS, F_URL_DIGITS, F_COMMAS, F_P_COMMAS, F_HEADING_CHARS
    F_REPEAT_CURRENCY, F_REPEAT_P
    F_HEADING_LINK_CHARS, F_MAX_P, F_REPEAT_TITLED, F_MAX_RUN, F_MAX_RUN_CHARS, F_REL_NEXT
    F_TITLE_CHARS, F_THREAD_CHARS, F_TEXTAREA, F_EMAIL_TEL, F_SELECT, F_CHECKBOX, F_NUMBER, F_BUTTON
    F_LIST_DEPTH
    F_TAGS_END

FEATURE_NAMES = TAG_FEATURES + tuple("class_" + w for w in _page_words.CLASS_WORDS) \
    + tuple("schema_" + t for t in _page_words.SCHEMA_TYPES) \
    + tuple("url_" + w for w in _page_words.URL_WORDS) \
    + tuple("title_" + w for w in _page_words.TITLE_WORDS) \
    + tuple("h1_" + w for w in _page_words.TITLE_WORDS) \
    + tuple("control_" + g for g in _page_words.CONTROL_WORDS) \
    + tuple("subhead_" + g for g in _page_words.HEADING_WORDS) \
    + tuple(f"share_{a}_{b}" for a, b in _page_words.SHARES)

cdef WordTable _class_words
cdef WordTable _schema_types
cdef WordTable _url_words
cdef WordTable _title_words
cdef WordTable _control_words
cdef WordTable _heading_words
# the group (of CONTROL_WORDS, of HEADING_WORDS) of each word of those tables
cdef unsigned char _control_group[MAX_WORDS]
cdef unsigned char _heading_group[MAX_WORDS]


cdef void load_words(WordTable *table, words, bint fold_case, bytes skipped=b"") except *:
    """Build ``table``'s automaton for ``words`` (lower-case with ``fold_case``, which
    reads the value's ASCII letters lower-cased); word ``k`` is reported as ``k``. The
    ``skipped`` bytes (no word holds them) leave the state as it is: a value reads as
    if they were not there."""
    cdef size_t i, k
    if len(words) > 256:
        raise ValueError("too many words for the automaton")
    encoded = [word.encode("ascii") for word in words]
    alphabet = sorted(set(b"".join(encoded)))
    if set(skipped) & set(alphabet) or (fold_case and set(skipped.upper()) & set(alphabet)):
        raise ValueError("a skipped byte in a word")
    classes = len(alphabet) + 1 + (1 if skipped else 0)  # the last: the skipped bytes'
    if classes > MAX_CLASSES:
        raise ValueError("too many distinct letters in the words")
    word_class = {byte: j + 1 for j, byte in enumerate(alphabet)}
    shift = 0
    while (1 << shift) < classes:
        shift += 1
    width = 1 << shift
    # the trie, then the failure links breadth first (Aho-Corasick), as a full table
    goto = [{}]
    ends = [set()]
    for k, data in enumerate(encoded):
        state = 0
        for byte in data:
            if word_class[byte] not in goto[state]:
                goto[state][word_class[byte]] = len(goto)
                goto.append({})
                ends.append(set())
            state = goto[state][word_class[byte]]
        ends[state].add(k)
    if len(goto) > MAX_STATES or (len(goto) << shift) > MATCHED:
        raise ValueError("words too long for the automaton")
    delta = [[0] * width for _ in goto]
    fail = [0] * len(goto)
    queue = []
    for c, state in goto[0].items():
        delta[0][c] = state
        queue.append(state)
    for state in queue:  # grows as it goes: breadth first
        ends[state] |= ends[fail[state]]
        for c in range(width):
            if c in goto[state]:
                fail[goto[state][c]] = delta[fail[state]][c]
                delta[state][c] = goto[state][c]
                queue.append(goto[state][c])
            else:
                delta[state][c] = delta[fail[state]][c]
    if sum(map(len, ends)) > MAX_STATES * 4:
        raise ValueError("words overlap too much for the automaton")
    table.count = len(words)
    table.shift = shift
    if skipped:
        for byte in skipped:
            word_class[byte] = len(alphabet) + 1
        for state in range(len(goto)):
            delta[state][len(alphabet) + 1] = state
    for i in range(256):
        byte = i + 32 if fold_case and 65 <= i <= 90 else i
        table.classes[i] = word_class.get(byte, 0)
        table.starts[i] = delta[0][table.classes[i]] != 0
    first_bytes = [i for i in range(256) if table.starts[i]] or [255]
    table.start_low, table.start_high = min(first_bytes), max(first_bytes)
    k = 0
    for i in range(len(goto)):
        table.out_start[i] = k
        for word in sorted(ends[i]):
            table.out_words[k] = word
            k += 1
        for c in range(width):
            # (a skipped byte's self-loop reports no word: none ends there)
            table.delta[(i << shift) | c] = (delta[i][c] << shift) | (
                MATCHED if ends[delta[i][c]] and not (skipped and c == len(alphabet) + 1) else 0)
    table.out_start[len(goto)] = k


if max(len(_page_words.CLASS_WORDS), len(_page_words.SCHEMA_TYPES), len(_page_words.URL_WORDS),
       len(_page_words.TITLE_WORDS)) > MAX_WORDS:
    raise ImportError("too many page-type words")
load_words(&_class_words, _page_words.CLASS_WORDS, True)
load_words(&_schema_types, _page_words.SCHEMA_TYPES, False)
load_words(&_url_words, _page_words.URL_WORDS, True)
load_words(&_title_words, _page_words.TITLE_WORDS, True)


cdef void _load_groups(WordTable *table, unsigned char *group, groups) except *:
    """Load the words of ``groups`` (group name -> words) into ``table``, and each word's group."""
    words = [(k, word) for k, name in enumerate(groups) for word in groups[name]]
    if len(words) > MAX_WORDS or len(groups) > MAX_GROUPS:
        raise ImportError("too many page-type words")
    load_words(table, [word for _, word in words], True)
    for i, (k, _) in enumerate(words):
        group[i] = k


_load_groups(&_control_words, _control_group, _page_words.CONTROL_WORDS)
_load_groups(&_heading_words, _heading_group, _page_words.HEADING_WORDS)
# where each word table's counters start in the counts (after the tag counters)
cdef size_t _CLASS_WORDS_AT = F_TAGS_END
cdef size_t _SCHEMA_TYPES_AT = _CLASS_WORDS_AT + _class_words.count
cdef size_t _URL_WORDS_AT = _SCHEMA_TYPES_AT + _schema_types.count
cdef size_t _TITLE_WORDS_AT = _URL_WORDS_AT + _url_words.count
cdef size_t _H1_WORDS_AT = _TITLE_WORDS_AT + _title_words.count
cdef size_t _CONTROL_GROUPS_AT = _H1_WORDS_AT + _title_words.count
cdef size_t _HEADING_GROUPS_AT = _CONTROL_GROUPS_AT + len(_page_words.CONTROL_WORDS)
if F_TAGS_END != len(TAG_FEATURES):
    raise ImportError("TAG_FEATURES and the counters disagree")
# which class words name a post of a thread (its text is counted apart: thread_chars)
cdef bint _thread_word[MAX_WORDS]
for _index, _word in enumerate(_page_words.CLASS_WORDS):
    _thread_word[_index] = _word in _page_words.THREAD_WORDS


cdef inline size_t _record(WordTable *table, unsigned int state, size_t *counts, size_t *found,
                           size_t nfound) noexcept nogil:
    """Count the words ending at ``state`` not counted yet (``found``: the ``nfound``
    counted so far); returns the new ``nfound``."""
    cdef size_t f, k
    for k in range(table.out_start[state], table.out_start[state + 1]):
        f = 0
        while f < nfound and found[f] != table.out_words[k]:
            f += 1
        if f == nfound:
            found[nfound] = table.out_words[k]
            nfound += 1
            counts[table.out_words[k]] += 1
    return nfound


cdef size_t _count_words(const unsigned char *value, size_t length, WordTable *table,
                         size_t *counts, size_t *found=NULL) noexcept nogil:
    """Add one to the count of every word of ``table`` found in ``value``: one automaton
    step per byte (see WordTable). Returns how many words it counted; ``found`` (room for
    MAX_WORDS) gets their indexes.

    The value is read as two halves side by side (word_split)."""
    cdef size_t own[MAX_WORDS]  # the words counted so far: a value names few
    cdef size_t i, half = word_split(value, length, table), second, both, nfound = 0
    cdef unsigned int row = 0, other = 0
    cdef unsigned short next_row, next_other
    if found == NULL:
        found = own
    second = half + 1  # the second half starts past the split byte, at the start state
    both = min(half, length - second) if second <= length else 0
    for i in range(both):
        next_row = table.delta[row | table.classes[value[i]]]
        next_other = table.delta[other | table.classes[value[second + i]]]
        row = next_row & ~MATCHED
        other = next_other & ~MATCHED
        if (next_row | next_other) & MATCHED:
            if next_row & MATCHED:
                nfound = _record(table, row >> table.shift, counts, found, nfound)
            if next_other & MATCHED:
                nfound = _record(table, other >> table.shift, counts, found, nfound)
    for i in range(both, half):  # what is left of the longer half (all of a value not split)
        next_row = table.delta[row | table.classes[value[i]]]
        row = next_row & ~MATCHED
        if next_row & MATCHED:
            nfound = _record(table, row >> table.shift, counts, found, nfound)
    for i in range(second + both, length):
        next_other = table.delta[other | table.classes[value[i]]]
        other = next_other & ~MATCHED
        if next_other & MATCHED:
            nfound = _record(table, other >> table.shift, counts, found, nfound)
    return nfound


cdef void _count_sparse_words(const unsigned char *value, size_t length, WordTable *table,
                              size_t *counts) noexcept nogil:
    """_count_words for text where the words' first bytes are rare (a JSON-LD script,
    whose schema types are capitalized): at the start state only such a byte moves the
    automaton, so the others are passed by with a single look-up each, and blocks of
    sixteen bytes outside the range of those bytes at once (blocks_outside)."""
    cdef size_t found[MAX_WORDS]
    cdef size_t i = 0, nfound = 0, stop
    cdef unsigned int row = 0
    cdef unsigned short next_row
    while i < length:
        if row == 0:
            while True:
                i += blocks_outside(value + i, length - i, table.start_low, table.start_high)
                stop = min(i + 16, length)
                while i < stop and not table.starts[value[i]]:
                    i += 1
                if i < stop or i == length:
                    break
            if i == length:
                break
        next_row = table.delta[row | table.classes[value[i]]]
        i += 1
        row = next_row & ~MATCHED
        if next_row & MATCHED:
            nfound = _record(table, row >> table.shift, counts, found, nfound)


cdef inline bint _class_counts(FeatureWalk *walk, lxb_dom_node_t *c_node, size_t *counts) noexcept nogil:
    """Count the class words of an element's class, read once per distinct value (the
    walk's memo: see FeatureWalk; a value met before, most, takes no call). Returns
    whether the class names a post of a thread (THREAD_WORDS)."""
    cdef lxb_dom_attr_t *c_attr = (<lxb_dom_element_t *>c_node).attr_class
    cdef size_t n, slot, f
    cdef bint thread = False
    if c_attr == NULL or c_attr.value == NULL or c_attr.value.data == NULL:
        return False
    n = min(c_attr.value.length, CLASS_PREFIX)
    if n == 0:
        return False
    slot = memo_slot(c_attr.value.data, n, CLASS_SLOTS)
    if memo_holds(walk.memo_values[slot], walk.memo_lengths[slot], c_attr.value.data, n):
        for f in range(walk.memo_count[slot]):
            counts[walk.memo_words[slot][f]] += 1
            thread |= _thread_word[walk.memo_words[slot][f]]
        return thread
    return _read_class(walk, c_attr.value.data, n, slot, counts)


cdef bint _read_class(FeatureWalk *walk, const lxb_char_t *value, size_t n, size_t slot,
                      size_t *counts) noexcept nogil:
    """_class_counts for a value not in the memo: its words counted, and kept in ``slot``."""
    cdef size_t found[MAX_WORDS]
    cdef size_t f, nfound
    cdef bint thread = False
    nfound = _count_words(value, n, &_class_words, counts, found)
    for f in range(nfound):
        thread |= _thread_word[found[f]]
    if nfound <= MEMO_WORDS:
        walk.memo_values[slot] = value
        walk.memo_lengths[slot] = n
        walk.memo_count[slot] = nfound
        for f in range(nfound):
            walk.memo_words[slot][f] = found[f]
    return thread


cdef bint _value_is(const lxb_char_t *value, size_t length, const char *wanted) noexcept nogil:
    cdef size_t i = 0
    while wanted[i] != 0:
        if i >= length or _lower(value[i]) != <unsigned char>wanted[i]:
            return False
        i += 1
    return i == length


cdef void _url_counts(FeatureWalk *walk, const lxb_char_t *url, size_t length, size_t *counts) noexcept nogil:
    """Count the words of the page's own address (its canonical link or ``og:url``, the
    first met), and the slashes, hyphens and digits of its path: ``/collections/``,
    ``forum.``, ``/docs/`` and a dated, hyphenated slug are how sites file their kinds of
    page."""
    cdef size_t i = 0, host = 0, slashes = 0
    if walk.url_read or length == 0:
        return
    walk.url_read = True
    length = min(length, URL_PREFIX)
    if url[0] != 47 or (length > 1 and url[1] == 47):  # an absolute address: past its host
        while i < length and slashes < 3:
            if url[i] == 47:  # '/'
                slashes += 1
                if slashes == 2:
                    host = i + 1
            i += 1
        if slashes < 3:
            return  # no path: a site's home page
        i -= 1  # the path's own slash
    counts[F_URL] += 1
    # the words of the host too (docs.*, forum.*, shop.*), the shape of the path alone
    _count_words(url + host, length - host, &_url_words, counts + _URL_WORDS_AT)
    while i < length:
        if url[i] == 47:
            counts[F_URL_SLASHES] += 1
        elif url[i] == 45:  # '-'
            counts[F_URL_HYPHENS] += 1
        elif 48 <= url[i] <= 57:
            counts[F_URL_DIGITS] += 1
        i += 1


cdef void _title_counts(FeatureWalk *walk, lxb_dom_node_t *c_node, size_t *counts) noexcept nogil:
    """Count the words of the page's first ``<title>`` (its text: the element holds no
    markup) and its length: "News", "Shop", "Forum", "Documentation", "How to", "Services"
    and a brand after a "|" are how sites name their kinds of page."""
    cdef lxb_dom_node_t *c_child = c_node.first_child
    cdef lxb_dom_character_data_t *c_text
    if walk.title_read:
        return
    walk.title_read = True
    while c_child != NULL:
        if c_child.type == LXB_DOM_NODE_TYPE_TEXT:
            c_text = <lxb_dom_character_data_t *>c_child
            counts[F_TITLE_CHARS] += c_text.data.length
            _count_words(c_text.data.data, min(c_text.data.length, URL_PREFIX), &_title_words,
                         counts + _TITLE_WORDS_AT)
        c_child = c_child.next


cdef void _h1_counts(FeatureWalk *walk, lxb_dom_node_t *c_node, size_t *counts) noexcept nogil:
    """Count the title words in the text of the page's first ``<h1>`` (a bounded look: its
    first few nodes), the page's own name for itself without the site's."""
    cdef lxb_dom_node_t *c_below = c_node
    cdef lxb_dom_character_data_t *c_text
    cdef bint closing = False
    cdef size_t seen = 0
    if walk.h1_read:
        return
    walk.h1_read = True
    c_below = next_node(c_node, c_node, &closing)
    while c_below != NULL and c_below != c_node and seen < H1_SCAN:
        if not closing and c_below.type == LXB_DOM_NODE_TYPE_TEXT:
            c_text = <lxb_dom_character_data_t *>c_below
            _count_words(c_text.data.data, min(c_text.data.length, URL_PREFIX), &_title_words,
                         counts + _H1_WORDS_AT)
        c_below = next_node(c_node, c_below, &closing)
        seen += 1


cdef unsigned int _group_bits(const lxb_char_t *value, size_t length, WordTable *table,
                              const unsigned char *group) noexcept nogil:
    """The groups of the words of ``table`` found in ``value``, as bits (``group``: each
    word's): one automaton step per byte, as _count_words, with nothing counted."""
    cdef size_t i, k
    cdef unsigned int row = 0, bits = 0
    cdef unsigned short next_row
    for i in range(length):
        next_row = table.delta[row | table.classes[value[i]]]
        row = next_row & ~MATCHED
        if next_row & MATCHED:
            for k in range(table.out_start[row >> table.shift], table.out_start[(row >> table.shift) + 1]):
                bits |= 1u << group[table.out_words[k]]
    return bits


cdef void _short_words(lxb_dom_node_t *c_node, WordTable *table, const unsigned char *group,
                       size_t *counts, size_t limit, bint whole) noexcept nogil:
    """Count the word groups in the text of ``c_node`` (its first SHORT_SCAN nodes; each
    group found once): the words of a button's, a link's or a heading's label. With
    ``whole``, a text over ``limit`` characters (past the whitespace around each node's)
    counts nothing, a sentence that links rather than a label; else its first ``limit``
    are read."""
    cdef lxb_dom_node_t *c_below
    cdef lxb_dom_character_data_t *c_text
    cdef const lxb_char_t *data
    cdef bint closing = False
    cdef size_t seen = 0, total = 0, length, k
    cdef unsigned int bits = 0
    c_below = next_node(c_node, c_node, &closing)
    while c_below != NULL and c_below != c_node and seen < SHORT_SCAN and total < limit:
        if not closing and c_below.type == LXB_DOM_NODE_TYPE_TEXT:
            c_text = <lxb_dom_character_data_t *>c_below
            data = c_text.data.data
            length = c_text.data.length
            while length and data[0] <= 32:
                data += 1
                length -= 1
            while length and data[length - 1] <= 32:
                length -= 1
            total += length
            if total > limit:
                if whole:
                    return
                length -= total - limit
            bits |= _group_bits(data, length, table, group)
        c_below = next_node(c_node, c_below, &closing)
        seen += 1
    if whole and c_below != NULL and c_below != c_node and seen >= SHORT_SCAN:
        return  # more inside than a label holds
    k = 0
    while bits:
        if bits & 1:
            counts[k] += 1
        bits >>= 1
        k += 1


cdef void _input_counts(lxb_dom_node_t *c_node, size_t *counts) noexcept nogil:
    """Count an ``<input>`` by its type: an address or phone field (a contact or quote
    form), a check box or radio button (a shop's or listing's filters), a number (a
    quantity)."""
    cdef size_t length = 0
    cdef const lxb_char_t *value = attr_value(c_node, LXB_DOM_ATTR_TYPE, &length)
    if value == NULL:
        return
    if _value_is(value, length, "email") or _value_is(value, length, "tel"):
        counts[F_EMAIL_TEL] += 1
    elif _value_is(value, length, "checkbox") or _value_is(value, length, "radio"):
        counts[F_CHECKBOX] += 1
    elif _value_is(value, length, "number"):
        counts[F_NUMBER] += 1


cdef void _link_counts(FeatureWalk *walk, lxb_dom_node_t *c_node, size_t *counts) noexcept nogil:
    cdef size_t length = 0
    cdef const lxb_char_t *value = attr_value(c_node, LXB_DOM_ATTR_REL, &length)
    if value != NULL and (_value_is(value, length, "next") or _value_is(value, length, "prev")):
        counts[F_REL_NEXT] += 1  # a page of a series: a listing's, or a long article's
        return
    if value == NULL or not _value_is(value, length, "canonical"):
        return
    value = attr_value(c_node, LXB_DOM_ATTR_HREF, &length)
    if value != NULL:
        _url_counts(walk, value, length, counts)


cdef void _meta_counts(FeatureWalk *walk, lxb_dom_node_t *c_node, size_t *counts) noexcept nogil:
    cdef size_t length = 0
    cdef const lxb_char_t *value
    if walk.property == UINTPTR_MAX:
        return  # no element of the page has a property attribute
    value = attr_value(c_node, walk.property, &length)
    if value == NULL:
        return
    if length > 8 and _value_is(value, 8, "article:"):
        counts[F_META_ARTICLE] += 1
        return
    if length > 8 and _value_is(value, 8, "product:"):
        counts[F_META_PRODUCT] += 1
        return
    if _value_is(value, length, "og:url"):
        value = attr_value(c_node, LXB_DOM_ATTR_CONTENT, &length)
        if value != NULL:
            _url_counts(walk, value, length, counts)
        return
    if not _value_is(value, length, "og:type"):
        return
    value = attr_value(c_node, LXB_DOM_ATTR_CONTENT, &length)
    if value == NULL:
        return
    if length >= 7 and _value_is(value, 7, "article"):
        counts[F_OG_ARTICLE] += 1
    elif length >= 7 and _value_is(value, 7, "product"):
        counts[F_OG_PRODUCT] += 1
    elif _value_is(value, length, "website"):
        counts[F_OG_WEBSITE] += 1


cdef void _script_counts(lxb_dom_node_t *c_node, size_t *schema) noexcept nogil:
    cdef size_t length = 0
    cdef const lxb_char_t *value = attr_value(c_node, LXB_DOM_ATTR_TYPE, &length)
    cdef lxb_dom_node_t *c_child
    cdef lxb_dom_character_data_t *c_text
    if value == NULL or not contains(value, length, "ld+json", 7):
        return
    c_child = c_node.first_child
    while c_child != NULL:
        if c_child.type == LXB_DOM_NODE_TYPE_TEXT:
            c_text = <lxb_dom_character_data_t *>c_child
            _count_sparse_words(c_text.data.data, min(c_text.data.length, SCRIPT_PREFIX), &_schema_types, schema)
        c_child = c_child.next


cdef lxb_dom_node_t *_previous_element(lxb_dom_node_t *c_node) noexcept nogil:
    """The element before ``c_node`` among its siblings, past a few text and comment
    nodes (NULL: none near)."""
    cdef size_t hops = 0
    c_node = c_node.prev
    while c_node != NULL and c_node.type != LXB_DOM_NODE_TYPE_ELEMENT:
        hops += 1
        if hops > SIBLING_HOPS:
            return NULL
        c_node = c_node.prev
    return c_node


cdef inline bint _repeats(lxb_dom_node_t *c_node, lxb_dom_node_t *c_before) noexcept nogil:
    """Whether ``c_node`` repeats the element before it: the same tag and the same
    non-empty class (the signature of a template's repeated block: a card, a post, a
    result)."""
    cdef lxb_dom_attr_t *c_attr = (<lxb_dom_element_t *>c_node).attr_class
    cdef lxb_dom_attr_t *c_other
    if c_before == NULL or c_before.local_name != c_node.local_name:
        return False
    c_other = (<lxb_dom_element_t *>c_before).attr_class
    if c_attr == NULL or c_other == NULL or c_attr.value == NULL or c_other.value == NULL:
        return False
    if c_attr.value.length == 0 or c_attr.value.length != c_other.value.length:
        return False
    return memcmp(c_attr.value.data, c_other.value.data, c_attr.value.length) == 0


cdef void _sibling_counts(FeatureWalk *walk, lxb_dom_node_t *c_node, size_t *counts) noexcept nogil:
    """Count an opening element that repeats its previous sibling (and the runs of such
    blocks); the first repeated block met is the one whose text, headings, dates and
    images the walk counts as the repeated blocks' until it closes."""
    cdef lxb_dom_node_t *c_before = _previous_element(c_node)
    if not _repeats(c_node, c_before):
        return
    counts[F_REPEATS] += 1
    if not _repeats(c_before, _previous_element(c_before)):
        counts[F_REPEAT_RUNS] += 1
    if walk.repeat == NULL:
        walk.repeat = c_node
        walk.repeat_flags = 0
        if c_before == walk.run_tail:  # the run of outermost repeated blocks goes on
            walk.run_length += 1
        else:
            _run_end(walk)
            walk.run_length = 2
        walk.run_tail = c_node


cdef void _run_end(FeatureWalk *walk) noexcept nogil:
    """Keep the longest run of outermost repeated blocks and the most text one held (a
    listing's items, a thread's posts: the page's template repeated, not a menu's)."""
    if walk.run_length > walk.counts[F_MAX_RUN]:
        walk.counts[F_MAX_RUN] = walk.run_length
    if walk.run_chars > walk.counts[F_MAX_RUN_CHARS]:
        walk.counts[F_MAX_RUN_CHARS] = walk.run_chars
    walk.run_length = walk.run_chars = 0


cdef void features_text(FeatureWalk *walk, size_t chars, size_t commas, size_t currency) noexcept nogil:
    """Count a text node's characters, commas and price signs (``count_text`` with
    ``currency``) into ``walk``: features_step's text event, for a walk that scanned the
    text itself."""
    cdef size_t *counts = walk.counts
    counts[F_CURRENCY] += currency
    counts[F_CHARS] += chars
    counts[F_COMMAS] += commas
    if walk.headings:
        counts[F_HEADING_CHARS] += chars
        if walk.links:
            counts[F_HEADING_LINK_CHARS] += chars  # a title linking to its page: an item's
    if walk.links:
        counts[F_LINK_CHARS] += chars
    if walk.paragraphs:
        counts[F_P_CHARS] += chars
        counts[F_P_COMMAS] += commas
        walk.paragraph_chars += chars
    if walk.items:
        counts[F_LI_CHARS] += chars
    if walk.code:
        counts[F_CODE_CHARS] += chars
    if walk.cells:
        counts[F_TD_CHARS] += chars
    if walk.thread != NULL:
        counts[F_THREAD_CHARS] += chars
    if walk.repeat != NULL:
        counts[F_REPEAT_CHARS] += chars
        counts[F_REPEAT_CURRENCY] += currency
        walk.run_chars += chars
        if walk.links:
            counts[F_REPEAT_LINK_CHARS] += chars
            walk.repeat_flags |= REPEAT_LINK


def text_counts(data: bytes, /) -> tuple:
    """``count_text``'s ``(characters, commas, price signs)`` of UTF-8 ``data``: what the
    walks count for one text node (tests compare it with Python's own folding)."""
    cdef size_t chars = 0, commas = 0, currency = 0
    count_text(data, len(data), &chars, &commas, &currency)
    return chars, commas, currency


# the counters of schema.org Question, Answer and Comment items (itemtype, JSON-LD)
cdef size_t _QUESTIONS = FEATURE_NAMES.index("schema_Question")
cdef size_t _ANSWERS = FEATURE_NAMES.index("schema_Answer")
cdef size_t _COMMENTS = FEATURE_NAMES.index("schema_Comment")
# the counters of the schema.org types that declare the page a thread
cdef size_t _declared_thread[8]
cdef size_t _declared_thread_count = len(_page_words.DECLARED_THREAD)
if _declared_thread_count > 8:
    raise ImportError("too many declared thread types")
for _index, _word in enumerate(_page_words.DECLARED_THREAD):
    _declared_thread[_index] = FEATURE_NAMES.index("schema_" + _word)


cdef bint features_answers(FeatureWalk *walk) noexcept nogil:
    """Whether a finished walk's page marks itself up as a question with answers and
    comments apart (schema.org's QAPage vocabulary, which Q&A software writes for search
    engines). A page that marks no Comment item may write its answers in comment blocks."""
    return walk.counts[_QUESTIONS] > 0 and walk.counts[_ANSWERS] > 0 and walk.counts[_COMMENTS] > 0


cdef void features_start(FeatureWalk *walk, lxb_dom_node_t *root) noexcept nogil:
    """Ready ``walk`` for the page below ``root``: counters zeroed."""
    cdef size_t i
    for i in range(_counts_length):
        walk.counts[i] = 0
    walk.links = walk.paragraphs = walk.items = walk.code = walk.cells = walk.lists = 0
    walk.paragraph_chars = walk.headings = 0
    walk.repeat = walk.run_tail = walk.thread = NULL
    walk.run_length = walk.run_chars = walk.repeat_flags = 0
    walk.url_read = walk.title_read = walk.h1_read = False
    memset(walk.memo_lengths, 0, sizeof(walk.memo_lengths))
    memset(walk.link_nodes, 0, sizeof(walk.link_nodes))
    walk.itemtype = attr_id(root, "itemtype", 8)  # one name lookup per walk
    walk.property = attr_id(root, "property", 8)


cdef inline bint _text_link(FeatureWalk *walk, lxb_dom_node_t *c_node, bint closing) noexcept nogil:
    """``is_text_link(c_node, True)`` of an ``<a>``, tested once for its opening and its
    closing: the test may look through the link's subtree for a block (a card), and the
    closing finds the opening's answer kept by the element's address (else tests again)."""
    cdef size_t slot = (<uintptr_t>c_node >> 4) & (LINK_SLOTS - 1)
    cdef bint text
    if closing and walk.link_nodes[slot] == c_node:
        return walk.link_texts[slot]
    text = is_text_link(c_node, True)
    if not closing:
        walk.link_nodes[slot] = c_node
        walk.link_texts[slot] = text
    return text


cdef void _text_event(FeatureWalk *walk, lxb_dom_character_data_t *c_text) noexcept nogil:
    """features_step's text event: the text scanned and counted (apart: an element's event,
    most of the calls, keeps no counts in memory for the scan)."""
    cdef size_t chars = 0, commas = 0, currency = 0
    count_text(c_text.data.data, c_text.data.length, &chars, &commas, &currency)
    features_text(walk, chars, commas, currency)


cdef bint features_step(FeatureWalk *walk, lxb_dom_node_t *c_node, bint closing) noexcept nogil:
    """Count one event of a ``next_node`` walk (a node's opening or closing). Returns
    True on an opening whose subtree holds no features (scripts, styles, templates,
    ``<noscript>``, SVG/MathML): a walk made for the features alone skips it, a walk
    that goes in anyway passes no event from inside it here. So other walks (the
    metadata sources' in ``_harvest``) gather the features as they go."""
    cdef size_t *counts = walk.counts
    cdef size_t *words = counts + _CLASS_WORDS_AT
    cdef size_t *schema = counts + _SCHEMA_TYPES_AT
    cdef uintptr_t tag
    cdef size_t length = 0
    cdef const lxb_char_t *value
    if c_node.type == LXB_DOM_NODE_TYPE_TEXT:
        if not closing:
            _text_event(walk, <lxb_dom_character_data_t *>c_node)
    elif c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:
        if closing:
            features_close(walk, c_node)
            return False
        tag = c_node.local_name
        counts[F_ELEMENTS] += 1
        if tag == LXB_TAG_SCRIPT:
            _script_counts(c_node, schema)
            return True  # no closing event comes
        if tag == LXB_TAG_STYLE or tag == LXB_TAG_TEMPLATE or tag == LXB_TAG_NOSCRIPT \
                or c_node.ns != LXB_NS_HTML:
            return True
        if tag == LXB_TAG_META:
            _meta_counts(walk, c_node, counts)
        elif tag == LXB_TAG_LINK:
            _link_counts(walk, c_node, counts)
        elif tag == LXB_TAG_TITLE:
            _title_counts(walk, c_node, counts)
        elif tag == LXB_TAG_H1:
            _h1_counts(walk, c_node, counts)
        elif tag == LXB_TAG_A:
            # a link's label: its text alone (most links of a page; a card, an icon
            # beside a label: not read, at no cost)
            if c_node.first_child != NULL and c_node.first_child.next == NULL \
                    and c_node.first_child.type == LXB_DOM_NODE_TYPE_TEXT:
                _short_words(c_node, &_control_words, _control_group, counts + _CONTROL_GROUPS_AT,
                             SHORT_TEXT, True)
        elif tag == LXB_TAG_BUTTON:
            _short_words(c_node, &_control_words, _control_group, counts + _CONTROL_GROUPS_AT,
                         SHORT_TEXT, True)
            counts[F_BUTTON] += 1
        elif LXB_TAG_H2 <= tag <= LXB_TAG_H4:
            _short_words(c_node, &_heading_words, _heading_group, counts + _HEADING_GROUPS_AT,
                         HEADING_TEXT, False)
        elif tag == LXB_TAG_INPUT:
            _input_counts(c_node, counts)
        elif tag == LXB_TAG_TEXTAREA:
            counts[F_TEXTAREA] += 1
        elif tag == LXB_TAG_SELECT:
            counts[F_SELECT] += 1
        if walk.itemtype != UINTPTR_MAX:  # a page without itemtype skips the attribute scan
            value = attr_value(c_node, walk.itemtype, &length)
            if value != NULL:
                _count_words(value, length, &_schema_types, schema)
        # (an element without a class, most, takes no call)
        if (<lxb_dom_element_t *>c_node).attr_class != NULL and _class_counts(walk, c_node, words) \
                and walk.thread == NULL \
                and tag != LXB_TAG_BODY and tag != LXB_TAG_HTML:  # their classes name the page's state
            walk.thread = c_node
        _sibling_counts(walk, c_node, counts)
        if walk.repeat != NULL:
            if LXB_TAG_H1 <= tag <= LXB_TAG_H6:
                counts[F_REPEAT_HEADINGS] += 1
                walk.repeat_flags |= REPEAT_HEADING
            elif tag == LXB_TAG_P:
                counts[F_REPEAT_P] += 1
            elif tag == LXB_TAG_TIME:
                counts[F_REPEAT_TIME] += 1
            elif tag == LXB_TAG_IMG:
                counts[F_REPEAT_IMG] += 1
        if tag == LXB_TAG_A:
            if _text_link(walk, c_node, False):
                walk.links += 1
                counts[F_LINKS] += 1
            elif attr_value(c_node, LXB_DOM_ATTR_HREF, &length) != NULL:
                counts[F_CARDS] += 1
                if walk.repeat != NULL:
                    walk.repeat_flags |= REPEAT_LINK
        elif tag == LXB_TAG_P:
            walk.paragraphs += 1
        elif tag == LXB_TAG_LI:
            walk.items += 1
        elif tag == LXB_TAG_PRE or tag == LXB_TAG_CODE:
            walk.code += 1
        elif tag == LXB_TAG_TD:
            walk.cells += 1
        elif tag == LXB_TAG_UL or tag == LXB_TAG_OL:
            walk.lists += 1
            if walk.lists > counts[F_LIST_DEPTH]:
                counts[F_LIST_DEPTH] = walk.lists  # nested lists: a docs tree, a mega menu
        elif LXB_TAG_H1 <= tag <= LXB_TAG_H6:
            walk.headings += 1
        _count_tag(tag, counts)
    return False


cdef void features_close(FeatureWalk *walk, lxb_dom_node_t *c_element) noexcept nogil:
    """features_step at an element's closing (features_event calls it where
    features_closes says it counts): a small function apart, which saves none of the
    opening's registers."""
    cdef size_t *counts = walk.counts
    cdef uintptr_t tag = c_element.local_name
    if c_element == walk.thread:
        walk.thread = NULL
    if c_element == walk.repeat:
        walk.repeat = NULL
        if walk.repeat_flags == REPEAT_HEADING | REPEAT_LINK:
            counts[F_REPEAT_TITLED] += 1
    if tag == LXB_TAG_A:
        if _text_link(walk, c_element, True):
            walk.links -= 1
    elif tag == LXB_TAG_P:
        walk.paragraphs -= 1
        if walk.paragraphs == 0:
            if walk.paragraph_chars >= LONG_PARAGRAPH:
                counts[F_LONG_P] += 1
                if walk.paragraph_chars > counts[F_MAX_P]:
                    counts[F_MAX_P] = walk.paragraph_chars
            walk.paragraph_chars = walk.headings = 0
    elif tag == LXB_TAG_LI:
        walk.items -= 1
    elif tag == LXB_TAG_PRE or tag == LXB_TAG_CODE:
        walk.code -= 1
    elif tag == LXB_TAG_TD:
        walk.cells -= 1
    elif tag == LXB_TAG_UL or tag == LXB_TAG_OL:
        walk.lists -= 1
    elif LXB_TAG_H1 <= tag <= LXB_TAG_H6:
        walk.headings -= 1


cdef void _walk(lxb_dom_node_t *root, FeatureWalk *walk) noexcept nogil:
    """Fill ``walk`` for the page below ``root``."""
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False
    features_start(walk, root)
    while c_node != NULL:
        if features_event(walk, c_node, closing):
            closing = True
        c_node = next_node(root, c_node, &closing)


# the tag counter of each HTML tag id, plus one (0: the tag has none): one lookup per
# element instead of a chain of comparisons that most elements (div, span, a) run through
cdef unsigned char _tag_feature[LXB_TAG__LAST_ENTRY]


cdef void _load_tags() except *:
    cdef size_t i
    for i in range(LXB_TAG__LAST_ENTRY):
        _tag_feature[i] = 0
    for tag, feature in (
            (LXB_TAG_ARTICLE, F_ARTICLE), (LXB_TAG_SECTION, F_SECTION), (LXB_TAG_TIME, F_TIME),
            (LXB_TAG_PRE, F_PRE), (LXB_TAG_CODE, F_CODE), (LXB_TAG_TABLE, F_TABLE), (LXB_TAG_TH, F_TH),
            (LXB_TAG_FORM, F_FORM), (LXB_TAG_INPUT, F_CONTROL), (LXB_TAG_SELECT, F_CONTROL),
            (LXB_TAG_TEXTAREA, F_CONTROL), (LXB_TAG_BUTTON, F_CONTROL), (LXB_TAG_LI, F_LI),
            (LXB_TAG_UL, F_LIST), (LXB_TAG_OL, F_LIST), (LXB_TAG_H1, F_H1), (LXB_TAG_H2, F_H2),
            (LXB_TAG_H3, F_H3), (LXB_TAG_H4, F_H456), (LXB_TAG_H5, F_H456), (LXB_TAG_H6, F_H456),
            (LXB_TAG_P, F_P), (LXB_TAG_IMG, F_IMG), (LXB_TAG_FIGURE, F_FIGURE), (LXB_TAG_NAV, F_NAV),
            (LXB_TAG_ASIDE, F_ASIDE), (LXB_TAG_HEADER, F_HEADER), (LXB_TAG_FOOTER, F_FOOTER),
            (LXB_TAG_MAIN, F_MAIN), (LXB_TAG_BLOCKQUOTE, F_BLOCKQUOTE), (LXB_TAG_DL, F_DL),
            (LXB_TAG_IFRAME, F_IFRAME), (LXB_TAG_VIDEO, F_VIDEO)):
        _tag_feature[tag] = feature + 1


_load_tags()


cdef inline void _count_tag(uintptr_t tag, size_t *counts) noexcept nogil:
    if tag < LXB_TAG__LAST_ENTRY and _tag_feature[tag]:
        counts[_tag_feature[tag] - 1] += 1


# ---------------------------------------------------------------- the model

cdef size_t _counts_length = _HEADING_GROUPS_AT + len(_page_words.HEADING_WORDS)
cdef size_t _share_of[MAX_SHARES][2]
cdef size_t _share_count = 0
cdef size_t _vector_length = 0
cdef double _mean[MAX_FEATURES]
cdef double _scale[MAX_FEATURES]
cdef double _bias[PAGE_KINDS]
cdef double _weights[PAGE_KINDS][MAX_FEATURES]
# each kind's term of a feature whose value is 0 (most: the class, schema and title
# words a page lacks), worked out once as features_kind would (_term)
cdef double _zero_terms[MAX_FEATURES][PAGE_KINDS]
# the boosted trees: tree t adds to kind t % PAGE_KINDS's score; each holds its
# (1 << depth) - 1 splits breadth first (go right when the feature is at least the
# threshold), then its 1 << depth leaves
cdef size_t _tree_count = 0
cdef size_t _tree_depth = 0
cdef unsigned short *_tree_feature = NULL
cdef double *_tree_threshold = NULL
cdef double *_tree_leaf = NULL
cdef double _mix = 1.0  # the regression's share of the probabilities (the trees': the rest)

PAGE_KINDS_NAMES = ("article", "forum", "product", "collection", "listing", "documentation", "service")


cdef void _load_trees(model) except *:
    """Copy the model's trees into C arrays (freeing the ones they replace)."""
    global _tree_count, _tree_depth, _tree_feature, _tree_threshold, _tree_leaf, _mix
    cdef size_t i, depth = model.TREE_DEPTH, nodes, leaves, count
    cdef unsigned short *features
    cdef double *thresholds
    cdef double *leaf_values
    if depth > MAX_TREE_DEPTH:
        raise ImportError("page-type trees too deep")
    nodes = (1 << depth) - 1
    leaves = 1 << depth
    count = len(model.TREE_LEAVES) // leaves
    if (count % PAGE_KINDS or len(model.TREE_LEAVES) != count * leaves
            or len(model.TREE_FEATURES) != count * nodes or len(model.TREE_THRESHOLDS) != count * nodes
            or any(not 0 <= f < _vector_length for f in model.TREE_FEATURES)):
        raise ImportError("_page_type_model.py's trees do not fit the features")
    features = <unsigned short *>PyMem_RawMalloc(max(count * nodes, 1) * sizeof(unsigned short))
    thresholds = <double *>PyMem_RawMalloc(max(count * nodes, 1) * sizeof(double))
    leaf_values = <double *>PyMem_RawMalloc(max(count * leaves, 1) * sizeof(double))
    if features == NULL or thresholds == NULL or leaf_values == NULL:
        PyMem_RawFree(features)
        PyMem_RawFree(thresholds)
        PyMem_RawFree(leaf_values)
        raise MemoryError()
    for i in range(count * nodes):
        features[i] = model.TREE_FEATURES[i]
        thresholds[i] = model.TREE_THRESHOLDS[i]
    for i in range(count * leaves):
        leaf_values[i] = model.TREE_LEAVES[i]
    PyMem_RawFree(_tree_feature)
    PyMem_RawFree(_tree_threshold)
    PyMem_RawFree(_tree_leaf)
    _tree_feature, _tree_threshold, _tree_leaf = features, thresholds, leaf_values
    _tree_count, _tree_depth = count, depth
    _mix = model.MIX if count else 1.0


cdef void _load_model(model) except *:
    global _share_count, _vector_length
    cdef size_t i, k
    if tuple(model.CLASSES) != PAGE_KINDS_NAMES:
        raise ImportError("_page_type_model.CLASSES is not in the order of _features.pxd")
    if len(_page_words.SHARES) > MAX_SHARES:
        raise ImportError("too many page-type shares")
    index = {name: i for i, name in enumerate(TAG_FEATURES)}
    for i, (numerator, denominator) in enumerate(_page_words.SHARES):
        _share_of[i][0] = index[numerator]
        _share_of[i][1] = index[denominator]
    _share_count = len(_page_words.SHARES)
    _vector_length = _counts_length + _share_count
    if len(model.MEAN) != _vector_length or _vector_length > MAX_FEATURES:
        raise ImportError("_page_type_model.py does not fit the features: run bench/train_page_type.py --write")
    for i in range(_vector_length):
        _mean[i] = model.MEAN[i]
        _scale[i] = model.SCALE[i]
    for k in range(PAGE_KINDS):
        _bias[k] = model.BIAS[k]
        for i in range(_vector_length):
            _weights[k][i] = model.WEIGHTS[k][i]
    for i in range(_vector_length):
        for k in range(PAGE_KINDS):
            _zero_terms[i][k] = _term(k, i, 0.0 - _mean[i])
    _load_trees(model)


cdef inline double _term(int k, size_t i, double difference) noexcept nogil:
    """Kind ``k``'s term of feature ``i`` in the regression (``difference``: the feature's
    value less its mean)."""
    return _weights[k][i] * difference / _scale[i]


_load_model(_model)


def use_model(model) -> None:
    """Replace the page-type weights (an object with ``_page_type_model``'s names):
    bench/train_page_type.py measures extraction with models fitted without the page's site."""
    _load_model(model)


# log1p of the small counts most features hold, from the same libm call: the same values
cdef enum:
    SMALL_COUNTS = 256
cdef double _log1p_small[SMALL_COUNTS]
for _count in range(SMALL_COUNTS):
    _log1p_small[_count] = log1p(<double>_count)


cdef size_t _vector(FeatureWalk *walk, double *vector) noexcept nogil:
    """log(1 + count) of every feature of a finished walk, then the shares of
    ``_page_words.SHARES``; returns the element count."""
    cdef size_t *counts = walk.counts
    cdef size_t i, below
    _run_end(walk)  # the last run
    for i in range(_counts_length):
        vector[i] = _log1p_small[counts[i]] if counts[i] < SMALL_COUNTS else log1p(<double>counts[i])
    for i in range(_share_count):
        below = counts[_share_of[i][1]]
        vector[_counts_length + i] = <double>counts[_share_of[i][0]] / below if below else 0.0
    return counts[F_ELEMENTS]


cdef int features_kind(FeatureWalk *walk, double *probability, size_t *elements,
                       double *article_probability=NULL) noexcept nogil:
    """The most probable PAGE_* kind of a finished walk's page, its probability and the
    page's element count (and, asked for, the probability that it is an article); a page
    under MIN_PAGE_ELEMENTS elements is an article."""
    cdef double vector[MAX_FEATURES]
    cdef double scores[PAGE_KINDS]
    cdef double trees[PAGE_KINDS]
    cdef double chance[PAGE_KINDS]
    cdef size_t i
    cdef int k, best = PAGE_ARTICLE
    cdef double difference
    elements[0] = _vector(walk, vector)
    if elements[0] < MIN_PAGE_ELEMENTS:
        probability[0] = 1.0
        if article_probability != NULL:
            article_probability[0] = 1.0
        return PAGE_ARTICLE  # a fragment (a snippet, a test page) is read as an article
    for i in range(_declared_thread_count):
        if walk.counts[_declared_thread[i]]:  # the page declares itself a thread
            probability[0] = 1.0
            if article_probability != NULL:
                article_probability[0] = 0.0
            return PAGE_FORUM
    for k in range(PAGE_KINDS):
        scores[k] = _bias[k]
        trees[k] = 0.0
    # feature by feature, the seven kinds' sums side by side: each sum still adds its
    # terms in feature order, the same arithmetic as kind by kind, without waiting on one
    for i in range(_vector_length):
        if vector[i] == 0.0:
            for k in range(PAGE_KINDS):
                scores[k] += _zero_terms[i][k]
        else:
            difference = vector[i] - _mean[i]
            for k in range(PAGE_KINDS):
                scores[k] += _term(k, i, difference)
    _softmax(scores, chance, _mix)
    if _tree_count:
        if _tree_depth == 3:  # the shipped model's depth: a loop with its three levels written out
            _add_trees(trees, vector, 3)
        else:
            _add_trees(trees, vector, _tree_depth)
        _softmax(trees, scores, 1.0)
        for k in range(PAGE_KINDS):
            chance[k] += (1.0 - _mix) * scores[k]
    for k in range(PAGE_KINDS):
        if chance[k] > chance[best]:
            best = k
    probability[0] = chance[best]
    if article_probability != NULL:
        article_probability[0] = chance[PAGE_ARTICLE]
    return best


cdef inline void _add_trees(double *trees, const double *vector, size_t depth) noexcept nogil:
    """Add every boosted tree's leaf to its kind's sum: tree t adds to kind t % PAGE_KINDS,
    so the trees are read a round of kinds at a time (each kind's sum still adds its trees
    in order), without a division per tree."""
    cdef size_t _round, nodes = (1 << depth) - 1
    cdef int k
    cdef const unsigned short *features = _tree_feature
    cdef const double *thresholds = _tree_threshold
    cdef const double *leaves = _tree_leaf
    for _round in range(_tree_count // PAGE_KINDS):
        for k in range(PAGE_KINDS):
            trees[k] += leaves[_leaf(features, thresholds, vector, depth) - nodes]
            features += nodes
            thresholds += nodes
            leaves += nodes + 1


cdef inline size_t _leaf(const unsigned short *features, const double *thresholds,
                         const double *vector, size_t depth) noexcept nogil:
    """The node a feature vector reaches at the bottom of one tree of ``depth`` levels (its
    splits breadth first: go right when the feature is at least the threshold)."""
    cdef size_t node = 0, _level
    if depth == 3:  # the shipped model's depth, its three levels written out
        node = 1 + (vector[features[0]] >= thresholds[0])
        node = 2 * node + 1 + (vector[features[node]] >= thresholds[node])
        return 2 * node + 1 + (vector[features[node]] >= thresholds[node])
    for _level in range(depth):
        node = 2 * node + 1 + (vector[features[node]] >= thresholds[node])
    return node


cdef void _softmax(double *scores, double *chance, double share) noexcept nogil:
    """``chance`` = ``share`` times the probabilities of the kinds' ``scores``."""
    cdef double top = scores[0], total = 0.0
    cdef int k
    for k in range(PAGE_KINDS):
        top = max(top, scores[k])
    for k in range(PAGE_KINDS):
        total += exp(scores[k] - top)
    for k in range(PAGE_KINDS):
        chance[k] = share * exp(scores[k] - top) / total


cdef int page_kind(lxb_dom_node_t *root, double *probability, size_t *elements) noexcept nogil:
    """The most probable PAGE_* kind of the page below ``root`` (see features_kind)."""
    cdef FeatureWalk walk
    _walk(root, &walk)
    return features_kind(&walk, probability, elements)


def feature_vector(Node node, /) -> list:
    """The model's input for the page below ``node`` (``bench/train_page_type.py``)."""
    cdef double vector[MAX_FEATURES]
    cdef FeatureWalk walk
    cdef size_t i
    with nogil:
        _walk(node.c_node, &walk)
        _vector(&walk, vector)
    return [vector[i] for i in range(_vector_length)]


def page_type(Node node, /) -> str:
    """Which of seven kinds of page this is: ``"article"``, ``"forum"``, ``"product"``,
    ``"collection"``, ``"listing"``, ``"documentation"`` or ``"service"``, read from the
    page's structure (docs/scoring.md); a fragment of under 50 elements is an article."""
    cdef int kind
    cdef double probability
    cdef size_t elements
    with nogil:
        kind = page_kind(node.c_node, &probability, &elements)
    return PAGE_KINDS_NAMES[kind]
