# Page kinds, in the order of _page_type_model.CLASSES (checked at import).

from libc.stdint cimport uintptr_t

from turbohtml._lexbor cimport LXB_DOM_NODE_TYPE_ELEMENT, LXB_TAG__LAST_ENTRY, lxb_char_t, lxb_dom_node_t

cdef enum:
    PAGE_ARTICLE, PAGE_FORUM, PAGE_PRODUCT, PAGE_COLLECTION, PAGE_LISTING
    PAGE_DOCUMENTATION, PAGE_SERVICE
    PAGE_KINDS

cdef enum:
    MAX_STATES = 2048       # states of a word automaton (a trie node per word prefix)
    MAX_CLASSES = 64        # byte classes of a word automaton (a class per byte of the words)
    MATCHED = 0x8000        # a transition's bit: some word ends at the state it reaches

ctypedef struct WordTable:
    # words as an Aho-Corasick automaton (load_words): one table step per byte finds
    # every word that ends at that byte
    size_t count
    unsigned char classes[256]          # byte -> its class (0: no word holds the byte)
    bint starts[256]                    # whether the byte leaves the start state (a word's first)
    unsigned char start_low, start_high  # the least and greatest such byte
    unsigned int shift                  # log2 of the class count (a row's width)
    # a state's row (state << shift) | class -> the next state's row (| MATCHED): a step
    # is one look-up, with no shift between one byte's and the next's
    unsigned short delta[MAX_STATES * MAX_CLASSES]
    unsigned short out_start[MAX_STATES + 1]        # the words ending at a state: out_words[start:next start]
    unsigned char out_words[MAX_STATES * 4]

cdef void load_words(WordTable *table, words, bint fold_case, bytes skipped=*) except *


cdef inline size_t word_split(const lxb_char_t *value, size_t length, WordTable *table) noexcept nogil:
    """The byte nearest the middle of ``value`` that no word of ``table`` holds (``length``:
    none). Such a byte returns the automaton to its start state, so the two halves around
    it are read side by side, as two chains of look-ups that overlap (one step waits on
    the one before): the words found are the same."""
    cdef size_t middle = length // 2, away
    for away in range(middle + 1):
        if middle + away < length and table.classes[value[middle + away]] == 0:
            return middle + away
        if away and table.classes[value[middle - away]] == 0:
            return middle - away
    return length

cdef int page_kind(lxb_dom_node_t *root, double *probability, size_t *elements) noexcept nogil

cdef enum:
    MAX_FEATURES = 480
    MEMO_WORDS = 8      # class words a memo slot keeps (a value naming more is read each time)
    CLASS_SLOTS = 256   # a power of two: the class scoring's memo size (HINT_SLOTS), same reason
    LINK_SLOTS = 16     # a power of two: the <a> elements whose text-link test is kept

ctypedef struct FeatureWalk:
    # the page-type counters of a walk in progress (see features_step)
    size_t counts[MAX_FEATURES]
    size_t links, paragraphs, items, code, cells   # open <a href>, <p>, <li>, <pre>/<code>, <td>
    size_t lists                                   # open <ul>/<ol>
    uintptr_t itemtype, property                   # the document's ids of those attributes
    size_t paragraph_chars                         # the text of the open <p> so far
    size_t headings                                # open <h1>-<h6>
    lxb_dom_node_t *repeat                         # the open block that repeats its sibling
    lxb_dom_node_t *thread                         # the outermost open block classed as a post
    unsigned int repeat_flags                      # what it holds so far (REPEAT_*)
    lxb_dom_node_t *run_tail                       # the last outermost repeated block met
    size_t run_length, run_chars                   # its run's blocks (with the first) and text
    bint url_read                                  # the page's own address was counted
    bint title_read                                # its <title> was counted
    bint h1_read                                   # its first <h1> was counted
    # the text-link test of the <a> elements opened (by address): their closing reads it
    lxb_dom_node_t *link_nodes[LINK_SLOTS]
    bint link_texts[LINK_SLOTS]
    # the class words of the class values met (memo_slot): a class is read once per value
    const lxb_char_t *memo_values[CLASS_SLOTS]
    unsigned short memo_lengths[CLASS_SLOTS]       # 0: an empty slot (at most CLASS_PREFIX bytes)
    unsigned char memo_count[CLASS_SLOTS]
    unsigned char memo_words[CLASS_SLOTS][MEMO_WORDS]

cdef void features_start(FeatureWalk *walk, lxb_dom_node_t *root) noexcept nogil
cdef bint features_step(FeatureWalk *walk, lxb_dom_node_t *c_node, bint closing) noexcept nogil
cdef void features_close(FeatureWalk *walk, lxb_dom_node_t *c_element) noexcept nogil
cdef void features_text(FeatureWalk *walk, size_t chars, size_t commas, size_t currency) noexcept nogil


cdef inline void features_blank(FeatureWalk *walk) noexcept nogil:
    """features_text for a text of whitespace alone (most of a page's text nodes: the
    markup's indentation), which counts nothing and only marks an open repeated block as
    holding a link: a call only inside one."""
    if walk.repeat != NULL:
        features_text(walk, 0, 0, 0)


cdef extern from *:
    """
    /* The tags whose open count features_step keeps (see features_closes), by tag id */
    static const unsigned char turbohtml_counted_tags[LXB_TAG__LAST_ENTRY] = {
        [LXB_TAG_A] = 1, [LXB_TAG_P] = 1, [LXB_TAG_LI] = 1, [LXB_TAG_PRE] = 1, [LXB_TAG_CODE] = 1,
        [LXB_TAG_TD] = 1, [LXB_TAG_H1] = 1, [LXB_TAG_H2] = 1, [LXB_TAG_H3] = 1, [LXB_TAG_H4] = 1,
        [LXB_TAG_H5] = 1, [LXB_TAG_H6] = 1, [LXB_TAG_UL] = 1, [LXB_TAG_OL] = 1,
    };
    """
    const unsigned char counted_tags "turbohtml_counted_tags"[]


cdef inline bint features_closes(FeatureWalk *walk, lxb_dom_node_t *c_element) noexcept nogil:
    """Whether features_step counts anything at an element's closing: the open repeated
    block's and thread post's, and the tags whose open count it keeps (counted_tags: one
    look-up). Most elements (div, span, li's links...) close without a call."""
    cdef uintptr_t tag = c_element.local_name
    return ((tag < LXB_TAG__LAST_ENTRY and counted_tags[tag])
            or c_element == walk.repeat or c_element == walk.thread)


cdef inline bint features_event(FeatureWalk *walk, lxb_dom_node_t *c_node, bint closing) noexcept nogil:
    """features_step for one event of a ``next_node`` walk, without the call at an
    element's closing that counts nothing (features_closes): every walk that gathers the
    features passes its events here."""
    if closing:  # (a text's or a comment's counts nothing)
        if c_node.type == LXB_DOM_NODE_TYPE_ELEMENT and features_closes(walk, c_node):
            features_close(walk, c_node)
        return False
    return features_step(walk, c_node, closing)


cdef bint features_answers(FeatureWalk *walk) noexcept nogil
cdef int features_kind(FeatureWalk *walk, double *probability, size_t *elements,
                       double *article_probability=*) noexcept nogil
