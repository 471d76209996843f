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


cdef extern from *:
    """
    /* The tags harvest_step reads, by tag id: 1, at an opening (the sources it finds, the
       subtrees it skips); 2, at a closing too (the regions that hide sources). Most
       elements (<div>, <span>, <p>, <li>) are neither: one look-up, and no call. */
    static const unsigned char turbohtml_harvest_tags[LXB_TAG__LAST_ENTRY] = {
        [LXB_TAG_A] = 1, [LXB_TAG_META] = 1, [LXB_TAG_LINK] = 1, [LXB_TAG_H1] = 1, [LXB_TAG_TIME] = 1,
        [LXB_TAG_SCRIPT] = 1, [LXB_TAG_STYLE] = 1, [LXB_TAG_TEMPLATE] = 1,
        [LXB_TAG_ARTICLE] = 3, [LXB_TAG_MAIN] = 3, [LXB_TAG_NAV] = 3, [LXB_TAG_ASIDE] = 3,
        [LXB_TAG_FOOTER] = 3, [LXB_TAG_HEADER] = 3,
    };
    """
    const unsigned char harvest_tags "turbohtml_harvest_tags"[]


cdef inline bint harvest_step(HarvestWalk *walk, lxb_dom_node_t *c_node, bint closing) noexcept nogil:
    """Read one event of a ``next_node`` walk over the document (a node's opening or
    closing). Returns True on the opening of an element with nothing to read inside
    (a script, a style): a walk of its own skips it, a walk that goes in anyway passes no
    event from inside it here. So the first scoring pass harvests as it goes."""
    cdef uintptr_t tag = c_node.local_name
    return tag < LXB_TAG__LAST_ENTRY and harvest_tags[tag] & (2 if closing else 1) \
        and harvest_element(walk, c_node, closing)
