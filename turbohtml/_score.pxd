# Main-content scoring, shared with the unit and text walks.

from turbohtml._core cimport Node
from turbohtml._lexbor cimport (
    LXB_DOM_ATTR_STYLE, LXB_DOM_ATTR__LAST_ENTRY, lxb_char_t, lxb_dom_attr_t, lxb_dom_element_t, lxb_dom_node_t,
)
from libc.stdint cimport uintptr_t

cdef enum:
    HINT_POSITIVE = 1
    HINT_NEGATIVE = 2
    HINT_PRUNE = 4     # a boilerplate word not rescued in the same attribute: drop the subtree
    HINT_MEDIA = 8     # a caption, credit or gallery block: short texts there are not prose
    HINT_THREAD = 16   # a comment word not rescued: boilerplate below an article, a post on a thread
    HINT_REVIEW = 32   # a review word not rescued: customers' reviews on a product page
    HINT_PART = 64     # a word naming an article's part (title, byline): -25, but no boilerplate

# Scoring passes: what a pass leaves out (docs/scoring.md, "passes").
cdef enum:
    PASS_PRUNE_CLASSES = 1  # boilerplate class/id subtrees are left out
    PASS_KEEP_CHROME = 2    # <header> and <aside> are walked (a never-closed one wraps the page)
    PASS_KEEP_HIDDEN = 4    # hidden containers are walked (content a script streams into place)
    PASS_THREAD = 8         # a thread page: comment blocks are its posts
    PASS_CARDS = 16         # a listing: links wrapping blocks are item cards, their text content
    PASS_WHOLE_PAGE = 32    # not an article: the winner's <main> (or <body>) is the content
    PASS_KEEP_NOSCRIPT = 64  # <noscript> is walked (the copy forum software serves without script)
    PASS_PRODUCT = 128      # a product page: its customers' reviews are not its description
    PASS_ANSWERS = 256      # a question-and-answer thread: comment blocks are remarks on its posts
    PASS_NO_CONTENT_WORDS = 512  # content words in class/id weigh nothing (a block wins on its text)

cdef enum:
    HINT_SLOTS = 256  # a power of two: a page's class values met before, most of them found

ctypedef struct HintMemo:
    # the hints of the class values a walk met (memo_slot): a class is read once per value
    const lxb_char_t *values[HINT_SLOTS]
    unsigned short lengths[HINT_SLOTS]  # 0: an empty slot (at most ATTR_PREFIX bytes are read)
    unsigned char hints[HINT_SLOTS]     # HINT_* bits
    # the document's ids of the attributes is_hidden reads
    uintptr_t hidden
    uintptr_t aria_hidden
    uintptr_t popover
    uintptr_t role

cdef void hint_memo_start(HintMemo *memo, lxb_dom_node_t *c_node) noexcept nogil
cdef int class_hints(lxb_dom_node_t *c_node, HintMemo *memo=*) noexcept nogil
cdef bint prunes(int hints, int mode) noexcept nogil
cdef bint is_hidden(lxb_dom_node_t *c_node, int mode, HintMemo *memo=*) noexcept nogil


cdef inline bint may_hide(lxb_dom_node_t *c_element) noexcept nogil:
    """Whether an element has an attribute that can hide it (is_hidden): a ``style``, or
    one outside lexbor's static table (``hidden``, ``popover``, ``role``, ``aria-hidden``).
    Most elements have none (a class, an id, an href) and are shown without a call."""
    cdef lxb_dom_attr_t *c_attr = (<lxb_dom_element_t *>c_element).first_attr
    while c_attr != NULL:
        if c_attr.node.local_name == LXB_DOM_ATTR_STYLE or c_attr.node.local_name >= LXB_DOM_ATTR__LAST_ENTRY:
            return True
        c_attr = c_attr.next
    return False
cdef bint is_page_chrome(lxb_dom_node_t *c_node, lxb_dom_node_t *root) noexcept nogil
cdef bint skips_subtree(lxb_dom_node_t *c_node, lxb_dom_node_t *root, int mode, HintMemo *memo=*) noexcept nogil
from turbohtml._harvest cimport HarvestWalk

cdef lxb_dom_node_t *find_main_content(lxb_dom_node_t *root, bint *failed, int *mode, int *page,
                                       HarvestWalk *harvest=*, HintMemo *memo=*) noexcept nogil

cdef class ClassMemo:
    cdef HintMemo memo
