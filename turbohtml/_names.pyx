# cython: language_level=3
"""Text helpers of ``metadata()`` that run on every title, site name, byline and date stamp.

``metadata()`` compares candidates by their word tokens and looks for digits in every
byline and stamp many times a page; ``re`` spends more in the call than these scans of
a few dozen characters are worth, so they run here over the string's code points, with
``re``'s meaning of ``\\w`` and ``\\d`` on ``str``.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.unicode cimport PyUnicode_Substring
from libc.stdint cimport uint64_t

cdef extern from "Python.h":
    Py_ssize_t PyUnicode_GET_LENGTH(object text)
    int PyUnicode_KIND(object text)
    void *PyUnicode_DATA(object text)
    Py_UCS4 PyUnicode_READ(int kind, void *data, Py_ssize_t index) nogil
    bint Py_UNICODE_ISALNUM(Py_UCS4 ch) nogil
    bint Py_UNICODE_ISALPHA(Py_UCS4 ch) nogil
    bint Py_UNICODE_ISDECIMAL(Py_UCS4 ch) nogil
    bint Py_UNICODE_ISSPACE(Py_UCS4 ch) nogil
    object PyUnicode_FromKindAndData(int kind, const void *buffer, Py_ssize_t size)
    int PyUnicode_4BYTE_KIND


cdef inline bint _word_char(Py_UCS4 ch) noexcept nogil:
    """``re``'s ``\\w`` on ``str``: a letter, a digit or a number of any script, or ``_``."""
    if ch < 128:
        return (48 <= ch <= 57) or (65 <= ch <= 90) or (97 <= ch <= 122) or ch == 95
    return Py_UNICODE_ISALNUM(ch)


cdef inline bint _digit(Py_UCS4 ch) noexcept nogil:
    """``re``'s ``\\d`` on ``str``: a decimal digit of any script."""
    if ch < 128:
        return 48 <= ch <= 57
    return Py_UNICODE_ISDECIMAL(ch)


def fold(object text, /) -> str:
    """``text`` with its whitespace folded (``" ".join(text.split())``), ``""`` for a
    non-string; a text already folded (most titles, names and metas) is returned as it is."""
    cdef Py_ssize_t n, i
    cdef int kind
    cdef void *data
    cdef Py_UCS4 ch
    cdef bint after_space = True  # a space first is a leading one
    if not isinstance(text, str):
        return ""
    if type(text) is not str:
        return " ".join(text.split())  # a subclass: a plain str back, as the join gives
    n = PyUnicode_GET_LENGTH(text)
    kind = PyUnicode_KIND(text)
    data = PyUnicode_DATA(text)
    for i in range(n):
        ch = PyUnicode_READ(kind, data, i)
        if ch == 32:
            if after_space:
                return _refold(text, n, kind, data)
            after_space = True
        elif _space(ch):
            return _refold(text, n, kind, data)
        else:
            after_space = False
    if after_space and n:
        return _refold(text, n, kind, data)  # a trailing space
    return text


cdef inline bint _space(Py_UCS4 ch) noexcept nogil:
    """``str.split()``'s whitespace."""
    if ch < 128:
        return ch == 32 or 9 <= ch <= 13 or 28 <= ch <= 31
    return Py_UNICODE_ISSPACE(ch)


cdef str _refold(str text, Py_ssize_t n, int kind, void *data):
    """``" ".join(text.split())``, written in one pass."""
    cdef Py_UCS4 *out = <Py_UCS4 *>PyMem_Malloc(n * sizeof(Py_UCS4) + 1)
    cdef Py_ssize_t i, m = 0
    cdef Py_UCS4 ch
    cdef bint pending = False
    if out == NULL:
        raise MemoryError("out of memory folding a text")
    try:
        for i in range(n):
            ch = PyUnicode_READ(kind, data, i)
            if _space(ch):
                pending = m > 0
                continue
            if pending:
                out[m] = 32
                m += 1
                pending = False
            out[m] = ch
            m += 1
        return PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, out, m)
    finally:
        PyMem_Free(out)


def words(str text, /) -> tuple:
    """The runs of word characters in ``text``, in order (``re.findall(r"\\w+", text)``)."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i = 0, start
    cdef int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    out = []
    while i < n:
        if not _word_char(PyUnicode_READ(kind, data, i)):
            i += 1
            continue
        start = i
        i += 1
        while i < n and _word_char(PyUnicode_READ(kind, data, i)):
            i += 1
        out.append(PyUnicode_Substring(text, start, i))
    return tuple(out)


def word_chars(str text, /) -> str:
    """``text``'s word characters alone, in order (``"".join(re.findall(r"\\w+", text))``)."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i, start = -1
    cdef int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    cdef list runs = []
    for i in range(n):
        if _word_char(PyUnicode_READ(kind, data, i)):
            if start == -1:
                start = i
        elif start != -1:
            runs.append(PyUnicode_Substring(text, start, i))
            start = -1
    if start == 0:
        return text  # all word characters
    if start != -1:
        runs.append(PyUnicode_Substring(text, start, n))
    return "".join(runs)


cdef inline unsigned int _sre_ascii_fold(unsigned int ch) noexcept nogil:
    """The lower-case ASCII letter ``re``'s IGNORECASE matches ``ch`` with, else ``ch``:
    the ASCII capitals, "İ" and "ı" (i), "ſ" (s) and the Kelvin sign (k)."""
    if 65 <= ch <= 90:
        return ch + 32
    if ch == 0x130 or ch == 0x131:
        return 105
    if ch == 0x17F:
        return 115
    if ch == 0x212A:
        return 107
    return ch


cdef class AsciiWords:
    """Lower-case ASCII words (at most 63 letters each) for ``has_ascii_word``, with
    filters on their lengths and first letters: most runs of a text are tested
    without building a string."""

    cdef frozenset words
    cdef uint64_t lengths       # bit n: a word of n letters
    cdef uint64_t initials[2]   # bit c: a word starting with ASCII code c

    def __init__(self, words, /) -> None:
        self.words = frozenset(words)
        self.lengths = 0
        self.initials[0] = self.initials[1] = 0
        for word in self.words:
            if not (0 < len(word) < 64 and word.isascii() and word == word.lower()):
                raise ValueError(f"not a lower-case ASCII word of 1 to 63 letters: {word!r}")
            self.lengths |= (<uint64_t>1) << len(word)
            self.initials[ord(word[0]) >> 6] |= (<uint64_t>1) << (ord(word[0]) & 63)


def has_ascii_word(str text, AsciiWords wanted, /) -> bool:
    """Whether a run of word characters in ``text`` is, in ``re``'s case-insensitive
    reading, one of ``wanted``: what ``\\b(?:a|b)\\b`` with IGNORECASE needs to match."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i = 0, start, k
    cdef int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    cdef unsigned int ch
    cdef char buffer[64]
    while i < n:
        if not _word_char(PyUnicode_READ(kind, data, i)):
            i += 1
            continue
        start = i
        while i < n and _word_char(PyUnicode_READ(kind, data, i)):
            i += 1
        if i - start >= 64 or not (wanted.lengths >> (i - start)) & 1:
            continue
        ch = _sre_ascii_fold(PyUnicode_READ(kind, data, start))
        if ch >= 128 or not (wanted.initials[ch >> 6] >> (ch & 63)) & 1:
            continue
        for k in range(start, i):
            ch = _sre_ascii_fold(PyUnicode_READ(kind, data, k))
            if ch >= 128:
                break
            buffer[k - start] = <char>ch
        else:
            if buffer[:i - start].decode("ascii") in wanted.words:
                return True
    return False


def opens_with(str text, AsciiWords wanted, /) -> bool:
    """Whether ``text`` opens with one of ``wanted``, in ``re``'s case-insensitive
    reading (``re.match("(?i:a|b)", text)``)."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), k
    cdef int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    cdef unsigned int ch
    cdef char buffer[64]
    for k in range(min(n, 63)):
        ch = _sre_ascii_fold(PyUnicode_READ(kind, data, k))
        if ch >= 128:
            return False  # no wanted word reads past it
        buffer[k] = <char>ch
        if (wanted.lengths >> (k + 1)) & 1 and buffer[:k + 1].decode("ascii") in wanted.words:
            return True
    return False


def first_digit(str text, /) -> int:
    """The index of the first digit in ``text`` (``re.search(r"\\d", text)``), ``-1`` for none."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i
    cdef int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    for i in range(n):
        if _digit(PyUnicode_READ(kind, data, i)):
            return i
    return -1


def digit_run(str text, /) -> int:
    """The length of the longest run of ASCII digits in ``text`` (``[0-9]+``)."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i, run = 0, longest = 0
    cdef int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    cdef Py_UCS4 ch
    for i in range(n):
        ch = PyUnicode_READ(kind, data, i)
        if 48 <= ch <= 57:
            run += 1
            if run > longest:
                longest = run
        else:
            run = 0
    return longest


cdef Py_ssize_t _free_digit(int kind, void *data, Py_ssize_t n, Py_ssize_t start) noexcept nogil:
    """The index of the first digit from ``start`` on not preceded by a word character, ``-1`` for none."""
    cdef bint after_word = start > 0 and _word_char(PyUnicode_READ(kind, data, start - 1))
    cdef Py_ssize_t i
    cdef Py_UCS4 ch
    for i in range(start, n):
        ch = PyUnicode_READ(kind, data, i)
        if not after_word and _digit(ch):
            return i
        after_word = _word_char(ch)
    return -1


def free_digit(str text, /) -> int:
    """The index of the first digit that opens a number, not inside a word ("2024" in
    "Jane 2024", not the "2" of "paulb203"; ``re.search(r"(?<!\\w)\\d", text)``), ``-1`` for none."""
    return _free_digit(PyUnicode_KIND(text), PyUnicode_DATA(text), PyUnicode_GET_LENGTH(text), 0)


def has_letter(str text, /) -> bool:
    """Whether ``text`` holds a letter of any script (``any(ch.isalpha() for ch in text)``)."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i
    cdef int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    cdef Py_UCS4 ch
    for i in range(n):
        ch = PyUnicode_READ(kind, data, i)
        if (65 <= ch <= 90) or (97 <= ch <= 122) or (ch >= 128 and Py_UNICODE_ISALPHA(ch)):
            return True
    return False


cdef Py_ssize_t _number_then_mark(int kind, void *data, Py_ssize_t n, Py_ssize_t i) noexcept nogil:
    """Where ``\\d\\d?[./-]`` at ``i`` ends, ``-1`` when it does not match there."""
    cdef Py_UCS4 ch
    if i >= n or not _digit(PyUnicode_READ(kind, data, i)):
        return -1
    i += 1
    if i < n and _digit(PyUnicode_READ(kind, data, i)):
        i += 1
    if i < n:
        ch = PyUnicode_READ(kind, data, i)
        if ch == 46 or ch == 47 or ch == 45:
            return i + 1
    # "\\d\\d" then no mark: "\\d" alone is followed by a digit, not a mark
    return -1


cdef bint _numeric_date_at(int kind, void *data, Py_ssize_t n, Py_ssize_t i) noexcept nogil:
    """Whether ``\\d\\d?[./-]\\d\\d?[./-]\\d\\d`` matches at ``i``."""
    cdef Py_ssize_t j = _number_then_mark(kind, data, n, i)
    if j != -1:
        j = _number_then_mark(kind, data, n, j)
    return j != -1 and j + 1 < n and _digit(PyUnicode_READ(kind, data, j)) and _digit(PyUnicode_READ(kind, data, j + 1))


def has_numeric_date(str text, /) -> bool:
    """Whether ``text`` holds a date written in digits alone ("09.10.2024", "3/12/24"):
    ``re.search(r"\\b\\d\\d?[./-]\\d\\d?[./-]\\d\\d", text)``."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text)
    cdef int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    cdef Py_ssize_t i = _free_digit(kind, data, n, 0)
    while i != -1:
        if _numeric_date_at(kind, data, n, i):
            return True
        i = _free_digit(kind, data, n, i + 1)
    return False


def has_date_hint(str text, /) -> bool:
    """Whether ``text`` holds a year of the 1900s or 2000s or a numeric date ("2024",
    "3.12.24", "12/3/2024"): ``re.search(r"(?:19|20)\\d\\d|\\d\\d?[./-]\\d\\d?[./-]\\d\\d", text)``.
    Without one a text is not worth parsing for a date."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i
    cdef int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    cdef Py_UCS4 ch, next_ch
    for i in range(n):
        ch = PyUnicode_READ(kind, data, i)
        if not _digit(ch):
            continue
        if i + 3 < n and (ch == 49 or ch == 50):
            next_ch = PyUnicode_READ(kind, data, i + 1)
            if ((ch == 49 and next_ch == 57) or (ch == 50 and next_ch == 48)) \
                    and _digit(PyUnicode_READ(kind, data, i + 2)) and _digit(PyUnicode_READ(kind, data, i + 3)):
                return True
        if _numeric_date_at(kind, data, n, i):
            return True
    return False
