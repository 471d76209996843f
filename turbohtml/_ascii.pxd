# Byte-level text helpers the C walks share: ASCII matching of attribute values (class
# tokens, rel lists, names) and whitespace as Python folds it.

from libc.stdint cimport uint64_t
from libc.string cimport memcmp, memcpy, strlen

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


cdef inline bint starts_lower(const lxb_char_t *data, const char *word, size_t n) noexcept nogil:
    """Whether ``data`` starts with the ``n`` lower-case bytes of ``word``, ASCII
    case-insensitively (the caller knows ``data`` holds ``n`` bytes)."""
    cdef size_t i
    for i in range(n):
        if ascii_lower(data[i]) != <lxb_char_t>word[i]:
            return False
    return True


cdef inline bint contains(const lxb_char_t *hay, size_t length, const char *needle, size_t n) noexcept nogil:
    """Whether the ``n`` bytes of ``needle`` occur in ``hay`` (byte for byte)."""
    cdef size_t i, j
    if n == 0 or n > length:
        return False
    for i in range(length - n + 1):
        j = 0
        while j < n and hay[i + j] == <lxb_char_t>needle[j]:
            j += 1
        if j == n:
            return True
    return False


cdef inline size_t next_token(const lxb_char_t *data, size_t length, size_t *i) noexcept nogil:
    """The start of the next token of a whitespace-separated list (bytes up to space, 32,
    are separators), from ``i[0]``, which moves past the token: an empty token (start equal
    to ``i[0]``) once the list is done."""
    cdef size_t at = i[0], start
    while at < length and data[at] <= 32:
        at += 1
    start = at
    while at < length and data[at] > 32:
        at += 1
    i[0] = at
    return start


cdef inline bint has_token_prefix(const lxb_char_t *data, size_t length, const char *prefix,
                                  size_t n, bint whole=False) noexcept nogil:
    """Whether a token of the whitespace-separated list starts with ``prefix`` (lower-case,
    ``n`` bytes; the whole token when ``whole``)."""
    cdef size_t i = 0, start
    while i < length:
        start = next_token(data, length, &i)
        if (i - start == n if whole else i - start >= n) and equals_lower(data + start, n, prefix):
            return True
    return False


cdef inline bint has_token(const lxb_char_t *data, size_t length, const char *word) noexcept nogil:
    """Whether the whitespace-separated list holds ``word`` (case-insensitive)."""
    return has_token_prefix(data, length, word, strlen(word), True)


cdef inline size_t space_length(const lxb_char_t *data, size_t i, size_t length) noexcept nogil:
    """Bytes of the whitespace character at ``data[i]`` (0 when none): ASCII whitespace
    (with the separators U+001C-U+001F),
    and the Unicode spaces ``str.split()`` folds (U+00A0, U+1680, U+2000-U+200A,
    U+2028/9, U+202F, U+205F, U+3000), so C walks and Python folding agree."""
    cdef lxb_char_t c = data[i]
    if c == 32 or 9 <= c <= 13 or 28 <= c <= 31:
        return 1
    if c == 0xC2 and i + 1 < length and (data[i + 1] == 0xA0 or data[i + 1] == 0x85):
        return 2
    if i + 2 < length:
        if c == 0xE2 and data[i + 1] == 0x80 and (0x80 <= data[i + 2] <= 0x8A or data[i + 2] == 0xA8
                                                  or data[i + 2] == 0xA9 or data[i + 2] == 0xAF):
            return 3
        if c == 0xE2 and data[i + 1] == 0x81 and data[i + 2] == 0x9F:
            return 3
        if c == 0xE3 and data[i + 1] == 0x80 and data[i + 2] == 0x80:
            return 3
        if c == 0xE1 and data[i + 1] == 0x9A and data[i + 2] == 0x80:
            return 3
    return 0


cdef inline bint blank_word(const lxb_char_t *data) noexcept nogil:
    """Whether the 8 bytes at ``data`` are all spaces or all tabs (markup indentation)."""
    cdef uint64_t word
    memcpy(&word, data, 8)
    return word == <uint64_t>0x2020202020202020 or word == <uint64_t>0x0909090909090909


cdef extern from *:
    """
    /* count_text's kind of each byte: 0 a printable ASCII character but ',' and '$',
       1 a one-byte space, 2 a UTF-8 continuation byte, 3 any other */
    static const unsigned char turbohtml_byte_kind[256] = {
        3, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 3, 3,
        3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1,
        1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
        3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
        3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
        3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
        3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    };
    """
    const unsigned char byte_kind "turbohtml_byte_kind"[256]


cdef extern from *:
    """
    /* count_text over whole 16-byte blocks of ASCII, sixteen bytes a step with SSE2 (every
       x86-64 processor has it): a byte is a character unless it is a one-byte space (9-13,
       28-32) after another, commas and '$' are counted apart. Adds to the counts, keeps
       *in_space (whether the byte before was a space) and returns the bytes read, a
       multiple of 16; it stops before a block holding a byte of 0x80 or more (UTF-8
       beyond ASCII), whose mask of such bytes it leaves in *high. Without SSE2 it reads
       nothing (and *high is 0): the scalar loop reads every byte. */
    #if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    #include <emmintrin.h>
    /* 0xFF for each byte of b that is a one-byte space (9-13, 28-32), else 0: the signed
       compares order a byte above 0x7F as negative, below every bound */
    static inline __m128i turbohtml_spaces(__m128i b) {
        return _mm_or_si128(
            _mm_and_si128(_mm_cmpgt_epi8(b, _mm_set1_epi8(8)), _mm_cmplt_epi8(b, _mm_set1_epi8(14))),
            _mm_and_si128(_mm_cmpgt_epi8(b, _mm_set1_epi8(27)), _mm_cmplt_epi8(b, _mm_set1_epi8(33))));
    }
    /* The one-byte spaces data starts with, read sixteen bytes a step: all of them when a
       byte of another kind lies in the whole blocks read, else a multiple of 16 (fewer
       than 16 bytes are left to the caller). */
    static inline size_t turbohtml_leading_spaces(const unsigned char *data, size_t length) {
        size_t i = 0;
        for (; i + 16 <= length; i += 16) {
            unsigned int blank = (unsigned int)_mm_movemask_epi8(
                turbohtml_spaces(_mm_loadu_si128((const __m128i *)(data + i))));
            if (blank != 0xFFFF)
                return i + (size_t)__builtin_ctz(~blank);
        }
        return i;
    }
    static inline size_t turbohtml_ascii_blocks(const unsigned char *data, size_t length, size_t *chars,
                                                size_t *commas, size_t *currency, int *in_space,
                                                unsigned int *high) {
        const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1);
        __m128i last = _mm_set1_epi8(*in_space ? -1 : 0);  /* byte 15: the byte before */
        __m128i n_chars = zero, n_commas = zero, n_currency = zero;
        unsigned long long sums[2];
        size_t i = 0;
        *high = 0;
        for (; i + 16 <= length; i += 16) {
            __m128i b = _mm_loadu_si128((const __m128i *)(data + i));
            unsigned int h = (unsigned int)_mm_movemask_epi8(b);
            if (h) {
                *high = h;
                break;
            }
            __m128i space = turbohtml_spaces(b);  /* bytes below 0x80 only */
            __m128i before = _mm_or_si128(_mm_slli_si128(space, 1), _mm_srli_si128(last, 15));
            /* 1 for a character: any byte but a space after a space */
            n_chars = _mm_add_epi64(n_chars, _mm_sad_epu8(_mm_andnot_si128(_mm_and_si128(space, before), one), zero));
            n_commas = _mm_add_epi64(n_commas, _mm_sad_epu8(
                _mm_and_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8(',')), one), zero));
            n_currency = _mm_add_epi64(n_currency, _mm_sad_epu8(
                _mm_and_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8('$')), one), zero));
            last = space;
        }
        _mm_storeu_si128((__m128i *)sums, n_chars);
        *chars += (size_t)(sums[0] + sums[1]);
        _mm_storeu_si128((__m128i *)sums, n_commas);
        *commas += (size_t)(sums[0] + sums[1]);
        _mm_storeu_si128((__m128i *)sums, n_currency);
        *currency += (size_t)(sums[0] + sums[1]);
        *in_space = (_mm_movemask_epi8(last) >> 15) & 1;
        return i;
    }
    /* the bytes up to the last one of a block's mask of bytes past ASCII (h != 0) */
    static inline size_t turbohtml_through_last(unsigned int h) { return 32 - (size_t)__builtin_clz(h); }
    /* The bytes of the whole 16-byte blocks that data starts with holding no byte from lo
       to hi: a scan for rare bytes passes them by sixteen at a time. */
    static inline size_t turbohtml_blocks_outside(const unsigned char *data, size_t length,
                                                  unsigned char lo, unsigned char hi) {
        const __m128i bias = _mm_set1_epi8((char)0x80);  /* unsigned order as signed */
        const __m128i low = _mm_set1_epi8((char)(lo ^ 0x80)), high = _mm_set1_epi8((char)(hi ^ 0x80));
        size_t i = 0;
        for (; i + 16 <= length; i += 16) {
            __m128i b = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(data + i)), bias);
            if (_mm_movemask_epi8(_mm_or_si128(_mm_cmplt_epi8(b, low), _mm_cmpgt_epi8(b, high))) != 0xFFFF)
                break;
        }
        return i;
    }
    #else
    static inline size_t turbohtml_ascii_blocks(const unsigned char *data, size_t length, size_t *chars,
                                                size_t *commas, size_t *currency, int *in_space,
                                                unsigned int *high) {
        *high = 0;
        return 0;
    }
    static inline size_t turbohtml_through_last(unsigned int h) { return 16; }
    static inline size_t turbohtml_leading_spaces(const unsigned char *data, size_t length) { return 0; }
    static inline size_t turbohtml_blocks_outside(const unsigned char *data, size_t length,
                                                  unsigned char lo, unsigned char hi) { return 0; }
    #endif
    """
    size_t ascii_blocks "turbohtml_ascii_blocks"(
        const lxb_char_t *data, size_t length, size_t *chars, size_t *commas, size_t *currency,
        int *in_space, unsigned int *high) noexcept nogil
    size_t through_last "turbohtml_through_last"(unsigned int high) noexcept nogil
    size_t leading_spaces "turbohtml_leading_spaces"(const lxb_char_t *data, size_t length) noexcept nogil
    size_t blocks_outside "turbohtml_blocks_outside"(
        const lxb_char_t *data, size_t length, unsigned char low, unsigned char high) noexcept nogil


cdef inline void count_text(const lxb_char_t *data, size_t length, size_t *chars, size_t *commas,
                            size_t *currency=NULL) noexcept nogil:
    """Add the characters after whitespace folding (a run, Unicode spaces included, counts
    as one) and the commas of all scripts; with ``currency``, prices' signs too ($, and the
    UTF-8 of €, £, ¥: the page-type features, counted in the same scan when a walk scores
    too). Counts are kept in locals and added once at the end: written through the
    pointers, every byte would be a load and a store (a ``char`` pointer may alias them).
    Blocks of ASCII are read sixteen bytes a step (ascii_blocks); the bytes of a block
    past ASCII, one at a time, where most bytes are a run of printable ASCII, read in a
    tight inner loop."""
    cdef size_t i = 0, stop, space, start, n_chars = 0, n_commas = 0, n_currency = 0
    cdef unsigned char c
    cdef int in_space = True
    cdef unsigned int high
    cdef unsigned char kind
    while i < length:
        stop = length
        if length - i >= 16:
            i += ascii_blocks(data + i, length - i, &n_chars, &n_commas, &n_currency, &in_space, &high)
            if high:
                stop = i + through_last(high)  # one at a time up to the block's last such byte
        while i < stop:
            c = data[i]
            kind = byte_kind[c]
            if kind == 0:  # most bytes: a printable ASCII character
                start = i
                i += 1
                while i < stop:
                    if byte_kind[data[i]] == 0:
                        i += 1
                    elif data[i] == 32 and i + 1 < length and byte_kind[data[i + 1]] == 0:
                        i += 2  # one space between words: a character of the run
                    elif data[i] == 44:  # a comma: a character of the run too
                        n_commas += 1
                        i += 1
                    else:
                        break
                n_chars += i - start
                in_space = False
                continue
            if kind == 2:  # the rest of a character counted at its first byte
                i += 1
                continue
            if kind == 1:  # space_length's one-byte case: the space, and the newlines and
                # tabs that indent the markup between tags
                if not in_space:
                    n_chars += 1
                    in_space = True
                i += 1
                while i + 8 <= length and blank_word(data + i):
                    i += 8  # the rest of the indentation, eight bytes at a time: it adds nothing
                while i < length and byte_kind[data[i]] == 1:
                    i += 1  # and what is left of it
                continue
            if c >= 0xC3 and c != 0xD8 and not 0xE1 <= c <= 0xE3 and c != 0xEF:
                # the first byte of a character that is no space, comma or price sign (those
                # start with 0xC2, 0xD8, 0xE1-0xE3 or 0xEF): a letter of most scripts
                n_chars += 1
                in_space = False
                i += 1
                continue
            if c == 36:  # $
                n_currency += 1
            elif i + 2 < length and c == 0xE2 and data[i + 1] == 0x82 and data[i + 2] == 0xAC:
                n_currency += 1  # €
            elif i + 1 < length and c == 0xC2 and (data[i + 1] == 0xA3 or data[i + 1] == 0xA5):
                n_currency += 1  # £, ¥
            space = space_length(data, i, length)
            if space:
                if not in_space:
                    n_chars += 1
                    in_space = True
                i += space
                continue
            if (c & 0xC0) != 0x80:
                n_chars += 1
                in_space = False
                if c == 44:  # ,
                    n_commas += 1
                elif i + 1 < length and c == 0xD8 and data[i + 1] == 0x8C:  # U+060C Arabic comma
                    n_commas += 1
                elif i + 2 < length and ((c == 0xEF and data[i + 1] == 0xBC and data[i + 2] == 0x8C)  # U+FF0C
                                         or (c == 0xE3 and data[i + 1] == 0x80 and data[i + 2] == 0x81)):  # U+3001
                    n_commas += 1
            i += 1
    chars[0] += n_chars
    commas[0] += n_commas
    if currency != NULL:
        currency[0] += n_currency


cdef enum:
    MEMO_SLOTS = 64   # a power of two


cdef inline size_t memo_slot(const lxb_char_t *value, size_t length, size_t slots=MEMO_SLOTS) noexcept nogil:
    """The slot of a non-empty class value in a direct-mapped memo of MEMO_SLOTS. Half
    the class values of a page repeat an earlier one (list items, cards, menu entries),
    and a walk that reads each class word by word keeps its findings per value: the slot
    comes from the length and end bytes alone, no hash over the value."""
    return (length * 31 + value[0] + value[length - 1] * 7) & (slots - 1)


cdef inline bint memo_holds(const lxb_char_t *kept, size_t kept_length, const lxb_char_t *value,
                            size_t length) noexcept nogil:
    """Whether a memo slot's value (``kept``, empty when ``kept_length`` is 0) is ``value``:
    the same bytes, often the same attribute's (the walks ask about an element's class
    more than once), which needs no comparison."""
    return kept_length == length and length != 0 and (kept == value or memcmp(kept, value, length) == 0)
