# cython: language_level=3
"""Text helpers of ``metadata()`` that run on every title, site name and byline part.

``metadata()`` compares candidates by their word tokens many times a page; ``re``'s
``\\w+`` spends more in the call and the scan than the few words are worth, so the
scan runs here over the string's code points.
"""

from cpython.tuple cimport PyTuple_New
from cpython.unicode cimport PyUnicode_Substring

cdef extern from "Python.h":
    Py_ssize_t PyUnicode_GET_LENGTH(object text)
    int PyUnicode_KIND(object text)
    void *PyUnicode_DATA(object text)
    Py_UCS4 PyUnicode_READ(int kind, void *data, Py_ssize_t index) nogil
    bint Py_UNICODE_ISALNUM(Py_UCS4 ch) nogil


cdef inline bint _word_char(Py_UCS4 ch) noexcept nogil:
    """``re``'s ``\\w`` on ``str``: a letter, a digit or a number of any script, or ``_``."""
    if ch < 128:
        return (48 <= ch <= 57) or (65 <= ch <= 90) or (97 <= ch <= 122) or ch == 95
    return Py_UNICODE_ISALNUM(ch)


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
