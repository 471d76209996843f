"""Main-content scoring: the content-density walk of docs/scoring.md, in C over lexbor.

One iterative pass keeps a stack of open containers with their text, link-text and
comma counts. A closing paragraph unit adds its points to its parent (in full) and
grandparent (half); candidates live in a small pointer-keyed hash map. Nothing here
touches a Python object until the winner is wrapped, and the walk runs without the GIL.
"""

from libc.stdlib cimport calloc, free, realloc
from libc.string cimport memset

from turbohtml._core cimport (
    Document, Node, ReadAhead, attr_id, attr_name, next_node, read_ahead, read_ahead_start, wrap_node,
)
from turbohtml._lexbor cimport *
from turbohtml._ascii cimport (
    ascii_lower as _lower, byte_kind, contains, count_text, equals_lower, leading_spaces, memo_holds, memo_slot,
    next_token,
)
from turbohtml._features cimport (
    MATCHED, PAGE_ARTICLE, PAGE_COLLECTION, PAGE_FORUM, PAGE_LISTING, PAGE_PRODUCT, PAGE_SERVICE,
    FeatureWalk, WordTable, features_answers, features_blank, features_event, features_kind, features_start,
    features_text,
    load_words, word_split,
)
from turbohtml._harvest cimport HarvestWalk, harvest_start, harvest_step, harvested
from turbohtml._tags cimport is_block, is_inline_container, is_never_content, is_paragraph, is_text_link, tag_weight

from turbohtml import _hints, _tunables
from turbohtml._features import PAGE_KINDS_NAMES
from turbohtml._harvest import harvest_metadata

cdef enum:
    MAX_WORDS = 64
    ATTR_PREFIX = 512     # bytes of a class/id value examined: bounded work on hostile pages

# the scoring's numbers, each named and explained once in _tunables (Python reads them there)
cdef size_t MIN_PARAGRAPH = _tunables.MIN_PARAGRAPH
cdef size_t RETRY_BELOW = _tunables.RETRY_BELOW
cdef double HINT_WEIGHT = _tunables.HINT_WEIGHT
cdef size_t RETRY_GAIN = _tunables.RETRY_GAIN
cdef size_t MIN_VISIBLE = _tunables.MIN_VISIBLE
cdef double MAX_LINK_DENSITY = _tunables.MAX_LINK_DENSITY
# _kept_text's bound: a winner's text is only ever compared with these thresholds, or
# with RETRY_GAIN times a text below them
cdef size_t RETRY_CAP = max(RETRY_BELOW, MIN_VISIBLE) * max(RETRY_GAIN, 1)
cdef double KIND_CONFIDENCE = _tunables.KIND_CONFIDENCE
cdef double LISTING_CONFIDENCE = _tunables.LISTING_CONFIDENCE
cdef double ARTICLE_DOUBT = _tunables.ARTICLE_DOUBT
cdef double LISTING_DOUBT = _tunables.LISTING_DOUBT


# ---------------------------------------------------------------- hint words as C data

cdef enum:
    WORD_POSITIVE = 1
    WORD_NEGATIVE = 2
    WORD_PRUNE = 4
    WORD_RESCUE = 8
    WORD_MEDIA = 16
    WORD_BUILDER_UNIT = 32
    WORD_THREAD = 64
    WORD_REVIEW = 128
    WORD_NEGATED_CONTENT = 256  # a negation right before a content word (nocontent)
    WORD_PART = 512
    MAX_ALL_WORDS = 4 * MAX_WORDS
    MAX_TOKEN = 128         # bytes of one class/id token read (bounded work)

ctypedef struct Word:
    const char *text
    size_t length
    int kinds               # WORD_* bits: one word may sit in several lists

ctypedef struct WordList:
    const char *words[MAX_WORDS]
    size_t lengths[MAX_WORDS]
    size_t count
    bint first_bytes[256]   # the bytes a word of the list starts with, either case
    bint last_bytes[256]    # the bytes a word of the list ends with

# Every hint word once, in sorted order, and the automaton that finds them in a token
# (word k of the automaton is _words[k]).
cdef Word _words[MAX_ALL_WORDS]
cdef WordTable _word_table
cdef size_t _shortest_word = MAX_TOKEN  # a shorter token holds no hint word
cdef WordList _skipped_prefixes
cdef WordList _qualifiers
cdef WordList _negations
cdef WordList _sides
cdef list _keep_alive = []


cdef void _load_list(WordList *target, words) except *:
    if len(words) > MAX_WORDS:
        raise ValueError("too many hint words")
    target.count = 0
    memset(target.first_bytes, 0, sizeof(target.first_bytes))
    memset(target.last_bytes, 0, sizeof(target.last_bytes))
    for word in words:
        data = word.encode("ascii")
        if not data:
            raise ValueError("an empty hint word")
        _keep_alive.append(data)
        target.words[target.count] = <const char *>data
        target.lengths[target.count] = len(data)
        target.first_bytes[data[0]] = target.first_bytes[ord(chr(data[0]).upper())] = True
        target.last_bytes[data[len(data) - 1]] = True
        target.count += 1


cdef void _load_words() except *:
    global _shortest_word
    cdef dict kinds = {}
    cdef size_t i = 0
    for bit, words in ((WORD_POSITIVE, _hints.POSITIVE), (WORD_NEGATIVE, _hints.NEGATIVE),
                       (WORD_PRUNE, _hints.PRUNE), (WORD_RESCUE, _hints.RESCUE),
                       (WORD_MEDIA, _hints.MEDIA), (WORD_BUILDER_UNIT, _hints.BUILDER_UNITS),
                       (WORD_THREAD, _hints.THREAD), (WORD_REVIEW, _hints.REVIEW),
                       (WORD_PART, _hints.PARTS)):
        for word in words:
            kinds[word] = kinds.get(word, 0) | bit
    if len(kinds) > MAX_ALL_WORDS:
        raise ValueError("too many hint words")
    for word in sorted(kinds):
        data = word.encode("ascii")
        if len(data) < 3:
            raise ValueError("hint words have at least three letters (the short-token exit)")
        _keep_alive.append(data)
        _words[i].text = <const char *>data
        _words[i].length = len(data)
        _words[i].kinds = kinds[word]
        _shortest_word = min(_shortest_word, len(data))
        i += 1
    # folding ASCII case, and passing over separators: _word_kinds steps it over a value as
    # written, each token read as _token_kinds reads it (lower-cased, without separators)
    load_words(&_word_table, sorted(kinds), True, b"-_")
    _load_list(&_skipped_prefixes, _hints.SKIPPED_TOKEN_PREFIXES)
    _load_list(&_qualifiers, _hints.QUALIFIERS)
    _load_list(&_negations, _hints.NEGATIONS)
    _load_list(&_sides, _hints.LAYOUT_SIDES)


_load_words()


cdef inline bint _equal(const unsigned char *text, const char *word, size_t n) noexcept nogil:
    cdef size_t j
    for j in range(n):
        if text[j] != <unsigned char>word[j]:
            return False
    return True


cdef bint _word_ends_at(const unsigned char *word, const unsigned char *starts, size_t at,
                        WordList *words) noexcept nogil:
    """Whether one of ``words`` starts a word of the token and ends at ``at``."""
    cdef size_t k, n
    if at == 0 or not words.last_bytes[word[at - 1]]:
        return False  # no word of the list ends with the byte before (most matches)
    for k in range(words.count):
        n = words.lengths[k]
        if n <= at and starts[at - n] and _equal(word + at - n, words.words[k], n):
            return True
    return False


cdef bint _word_starts_at(const unsigned char *word, const unsigned char *starts, size_t at, size_t length,
                          WordList *words) noexcept nogil:
    """Whether one of ``words`` is a whole word of the token starting at ``at``."""
    cdef size_t k, n
    if at >= length or not starts[at]:
        return False
    for k in range(words.count):
        n = words.lengths[k]
        if at + n <= length and (at + n == length or starts[at + n]) and _equal(word + at, words.words[k], n):
            return True
    return False


cdef int _token_kinds(const unsigned char *token, size_t length, const unsigned short *raw_ends,
                      const unsigned short *raw_states, size_t raw_matched) noexcept nogil:
    """The WORD_* bits of one class/id token. The token is read lower-cased and without
    its ``-``/``_`` separators (``More-Stories`` reads ``morestories``) and hint words
    match inside it; a content word counts only at the start of a word (``entry-content``,
    ``postbody``, not ``ratingtext``); a qualifier word right before a hint word
    (``no-sidebar``, ``has-comments``, ``above-footer``) makes that match a statement about
    the layout (but a negated content word, ``nocontent``, says the block is none), a
    side word around a boilerplate word (``sidebar-right``) a layout switch,
    and a builder's unit word after the token's first word (``elementor-widget``) a
    content block.

    _word_kinds calls it only for a token that holds a hint word (most hold none: a
    grid's, a theme's, a script's names), with the words its automaton pass found in the
    token (``raw_ends``, offsets in the token as written, and the states reached there:
    the automaton reads the token as if without separators). One pass reads the token
    lower-cased without its separators, and the words found are weighed after it, when
    the words around them are known."""
    cdef unsigned char squashed[MAX_TOKEN]
    cdef unsigned char starts[MAX_TOKEN + 1]  # bytes, not bint: a smaller array to fill
    cdef unsigned char at[ATTR_PREFIX]        # each byte's place in squashed (a separator's: the next's)
    cdef size_t i, k, m, n = 0, end, second = 0, read = 0
    cdef bint word_start = True
    cdef int kinds = 0, found
    cdef unsigned int state
    cdef unsigned char c
    cdef Word *word
    if length < _shortest_word:
        return 0  # most short tokens (col, row, js, a grid's sizes) end here
    for i in range(length):  # (at most ATTR_PREFIX bytes: a token of a value _word_kinds reads)
        c = token[i]
        at[i] = n
        if c == 45 or c == 95:  # - _
            word_start = True
            continue
        if n == MAX_TOKEN:
            break
        squashed[n] = _lower(c)
        starts[n] = word_start
        word_start = False
        n += 1
        read = i + 1
    starts[n] = True
    for m in range(raw_matched):
        if raw_ends[m] >= read:
            break  # past the bytes read (a token of more than MAX_TOKEN letters)
        end = at[raw_ends[m]]
        state = raw_states[m]
        for k in range(_word_table.out_start[state], _word_table.out_start[state + 1]):
            word = &_words[_word_table.out_words[k]]
            i = end + 1 - word.length  # where the word starts
            found = word.kinds
            if not starts[i]:
                # a content word inside a compound names something else (ratingtext,
                # context, subtext); boilerplate words count anywhere (sitefooter)
                found &= ~WORD_POSITIVE
            if _word_ends_at(squashed, starts, i, &_qualifiers):
                if (found & WORD_RESCUE and i + word.length == n
                        and _word_ends_at(squashed, starts, i, &_negations)):
                    kinds |= WORD_NEGATED_CONTENT  # nocontent: the page says this is none
                continue
            if found & (WORD_NEGATIVE | WORD_PRUNE | WORD_THREAD | WORD_REVIEW | WORD_PART) and (
                    _word_ends_at(squashed, starts, i, &_sides)
                    or _word_starts_at(squashed, starts, i + word.length, n, &_sides)):
                found &= ~(WORD_NEGATIVE | WORD_PRUNE | WORD_THREAD | WORD_REVIEW | WORD_PART)
            if found & WORD_BUILDER_UNIT:
                found &= ~WORD_BUILDER_UNIT
                if second == 0:  # where the token's second word starts (n: it has only one)
                    second = 1
                    while second < n and not starts[second]:
                        second += 1
                if i >= second:  # after the token's first word
                    found &= ~(WORD_NEGATIVE | WORD_PRUNE)
            kinds |= found
    return kinds


cdef int _word_kinds(const unsigned char *value, size_t length) noexcept nogil:
    """The WORD_* bits of a class/id value (``length`` at most ATTR_PREFIX), token by
    token; taxonomy tokens (``category-news``, WordPress's post terms) say nothing of the
    layout.

    A first pass steps the automaton over the value as written (white space returns it
    to its start, the separators leave its state as it is: each token reads as without
    them; two halves side by side, word_split): a value in which no hint word ends (most)
    ends there, and only the tokens in which one ends are read again, by _token_kinds."""
    cdef unsigned short ends[ATTR_PREFIX]  # where words end, and the state reached there
    cdef unsigned short end_states[ATTR_PREFIX]
    cdef unsigned short later_ends[ATTR_PREFIX]  # the same in the second half (word_split)
    cdef unsigned short later_states[ATTR_PREFIX]
    cdef size_t i, start, k, m = 0, first, matched = 0, later = 0
    cdef size_t half = word_split(value, length, &_word_table), second = half + 1, both
    cdef unsigned int row = 0, other = 0
    cdef unsigned short next_row, next_other
    cdef int kinds = 0
    cdef bint taxonomy
    both = min(half, length - second) if second <= length else 0
    for i in range(both):
        next_row = _word_table.delta[row | _word_table.classes[value[i]]]
        next_other = _word_table.delta[other | _word_table.classes[value[second + i]]]
        row = next_row & ~MATCHED
        other = next_other & ~MATCHED
        if (next_row | next_other) & MATCHED:
            if next_row & MATCHED:
                ends[matched] = i
                end_states[matched] = row >> _word_table.shift
                matched += 1
            if next_other & MATCHED:
                later_ends[later] = second + i
                later_states[later] = other >> _word_table.shift
                later += 1
    for i in range(both, half):  # what is left of the longer half (all of a value not split)
        next_row = _word_table.delta[row | _word_table.classes[value[i]]]
        row = next_row & ~MATCHED
        if next_row & MATCHED:
            ends[matched] = i
            end_states[matched] = row >> _word_table.shift
            matched += 1
    for i in range(second + both, length):
        next_other = _word_table.delta[other | _word_table.classes[value[i]]]
        other = next_other & ~MATCHED
        if next_other & MATCHED:
            later_ends[later] = i
            later_states[later] = other >> _word_table.shift
            later += 1
    for k in range(later):  # in order: the second half's after the first's
        ends[matched] = later_ends[k]
        end_states[matched] = later_states[k]
        matched += 1
    if matched == 0:
        return 0
    i = 0
    while i < length and m < matched:
        start = next_token(value, length, &i)
        if i == start:
            break
        if ends[m] >= i:
            continue  # no hint word ends in this token
        first = m
        while m < matched and ends[m] < i:
            ends[m] -= start  # (an offset in the token)
            m += 1
        taxonomy = False
        for k in range(_skipped_prefixes.count if _skipped_prefixes.first_bytes[value[start]] else 0):
            # the prefix's NUL ends the comparison: a token that starts with it
            if i - start >= _skipped_prefixes.lengths[k] and equals_lower(
                    value + start, _skipped_prefixes.lengths[k], _skipped_prefixes.words[k]):
                taxonomy = True
                break
        if not taxonomy:
            kinds |= _token_kinds(value + start, i - start, ends + first, end_states + first, m - first)
    return kinds


cdef int _attribute_hints(lxb_dom_attr_t *c_attr) noexcept nogil:
    cdef int kinds, hints = 0
    if c_attr == NULL or c_attr.value == NULL or c_attr.value.data == NULL:
        return 0
    kinds = _word_kinds(c_attr.value.data, min(c_attr.value.length, ATTR_PREFIX))
    if kinds & WORD_POSITIVE:
        hints |= HINT_POSITIVE
    if kinds & WORD_NEGATIVE:
        hints |= HINT_NEGATIVE
    if kinds & WORD_PART:
        hints |= HINT_PART
    if (kinds & WORD_PRUNE and not kinds & WORD_RESCUE) or kinds & WORD_NEGATED_CONTENT:
        hints |= HINT_PRUNE
    if kinds & WORD_MEDIA:
        hints |= HINT_MEDIA
    if kinds & WORD_THREAD and not kinds & WORD_RESCUE:
        hints |= HINT_THREAD
    if kinds & WORD_REVIEW and not kinds & WORD_RESCUE:
        hints |= HINT_REVIEW
    return hints


cdef bint prunes(int hints, int mode) noexcept nogil:
    """Whether class/id hints drop a subtree in a pass: boilerplate words always, comment
    words unless the page is a thread (but a question-and-answer thread's comments are
    remarks on its posts), review words on a product page."""
    return ((hints & HINT_PRUNE) != 0 or (hints & HINT_THREAD and _comments_aside(mode))
            or (hints & HINT_REVIEW and mode & PASS_PRODUCT))


cdef inline bint _comments_aside(int mode) noexcept nogil:
    """Whether comment blocks are boilerplate in a pass: below an article, and under the
    question and answers of a Q&A thread; on any other thread they are its posts."""
    return not mode & PASS_THREAD or mode & PASS_ANSWERS != 0


cdef void hint_memo_start(HintMemo *memo, lxb_dom_node_t *c_node) noexcept nogil:
    """Ready an empty memo for one walk of ``c_node``'s document."""
    memset(memo.lengths, 0, sizeof(memo.lengths))
    memo.hidden = attr_id(c_node, "hidden", 6)
    memo.aria_hidden = attr_id(c_node, "aria-hidden", 11)
    memo.popover = attr_id(c_node, "popover", 7)
    memo.role = attr_id(c_node, "role", 4)


cdef inline int _class_value_hints(lxb_dom_attr_t *c_attr, HintMemo *memo) noexcept nogil:
    """_attribute_hints of a class attribute, read once per distinct value with ``memo``
    (an id names one element: it is read each time); a value met before, most, takes no
    call."""
    cdef size_t n, slot
    if memo == NULL or c_attr == NULL or c_attr.value == NULL or c_attr.value.data == NULL \
            or c_attr.value.length == 0:
        return _attribute_hints(c_attr)
    n = min(c_attr.value.length, ATTR_PREFIX)  # the bytes _attribute_hints reads
    slot = memo_slot(c_attr.value.data, n, HINT_SLOTS)
    if memo_holds(memo.values[slot], memo.lengths[slot], c_attr.value.data, n):
        return memo.hints[slot]
    return _read_hints(c_attr, memo, slot, n)


cdef int _read_hints(lxb_dom_attr_t *c_attr, HintMemo *memo, size_t slot, size_t n) noexcept nogil:
    """_class_value_hints for a value not in the memo: read, and kept in ``slot``."""
    cdef int hints = _attribute_hints(c_attr)
    memo.values[slot] = c_attr.value.data
    memo.lengths[slot] = n
    memo.hints[slot] = hints
    return hints


cdef int class_hints(lxb_dom_node_t *c_node, HintMemo *memo=NULL) noexcept nogil:
    """HINT_* flags read from an element's class and id (``memo``: see HintMemo)."""
    cdef lxb_dom_element_t *c_element
    if c_node.type != LXB_DOM_NODE_TYPE_ELEMENT:
        return 0
    c_element = <lxb_dom_element_t *>c_node
    return _class_value_hints(c_element.attr_class, memo) | _attribute_hints(c_element.attr_id)


cdef bint _value_contains(const lxb_char_t *value, size_t length, const char *needle, size_t n,
                          const char *other=NULL, size_t other_n=0) noexcept nogil:
    """Whether the value, lower-cased and without whitespace, holds ``needle`` (or
    ``other``: a style's two tests on one copy of it)."""
    cdef unsigned char buffer[ATTR_PREFIX]
    cdef size_t i, j = 0
    if value == NULL:
        return False
    for i in range(length):
        if j == ATTR_PREFIX:
            break
        if value[i] != 32 and value[i] != 9 and value[i] != 10 and value[i] != 13:
            buffer[j] = _lower(value[i])  # "display: none" and "display:none" alike
            j += 1
    return contains(buffer, j, needle, n) or (other != NULL and contains(buffer, j, other, other_n))


cdef inline bint _name_is(const lxb_char_t *name, size_t length, const char *wanted, size_t n) noexcept nogil:
    cdef size_t i
    if length != n:
        return False
    for i in range(n):
        if name[i] != <unsigned char>wanted[i]:
            return False
    return True


cdef inline bint _attr_is(lxb_dom_attr_t *c_attr, uintptr_t known, const char *wanted, size_t n,
                          HintMemo *memo) noexcept nogil:
    """Whether an attribute outside lexbor's static table is ``wanted``: by the id a walk's
    ``memo`` knows (``known``), else by its name."""
    cdef const lxb_char_t *name
    cdef size_t length = 0
    if memo != NULL:
        return c_attr.node.local_name == known
    name = attr_name(c_attr, &length)
    return name != NULL and _name_is(name, length, wanted, n)


cdef bint is_hidden(lxb_dom_node_t *c_node, int mode, HintMemo *memo=NULL) noexcept nogil:
    """Readability's visibility test: the hidden attribute, aria-hidden, inline display:none;
    and the ``popover`` attribute (a menu, tooltip or prompt the browser shows only when
    asked, as it does a closed ``<dialog>``) and ARIA's ``dialog`` roles (a modal built
    from ``<div>``s). On a page read whole (not an article) aria-hidden is no test: there
    it marks the collapsed panels of accordions and tabs (FAQs, buying guides,
    specifications), content a reader opens, more often than decoration; and a hidden
    ``role="tabpanel"`` is a tab not chosen yet (the same steps in another language, a
    product's specifications), shown by a click, not removed. On a page read as an
    article a hidden ``<div id="S:n">`` is shown: React's streamed segment
    (``_streamed_segment``), which its script moves into place at once.

    One pass over the attribute list: ``style`` has a static id; ``hidden``, ``popover``,
    ``role`` and ``aria-hidden`` are outside lexbor's static table: a walk's ``memo``
    knows their ids in the document, else their names are compared.
    """
    cdef lxb_dom_attr_t *c_attr
    cdef bint hidden = False, shown = False, whole = mode & PASS_WHOLE_PAGE != 0, segment = False
    cdef uintptr_t hidden_id = 0, popover_id = 0, role_id = 0, aria_hidden_id = 0
    if memo != NULL:
        hidden_id, popover_id, role_id, aria_hidden_id = memo.hidden, memo.popover, memo.role, memo.aria_hidden
    if c_node.type != LXB_DOM_NODE_TYPE_ELEMENT:
        return False
    c_attr = (<lxb_dom_element_t *>c_node).first_attr
    while c_attr != NULL:
        if c_attr.node.local_name == LXB_DOM_ATTR_STYLE:
            if c_attr.value != NULL and (
                    _value_contains(c_attr.value.data, c_attr.value.length, "display:none", 12,
                                    "visibility:hidden", 17)):
                hidden = True
        elif not whole and c_attr.node.local_name == LXB_DOM_ATTR_ID:
            segment = c_attr.value != NULL and _streamed_segment(c_attr.value.data, c_attr.value.length)
        elif c_attr.node.local_name >= LXB_DOM_ATTR__LAST_ENTRY:
            if _attr_is(c_attr, hidden_id, "hidden", 6, memo) or _attr_is(c_attr, popover_id, "popover", 7, memo):
                hidden = True
            elif _attr_is(c_attr, role_id, "role", 4, memo):
                if c_attr.value != NULL and (
                        _name_is(c_attr.value.data, c_attr.value.length, "dialog", 6)
                        or _name_is(c_attr.value.data, c_attr.value.length, "alertdialog", 11)):
                    return True
                if whole and c_attr.value != NULL and _name_is(c_attr.value.data, c_attr.value.length,
                                                               "tabpanel", 8):
                    shown = True
            elif (not whole and _attr_is(c_attr, aria_hidden_id, "aria-hidden", 11, memo)
                    and c_attr.value != NULL
                    and _value_contains(c_attr.value.data, c_attr.value.length, "true", 4)):
                hidden = True
        c_attr = c_attr.next
    return hidden and not shown and not segment


cdef inline bint _streamed_segment(const lxb_char_t *value, size_t length) noexcept nogil:
    """Whether an id is ``S:<digits>``: React's streaming server rendering (Next.js, Remix)
    sends a suspended part of the page later in the document, in a ``hidden`` ``<div>``
    of that id, and a script moves it into its place at once: it is shown."""
    cdef size_t i = 2
    if length < 3 or value[0] != b'S' or value[1] != b':':
        return False
    while i < length:
        if not b'0' <= value[i] <= b'9':
            return False
        i += 1
    return True


cdef enum:
    ARTICLE_SCAN = 16       # ancestors examined for a <header>'s <article>


cdef bint is_page_chrome(lxb_dom_node_t *c_node, lxb_dom_node_t *root) noexcept nogil:
    """A never-content element (docs/scoring.md), except an ``<article>``'s or ``<main>``'s
    own ``<header>``: the HTML standard makes only a page-level header a banner, and an
    article's header holds its title and standfirst."""
    cdef lxb_dom_node_t *c_up
    cdef size_t climbed = 0
    if not is_never_content(c_node.local_name, c_node.ns):
        return False
    if c_node.local_name != LXB_TAG_HEADER or c_node.ns != LXB_NS_HTML:
        return True
    c_up = c_node.parent
    while c_up != NULL and climbed < ARTICLE_SCAN:
        if c_up.type == LXB_DOM_NODE_TYPE_ELEMENT and (
                c_up.local_name == LXB_TAG_ARTICLE or c_up.local_name == LXB_TAG_MAIN):
            return False
        if c_up == root:
            break
        c_up = c_up.parent
        climbed += 1
    return True


cdef bint skips_subtree(lxb_dom_node_t *c_node, lxb_dom_node_t *root, int mode,
                        HintMemo *memo=NULL) noexcept nogil:
    """Whether a walk below ``root`` leaves out this element and everything under it:
    page chrome, foreign islands, hidden elements and, with ``PASS_PRUNE_CLASSES``,
    boilerplate class/id subtrees (``<html>``/``<body>`` and the root are never pruned).
    The later passes walk ``<header>``/``<aside>`` and hidden or ``<noscript>`` content."""
    cdef uintptr_t tag = c_node.local_name
    if c_node == root or c_node.type != LXB_DOM_NODE_TYPE_ELEMENT:
        return False
    if c_node.ns == LXB_NS_HTML and (
            (mode & PASS_KEEP_CHROME and (tag == LXB_TAG_HEADER or tag == LXB_TAG_ASIDE))
            or (mode & PASS_KEEP_NOSCRIPT and tag == LXB_TAG_NOSCRIPT)):
        pass
    elif is_never_content(tag, c_node.ns) and is_page_chrome(c_node, root):  # (most elements: no call)
        return True
    if (<lxb_dom_element_t *>c_node).first_attr == NULL:
        return False  # neither hidden nor classed: no call for most elements
    if not mode & PASS_KEEP_HIDDEN and may_hide(c_node) and is_hidden(c_node, mode, memo):
        return True
    if not mode & PASS_PRUNE_CLASSES or tag == LXB_TAG_HTML or tag == LXB_TAG_BODY:
        return False
    return prunes(class_hints(c_node, memo), mode)


# ---------------------------------------------------------------- candidates

ctypedef struct Candidate:
    lxb_dom_node_t *node
    double score
    size_t text
    size_t links
    bint negative           # a boilerplate word: it passes no half share to its parent

ctypedef struct CandidateMap:
    Candidate *items
    size_t length
    size_t capacity
    size_t *slots           # index + 1 into items, 0 for empty; open addressing
    size_t slot_count       # a power of two
    int mode                # the pass (PASS_* bits): how class/id hints weigh
    HintMemo *memo          # the walk's (NULL once the walk is over)


cdef inline size_t _slot_of(lxb_dom_node_t *c_node, size_t mask) noexcept nogil:
    cdef size_t h = <size_t>c_node
    h ^= h >> 17
    h *= <size_t>0x9E3779B97F4A7C15
    return (h >> 7) & mask


cdef Candidate *_lookup(CandidateMap *cmap, lxb_dom_node_t *c_node) noexcept nogil:
    cdef size_t mask, slot
    if cmap.slot_count == 0:
        return NULL
    mask = cmap.slot_count - 1
    slot = _slot_of(c_node, mask)
    while cmap.slots[slot] != 0:
        if cmap.items[cmap.slots[slot] - 1].node == c_node:
            return &cmap.items[cmap.slots[slot] - 1]
        slot = (slot + 1) & mask
    return NULL


cdef bint _grow(CandidateMap *cmap) noexcept nogil:
    cdef size_t new_count = cmap.slot_count * 2 if cmap.slot_count else 64
    cdef size_t *slots = <size_t *>calloc(new_count, sizeof(size_t))
    cdef Candidate *items = <Candidate *>realloc(cmap.items, (new_count // 2) * sizeof(Candidate))
    cdef size_t i, slot
    if slots == NULL or items == NULL:
        free(slots)
        if items != NULL:
            cmap.items = items
        return False
    cmap.items = items
    cmap.capacity = new_count // 2
    for i in range(cmap.length):
        slot = _slot_of(items[i].node, new_count - 1)
        while slots[slot] != 0:
            slot = (slot + 1) & (new_count - 1)
        slots[slot] = i + 1
    free(cmap.slots)
    cmap.slots = slots
    cmap.slot_count = new_count
    return True


cdef Candidate *_candidate(CandidateMap *cmap, lxb_dom_node_t *c_node) noexcept nogil:
    """Find or insert; a new candidate is seeded once with its tag and class/id weight."""
    cdef Candidate *found = _lookup(cmap, c_node)
    cdef size_t slot, mask
    cdef int hints
    if found != NULL:
        return found
    if cmap.length >= cmap.capacity and not _grow(cmap):
        return NULL
    mask = cmap.slot_count - 1
    slot = _slot_of(c_node, mask)
    while cmap.slots[slot] != 0:
        slot = (slot + 1) & mask
    found = &cmap.items[cmap.length]
    cmap.length += 1
    cmap.slots[slot] = cmap.length
    found.node = c_node
    found.text = 0
    found.links = 0
    found.score = tag_weight(c_node.local_name)
    hints = class_hints(c_node, cmap.memo)
    if hints & HINT_POSITIVE and not cmap.mode & PASS_NO_CONTENT_WORDS:
        found.score += HINT_WEIGHT
    found.negative = (hints & HINT_NEGATIVE) != 0 or (hints & HINT_THREAD and _comments_aside(cmap.mode))
    if found.negative or hints & HINT_PART:
        found.score -= HINT_WEIGHT
    return found


# ---------------------------------------------------------------- the walk

ctypedef struct Frame:
    lxb_dom_node_t *node
    size_t text            # folded characters in the subtree (pruned parts excluded)
    size_t links           # of which inside <a>
    size_t commas
    size_t run_text        # the current run of inline content directly in this element
    size_t run_commas
    bint has_block         # a block element somewhere below
    size_t candidate       # its candidate's index + 1 in the map (0: none yet)


cdef enum:
    CHARS_PER_POINT = 100  # Readability: a point per 100 characters of a paragraph,
    MAX_LENGTH_POINTS = 3  # up to three


cdef inline double _points(size_t text, size_t commas) noexcept nogil:
    """A paragraph unit's contribution: a base point, one per comma, up to
    MAX_LENGTH_POINTS for length."""
    return 1.0 + commas + min(MAX_LENGTH_POINTS, text // CHARS_PER_POINT)


cdef Candidate *_credit(CandidateMap *cmap, Frame *frame, double points, bint *failed) noexcept nogil:
    """Add points to the frame's element; NULL for a non-element (or on failure)."""
    cdef Candidate *c_cand
    if frame.node.type != LXB_DOM_NODE_TYPE_ELEMENT:
        return NULL
    if frame.candidate:
        c_cand = &cmap.items[frame.candidate - 1]
    else:
        c_cand = _candidate(cmap, frame.node)
        if c_cand == NULL:
            failed[0] = True
            return NULL
        frame.candidate = c_cand - cmap.items + 1  # (an index: the map's items move as it grows)
    c_cand.score += points
    return c_cand


cdef inline bint _credit_unit(CandidateMap *cmap, Frame *stack, size_t parent, size_t text,
                              size_t commas) noexcept nogil:
    """Credit a paragraph unit to the frame at ``parent`` (in full) and the one above (half),
    unless the parent reads as boilerplate (a hero tagline in a banner does not make the
    page around it an article). A unit under MIN_PARAGRAPH characters (most: a link, a
    label) scores nothing, and takes no call."""
    return text < MIN_PARAGRAPH or _credit_paragraph(cmap, stack, parent, text, commas)


cdef bint _credit_paragraph(CandidateMap *cmap, Frame *stack, size_t parent, size_t text,
                            size_t commas) noexcept nogil:
    """_credit_unit's work for a unit that scores; False on failure."""
    cdef double points
    cdef bint failed = False
    cdef Candidate *c_parent
    points = _points(text, commas)
    c_parent = _credit(cmap, &stack[parent], points, &failed)
    if failed:
        return False
    if parent and not (c_parent != NULL and c_parent.negative):
        _credit(cmap, &stack[parent - 1], points / 2, &failed)
    return not failed


cdef bint _flush_run(CandidateMap *cmap, Frame *stack, size_t index) noexcept nogil:
    """Inline content beside block children reads as a paragraph of its container
    (Readability wraps such runs in <p>)."""
    cdef Frame *frame = &stack[index]
    cdef bint ok = True
    if frame.has_block and frame.node.type == LXB_DOM_NODE_TYPE_ELEMENT:
        ok = _credit_unit(cmap, stack, index, frame.run_text, frame.run_commas)
    frame.run_text = frame.run_commas = 0
    return ok


cdef enum:
    TOP_CANDIDATES = 5    # Readability's nbTopCandidates
    MIN_ALTERNATIVES = 3  # alternatives sharing an ancestor before it is promoted
    MAX_CLIMB = 32        # ancestors examined when promoting (bounded on deep pages)
    MAX_COUSIN_CLIMB = 6  # how far up a split article's common ancestor may be
    COUSIN_SHARE = 4      # and the other part holds at least a quarter of the winner's text
    MIN_SIBLING_PARAGRAPH = 80  # Readability's length for a sibling <p> worth appending
    MAX_ARTICLE_CLIMB = 3  # how far up the winner's own <article> may be
    ARTICLE_TEXT_GAIN = 4  # ... and how much more text it must hold to win for that alone

# Readability's shares of the top score (its promotion and sibling rules)
cdef double NEAR_TOP_SHARE = 0.75      # an alternative this close to the top shares its article
cdef double COUSIN_SCORE_SHARE = 0.5   # a candidate beside the winner this strong is its other part
cdef double SIBLING_SCORE_SHARE = 0.2  # a sibling scoring this share of the winner is appended
cdef double MIN_SIBLING_SCORE = 10     # ... and at least this much
cdef double MAX_SIBLING_LINK_SHARE = 0.25  # a sibling <p> with more link text is not prose
cdef double PARENT_SCORE_SHARE = 1.0 / 3  # climbing, scores below this share of the last stop the climb


cdef bint _contains_node(lxb_dom_node_t *ancestor, lxb_dom_node_t *c_node) noexcept nogil:
    while c_node != NULL:
        if c_node == ancestor:
            return True
        c_node = c_node.parent
    return False


cdef size_t _element_children(lxb_dom_node_t *c_node) noexcept nogil:
    cdef size_t count = 0
    cdef lxb_dom_node_t *child = c_node.first_child
    while child != NULL and count < 2:
        if child.type == LXB_DOM_NODE_TYPE_ELEMENT:
            count += 1
        child = child.next
    return count


cdef bint _subtree_text(lxb_dom_node_t *root, size_t *chars, size_t *links, int mode) noexcept nogil:
    """Folded characters below ``root`` and how many sit inside links; returns whether a
    block element lies below ``root`` (then it is no paragraph)."""
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False, block = False
    cdef size_t link_depth = 0, before, commas = 0
    cdef lxb_dom_character_data_t *c_text
    while c_node != NULL:
        if c_node.type == LXB_DOM_NODE_TYPE_TEXT and not closing:
            c_text = <lxb_dom_character_data_t *>c_node
            before = chars[0]
            count_text(c_text.data.data, c_text.data.length, chars, &commas)
            if link_depth:
                links[0] += chars[0] - before
        elif c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:
            if c_node != root and not closing and is_block(c_node.local_name):
                block = True
            if is_text_link(c_node, mode & PASS_CARDS):
                if not closing:
                    link_depth += 1
                elif link_depth:
                    link_depth -= 1
        c_node = next_node(root, c_node, &closing)
    return block


cdef size_t _kept_text(lxb_dom_node_t *winner, lxb_dom_node_t *root, int mode,
                       HintMemo *shared=NULL, size_t cap=RETRY_CAP) noexcept nogil:
    """Folded characters the winner really holds, under the pass's own skip rules: a
    promoted wrapper never received points, so the candidate map knows nothing of it.
    ``shared``: a class memo started for the document (the walks' own), else one of its
    own (hints do not depend on the pass: the pass only weighs them).

    Counted up to ``cap`` only: the passes compare a winner's text with RETRY_BELOW
    and MIN_VISIBLE, and with RETRY_GAIN times a text under those, and every such
    comparison reads the same on a count capped at RETRY_CAP (find_main_content)."""
    cdef lxb_dom_node_t *c_node = winner
    cdef bint closing = False
    cdef size_t chars = 0, commas = 0
    cdef lxb_dom_character_data_t *c_text
    cdef HintMemo own
    cdef HintMemo *memo = shared
    if memo == NULL:
        memo = &own
        hint_memo_start(memo, root)
    while c_node != NULL and chars < cap:
        if not closing:
            if c_node.type == LXB_DOM_NODE_TYPE_TEXT:
                c_text = <lxb_dom_character_data_t *>c_node
                count_text(c_text.data.data, c_text.data.length, &chars, &commas)
            elif c_node != winner and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT \
                    and skips_subtree(c_node, root, mode, memo):
                closing = True  # skip the subtree; no closing event comes
        c_node = next_node(winner, c_node, &closing)
    return chars


cdef bint _ends_a_sentence(lxb_dom_node_t *root) noexcept nogil:
    """Whether a text below ``root`` holds a period followed by a space or ending it
    (Readability's ``/\\.( |$)/`` test of a short sibling paragraph)."""
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False
    cdef lxb_dom_character_data_t *c_text
    cdef size_t i
    while c_node != NULL:
        if c_node.type == LXB_DOM_NODE_TYPE_TEXT and not closing:
            c_text = <lxb_dom_character_data_t *>c_node
            for i in range(c_text.data.length):
                if c_text.data.data[i] == b'.' and (i + 1 == c_text.data.length or c_text.data.data[i + 1] == b' '):
                    return True
        c_node = next_node(root, c_node, &closing)
    return False


cdef bint _has_content_sibling(CandidateMap *cmap, lxb_dom_node_t *winner) noexcept nogil:
    cdef Candidate *c_winner = _lookup(cmap, winner)
    cdef Candidate *c_sibling
    cdef lxb_dom_node_t *sibling
    cdef double threshold
    cdef size_t chars, links, prose_blocks = 0
    if winner.parent == NULL or c_winner == NULL:
        return False
    threshold = max(MIN_SIBLING_SCORE, SIBLING_SCORE_SHARE * c_winner.score)
    sibling = winner.parent.first_child
    while sibling != NULL:
        if sibling != winner and sibling.type == LXB_DOM_NODE_TYPE_ELEMENT:
            c_sibling = _lookup(cmap, sibling)
            if c_sibling != NULL and c_sibling.score >= threshold:
                return True
            if (sibling.local_name == LXB_TAG_P or is_inline_container(sibling.local_name)) \
                    and not is_hidden(sibling, cmap.mode, cmap.memo) \
                    and not prunes(class_hints(sibling, cmap.memo), cmap.mode):
                # a <p>, or a block Readability turns into one (inline content only); one
                # stray <div> of prose (a disclaimer, a sign-up line) is not enough
                chars = links = 0
                if not _subtree_text(sibling, &chars, &links, cmap.mode) \
                        and chars >= MIN_SIBLING_PARAGRAPH and links < MAX_SIBLING_LINK_SHARE * chars:
                    if sibling.local_name == LXB_TAG_P:
                        return True
                    prose_blocks += 1
                    if prose_blocks >= 2:
                        return True
                elif sibling.local_name == LXB_TAG_P and 0 < chars < MIN_SIBLING_PARAGRAPH and links == 0 \
                        and _ends_a_sentence(sibling):
                    return True  # Readability: a short <p> without links that holds a sentence
        sibling = sibling.next
    return False


cdef bint _only_headers_beside(lxb_dom_node_t *article, lxb_dom_node_t *winner) noexcept nogil:
    """Whether every element child of ``article`` but the one holding ``winner`` is a
    <header> or <footer>."""
    cdef lxb_dom_node_t *child = article.first_child
    cdef bint header = False
    while child != NULL:
        if child.type == LXB_DOM_NODE_TYPE_ELEMENT and not _contains_node(child, winner):
            if child.local_name == LXB_TAG_HEADER:
                header = True
            elif child.local_name != LXB_TAG_FOOTER:
                return False
        child = child.next
    return header


cdef bint _article_holds_more(CandidateMap *cmap, lxb_dom_node_t *article, lxb_dom_node_t *winner) noexcept nogil:
    """Whether the ``<article>`` around the winner holds ARTICLE_TEXT_GAIN times its text,
    at most MAX_LINK_DENSITY of it in links, and scores at least PARENT_SCORE_SHARE of it."""
    cdef Candidate *c_article = _lookup(cmap, article)
    cdef Candidate *c_winner = _lookup(cmap, winner)
    if c_article == NULL or c_winner == NULL or c_article.text < ARTICLE_TEXT_GAIN * c_winner.text:
        return False
    return (c_article.links <= MAX_LINK_DENSITY * c_article.text
            and c_article.score >= PARENT_SCORE_SHARE * c_winner.score)


cdef inline bint _is_stop(lxb_dom_node_t *c_node, lxb_dom_node_t *root) noexcept nogil:
    return _is_top(c_node, root) or c_node.local_name == LXB_TAG_BODY


cdef inline bint _is_top(lxb_dom_node_t *c_node, lxb_dom_node_t *root) noexcept nogil:
    """Above the page: promotions that join blocks of one page may reach <body> (a landing
    page's sections sit right under it), never <html>."""
    return (c_node == NULL or c_node == root or c_node.type != LXB_DOM_NODE_TYPE_ELEMENT
            or c_node.local_name == LXB_TAG_HTML)


cdef lxb_dom_node_t *_choose(CandidateMap *cmap, lxb_dom_node_t *root, int mode) noexcept nogil:
    """Pick the winner: the best link-density-discounted score, then promotions, since a
    top candidate is often one of several blocks of one article: to an ancestor shared by
    several near-top candidates (Readability), to the close common ancestor of a strong
    candidate beside the winner, up while parent scores rise (Readability), to the parent
    when a sibling holds content Readability would append, and out of single-child
    wrappers (Readability). Climbs stop at <body> and at ``root``."""
    cdef Candidate *top[TOP_CANDIDATES]
    cdef size_t count = 0, i, j, shared, climbed
    cdef Candidate *c_cand
    cdef Candidate *c_parent
    cdef lxb_dom_node_t *winner
    cdef lxb_dom_node_t *ancestor
    cdef double density, last, threshold
    for i in range(cmap.length):
        c_cand = &cmap.items[i]
        density = <double>c_cand.links / c_cand.text if c_cand.text else 0.0
        c_cand.score = c_cand.score * (1.0 - min(density, 1.0))
        if c_cand.score <= 0:
            continue
        j = count if count < TOP_CANDIDATES else TOP_CANDIDATES - 1
        if count == TOP_CANDIDATES and top[j].score >= c_cand.score:
            continue
        while j > 0 and top[j - 1].score < c_cand.score:
            top[j] = top[j - 1]
            j -= 1
        top[j] = c_cand
        if count < TOP_CANDIDATES:
            count += 1
    if count == 0:
        return NULL
    winner = top[0].node
    # 1. several near-top candidates under one ancestor: the article is split in blocks
    shared = 0
    for i in range(1, count):
        if top[i].score >= NEAR_TOP_SHARE * top[0].score:
            shared += 1
    if shared >= MIN_ALTERNATIVES:
        ancestor = winner.parent
        climbed = 0
        while not _is_top(ancestor, root) and climbed < MAX_CLIMB:
            shared = 0
            for i in range(1, count):
                if top[i].score >= NEAR_TOP_SHARE * top[0].score and _contains_node(ancestor, top[i].node):
                    shared += 1
            if shared >= MIN_ALTERNATIVES:
                winner = ancestor
                break
            ancestor = ancestor.parent
            climbed += 1
    # 2. a strong candidate beside the winner (neither above nor below it): the article
    #    is split across nearby branches, so take their closest common ancestor
    for i in range(1, count):
        if top[i].score < COUSIN_SCORE_SHARE * top[0].score or _contains_node(winner, top[i].node) \
                or _contains_node(top[i].node, winner) or top[i].text * COUSIN_SHARE < top[0].text:
            continue  # a teaser with a content word scores, but is no part of the article
        ancestor = winner.parent
        climbed = 0
        while not _is_stop(ancestor, root) and climbed < MAX_COUSIN_CLIMB:
            if _contains_node(ancestor, top[i].node):
                winner = ancestor
                break
            ancestor = ancestor.parent
            climbed += 1
    # 3. parent scores going up: more content lurks beside the winner
    c_cand = _lookup(cmap, winner)
    last = c_cand.score if c_cand != NULL else 0
    threshold = last * PARENT_SCORE_SHARE
    ancestor = winner.parent
    climbed = 0
    while not _is_stop(ancestor, root) and climbed < MAX_CLIMB:
        c_parent = _lookup(cmap, ancestor)
        if c_parent != NULL:
            if c_parent.score < threshold:
                break
            if c_parent.score > last:
                winner = ancestor
                break
            last = c_parent.score
        ancestor = ancestor.parent
        climbed += 1
    # 4. content beside the winner that Readability would append to it (a sibling
    #    candidate scoring at least max(10, a fifth of the winner), or a sibling <p> of
    #    80+ characters with little link text) means the parent is the article
    if _has_content_sibling(cmap, winner) and not _is_top(winner.parent, root):
        winner = winner.parent
    # 5. a wrapper whose only element child is the winner says the same thing, larger
    climbed = 0
    while not _is_stop(winner.parent, root) and _element_children(winner.parent) == 1 and climbed < MAX_CLIMB:
        winner = winner.parent
        climbed += 1
    # 6. the <article> close around the winner, holding beside it only its own <header>
    #    (and <footer>): the header's standfirst belongs to the article; or holding
    #    several times its text as prose, not links (a gallery article's slides below an
    #    intro the content word of its class made win)
    ancestor = winner.parent
    climbed = 0
    while not _is_stop(ancestor, root) and climbed < MAX_ARTICLE_CLIMB:
        if ancestor.local_name == LXB_TAG_ARTICLE and ancestor.ns == LXB_NS_HTML:
            if _only_headers_beside(ancestor, winner) or _article_holds_more(cmap, ancestor, winner):
                winner = ancestor
            break
        ancestor = ancestor.parent
        climbed += 1
    return winner


cdef inline size_t _indent(const lxb_char_t *data, size_t length) noexcept nogil:
    """Bytes of one-byte whitespace a text starts with: count_text counts nothing there
    (it starts as after a space), and most text nodes of a page are only that (the
    markup's indentation between tags): sixteen bytes a step (leading_spaces), the rest
    one at a time."""
    cdef size_t i = leading_spaces(data, length)
    while i < length and byte_kind[data[i]] == 1:
        i += 1
    return i


cdef inline bint _reads(void *reader, lxb_dom_node_t *paused) noexcept nogil:
    """Whether an optional reader of a combined walk (see _score_walk) reads here."""
    return reader != NULL and paused == NULL


cdef lxb_dom_node_t *_score_walk(lxb_dom_node_t *root, int mode, size_t *winner_text,
                                 bint *failed, CandidateMap *keep=NULL,
                                 FeatureWalk *features=NULL, HarvestWalk *harvest=NULL,
                                 HintMemo *shared=NULL, bint *title_pruned=NULL) noexcept nogil:
    """One scoring pass; with ``keep`` the candidate map is handed over instead of freed.

    With ``features`` (started by ``features_start``) the same walk also counts the
    page-type features, and with ``harvest`` (``harvest_start``, ``root`` the document)
    it finds article()'s declared metadata: one walk instead of three, since reaching
    every node is much of each walk's cost. Each reader skips its own subtrees: the
    features scripts, styles and SVG (``uncounted``), the harvest scripts and styles
    (``unharvested``), the scoring what the pass leaves out (``unscored``); the walk
    goes below a node while any reader reads there. ``shared`` is a class memo started
    for the document (hint_memo_start) that the walk reads and fills instead of its own.
    ``title_pruned`` (with ``features``, which walk every subtree) tells whether the
    page's first ``<h1>`` lies in a subtree the pass prunes for a boilerplate class word."""
    cdef CandidateMap cmap
    cdef HintMemo own
    cdef HintMemo *memo = shared if shared != NULL else &own
    cdef Frame *stack = NULL
    cdef Frame *grown
    cdef Frame frame
    cdef Frame *parent
    cdef size_t depth = 0, capacity = 0, link_text, chars = 0, commas = 0, currency, skipped
    cdef lxb_dom_node_t *c_node = root
    cdef lxb_dom_node_t *best = NULL
    cdef lxb_dom_character_data_t *c_text
    cdef Candidate *c_cand
    cdef bint closing = False, block, text_counted, text_scored
    cdef bint title_seen = title_pruned == NULL
    cdef uintptr_t tag
    cdef lxb_dom_node_t *unscored = NULL     # the subtree walked for the other readers only
    cdef lxb_dom_node_t *uncounted = NULL    # the subtree the features leave out
    cdef lxb_dom_node_t *unharvested = NULL  # the subtree the harvest leaves out
    cdef ReadAhead nodes                     # the node arena, read ahead of the walk
    cmap.items = NULL
    cmap.slots = NULL
    cmap.length = cmap.capacity = cmap.slot_count = 0
    cmap.mode = mode
    cmap.memo = memo
    if shared == NULL:
        hint_memo_start(memo, root)
    winner_text[0] = 0
    read_ahead_start(&nodes)
    if failed[0]:
        c_node = NULL  # (each failure below sets failed and leaves the loop)
    while c_node != NULL:
        if c_node.type == LXB_DOM_NODE_TYPE_TEXT:
            # a leaf whose closing event no reader reads, and which only the counts read:
            # one scan of the text for the features (features_step's text event) and the
            # scoring, each where it reads (the scoring inside an element it walks)
            read_ahead(&nodes, c_node)
            text_counted = features != NULL and uncounted == NULL
            text_scored = unscored == NULL and depth != 0
            if text_counted or text_scored:
                c_text = <lxb_dom_character_data_t *>c_node
                skipped = _indent(c_text.data.data, c_text.data.length)
                if skipped < c_text.data.length:
                    chars = commas = currency = 0
                    count_text(c_text.data.data + skipped, c_text.data.length - skipped,
                               &chars, &commas, &currency)
                    if text_counted:
                        features_text(features, chars, commas, currency)
                    if text_scored:
                        parent = &stack[depth - 1]
                        parent.text += chars
                        parent.commas += commas
                        parent.run_text += chars
                        parent.run_commas += commas
                elif text_counted:
                    features_blank(features)  # (a blank text adds nothing to the scoring)
            closing = True
            c_node = next_node(root, c_node, &closing)
            continue
        if not closing:
            read_ahead(&nodes, c_node)
        if features != NULL:
            if uncounted == NULL:
                if c_node.type == LXB_DOM_NODE_TYPE_ELEMENT and features_event(features, c_node, closing):
                    uncounted = c_node  # (a comment: features_step counts nothing)
            elif closing and c_node == uncounted:
                uncounted = NULL
        if harvest != NULL and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:  # it reads elements only
            if unharvested == NULL:
                if harvest_step(harvest, c_node, closing):
                    unharvested = c_node
            elif closing and c_node == unharvested:
                unharvested = NULL
        if c_node.local_name == LXB_TAG_H1 and not title_seen and not closing \
                and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT and c_node.ns == LXB_NS_HTML:
            title_seen = True
            title_pruned[0] = unscored != NULL and mode & PASS_PRUNE_CLASSES != 0 \
                and unscored.type == LXB_DOM_NODE_TYPE_ELEMENT and prunes(class_hints(unscored, memo), mode)
        if unscored != NULL:
            if closing and c_node == unscored:
                unscored = NULL
            elif not closing and not _reads(features, uncounted) and not _reads(harvest, unharvested):
                closing = True  # no reader reads below: skip, no closing event comes
                uncounted = NULL if c_node == uncounted else uncounted
                unharvested = NULL if c_node == unharvested else unharvested
        elif not closing:
            if c_node.type == LXB_DOM_NODE_TYPE_ELEMENT or c_node == root:
                # (the root, and an element without attributes of a tag that is always
                # content, skip nothing: most elements take no call)
                if c_node != root and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT \
                        and ((<lxb_dom_element_t *>c_node).first_attr != NULL
                             or is_never_content(c_node.local_name, c_node.ns)) \
                        and skips_subtree(c_node, root, mode, memo):
                    if _reads(features, uncounted) or _reads(harvest, unharvested):
                        unscored = c_node  # walked for the other readers only
                    else:
                        closing = True  # skip: no closing event will come for this node
                        uncounted = NULL if c_node == uncounted else uncounted
                        unharvested = NULL if c_node == unharvested else unharvested
                    c_node = next_node(root, c_node, &closing)
                    continue
                if depth and is_block(c_node.local_name):
                    stack[depth - 1].has_block = True
                    if not _flush_run(&cmap, stack, depth - 1):
                        failed[0] = True
                        break
                if depth == capacity:
                    capacity = capacity * 2 + 64
                    grown = <Frame *>realloc(stack, capacity * sizeof(Frame))
                    if grown == NULL:
                        failed[0] = True
                        break
                    stack = grown
                stack[depth].node = c_node
                stack[depth].text = stack[depth].links = stack[depth].commas = 0
                stack[depth].run_text = stack[depth].run_commas = 0
                stack[depth].has_block = False
                stack[depth].candidate = 0
                depth += 1
        elif depth and stack[depth - 1].node == c_node:
            if not _flush_run(&cmap, stack, depth - 1):
                failed[0] = True
                break
            depth -= 1
            frame = stack[depth]
            tag = c_node.local_name if c_node.type == LXB_DOM_NODE_TYPE_ELEMENT else 0
            if depth and (is_paragraph(tag) or (is_inline_container(tag) and not frame.has_block)):
                if not _credit_unit(&cmap, stack, depth - 1, frame.text, frame.commas):
                    failed[0] = True
                    break
            link_text = frame.text if tag == LXB_TAG_A and is_text_link(c_node, mode & PASS_CARDS) else frame.links
            if frame.candidate:  # (an element is a candidate only once credited, on the stack)
                c_cand = &cmap.items[frame.candidate - 1]
                c_cand.text = frame.text
                c_cand.links = link_text
            if depth:
                parent = &stack[depth - 1]
                parent.text += frame.text
                parent.links += link_text
                parent.commas += frame.commas
                block = is_block(tag)
                parent.has_block = parent.has_block or frame.has_block or block
                if not block:
                    parent.run_text += frame.text
                    parent.run_commas += frame.commas
        if c_node.type == LXB_DOM_NODE_TYPE_COMMENT:
            closing = True  # a leaf whose closing event no reader reads: on to the next node
        c_node = next_node(root, c_node, &closing)
    if not failed[0]:
        best = _choose(&cmap, root, mode)
        if best != NULL:
            c_cand = _lookup(&cmap, best)
            # a candidate's text was counted by this walk, under the same skip rules
            winner_text[0] = c_cand.text if c_cand != NULL else _kept_text(best, root, mode, memo)
    free(stack)
    cmap.memo = NULL
    if keep != NULL and not failed[0]:
        keep[0] = cmap
    else:
        free(cmap.items)
        free(cmap.slots)
    return best


ctypedef struct Pass:
    int mode                # PASS_* bits
    size_t below            # run only while the best winner holds less text than this


cdef enum:
    PASS_COUNT = 6

# The passes in order (docs/scoring.md, "passes"): boilerplate classes pruned; not
# pruned (Readability's retry, for a short winner); content words in class/id weighing
# nothing (a one-line block that won on such a word alone); when nothing visible holds
# a page of text, chrome walked and cards read as items (a never-closed <header>, a
# grid); then <noscript> walked (forum software serves its posts there); then hidden
# containers walked (server-rendered content a script streams into place).
cdef Pass PASSES[PASS_COUNT]
# the pass bits the Python layer reads (extract/article.py, render.py)
FIRST_PASS = PASS_PRUNE_CLASSES  # the first pass's mode, paragraph_units()'s default
THREAD_PAGE = PASS_THREAD
CARD_PAGE = PASS_CARDS
WHOLE_PAGE = PASS_WHOLE_PAGE
PRODUCT_PAGE = PASS_PRODUCT

PASSES[0] = Pass(PASS_PRUNE_CLASSES, <size_t>-1)
PASSES[1] = Pass(0, RETRY_BELOW)
PASSES[2] = Pass(PASS_PRUNE_CLASSES | PASS_NO_CONTENT_WORDS, RETRY_BELOW)
PASSES[3] = Pass(PASS_KEEP_CHROME | PASS_CARDS, MIN_VISIBLE)
PASSES[4] = Pass(PASS_PRUNE_CLASSES | PASS_KEEP_CHROME | PASS_CARDS | PASS_KEEP_NOSCRIPT, MIN_VISIBLE)
PASSES[5] = Pass(PASS_KEEP_CHROME | PASS_CARDS | PASS_KEEP_NOSCRIPT | PASS_KEEP_HIDDEN, MIN_VISIBLE)


cdef int _kind_mode(int kind, double probability, double article_probability, bint answers) noexcept nogil:
    """What the page's kind changes in every pass: a thread's comment blocks are its
    posts, a product's reviews are not its description, a listing's cards are its items
    and a landing page's its sections, and on any page but an article the main content
    is the page's whole main region (PASS_WHOLE_PAGE). A kind is read as such when the
    model is sure of it, or sure enough that the page is no article (docs/scoring.md,
    "the gates")."""
    cdef bint listing = kind == PAGE_LISTING
    if kind == PAGE_ARTICLE or (
            probability < (LISTING_CONFIDENCE if listing else KIND_CONFIDENCE)
            and article_probability > (LISTING_DOUBT if listing else ARTICLE_DOUBT)):
        return 0  # an article's scoring is the safe default
    if kind == PAGE_FORUM:
        return PASS_THREAD | PASS_WHOLE_PAGE | (PASS_ANSWERS if answers else 0)
    if kind == PAGE_PRODUCT:
        return PASS_PRODUCT | PASS_WHOLE_PAGE
    if kind == PAGE_LISTING or kind == PAGE_COLLECTION or kind == PAGE_SERVICE:
        return PASS_CARDS | PASS_WHOLE_PAGE
    return PASS_WHOLE_PAGE


cdef lxb_dom_node_t *_main_region(lxb_dom_node_t *winner, lxb_dom_node_t *root) noexcept nogil:
    """The page region around the winner that holds all of a non-article page's content:
    its <main> (the HTML standard's element for "the dominant contents" of the page), else
    <body>; never above ``root``."""
    cdef lxb_dom_node_t *c_node = winner
    cdef lxb_dom_node_t *region = winner
    while c_node != NULL and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:
        if c_node.ns == LXB_NS_HTML and c_node.local_name == LXB_TAG_MAIN:
            return c_node
        if c_node.ns == LXB_NS_HTML and c_node.local_name == LXB_TAG_BODY:
            region = c_node
        if c_node == root:
            break
        c_node = c_node.parent
    return region


cdef lxb_dom_node_t *_first_region(lxb_dom_node_t *root) noexcept nogil:
    """The page's first <main>, else its <body>, below ``root`` (``root`` itself when it is
    an element holding neither)."""
    cdef lxb_dom_node_t *c_node = root
    cdef lxb_dom_node_t *body = NULL
    cdef bint closing = False
    while c_node != NULL:
        if not closing and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT and c_node.ns == LXB_NS_HTML:
            if c_node.local_name == LXB_TAG_MAIN:
                return c_node
            if c_node.local_name == LXB_TAG_BODY and body == NULL:
                body = c_node
        c_node = next_node(root, c_node, &closing)
    if body != NULL:
        return body
    return root if root.type == LXB_DOM_NODE_TYPE_ELEMENT else NULL


cdef lxb_dom_node_t *find_main_content(lxb_dom_node_t *root, bint *failed, int *mode, int *page,
                                       HarvestWalk *harvest=NULL, HintMemo *memo=NULL) noexcept nogil:
    """The highest-scoring container below ``root`` after the link-density discount, or NULL.

    Like Readability, when pruning boilerplate class/id subtrees leaves no winner or a
    short one (a site-wide wrapper carrying a boilerplate word), score again without that
    pruning and keep whichever winner holds more text. When still nothing wins, the page
    is wrapped in chrome (a never-closed ``<header>`` or ``<aside>``) or its content is
    not shown without script (a hidden container filled by a streaming script, the
    ``<noscript>`` copy forum software serves): score again walking those. ``mode`` tells
    which pass won, so the unit walk reads the winner's inside the same way; ``page``
    the page's kind (PAGE_*); with ``harvest`` (``root`` the document) the first pass
    also harvests article()'s metadata; with ``memo`` (started for the document) every
    pass reads a class value's hints once, and leaves them for the caller's unit walk.

    The page's kind sets every pass's mode, and the first pass's walk counts the
    features that tell the kind: it reads the page as an article (the most common kind,
    and the reading when the model is unsure); only when the kind changes the mode is
    the first pass walked again.
    """
    cdef size_t text = 0, tried_text = 0, elements
    cdef size_t i
    cdef bint title_pruned = False
    cdef lxb_dom_node_t *winner = NULL
    cdef lxb_dom_node_t *tried
    cdef int kind, pass_mode
    cdef double probability, article_probability
    cdef FeatureWalk features
    failed[0] = False
    features_start(&features, root)
    tried = _score_walk(root, PASSES[0].mode, &tried_text, failed, NULL, &features, harvest, memo,
                        &title_pruned)
    if failed[0]:
        return NULL
    page[0] = features_kind(&features, &probability, &elements, &article_probability)
    kind = _kind_mode(page[0], probability, article_probability, features_answers(&features))
    if kind:
        tried_text = 0
        tried = _score_walk(root, PASSES[0].mode | kind, &tried_text, failed, NULL, NULL, NULL, memo)
        if failed[0]:
            return NULL
    mode[0] = PASSES[0].mode | kind
    if tried != NULL:
        winner, text = tried, tried_text
    for i in range(1, PASS_COUNT):
        if winner != NULL and text >= PASSES[i].below and not (i == 1 and title_pruned):
            # the unpruned retry also runs when the page's title sits in a pruned subtree:
            # a layout wrapper named for its sidebar (`sidebar-container`) holds the article
            continue
        if PASSES[i].mode & PASS_NO_CONTENT_WORDS and (winner == NULL or kind & PASS_WHOLE_PAGE):
            # it only lowers scores, so it finds no winner where the others found none; on
            # a page read whole the winner only finds the region: its own text is no measure
            continue
        pass_mode = PASSES[i].mode | kind
        tried_text = 0
        tried = _score_walk(root, pass_mode, &tried_text, failed, NULL, NULL, NULL, memo)
        if failed[0]:
            return NULL
        if i == 1 and tried != NULL and winner != NULL:
            # measured as the first pass reads it: a retry that gains only the blocks
            # pruning left out inside it (comments below a short post) gains nothing; one
            # whose winner sat below a pruned wrapper gains all of it; a few lines of
            # heading and byline around the same text are no reason to switch
            tried_text = _kept_text(tried, root, mode[0], memo, max(RETRY_CAP, RETRY_GAIN * text + 1))
        if pass_mode & PASS_NO_CONTENT_WORDS and tried != NULL and _contains_node(tried, winner):
            continue  # the first winner and more around it: its content word was no fluke
        if tried != NULL and (winner == NULL or tried_text > RETRY_GAIN * text) \
                and not (i == 1 and tried == winner and text >= PASSES[1].below):
            # (a retry run for a title in a pruned subtree looks for the article elsewhere:
            # the same winner read unpruned gains only the blocks pruning left out)
            winner, text, mode[0] = tried, tried_text, pass_mode
    if winner == NULL and kind & PASS_WHOLE_PAGE:
        # nothing scored (a grid of short item links, no paragraph of 25 characters): a
        # page that is no article is its main region read whole, when it keeps some text
        tried = _first_region(root)
        if tried != NULL and _kept_text(tried, root, mode[0], memo) >= MIN_PARAGRAPH:
            winner = tried
    if winner != NULL and kind & PASS_WHOLE_PAGE:
        winner = _region_or_hidden(_main_region(winner, root), root, kind, mode, failed, memo)
        if mode[0] == PASSES[1].mode | kind \
                and _kept_text(winner, root, mode[0] | PASS_PRUNE_CLASSES, memo) >= RETRY_BELOW:
            # the unpruned retry won for a short winner, but the region read whole holds
            # a page of text without its boilerplate-classed blocks (cookie and newsletter
            # modals, menus): those stay out
            mode[0] |= PASS_PRUNE_CLASSES
    return winner


cdef lxb_dom_node_t *_region_or_hidden(lxb_dom_node_t *region, lxb_dom_node_t *root, int kind, int *mode,
                                       bint *failed, HintMemo *memo) noexcept nogil:
    """The region of a page read whole, or, when it shows next to nothing outside page
    chrome (which its reading leaves out), the region of the last pass, which leaves
    nothing out (hidden containers, class-pruned subtrees, ``<noscript>``), when that one
    shows more: a shop that streams its content into a hidden container (React's ``<div
    hidden id="S:1">``) is only chrome without script, and a page builder's wrappers can
    carry a boilerplate word around the whole page."""
    cdef size_t shown, hidden_shown, text = 0
    cdef int last = PASSES[PASS_COUNT - 1].mode | kind
    cdef lxb_dom_node_t *tried
    if mode[0] & PASS_KEEP_HIDDEN:
        return region
    shown = _kept_text(region, root, mode[0] & ~PASS_KEEP_CHROME, memo)
    if shown >= MIN_VISIBLE:
        return region
    tried = _score_walk(root, last, &text, failed, NULL, NULL, NULL, memo)
    if tried == NULL or failed[0]:
        return region
    tried = _main_region(tried, root)
    hidden_shown = _kept_text(tried, root, last & ~PASS_KEEP_CHROME, memo)
    if hidden_shown >= MIN_VISIBLE and hidden_shown > RETRY_GAIN * shown:
        mode[0] = last
        return tried
    return region


def scored_page(Node node, /) -> tuple:
    """``(winner, mode, page_type)``: the main-content element (or None), the pass that
    chose it (``PASS_*`` bits: what the unit walk must leave out the same way) and the
    page's kind, as ``Document.page_type()`` names it."""
    cdef bint failed = False
    cdef int mode = PASS_PRUNE_CLASSES, page = PAGE_ARTICLE
    cdef lxb_dom_node_t *winner
    with nogil:
        winner = find_main_content(node.c_node, &failed, &mode, &page)
    if failed:
        raise MemoryError("out of memory while scoring the page")
    return wrap_node(node._owner(), winner), mode, PAGE_KINDS_NAMES[page]


cdef class ClassMemo:
    """The hints of a document's class values (HintMemo), kept for the walks of one call:
    article()'s scoring fills it, its unit walk finds every class value there."""

    def __cinit__(self, Node node, /):
        hint_memo_start(&self.memo, node.c_node)


def scored_article(Node node, ClassMemo memo=None, /) -> tuple:
    """``scored_page``'s ``(winner, mode, page_type)`` and ``harvest_metadata``'s dict, from
    one walk when ``node`` is the document (its walks read and fill ``memo``)."""
    cdef bint failed = False
    cdef int mode = PASS_PRUNE_CLASSES, page = PAGE_ARTICLE
    cdef lxb_dom_node_t *winner
    cdef Document doc = node._owner()
    cdef HarvestWalk walk
    cdef HintMemo *c_memo = &memo.memo if memo is not None else NULL
    if node.c_node != <lxb_dom_node_t *>doc.c_doc:
        return scored_page(node) + (harvest_metadata(node),)
    with nogil:
        harvest_start(&walk)
        winner = find_main_content(node.c_node, &failed, &mode, &page, &walk, c_memo)
    if failed:
        raise MemoryError("out of memory while scoring the page")
    if doc.page_kind is None:
        doc.page_kind = PAGE_KINDS_NAMES[page]  # Document.page_type() and metadata() read it
    return wrap_node(doc, winner), mode, PAGE_KINDS_NAMES[page], harvested(doc, &walk)


def scored_winner(Node node, /) -> tuple:
    """``(winner, mode)`` of ``scored_page``."""
    winner, mode, _page = scored_page(node)
    return winner, mode


def main_content(Node node, /):
    """The element holding the main content below ``node``, or None when nothing scores."""
    return scored_winner(node)[0]


def names_boilerplate(Node node, /) -> bool:
    """Whether an element's class or id names a boilerplate block (a sidebar, a related
    box, a share bar...) as the scoring reads it: word by word, with its qualifiers and
    rescue words (docs/scoring.md, "How a class or id is read")."""
    return (class_hints(node.c_node) & HINT_PRUNE) != 0


def candidate_scores(Node node, /, int mode=PASS_PRUNE_CLASSES) -> list:
    """Every scored container below ``node`` as ``(element, score, text_chars, link_chars)``,
    best first, with the link-density discount applied: the scoring made inspectable."""
    cdef CandidateMap cmap
    cdef bint failed = False
    cdef size_t text = 0, i
    cmap.items = NULL
    cmap.slots = NULL
    cmap.length = 0
    with nogil:
        _score_walk(node.c_node, mode, &text, &failed, &cmap)
    if failed:
        raise MemoryError("out of memory while scoring the page")
    try:
        doc = node._owner()
        rows = [(wrap_node(doc, cmap.items[i].node), cmap.items[i].score,
                 cmap.items[i].text, cmap.items[i].links) for i in range(cmap.length)]
    finally:
        free(cmap.items)
        free(cmap.slots)
    rows.sort(key=lambda row: -row[1])
    return rows
