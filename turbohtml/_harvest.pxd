# The metadata walk behind article(), shared with the first scoring pass (one walk for both).

from turbohtml._core cimport Document
from turbohtml._lexbor cimport lxb_dom_node_t

cdef enum:
    MAX_NAMES = 64
    MAX_TAGS = 32

ctypedef struct Found:
    lxb_dom_node_t *h1
    lxb_dom_node_t *author_link
    lxb_dom_node_t *time
    lxb_dom_node_t *canonical
    lxb_dom_node_t *metas[MAX_NAMES]
    lxb_dom_node_t *tags[MAX_TAGS]     # every article:tag meta, in order
    size_t tag_count

ctypedef struct Region:
    lxb_dom_node_t *chrome     # the nav/aside/footer we are inside, if any
    lxb_dom_node_t *header     # the <header> outside any <article>/<main> we are inside, if any
    size_t articles_open       # <article>/<main> elements open

ctypedef struct HarvestWalk:
    # a harvest in progress (see harvest_step)
    Found found
    Region region

cdef void harvest_start(HarvestWalk *walk) noexcept nogil
cdef bint harvest_step(HarvestWalk *walk, lxb_dom_node_t *c_node, bint closing) noexcept nogil
cdef dict harvested(Document doc, HarvestWalk *walk)
