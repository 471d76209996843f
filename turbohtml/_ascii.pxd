# ASCII helpers the C walks share for attribute values (class tokens, rel lists, names).

from turbohtml._lexbor cimport lxb_char_t


cdef inline lxb_char_t ascii_lower(lxb_char_t ch) noexcept nogil:
    return ch + 32 if 65 <= ch <= 90 else ch


cdef inline bint equals_lower(const lxb_char_t *data, size_t length, const char *word) noexcept nogil:
    """ASCII case-insensitive equality with a lower-case, NUL-terminated C string."""
    cdef size_t i = 0
    while i < length:
        if word[i] == 0 or ascii_lower(data[i]) != <lxb_char_t>word[i]:
            return False
        i += 1
    return word[length] == 0


cdef inline bint has_token(const lxb_char_t *data, size_t length, const char *word) noexcept nogil:
    """Whether the whitespace-separated list holds ``word`` (case-insensitive)."""
    cdef size_t i = 0, start
    while i < length:
        while i < length and data[i] <= 32:
            i += 1
        start = i
        while i < length and data[i] > 32:
            i += 1
        if i > start and equals_lower(data + start, i - start, word):
            return True
    return False
