# The C surface of _core that sibling modules cimport: the handle layouts, the one
# walk step function, and the few lexbor calls they need (lexbor links into _core only).

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
