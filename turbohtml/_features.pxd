# Page kinds, in the order of _page_type_model.CLASSES (checked at import).

from libc.stdint cimport uintptr_t

from turbohtml._lexbor cimport lxb_dom_node_t

cdef enum:
    PAGE_ARTICLE, PAGE_FORUM, PAGE_PRODUCT, PAGE_COLLECTION, PAGE_LISTING
    PAGE_DOCUMENTATION, PAGE_SERVICE
    PAGE_KINDS

cdef int page_kind(lxb_dom_node_t *root, double *probability, size_t *elements) noexcept nogil

cdef enum:
    MAX_FEATURES = 256

ctypedef struct FeatureWalk:
    # the page-type counters of a walk in progress (see features_step)
    size_t counts[MAX_FEATURES]
    size_t links, paragraphs, items, code, cells   # open <a href>, <p>, <li>, <pre>/<code>, <td>
    uintptr_t itemtype                             # the document's id of the itemtype attribute

cdef void features_start(FeatureWalk *walk, lxb_dom_node_t *root) noexcept nogil
cdef bint features_step(FeatureWalk *walk, lxb_dom_node_t *c_node, bint closing) noexcept nogil
cdef void features_text(FeatureWalk *walk, size_t chars, size_t currency) noexcept nogil
cdef int features_kind(FeatureWalk *walk, double *probability, size_t *elements) noexcept nogil
