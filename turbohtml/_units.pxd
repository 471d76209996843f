# Paragraph units as C data: the walk that cuts them and the units article() keeps, for
# the layout (_text.pyx) to join without a Python object per unit.

from turbohtml._buffer cimport Buffer
from turbohtml._lexbor cimport lxb_dom_node_t
from turbohtml._score cimport HintMemo

# Unit flags (exported to the Python layer by _units.pyx)
cdef enum:
    UNIT_HEADING = 1
    UNIT_LIST_ITEM = 2
    UNIT_IN_CONTENT = 4
    UNIT_BOILERPLATE_REGION = 8
    UNIT_CAPTION = 16        # a figure caption, or any text of a caption, credit or gallery block
    UNIT_LINKED_PROSE = 32   # links with text around them: a sentence, not a link list
    UNIT_ARTICLE_HEADER = 64  # in an <article>'s own <header> (title, byline, standfirst)

ctypedef struct Unit:
    size_t start            # byte offset of the text in the walk's text buffer
    size_t length
    size_t chars            # characters (code points) after folding
    size_t link_chars       # of which inside <a>
    int flags
    lxb_dom_node_t *block   # the innermost block element around its first text


ctypedef struct Walk:
    Buffer text             # every unit's text, back to back
    Unit *units
    size_t count
    size_t capacity
    # the unit being built
    size_t start
    size_t chars
    size_t link_chars
    size_t links            # links opened in the unit
    int flags
    lxb_dom_node_t *block   # of the unit being built, NULL before its first text
    bint pending_space
    bint failed

cdef void walk_start(Walk *walk) noexcept nogil
cdef void walk_units(lxb_dom_node_t *root, lxb_dom_node_t *content, int mode, Walk *walk,
                     HintMemo *shared=*) noexcept nogil
cdef void walk_free(Walk *walk) noexcept nogil
cdef str unit_text(Walk *walk, size_t index)
cdef size_t kept_units(Unit *units, size_t count, list texts, int mode, size_t *kept) except? 0
cdef Unit *units_of(list units, list texts) except NULL
