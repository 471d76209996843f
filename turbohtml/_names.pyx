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
    bint Py_UNICODE_ISDIGIT(Py_UCS4 ch) nogil
    bint Py_UNICODE_ISSPACE(Py_UCS4 ch) nogil
    object PyUnicode_FromKindAndData(int kind, const void *buffer, Py_ssize_t size)
    int PyUnicode_1BYTE_KIND


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
    if kind == PyUnicode_1BYTE_KIND:
        return _fold_bytes(text, <const unsigned char *>data, n)
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


cdef str _fold_bytes(str text, const unsigned char *data, Py_ssize_t n):
    """``fold()`` of a text of one-byte characters (Latin-1: most titles, names and
    stamps), scanned as bytes: a character above the space that is not U+0085 or U+00A0
    is no space."""
    cdef Py_ssize_t i
    cdef unsigned char c
    cdef bint after_space = True
    for i in range(n):
        c = data[i]
        if c > 32 and c != 0x85 and c != 0xA0:
            after_space = False
        elif c == 32 and not after_space:
            after_space = True
        elif _space(c):
            break  # a second space, a leading one or another space character: written anew
        else:
            after_space = False  # a control character
    else:
        if not (after_space and n):
            return text
    return _refold(text, n, PyUnicode_1BYTE_KIND, <void *>data)


cdef inline bint _space(Py_UCS4 ch) noexcept nogil:
    """``str.split()``'s whitespace."""
    if ch < 128:
        return ch == 32 or 9 <= ch <= 13 or 28 <= ch <= 31
    return Py_UNICODE_ISSPACE(ch)


ctypedef fused _Unit:  # a character of a str's one-, two- or four-byte kind
    unsigned char
    unsigned short
    Py_UCS4


cdef Py_ssize_t _folded_into(const _Unit *data, _Unit *out, Py_ssize_t n) noexcept nogil:
    """``data``'s ``n`` characters written to ``out`` with spaces folded; the count written."""
    cdef Py_ssize_t i, m = 0
    cdef bint pending = False
    for i in range(n):
        if _space(data[i]):
            pending = m > 0
            continue
        if pending:
            out[m] = 32
            m += 1
            pending = False
        out[m] = data[i]
        m += 1
    return m


cdef str _refold(str text, Py_ssize_t n, int kind, void *data):
    """``" ".join(text.split())``, written in one pass in the text's own kind (its
    characters' width in bytes)."""
    cdef void *out = PyMem_Malloc(n * kind + 1)
    cdef Py_ssize_t m
    if out == NULL:
        raise MemoryError("out of memory folding a text")
    try:
        if kind == 1:
            m = _folded_into(<const unsigned char *>data, <unsigned char *>out, n)
        elif kind == 2:
            m = _folded_into(<const unsigned short *>data, <unsigned short *>out, n)
        else:
            m = _folded_into(<const Py_UCS4 *>data, <Py_UCS4 *>out, n)
        return PyUnicode_FromKindAndData(kind, out, m)
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


def last_digit(str text, /) -> int:
    """The index of the last digit in ``text`` (``re.search(r"\\d\\D*\\Z", text)``), ``-1`` for none."""
    cdef Py_ssize_t i = PyUnicode_GET_LENGTH(text)
    cdef int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    while i > 0:
        i -= 1
        if _digit(PyUnicode_READ(kind, data, i)):
            return i
    return -1


def joins_digits(str text, /) -> bool:
    """Whether an ASCII digit is followed by a ``-``, ``/``, ``.`` or ``|`` and that by an
    ASCII digit, each maybe after one space (``re.search(r"[0-9] ?[-/.|] ?[0-9]", text)``):
    what every numeric date pattern of ``dates`` (Y-M-D, D.M.Y, "26 | 01 | 2022", Y-M) needs."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i, j
    cdef int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    cdef Py_UCS4 ch
    for i in range(n - 2):
        ch = PyUnicode_READ(kind, data, i)
        if not 48 <= ch <= 57:
            continue
        j = i + 1
        if PyUnicode_READ(kind, data, j) == 32:
            j += 1
        if j >= n:
            break
        ch = PyUnicode_READ(kind, data, j)
        if not (ch == 45 or ch == 47 or ch == 46 or ch == 124):
            continue
        j += 1
        if j < n and PyUnicode_READ(kind, data, j) == 32:
            j += 1
        if j < n and 48 <= PyUnicode_READ(kind, data, j) <= 57:
            return True
    return False


def digit_count(str text, /) -> int:
    """How many characters of ``text`` are digits as ``str.isdigit()`` tells (superscripts
    too): ``sum(map(str.isdigit, text))``."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i, count = 0
    cdef int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    cdef Py_UCS4 ch
    for i in range(n):
        ch = PyUnicode_READ(kind, data, i)
        if (48 <= ch <= 57) if ch < 128 else Py_UNICODE_ISDIGIT(ch):
            count += 1
    return count


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


# ---------------------------------------------------------------- written dates
#
# written_date() is dates._written()'s pattern (_date_patterns._WRITTEN_DATE) read by hand,
# for the short texts metadata() and dates() read it in: "May 23, 2016", "3. januar 2019",
# "12th of december 2018", "2023 jan 7". The regular expression costs 3-30 us a text, its
# hundred-odd month names tried three times at every position the first digit allows
# (and its tables fetched into the caches anew for every page). Each part is tried in the
# pattern's order of preference, so the first match and its groups are the pattern's:
# where the pattern may backtrack into another reading (a day of one or two digits, a
# month name that is the prefix of a longer one, the ordinal marks of the second form,
# its "of"/"de"/"di"/"-" before the month) every reading is tried in turn. Runs of spaces
# are taken whole and an optional "." or "," whenever present: what follows each of them
# never opens with a space, a "." or a "," (a digit, a month name, "of", "de", "-"), so a
# shorter run or a skipped mark cannot lead to a match.

cdef class MonthNames:
    """Lower-case month names and their numbers, for ``written_date()``: the names that
    open at a position are tried longest first (as the pattern's alternation does)."""

    cdef Py_UCS4 *chars          # the names end to end, by first character, longest first among those
    cdef Py_ssize_t *starts      # where each name starts in ``chars``
    cdef Py_ssize_t *lengths
    cdef int *numbers
    cdef Py_ssize_t count
    cdef Py_ssize_t first[129]   # names opening with ASCII code c: first[c] to first[c + 1]; the others from first[128]

    def __cinit__(self) -> None:
        self.chars = NULL
        self.starts = self.lengths = NULL
        self.numbers = NULL
        self.count = 0

    def __init__(self, dict months, /) -> None:
        cdef Py_ssize_t total = 0, k = 0, at = 0, i, c
        names = sorted(months, key=lambda name: (min(ord(name[0]), 128), -len(name)))
        for name in names:
            if not (isinstance(name, str) and name and name == name.lower() and not any(c.isspace() for c in name)
                    and not name[0].isdecimal() and name[0] not in ".,-" and 1 <= months[name] <= 12):
                raise ValueError(f"not a lower-case month name without spaces: {name!r}")
            total += len(name)
        self.chars = <Py_UCS4 *>PyMem_Malloc(total * sizeof(Py_UCS4) + 1)
        self.starts = <Py_ssize_t *>PyMem_Malloc(len(names) * sizeof(Py_ssize_t) + 1)
        self.lengths = <Py_ssize_t *>PyMem_Malloc(len(names) * sizeof(Py_ssize_t) + 1)
        self.numbers = <int *>PyMem_Malloc(len(names) * sizeof(int) + 1)
        if self.chars == NULL or self.starts == NULL or self.lengths == NULL or self.numbers == NULL:
            raise MemoryError("out of memory building the month names")
        for name in names:
            self.starts[k] = at
            self.lengths[k] = len(name)
            self.numbers[k] = months[name]
            for i in range(len(name)):
                self.chars[at + i] = ord(name[i])
            at += len(name)
            k += 1
        self.count = k
        for c in range(129):
            self.first[c] = next((k for k, name in enumerate(names) if ord(name[0]) >= c), self.count)

    def __dealloc__(self) -> None:
        PyMem_Free(self.chars)
        PyMem_Free(self.starts)
        PyMem_Free(self.lengths)
        PyMem_Free(self.numbers)


ctypedef struct _Text:
    int kind
    void *data
    Py_ssize_t n


cdef inline Py_UCS4 _char(const _Text *t, Py_ssize_t i) noexcept nogil:
    """The character at ``i``, 0 outside the text (the pattern tests no part against NUL:
    a NUL reads as the text's end does, a non-digit, non-letter, non-space)."""
    if 0 <= i < t.n:
        return PyUnicode_READ(t.kind, t.data, i)
    return 0


cdef inline bint _ascii_digit(Py_UCS4 ch) noexcept nogil:
    return 48 <= ch <= 57


cdef inline bint _letter(Py_UCS4 ch) noexcept nogil:
    """``re``'s ``[^\\W\\d_]`` on ``str``: a word character that is no digit and no ``_``."""
    if ch < 128:
        return (65 <= ch <= 90) or (97 <= ch <= 122)
    return Py_UNICODE_ISALNUM(ch) and not Py_UNICODE_ISDECIMAL(ch)


cdef inline Py_ssize_t _after_spaces(const _Text *t, Py_ssize_t i) noexcept nogil:
    """Where the run of spaces (``re``'s ``\\s``) at ``i`` ends (``i`` when there is none)."""
    while i < t.n and _space(PyUnicode_READ(t.kind, t.data, i)):
        i += 1
    return i


cdef inline Py_ssize_t _word_then_spaces(const _Text *t, Py_ssize_t i, const char *word) noexcept nogil:
    """Where ``word`` (ASCII) and one or more spaces at ``i`` end, ``-1`` when they are not there."""
    cdef Py_ssize_t j = 0
    if i == -1:
        return -1
    while word[j]:
        if _char(t, i + j) != <Py_UCS4>word[j]:
            return -1
        j += 1
    if not _space(_char(t, i + j)):
        return -1
    return _after_spaces(t, i + j)


cdef inline Py_ssize_t _past(const _Text *t, Py_ssize_t i, Py_UCS4 mark) noexcept nogil:
    """Past ``mark`` at ``i`` when it is there (``\\.?``, ``,?``)."""
    return i + 1 if _char(t, i) == mark else i


cdef inline Py_ssize_t _dash(const _Text *t, Py_ssize_t i) noexcept nogil:
    """Past a ``-`` at ``i``, ``-1`` when there is none."""
    return i + 1 if _char(t, i) == 45 else -1


cdef int _days(const _Text *t, Py_ssize_t i, int *values, Py_ssize_t *ends) noexcept nogil:
    """The readings of ``(?:3[01]|[12][0-9]|0?[1-9])`` at ``i``, in the pattern's order
    (a two-digit day first, then its first digit alone), as values and ends; their count."""
    cdef int a = <int>_char(t, i), b = <int>_char(t, i + 1)
    cdef int count = 0
    if (a == 51 and (b == 48 or b == 49)) or ((a == 49 or a == 50) and _ascii_digit(b)) \
            or (a == 48 and 49 <= b <= 57):
        values[0] = (a - 48) * 10 + (b - 48)
        ends[0] = i + 2
        count = 1
    if 49 <= a <= 57:
        values[count] = a - 48
        ends[count] = i + 1
        count += 1
    return count


cdef inline Py_ssize_t _year(const _Text *t, Py_ssize_t i, int *value) noexcept nogil:
    """Where ``(?:19[0-9]{2}|2[0-9]{3})(?![0-9])`` at ``i`` ends, ``-1`` when it does not match."""
    cdef int a, b, c, d
    if i == -1:
        return -1
    a, b, c, d = <int>_char(t, i), <int>_char(t, i + 1), <int>_char(t, i + 2), <int>_char(t, i + 3)
    if not ((a == 49 and b == 57) or (a == 50 and _ascii_digit(b))) or not _ascii_digit(c) or not _ascii_digit(d):
        return -1
    if _ascii_digit(_char(t, i + 4)):
        return -1
    value[0] = (a - 48) * 1000 + (b - 48) * 100 + (c - 48) * 10 + (d - 48)
    return i + 4


cdef inline bint _month_at(const _Text *t, Py_ssize_t i, MonthNames months, Py_ssize_t k) noexcept:
    """Whether month name ``k`` opens at ``i``."""
    cdef Py_ssize_t j, length = months.lengths[k]
    cdef const Py_UCS4 *name = months.chars + months.starts[k]
    if i + length > t.n:
        return False
    for j in range(length):
        if PyUnicode_READ(t.kind, t.data, i + j) != name[j]:
            return False
    return True


cdef inline void _names_from(MonthNames months, Py_UCS4 ch, Py_ssize_t *low, Py_ssize_t *high) noexcept:
    """The names that may open with ``ch``: ``low`` to ``high``."""
    cdef Py_ssize_t code = <Py_ssize_t>ch
    if code < 128:
        low[0], high[0] = months.first[code], months.first[code + 1]
    else:
        low[0], high[0] = months.first[128], months.count


cdef int _month_days(const _Text *t, Py_ssize_t i, MonthNames months, Py_ssize_t k, int *values,
                     Py_ssize_t *ends) noexcept:
    """The readings of ``MONTH\\.?\\s+DAY`` at ``i`` with month name ``k`` (the first and
    third forms' middle): the day's readings as ``_days`` gives them, 0 when it is not there."""
    cdef Py_ssize_t j
    if not _month_at(t, i, months, k):
        return 0
    j = _past(t, i + months.lengths[k], 46)
    if not _space(_char(t, j)):
        return 0
    return _days(t, _after_spaces(t, j), values, ends)


# Each form, tried at ``i``: where its match ends, or -1; ``found`` takes the year, the
# month's number and the day.

cdef Py_ssize_t _month_first(const _Text *t, Py_ssize_t i, MonthNames months, int *found) noexcept:
    """``(?<![^\\W\\d_])MONTH\\.?\\s+DAY(?:st|nd|rd|th)?\\.?,?\\s+YEAR(?![0-9])``."""
    cdef Py_ssize_t k, j, end, low, high
    cdef int values[2]
    cdef Py_ssize_t ends[2]
    cdef int count, d, year
    cdef Py_UCS4 a, b
    if i > 0 and _letter(_char(t, i - 1)):
        return -1
    _names_from(months, _char(t, i), &low, &high)
    for k in range(low, high):
        count = _month_days(t, i, months, k, values, ends)
        for d in range(count):
            j = ends[d]
            a, b = _char(t, j), _char(t, j + 1)
            if (a == 115 and b == 116) or (a == 110 and b == 100) or (a == 114 and b == 100) or (a == 116 and b == 104):
                j += 2  # st, nd, rd, th
            j = _past(t, _past(t, j, 46), 44)
            if not _space(_char(t, j)):
                continue
            end = _year(t, _after_spaces(t, j), &year)
            if end != -1:
                found[0], found[1], found[2] = year, months.numbers[k], values[d]
                return end
    return -1


cdef Py_ssize_t _month_then_year(const _Text *t, Py_ssize_t i, MonthNames months, int day,
                                 int *found) noexcept:
    """The second form from its month on: ``MONTH(?![^\\W\\d_])\\.?,?\\s*(?:de\\s+|del\\s+|-)?YEAR(?![0-9])``."""
    cdef Py_ssize_t k, j, end, low, high
    cdef int year
    _names_from(months, _char(t, i), &low, &high)
    for k in range(low, high):
        if not _month_at(t, i, months, k):
            continue
        j = i + months.lengths[k]
        if _letter(_char(t, j)):
            continue
        j = _after_spaces(t, _past(t, _past(t, j, 46), 44))
        end = _year(t, _word_then_spaces(t, j, b"de"), &year)
        if end == -1:
            end = _year(t, _word_then_spaces(t, j, b"del"), &year)
        if end == -1:
            end = _year(t, _dash(t, j), &year)
        if end == -1:
            end = _year(t, j, &year)
        if end != -1:
            found[0], found[1], found[2] = year, months.numbers[k], day
            return end
    return -1


cdef Py_ssize_t _month_after(const _Text *t, Py_ssize_t i, MonthNames months, int day, int *found) noexcept:
    """The second form from after its day's mark: ``\\s*(?:of\\s+|de\\s+|di\\s+|-)?`` and the rest."""
    cdef Py_ssize_t starts[5]
    cdef Py_ssize_t end
    cdef int k
    i = _after_spaces(t, i)
    starts[0], starts[1], starts[2] = _word_then_spaces(t, i, b"of"), _word_then_spaces(t, i, b"de"), \
        _word_then_spaces(t, i, b"di")
    starts[3], starts[4] = _dash(t, i), i
    for k in range(5):
        if starts[k] != -1:
            end = _month_then_year(t, starts[k], months, day, found)
            if end != -1:
                return end
    return -1


cdef Py_ssize_t _day_first(const _Text *t, Py_ssize_t i, MonthNames months, int *found) noexcept:
    """``(?<![0-9])DAY(?:st|nd|rd|th|er|e|º|°|\\.)?\\s*(?:of\\s+|de\\s+|di\\s+|-)?MONTH`` and the rest."""
    cdef Py_ssize_t j, end
    cdef int values[2]
    cdef Py_ssize_t ends[2]
    cdef int count, d
    cdef Py_UCS4 a, b
    if i > 0 and _ascii_digit(_char(t, i - 1)):
        return -1
    count = _days(t, i, values, ends)
    for d in range(count):
        j = ends[d]
        a, b = _char(t, j), _char(t, j + 1)
        # the marks in the pattern's order: one of two letters, then one of one character, then none
        if ((a == 115 and b == 116) or (a == 110 and b == 100) or (a == 114 and b == 100) or (a == 116 and b == 104)
                or (a == 101 and b == 114)):
            end = _month_after(t, j + 2, months, values[d], found)  # st, nd, rd, th, er
            if end != -1:
                return end
        if a == 101 or a == 0xBA or a == 0xB0 or a == 46:  # e, º, °, .
            end = _month_after(t, j + 1, months, values[d], found)
            if end != -1:
                return end
        end = _month_after(t, j, months, values[d], found)
        if end != -1:
            return end
    return -1


cdef Py_ssize_t _year_first(const _Text *t, Py_ssize_t i, MonthNames months, int *found) noexcept:
    """``(?<![0-9])YEAR\\s+MONTH\\.?\\s+DAY(?![0-9])`` (the year's own lookahead is met by the space)."""
    cdef Py_ssize_t k, end, low, high
    cdef int values[2]
    cdef Py_ssize_t ends[2]
    cdef int count, d, year
    if i > 0 and _ascii_digit(_char(t, i - 1)):
        return -1
    end = _year(t, i, &year)
    if end == -1 or not _space(_char(t, end)):
        return -1
    i = _after_spaces(t, end)
    _names_from(months, _char(t, i), &low, &high)
    for k in range(low, high):
        count = _month_days(t, i, months, k, values, ends)
        for d in range(count):
            if not _ascii_digit(_char(t, ends[d])):
                found[0], found[1], found[2] = year, months.numbers[k], values[d]
                return ends[d]
    return -1


def written_date(str text, Py_ssize_t start, MonthNames months not None, /):
    """The first written date in ``text`` from ``start`` on, as ``_date_patterns``'
    written-date pattern with ``months``' names finds it (``search(text, start)``: its
    lookbehinds read before ``start``): ``(end, year, month, day)``, the month as its
    number, or ``None``."""
    cdef _Text t
    cdef Py_ssize_t i, end
    cdef int found[3]
    cdef Py_UCS4 ch
    t.kind = PyUnicode_KIND(text)
    t.data = PyUnicode_DATA(text)
    t.n = PyUnicode_GET_LENGTH(text)
    for i in range(max(start, 0), t.n):
        ch = PyUnicode_READ(t.kind, t.data, i)
        if _ascii_digit(ch):  # (no month name opens with a digit)
            end = _day_first(&t, i, months, found)
            if end == -1:
                end = _year_first(&t, i, months, found)
        else:
            end = _month_first(&t, i, months, found)
        if end != -1:
            return end, found[0], found[1], found[2]
    return None
