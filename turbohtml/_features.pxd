# Page kinds, in the order of _page_type_model.CLASSES (checked at import).

from turbohtml._lexbor cimport lxb_dom_node_t

cdef enum:
    PAGE_ARTICLE, PAGE_FORUM, PAGE_PRODUCT, PAGE_COLLECTION, PAGE_LISTING
    PAGE_DOCUMENTATION, PAGE_SERVICE
    PAGE_KINDS

cdef int page_kind(lxb_dom_node_t *root, double *probability) noexcept nogil
