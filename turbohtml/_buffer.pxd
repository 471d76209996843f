# A growable byte buffer for the C walks: realloc-owned, the walk frees ``data``.

from libc.stdlib cimport realloc


ctypedef struct Buffer:
    char *data
    size_t length
    size_t capacity


cdef inline bint reserve(Buffer *buffer, size_t extra) noexcept nogil:
    """Room for ``extra`` more bytes (growing by doubling); False when memory ran out."""
    cdef size_t wanted = buffer.length + extra
    cdef char *grown
    if wanted <= buffer.capacity:
        return True
    wanted = max(wanted, buffer.capacity * 2 + 256)
    grown = <char *>realloc(buffer.data, wanted)
    if grown == NULL:
        return False
    buffer.data = grown
    buffer.capacity = wanted
    return True
