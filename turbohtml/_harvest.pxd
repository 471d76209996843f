# The metadata walk behind article(), shared with the first scoring pass (one walk for both).

from libc.stdint cimport uintptr_t

from turbohtml._core cimport Document
from turbohtml._lexbor cimport *

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
    # the document's ids of a <meta>'s content, property, name and itemprop attributes,
    # looked up at the first <meta> (meta_keys_read)
    uintptr_t meta_keys[4]
    bint meta_keys_read

cdef void harvest_start(HarvestWalk *walk) noexcept nogil
cdef bint harvest_element(HarvestWalk *walk, lxb_dom_node_t *c_node, bint closing) noexcept nogil
cdef dict harvested(Document doc, HarvestWalk *walk)


cdef inline bint harvest_reads(uintptr_t tag) noexcept nogil:
    """Whether the harvest reads an element of this tag (opening or closing): the sources
    it finds, the regions that hide them, the subtrees it skips. Most elements (<div>,
    <span>, <p>, <li>) are none: a walk passes them by without a call."""
    return tag in (LXB_TAG_A, LXB_TAG_META, LXB_TAG_LINK, LXB_TAG_H1, LXB_TAG_TIME, LXB_TAG_SCRIPT,
                   LXB_TAG_STYLE, LXB_TAG_TEMPLATE, LXB_TAG_ARTICLE, LXB_TAG_MAIN, LXB_TAG_NAV,
                   LXB_TAG_ASIDE, LXB_TAG_FOOTER, LXB_TAG_HEADER)  # (a switch: a few bit tests)


cdef inline bint harvest_step(HarvestWalk *walk, lxb_dom_node_t *c_node, bint closing) noexcept nogil:
    """Read one event of a ``next_node`` walk over the document (a node's opening or
    closing). Returns True on the opening of an element with nothing to read inside
    (a script, a style): a walk of its own skips it, a walk that goes in anyway passes no
    event from inside it here. So the first scoring pass harvests as it goes."""
    return harvest_reads(c_node.local_name) and (not closing or harvest_leaves(c_node.local_name)) \
        and harvest_element(walk, c_node, closing)


cdef inline bint harvest_leaves(uintptr_t tag) noexcept nogil:
    """Whether the harvest reads an element's closing: a region's (an <article>, the chrome
    it leaves); a link's, a meta's or a heading's closes nothing, and takes no call."""
    return tag in (LXB_TAG_ARTICLE, LXB_TAG_MAIN, LXB_TAG_NAV, LXB_TAG_ASIDE, LXB_TAG_FOOTER, LXB_TAG_HEADER)
