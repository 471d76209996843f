# The C surface of _core that sibling modules cimport: the handle layouts, the one
# walk step function and its read-ahead, and the few lexbor calls they need (lexbor
# links into _core only).

from libc.stdint cimport uintptr_t

from turbohtml._lexbor cimport (
    lxb_char_t, lxb_dom_node_t, lxb_dom_attr_t, lxb_dom_element_t, lxb_html_document_t,
    LXB_DOM_NODE_TYPE_ELEMENT,
)


cdef class Node:
    cdef lxb_dom_node_t *c_node
    cdef Document doc          # the owning document; None on the Document itself

    cdef Document _owner(self)


cdef class Element(Node):
    pass


cdef class Text(Node):
    pass


cdef class Comment(Node):
    pass


cdef class Document(Node):
    cdef lxb_html_document_t *c_doc
    cdef size_t input_size  # bytes its parse read; (size_t)-1 while unparsed or failed
    # page_type()'s name once a walk over the whole page has counted it (None before):
    # article(), metadata() and page_type() each count it, whichever runs first keeps it
    cdef object page_kind


# Whether a parse that has reached the <body> may stop (see parse_utf8).
ctypedef bint (*head_settled)(lxb_html_document_t *c_doc, int flags) noexcept nogil

cdef bytes markup_utf8(markup)
cdef Document parse_utf8(bytes data, Py_ssize_t needed, head_settled settled, int flags)
cdef Document parse_str_through_head(str markup, head_settled settled, int flags)
cdef Node wrap_node(Document doc, lxb_dom_node_t *c_node)
cdef str decode_text(const lxb_char_t *data, size_t length)
cdef const lxb_char_t *element_attr(lxb_dom_node_t *c_node, const char *name, size_t name_len,
                                    size_t *value_len) noexcept nogil
cdef const lxb_char_t *attr_name(lxb_dom_attr_t *c_attr, size_t *length) noexcept nogil
cdef uintptr_t attr_id(lxb_dom_node_t *c_node, const char *name, size_t name_len) noexcept nogil
cdef uintptr_t tag_id(lxb_dom_node_t *c_node, const char *name, size_t name_len) noexcept nogil
cdef const lxb_char_t *element_name(lxb_dom_node_t *c_node, size_t *length) noexcept nogil


cdef inline const lxb_char_t *attr_value(lxb_dom_node_t *c_node, uintptr_t id,
                                         size_t *value_len) noexcept nogil:
    """element_attr() by attr_id(): the value of that attribute on an element, or NULL
    when it is absent; a valueless attribute gives an empty string."""
    cdef lxb_dom_attr_t *c_attr = (<lxb_dom_element_t *>c_node).first_attr
    value_len[0] = 0
    while c_attr != NULL:
        if c_attr.node.local_name == id or c_attr.qualified_name == id:
            if c_attr.value == NULL or c_attr.value.data == NULL:
                return <const lxb_char_t *>""
            value_len[0] = c_attr.value.length
            return c_attr.value.data
        c_attr = c_attr.next
    return NULL


cdef inline lxb_dom_node_t *next_node(const lxb_dom_node_t *root, lxb_dom_node_t *node,
                                      bint *closing) noexcept nogil:
    """One step of an iterative pre-order walk that also reports closing events.

    Start with ``node = root`` and ``closing[0] = False`` (root's opening). Every node is
    reported twice: opening (``closing[0]`` False) and closing (True). Set ``closing[0]``
    to True on an opening to skip the node's subtree. Returns NULL after root's closing.
    """
    if not closing[0]:
        if node.first_child != NULL:
            return node.first_child
        closing[0] = True
        return node
    if node == root:
        return NULL
    if node.next != NULL:
        closing[0] = False
        return node.next
    return node.parent


# ---------------------------------------------------------------- reading ahead of a walk
#
# A page parsed a while ago (a batch parsed first, then extracted) lives in main memory:
# each node the walk reaches is a cache miss, and a walk that only follows pointers waits
# for one miss after another (most of a first walk's time on the article-benchmark pages:
# docs/benchmarks.md, "Extraction speed"). lexbor allocates a document's nodes and
# attributes from one arena in the order the parser creates them: document order. So the
# nodes a walk reads next lie just past the one it reads now, and asking for the next few
# kilobytes of the arena ahead of the walk turns the chain of misses into loads that
# overlap. (Texts and attribute values live in a second arena, also in document order;
# reading ahead there gained nothing measurable: a text is read from its start, which the
# hardware's own prefetcher follows.) A prefetch is only a hint: it never faults, whatever
# the address, and changes no result.

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define TURBOHTML_PREFETCH(address) __builtin_prefetch((const void *)(address))
    #else
    #define TURBOHTML_PREFETCH(address) ((void)(address))
    #endif
    """
    void TURBOHTML_PREFETCH(size_t address) noexcept nogil


cdef enum:
    CACHE_LINE = 64
    READ_AHEAD = 2048   # bytes of an arena asked for ahead of the walk (best of 1-8 kB measured)


ctypedef struct ReadAhead:
    size_t frontier     # the last cache line asked for (0: none yet)


cdef inline void read_ahead_start(ReadAhead *ahead) noexcept nogil:
    ahead.frontier = 0


cdef inline void read_ahead(ReadAhead *ahead, const void *at) noexcept nogil:
    """Keep READ_AHEAD bytes past ``at`` asked for: when less than half of it is left,
    ask for the lines up to its end (one compare for most nodes, a batch of lines now and
    then). A jump (a skipped subtree, the arena's next chunk, far back) starts the window
    again at ``at``."""
    cdef size_t line = <size_t>at & ~(<size_t>CACHE_LINE - 1)
    if line + READ_AHEAD // 2 <= ahead.frontier <= line + 2 * READ_AHEAD:
        return
    if ahead.frontier < line or ahead.frontier > line + 2 * READ_AHEAD:
        ahead.frontier = line
    while ahead.frontier < line + READ_AHEAD:
        # four lines a step (a batch may end up to three lines past READ_AHEAD: only a hint)
        TURBOHTML_PREFETCH(ahead.frontier + CACHE_LINE)
        TURBOHTML_PREFETCH(ahead.frontier + 2 * CACHE_LINE)
        TURBOHTML_PREFETCH(ahead.frontier + 3 * CACHE_LINE)
        TURBOHTML_PREFETCH(ahead.frontier + 4 * CACHE_LINE)
        ahead.frontier += 4 * CACHE_LINE
