# The C surface of _core that sibling modules cimport: the handle layouts, the one
# walk step function, and the few lexbor calls they need (lexbor links into _core only).

from turbohtml._lexbor cimport (
    lxb_char_t, lxb_dom_node_t, lxb_dom_attr_t, lxb_html_document_t,
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


cdef Node wrap_node(Document doc, lxb_dom_node_t *c_node)
cdef str decode_text(const lxb_char_t *data, size_t length)
cdef const lxb_char_t *element_attr(lxb_dom_node_t *c_node, const char *name, size_t name_len,
                                    size_t *value_len) noexcept nogil
cdef const lxb_char_t *attr_name(lxb_dom_attr_t *c_attr, size_t *length) noexcept nogil


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
