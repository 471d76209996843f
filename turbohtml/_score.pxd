# Main-content scoring, shared with the unit and text walks.

from turbohtml._lexbor cimport lxb_char_t, lxb_dom_node_t

cdef enum:
    HINT_POSITIVE = 1
    HINT_NEGATIVE = 2
    HINT_PRUNE = 4     # a boilerplate word not rescued in the same attribute: drop the subtree

cdef int class_hints(lxb_dom_node_t *c_node) noexcept nogil
cdef bint is_hidden(lxb_dom_node_t *c_node) noexcept nogil
cdef bint skips_subtree(lxb_dom_node_t *c_node, lxb_dom_node_t *root, bint prune_classes) noexcept nogil
cdef void count_text(const lxb_char_t *data, size_t length, size_t *chars, size_t *commas) noexcept nogil
cdef lxb_dom_node_t *find_main_content(lxb_dom_node_t *root, bint *failed, bint *pruned) noexcept nogil
