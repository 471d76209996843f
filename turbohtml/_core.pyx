"""Parsing and node handles over lexbor's DOM: the only module that calls lexbor.

``parse()`` decodes the input, runs lexbor's HTML parser with the GIL released and
returns a ``Document``. Node handles are small Python objects pointing into the
document's C tree; each keeps its document alive, and the document frees lexbor's
memory when the last handle goes. Every walk here is iterative (``next_node``), so
100,000-level nesting needs nothing special.
"""

import codecs
import os
from types import MappingProxyType

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.mem cimport PyMem_RawFree, PyMem_RawRealloc
from cpython.unicode cimport PyUnicode_DecodeUTF8
from libc.stdlib cimport free, realloc
from libc.math cimport INFINITY, pow
from libc.string cimport memchr

from turbohtml._lexbor cimport *


cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>

    /* Whether s[0:n] is valid UTF-8 by the rules Python's strict decoder applies
       (no overlong forms, surrogates or code points past U+10FFFF), without building
       a str; ASCII runs are checked 32, then 8 bytes at a time. */
    static int turbohtml_valid_utf8(const unsigned char *s, size_t n)
    {
        size_t i = 0;
        uint64_t word, words[4];
        unsigned char c, c1;
        while (i < n) {
            if (n - i >= 32) {
                memcpy(words, s + i, 32);
                if (((words[0] | words[1] | words[2] | words[3]) & 0x8080808080808080ULL) == 0) {
                    i += 32; continue;
                }
            }
            if (n - i >= 8) {
                memcpy(&word, s + i, 8);
                if ((word & 0x8080808080808080ULL) == 0) { i += 8; continue; }
            }
            c = s[i];
            if (c < 0x80) { i += 1; continue; }
            if (c >= 0xC2 && c <= 0xDF) {
                if (n - i < 2 || (s[i + 1] & 0xC0) != 0x80) return 0;
                i += 2; continue;
            }
            if (c >= 0xE0 && c <= 0xEF) {
                if (n - i < 3) return 0;
                c1 = s[i + 1];
                if ((c1 & 0xC0) != 0x80 || (s[i + 2] & 0xC0) != 0x80) return 0;
                if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F)) return 0;
                i += 3; continue;
            }
            if (c >= 0xF0 && c <= 0xF4) {
                if (n - i < 4) return 0;
                c1 = s[i + 1];
                if ((c1 & 0xC0) != 0x80 || (s[i + 2] & 0xC0) != 0x80 || (s[i + 3] & 0xC0) != 0x80) return 0;
                if ((c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 > 0x8F)) return 0;
                i += 4; continue;
            }
            return 0;
        }
        return 1;
    }
    """
    bint turbohtml_valid_utf8(const unsigned char *s, size_t n) nogil


cdef bint _valid_utf8(bytes data) noexcept:
    return turbohtml_valid_utf8(<const unsigned char *>PyBytes_AS_STRING(data), <size_t>PyBytes_GET_SIZE(data))


cdef extern from *:
    """
    /* Whether the str already holds its UTF-8 (CPython caches it once asked, e.g. by
       another parser given the same str): then str.encode() is a copy of it. The
       cache field exists on non-ASCII compact strs only. */
    static int turbohtml_has_cached_utf8(PyObject *text)
    {
        return PyUnicode_IS_COMPACT(text) && !PyUnicode_IS_ASCII(text)
               && ((PyCompactUnicodeObject *)text)->utf8 != NULL;
    }

    /* Copy the 8 characters at data[i] to dst when all are ASCII (one or a few 64-bit
       mask tests); 0 when one is not. */
    static inline int turbohtml_ascii8(int kind, const void *data, Py_ssize_t i, unsigned char *dst)
    {
        uint64_t w[4];
        int k;
        const char *p = (const char *)data + i * kind;
        if (kind == PyUnicode_1BYTE_KIND) {
            memcpy(w, p, 8);
            if (w[0] & 0x8080808080808080ULL) return 0;
            memcpy(dst, p, 8);
        } else if (kind == PyUnicode_2BYTE_KIND) {
            memcpy(w, p, 16);
            if ((w[0] | w[1]) & 0xFF80FF80FF80FF80ULL) return 0;
            for (k = 0; k < 8; k++) dst[k] = (unsigned char)((const Py_UCS2 *)p)[k];
        } else {
            memcpy(w, p, 32);
            if ((w[0] | w[1] | w[2] | w[3]) & 0xFFFFFF80FFFFFF80ULL) return 0;
            for (k = 0; k < 8; k++) dst[k] = (unsigned char)((const Py_UCS4 *)p)[k];
        }
        return 1;
    }

    /* Write code point c as UTF-8; the bytes written, 0 for a surrogate. */
    static inline int turbohtml_put_utf8(unsigned char *dst, Py_UCS4 c)
    {
        if (c < 0x80) {
            dst[0] = (unsigned char)c;
            return 1;
        }
        if (c < 0x800) {
            dst[0] = (unsigned char)(0xC0 | (c >> 6));
            dst[1] = (unsigned char)(0x80 | (c & 0x3F));
            return 2;
        }
        if (c >= 0xD800 && c <= 0xDFFF) {
            return 0;
        }
        if (c < 0x10000) {
            dst[0] = (unsigned char)(0xE0 | (c >> 12));
            dst[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
            dst[2] = (unsigned char)(0x80 | (c & 0x3F));
            return 3;
        }
        dst[0] = (unsigned char)(0xF0 | (c >> 18));
        dst[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3F));
        dst[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
        dst[3] = (unsigned char)(0x80 | (c & 0x3F));
        return 4;
    }

    /* The UTF-8 bytes of a non-ASCII str (ASCII-only strs already hold their UTF-8),
       as a new bytes object; Py_None (a new reference) when the str holds a surrogate
       or is too long to size, so the caller takes Python's path; NULL on a memory
       error. CPython's encoder handles one character per loop turn; here each run of
       8 ASCII characters is tested with 64-bit masks and narrowed at once. On the
       article-benchmark pages the encoding was a third of parse() for a str page;
       this loop takes 40 % of the instructions CPython's did. */
    static PyObject *turbohtml_encode_utf8(PyObject *text)
    {
        Py_ssize_t n = PyUnicode_GET_LENGTH(text), i = 0, o = 0;
        int kind = PyUnicode_KIND(text), written;
        const void *data = PyUnicode_DATA(text);
        PyObject *out;
        unsigned char *dst;
        if (n > PY_SSIZE_T_MAX / 4) {
            Py_RETURN_NONE;
        }
        /* at most 2, 3 or 4 bytes a character for the three kinds; trimmed below */
        out = PyBytes_FromStringAndSize(NULL, n * (kind == PyUnicode_4BYTE_KIND ? 4 : kind + 1));
        if (out == NULL) {
            return NULL;
        }
        dst = (unsigned char *)PyBytes_AS_STRING(out);
        while (i < n) {
            if (n - i >= 8 && turbohtml_ascii8(kind, data, i, dst + o)) {
                i += 8;
                o += 8;
                continue;
            }
            written = turbohtml_put_utf8(dst + o, PyUnicode_READ(kind, data, i));
            if (written == 0) {
                Py_DECREF(out);
                Py_RETURN_NONE;
            }
            i++;
            o += written;
        }
        if (_PyBytes_Resize(&out, o) < 0) {
            return NULL;
        }
        return out;
    }
    """
    object turbohtml_encode_utf8(str text)
    bint turbohtml_has_cached_utf8(str text)


cdef extern from *:
    """
    #include "lexbor/dom/interfaces/document.h"

    /* The document's text arena owns serializer output; free a string back into it. */
    static void turbohtml_str_free(lxb_dom_node_t *node, lexbor_str_t *str)
    {
        if (str->data != NULL) {
            lexbor_str_destroy(str, node->owner_document->text, false);
        }
    }
    """
    void turbohtml_str_free(lxb_dom_node_t *node, lexbor_str_t *str) nogil


cdef extern from *:
    """
    #include "pythread.h"

    /* lexbor's allocator: Python's raw allocator (thread-safe without the GIL, seen by
       tracemalloc and sanitizers), plus a small process-wide cache of big freed blocks.

       A document's arenas are chunks of 16 kB and more, all freed with the document;
       glibc then trims its heap and the next document faults the same pages back in,
       zeroed by the kernel (~15% of parse time on the article-benchmark pages). Freed
       chunks of at least TURBOHTML_CACHE_MIN bytes are kept instead (at most
       TURBOHTML_CACHE_BLOCKS of them, TURBOHTML_CACHE_BYTES in all) and handed to the
       next request they fit without wasting more than half. Every block carries its
       size in a 16-byte header (keeping malloc's alignment). Sanitizer builds define
       TURBOHTML_NO_REUSE, so a use after free is never hidden by a reused block. */

    #define TURBOHTML_HEAD ((size_t)16)
    #define TURBOHTML_CACHE_MIN ((size_t)16 << 10)
    #define TURBOHTML_CACHE_MAX_BLOCK ((size_t)4 << 20)
    #define TURBOHTML_CACHE_BYTES ((size_t)16 << 20)
    #define TURBOHTML_CACHE_BLOCKS 64

    static PyThread_type_lock turbohtml_cache_lock = NULL;
    static void *turbohtml_cached[TURBOHTML_CACHE_BLOCKS];  /* block headers */
    static size_t turbohtml_cached_count = 0, turbohtml_cached_bytes = 0;

    /* Also run in a forked child, where another thread may have held the lock (and
       been half-way through an update) at the fork: the child starts with a new lock
       and an empty cache, and never frees the blocks it inherited. */
    static int turbohtml_cache_init(void)
    {
        turbohtml_cached_count = 0;
        turbohtml_cached_bytes = 0;
    #ifndef TURBOHTML_NO_REUSE
        turbohtml_cache_lock = PyThread_allocate_lock();
        return turbohtml_cache_lock != NULL;
    #else
        return 1;
    #endif
    }

    /* The smallest cached block holding size bytes, taken out of the cache, or NULL. */
    static void *turbohtml_cache_take(size_t size)
    {
        size_t i, found = TURBOHTML_CACHE_BLOCKS, found_size = (size_t)-1, have;
        void *head = NULL;
        if (turbohtml_cache_lock == NULL || size < TURBOHTML_CACHE_MIN) {
            return NULL;
        }
        PyThread_acquire_lock(turbohtml_cache_lock, WAIT_LOCK);
        for (i = 0; i < turbohtml_cached_count; i++) {
            have = *(size_t *)turbohtml_cached[i];
            if (have >= size && have - size <= size / 2 && have < found_size) {
                found = i;
                found_size = have;
            }
        }
        if (found != TURBOHTML_CACHE_BLOCKS) {
            head = turbohtml_cached[found];
            turbohtml_cached[found] = turbohtml_cached[--turbohtml_cached_count];
            turbohtml_cached_bytes -= found_size;
        }
        PyThread_release_lock(turbohtml_cache_lock);
        return head;
    }

    /* Keep a freed block when it is big enough and the cache has room; 1 if kept. */
    static int turbohtml_cache_put(void *head)
    {
        size_t size = *(size_t *)head;
        int kept = 0;
        if (turbohtml_cache_lock == NULL || size < TURBOHTML_CACHE_MIN || size > TURBOHTML_CACHE_MAX_BLOCK) {
            return 0;
        }
        PyThread_acquire_lock(turbohtml_cache_lock, WAIT_LOCK);
        if (turbohtml_cached_count < TURBOHTML_CACHE_BLOCKS
                && turbohtml_cached_bytes + size <= TURBOHTML_CACHE_BYTES) {
            turbohtml_cached[turbohtml_cached_count++] = head;
            turbohtml_cached_bytes += size;
            kept = 1;
        }
        PyThread_release_lock(turbohtml_cache_lock);
        return kept;
    }

    static void *turbohtml_lexbor_malloc(size_t size)
    {
        void *head;
        if (size > (size_t)-1 - TURBOHTML_HEAD) {
            return NULL;
        }
        head = turbohtml_cache_take(size);
        if (head == NULL) {
            head = PyMem_RawMalloc(size + TURBOHTML_HEAD);
            if (head == NULL) {
                return NULL;
            }
            *(size_t *)head = size;
        }
        return (char *)head + TURBOHTML_HEAD;
    }

    static void *turbohtml_lexbor_calloc(size_t count, size_t size)
    {
        size_t total;
        void *head;
        if (size != 0 && count > ((size_t)-1 - TURBOHTML_HEAD) / size) {
            return NULL;
        }
        total = count * size;
        head = turbohtml_cache_take(total);
        if (head != NULL) {
            memset((char *)head + TURBOHTML_HEAD, 0, total);
            return (char *)head + TURBOHTML_HEAD;
        }
        head = PyMem_RawCalloc(1, total + TURBOHTML_HEAD);  /* fresh pages come zeroed */
        if (head == NULL) {
            return NULL;
        }
        *(size_t *)head = total;
        return (char *)head + TURBOHTML_HEAD;
    }

    static void *turbohtml_lexbor_realloc(void *data, size_t size)
    {
        void *head;
        size_t have;
        if (data == NULL) {
            return turbohtml_lexbor_malloc(size);
        }
        if (size > (size_t)-1 - TURBOHTML_HEAD) {
            return NULL;
        }
        head = (char *)data - TURBOHTML_HEAD;
        have = *(size_t *)head;
        if (size <= have && size >= have / 2) {
            return data;
        }
        head = PyMem_RawRealloc(head, size + TURBOHTML_HEAD);
        if (head == NULL) {
            return NULL;
        }
        *(size_t *)head = size;
        return (char *)head + TURBOHTML_HEAD;
    }

    static void turbohtml_lexbor_free(void *data)
    {
        void *head;
        if (data == NULL) {
            return;
        }
        head = (char *)data - TURBOHTML_HEAD;
        if (!turbohtml_cache_put(head)) {
            PyMem_RawFree(head);
        }
    }
    """
    int turbohtml_cache_init()
    void *turbohtml_lexbor_malloc(size_t size) noexcept nogil
    void *turbohtml_lexbor_realloc(void *data, size_t size) noexcept nogil
    void *turbohtml_lexbor_calloc(size_t count, size_t size) noexcept nogil
    void turbohtml_lexbor_free(void *data) noexcept nogil


if not turbohtml_cache_init():
    raise ImportError("could not allocate the block cache's lock")


def _reset_block_cache_lock() -> None:
    if not turbohtml_cache_init():
        raise MemoryError("could not allocate the block cache's lock")


os.register_at_fork(after_in_child=_reset_block_cache_lock)
if lexbor_memory_setup(turbohtml_lexbor_malloc, turbohtml_lexbor_realloc, turbohtml_lexbor_calloc,
                       turbohtml_lexbor_free) != LXB_STATUS_OK:
    raise ImportError("lexbor_memory_setup failed")


# ---------------------------------------------------------------- decoding input

# WHATWG encoding names (as lexbor's label table returns them) whose Python codec
# differs in name or in the decoder the Encoding Standard specifies.
PY_CODECS = {
    "windows-874": "cp874",
    "ibm866": "cp866",
    "macintosh": "mac_roman",
    "x-mac-cyrillic": "mac_cyrillic",
    "iso-8859-8-i": "iso-8859-8",
    "gbk": "gb18030",
    "big5": "big5hkscs",
    "euc-kr": "cp949",
    "shift_jis": "cp932",
    "utf-16be": "utf-16-be",
    "utf-16le": "utf-16-le",
}


def _c1_controls(error):
    """windows-1252 leaves 5 bytes undefined in Python; the Encoding Standard maps them to C1."""
    bad = error.object[error.start:error.end]
    return "".join(chr(b) for b in bad), error.end


codecs.register_error("turbohtml.c1", _c1_controls)


cdef size_t PRESCAN_BYTES = 1024       # the HTML standard's prescan window
cdef size_t LATE_META_BYTES = 65536    # where a later <meta charset> still changes the encoding


cdef str _prescan_charset(bytes data, size_t window=PRESCAN_BYTES):
    """The encoding a <meta charset> / http-equiv names in the first ``window`` bytes, or None."""
    cdef lxb_html_encoding_t em
    cdef const lxb_char_t *start = <const lxb_char_t *>PyBytes_AS_STRING(data)
    cdef size_t size = min(<size_t>PyBytes_GET_SIZE(data), window)
    cdef lxb_html_encoding_entry_t *entry
    cdef const lxb_encoding_data_t *encoding
    cdef str name = None
    if lxb_html_encoding_init(&em) != LXB_STATUS_OK:
        raise MemoryError("lexbor could not set up the charset prescan")
    try:
        if lxb_html_encoding_determine(&em, start, start + size) == LXB_STATUS_OK \
                and lxb_html_encoding_meta_length(&em) > 0:
            entry = lxb_html_encoding_meta_entry(&em, 0)
            encoding = lxb_encoding_data_by_pre_name(entry.name, entry.end - entry.name)
            if encoding != NULL:
                name = (<bytes>encoding.name).decode("ascii").lower()
    finally:
        lxb_html_encoding_destroy(&em, False)
    # The HTML standard's prescan overrides: a page cannot declare itself UTF-16 in
    # ASCII-compatible bytes, and x-user-defined means windows-1252.
    if name in ("utf-16be", "utf-16le"):
        return "utf-8"
    if name == "x-user-defined":
        return "windows-1252"
    return name


def sniff_encoding(data: bytes) -> str:
    """The encoding the HTML standard picks for a byte stream: BOM, <meta> prescan,
    then UTF-8 when the bytes are valid UTF-8, else a ``<meta charset>`` later in the
    head (the standard's change-the-encoding step, taken when the parser meets one: a
    page whose template writes its ``<meta>`` after a long comment or script), else
    windows-1252. Valid UTF-8 stays UTF-8 whatever a late ``<meta>`` says."""
    if data.startswith(b"\xef\xbb\xbf"):
        return "utf-8"
    if data.startswith(b"\xfe\xff"):
        return "utf-16be"
    if data.startswith(b"\xff\xfe"):
        return "utf-16le"
    declared = _prescan_charset(data)
    if declared is not None:
        return declared
    if _valid_utf8(data):
        return "utf-8"
    return _prescan_charset(data, LATE_META_BYTES) or "windows-1252"


cdef bytes _utf8_from_bytes(bytes data):
    encoding = sniff_encoding(data)
    if encoding == "utf-8":
        if data.startswith(b"\xef\xbb\xbf"):
            data = data[3:]
        if _valid_utf8(data):
            return data
        return data.decode("utf-8", "replace").encode("utf-8")
    if encoding in ("utf-16be", "utf-16le"):
        data = data[2:]
    if encoding == "replacement":
        return "\ufffd".encode("utf-8") if data else b""
    if encoding == "windows-1252":
        return data.decode("cp1252", "turbohtml.c1").encode("utf-8")
    codec = PY_CODECS.get(encoding, encoding)
    try:
        text = data.decode(codec, "replace")
    except LookupError:
        text = data.decode("cp1252", "turbohtml.c1")
    return text.encode("utf-8")


cdef object _utf8_or_none(str text):
    """``text`` as UTF-8 bytes, or None when it holds a lone surrogate."""
    if text.isascii() or turbohtml_has_cached_utf8(text):
        return text.encode("utf-8")  # the str's own copy of its UTF-8
    encoded = turbohtml_encode_utf8(text)
    if encoded is not None:
        return encoded
    try:  # too long for the loop to size (never in practice), or a surrogate
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return None


cdef inline str _plain_str(object text):
    """A ``str`` subclass (``markupsafe.Markup``, bs4's ``NavigableString``, ``class S(str)``)
    as the plain ``str`` the typed C helpers take; a plain ``str`` as is."""
    return <str>text if type(text) is str else str.__str__(text)


cdef bytes _utf8_from_str(str markup):
    encoded = _utf8_or_none(markup)
    if encoded is not None:
        return <bytes>encoded
    # Lone surrogates cannot reach lexbor; they become U+FFFD like a decoder error.
    return markup.encode("utf-16", "surrogatepass").decode("utf-16", "replace").encode("utf-8")


cdef str decode_text(const lxb_char_t *data, size_t length):
    if data == NULL or length == 0:
        return ""
    return PyUnicode_DecodeUTF8(<const char *>data, length, "replace")


# ---------------------------------------------------------------- C helpers for siblings

cdef extern from *:
    """
    #include "lexbor/dom/interfaces/attr.h"
    #include "lexbor/dom/interfaces/document.h"

    /* The id lexbor gives the lower-case attribute ``name`` in the node's document, or
       UINTPTR_MAX, which no attribute carries, when no attribute of that name was ever
       created there (so no element has it). */
    static uintptr_t turbohtml_attr_id(lxb_dom_node_t *node, const lxb_char_t *name, size_t length)
    {
        const lxb_dom_attr_data_t *data;
        data = lxb_dom_attr_data_by_local_name(node->owner_document->attrs, name, length);
        return data == NULL ? UINTPTR_MAX : data->attr_id;
    }
    """
    uintptr_t turbohtml_attr_id(lxb_dom_node_t *node, const lxb_char_t *name, size_t length) nogil


cdef extern from *:
    """
    #include "lexbor/tag/tag.h"

    /* The id lexbor gives the lower-case tag ``name`` in the node's document (a fixed id
       for HTML's own tags), or UINTPTR_MAX when no element of that name was ever created
       there. */
    static uintptr_t turbohtml_tag_id(lxb_dom_node_t *node, const lxb_char_t *name, size_t length)
    {
        const lxb_tag_data_t *data;
        data = lxb_tag_data_by_name(node->owner_document->tags, name, length);
        return data == NULL ? UINTPTR_MAX : data->tag_id;
    }
    """
    uintptr_t turbohtml_tag_id(lxb_dom_node_t *node, const lxb_char_t *name, size_t length) nogil


cdef uintptr_t tag_id(lxb_dom_node_t *c_node, const char *name, size_t name_len) noexcept nogil:
    """The id of tag ``name`` (lower-case) in c_node's document, compared with an
    element's ``local_name``: one name lookup per walk instead of one per element."""
    return turbohtml_tag_id(c_node, <const lxb_char_t *>name, name_len)


cdef const lxb_char_t *element_name(lxb_dom_node_t *c_node, size_t *length) noexcept nogil:
    """An element's local name (lower-case for HTML elements)."""
    return lxb_dom_element_local_name(<lxb_dom_element_t *>c_node, length)


cdef uintptr_t attr_id(lxb_dom_node_t *c_node, const char *name, size_t name_len) noexcept nogil:
    """The id of attribute ``name`` (lower-case) in c_node's document, for attr_value():
    one name lookup per walk instead of one per element."""
    return turbohtml_attr_id(c_node, <const lxb_char_t *>name, name_len)


cdef const lxb_char_t *element_attr(lxb_dom_node_t *c_node, const char *name, size_t name_len,
                                    size_t *value_len) noexcept nogil:
    """The value of attribute ``name`` (lower-case) on an element node, or NULL when the
    attribute is absent; a valueless attribute (``<p hidden>``) gives an empty string."""
    cdef lxb_dom_attr_t *c_attr
    value_len[0] = 0
    if c_node.type != LXB_DOM_NODE_TYPE_ELEMENT:
        return NULL
    c_attr = lxb_dom_element_attr_by_name(<lxb_dom_element_t *>c_node, <const lxb_char_t *>name, name_len)
    if c_attr == NULL:
        return NULL
    if c_attr.value == NULL or c_attr.value.data == NULL:
        return <const lxb_char_t *>""
    value_len[0] = c_attr.value.length
    return c_attr.value.data


cdef const lxb_char_t *attr_name(lxb_dom_attr_t *c_attr, size_t *length) noexcept nogil:
    return lxb_dom_attr_local_name(c_attr, length)


cdef Node wrap_node(Document doc, lxb_dom_node_t *c_node):
    """A handle for ``c_node``, or None for NULL; the document node is ``doc`` itself."""
    cdef Node node
    if c_node == NULL:
        return None
    if c_node == <lxb_dom_node_t *>doc.c_doc:
        return doc
    if c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:
        node = Element.__new__(Element)
    elif c_node.type == LXB_DOM_NODE_TYPE_TEXT:
        node = Text.__new__(Text)
    elif c_node.type == LXB_DOM_NODE_TYPE_COMMENT:
        node = Comment.__new__(Comment)
    else:
        node = Node.__new__(Node)
    node.c_node = c_node
    node.doc = doc
    return node


ctypedef struct _NodeArray:
    lxb_dom_node_t **items
    size_t length
    size_t capacity
    bint failed


cdef lxb_status_t _collect_match(lxb_dom_node_t *c_node, lxb_css_selector_specificity_t spec,
                                 void *ctx) noexcept nogil:
    cdef _NodeArray *found = <_NodeArray *>ctx
    cdef lxb_dom_node_t **grown
    cdef size_t i
    # A node matching several selectors of a list is reported once per selector.
    for i in range(found.length):
        if found.items[found.length - 1 - i] == c_node:
            return LXB_STATUS_OK
        if i == 8:
            break
    if found.length == found.capacity:
        grown = <lxb_dom_node_t **>realloc(found.items, (found.capacity * 2 + 16) * sizeof(lxb_dom_node_t *))
        if grown == NULL:
            found.failed = True
            return LXB_STATUS_ERROR
        found.items = grown
        found.capacity = found.capacity * 2 + 16
    found.items[found.length] = c_node
    found.length += 1
    return LXB_STATUS_OK


cdef str _serialize(lxb_dom_node_t *c_node, bint inner):
    cdef lexbor_str_t out
    cdef lxb_status_t status
    out.data = NULL
    out.length = 0
    if inner:
        status = lxb_html_serialize_deep_str(c_node, &out)
    else:
        status = lxb_html_serialize_tree_str(c_node, &out)
    try:
        if status != LXB_STATUS_OK:
            raise MemoryError("lexbor could not serialize the node")
        return decode_text(out.data, out.length)
    finally:
        turbohtml_str_free(c_node, &out)


cdef str _descendant_text(lxb_dom_node_t *root):
    """textContent: every descendant text node's data, concatenated."""
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False
    cdef lxb_dom_character_data_t *c_text
    cdef bytearray buffer
    if root.type == LXB_DOM_NODE_TYPE_TEXT or root.type == LXB_DOM_NODE_TYPE_COMMENT:
        c_text = <lxb_dom_character_data_t *>root
        return decode_text(c_text.data.data, c_text.data.length)
    buffer = bytearray()
    while c_node != NULL:
        if not closing and c_node.type == LXB_DOM_NODE_TYPE_TEXT:
            c_text = <lxb_dom_character_data_t *>c_node
            if c_text.data.length:
                buffer += c_text.data.data[:c_text.data.length]
        c_node = next_node(root, c_node, &closing)
    return PyUnicode_DecodeUTF8(buffer, len(buffer), "replace")


# ---------------------------------------------------------------- handles

cdef extern from *:
    """
    #include "lexbor/tag/tag.h"

    /* The name of lexbor's fixed tag ``id`` (HTML's own elements), or NULL. */
    static const lxb_char_t *turbohtml_tag_name(uintptr_t id, size_t *length)
    {
        return lxb_tag_name_by_id((lxb_tag_id_t) id, length);
    }
    """
    const lxb_char_t *turbohtml_tag_name(uintptr_t id, size_t *length) nogil


def tag_names() -> tuple:
    """lexbor's element names by fixed tag id (``tag_names()[id]``; the first ids are its
    pseudo-names, ``#text``, ``#document``, ...): the walks' tag sets live in C
    (``_tags.pxd``), by id, and Python reads them by name through this table."""
    cdef size_t length = 0
    cdef const lxb_char_t *name
    names = []
    for i in range(<uintptr_t>LXB_TAG__LAST_ENTRY):
        name = turbohtml_tag_name(i, &length)
        names.append(name[:length].decode("ascii") if name != NULL and length else "")
    return tuple(names)


cdef class _UpperLayers:
    """The functions behind the node methods whose work lives in the layers above
    _core (the walks, ``extract``, the renderers, the notebook views). Those modules
    import _core, so _core cannot import them; they hand their functions down instead,
    through ``provide()``, when ``import turbohtml`` loads them."""

    cdef public object main_content, main_text, to_text, to_markdown, article, metadata
    cdef public object links, repr_html, page_type, boilerplate, dates, microdata
    cdef public object opengraph, json_ld, structured_data, highlight


cdef _UpperLayers _upper = _UpperLayers()


def provide(**functions) -> None:
    """Install the functions the node methods delegate to, by method name
    (``provide(article=node_article)``): ``turbohtml.extract`` and the package's
    ``__init__`` call it once, when they load. Unknown names and non-callables are
    refused, so a renamed method cannot leave a slot silently empty."""
    for name, function in functions.items():
        if name.startswith("_") or not hasattr(_upper, name):
            raise TypeError(f"provide() got an unexpected method name {name!r}")
        if not callable(function):
            raise TypeError(f"provide({name}=...) needs a callable, not {type(function).__name__}")
        setattr(_upper, name, function)


def missing_methods() -> list:
    """The names ``provide()`` has not filled yet (empty once ``turbohtml`` has loaded)."""
    return [name for name in (
        "main_content", "main_text", "to_text", "to_markdown", "article", "metadata", "links",
        "repr_html", "page_type", "boilerplate", "dates", "microdata", "opengraph", "json_ld",
        "structured_data", "highlight") if getattr(_upper, name) is None]


cdef inline object _provided(object function, str method):
    if function is None:
        raise RuntimeError(
            f"{method}() is provided by turbohtml's upper layers when `import turbohtml` "
            "loads them, and was called before they had (from a module of the package "
            "while it loads?)")
    return function


cdef class Node:
    """A handle on one node of a parsed document (element, text, comment, ...).

    Handles compare equal when they point at the same node. They are cheap: walk
    freely. Create them through ``turbohtml.parse``, never directly.
    """

    def __init__(self, *args, **kwargs):
        raise TypeError(f"{type(self).__name__} handles come from turbohtml.parse(), not from the constructor")

    cdef Document _owner(self):
        return self.doc if self.doc is not None else <Document>self

    def __reduce__(self):
        """Pickle (and ``copy``) a node as its document plus the child indexes leading to
        it: unpickling re-parses the document's HTML (see ``Document.__reduce__``) and
        follows the path, so the node keeps its parent, siblings and document. Nodes of
        one document pickled together share one re-parsed document."""
        cdef Document doc = self._owner()
        cdef lxb_dom_node_t *c_node = self.c_node
        cdef lxb_dom_node_t *c_sibling
        cdef Py_ssize_t index
        cdef list path = []
        while c_node != doc.c_node:
            if c_node.parent == NULL:
                raise TypeError("cannot pickle a node outside its document's tree (in a <template>'s "
                                "content): pickle the document or the <template> element")
            index = 0
            c_sibling = c_node.prev
            while c_sibling != NULL:
                index += 1
                c_sibling = c_sibling.prev
            path.append(index)
            c_node = c_node.parent
        path.reverse()
        return (_node_at, (doc, tuple(path), self.tag))

    @property
    def tag(self) -> str | None:
        """The lower-case tag name of an element, ``None`` for other nodes."""
        cdef size_t length = 0
        cdef const lxb_char_t *name
        if self.c_node.type != LXB_DOM_NODE_TYPE_ELEMENT:
            return None
        name = lxb_dom_element_local_name(<lxb_dom_element_t *>self.c_node, &length)
        return decode_text(name, length).lower()

    @property
    def attrs(self):
        """The element's attributes as a read-only mapping (empty for other nodes)."""
        cdef dict values = {}
        cdef lxb_dom_attr_t *c_attr
        cdef const lxb_char_t *name
        cdef size_t length = 0
        if self.c_node.type == LXB_DOM_NODE_TYPE_ELEMENT:
            c_attr = (<lxb_dom_element_t *>self.c_node).first_attr
            while c_attr != NULL:
                name = lxb_dom_attr_qualified_name(c_attr, &length)
                key = decode_text(name, length)
                if key not in values:
                    values[key] = "" if c_attr.value == NULL else decode_text(c_attr.value.data, c_attr.value.length)
                c_attr = c_attr.next
        return MappingProxyType(values)

    def attr(self, name, default=None) -> str | None:
        """The value of attribute ``name`` (case-insensitive), or ``default``."""
        cdef size_t length = 0
        cdef const lxb_char_t *value
        if not isinstance(name, str):
            raise TypeError(f"attribute name must be str, not {type(name).__name__}")
        # HTML attribute names are ASCII case-insensitive: the parser lowers A-Z only
        # (an "Ð" stays), so bytes.lower(), which does the same, finds what attrs lists.
        key = _plain_str(name).encode("utf-8", "replace").lower()
        value = element_attr(self.c_node, key, len(key), &length)
        if value == NULL:
            return default
        return decode_text(value, length)

    @property
    def text(self) -> str:
        """All descendant text, concatenated as the DOM's ``textContent`` does."""
        return _descendant_text(self.c_node)

    @property
    def parent(self) -> Node | None:
        return wrap_node(self._owner(), self.c_node.parent)

    @property
    def next_sibling(self) -> Node | None:
        return wrap_node(self._owner(), self.c_node.next)

    @property
    def previous_sibling(self) -> Node | None:
        return wrap_node(self._owner(), self.c_node.prev)

    @property
    def children(self) -> list:
        """The child nodes, text and comments included, in document order."""
        cdef Document doc = self._owner()
        cdef lxb_dom_node_t *c_child = self.c_node.first_child
        cdef list result = []
        while c_child != NULL:
            result.append(wrap_node(doc, c_child))
            c_child = c_child.next
        return result

    def __iter__(self):
        return iter(self.children)

    def __len__(self) -> int:
        cdef lxb_dom_node_t *c_child = self.c_node.first_child
        cdef Py_ssize_t count = 0
        while c_child != NULL:
            count += 1
            c_child = c_child.next
        return count

    def __getitem__(self, index):
        return self.children[index]

    @property
    def descendants(self):
        """Every node below this one, in document order (a generator)."""
        return _Descendants(self)

    def select(self, css) -> list:
        """Elements below this node matching the CSS selector list, in document order.

        ``TypeError`` if ``css`` is not a str, ``ValueError`` if it does not parse, and
        ``ValueError`` if matching it would take more than ``SELECTOR_STEPS_PER_BYTE``
        (512) steps per byte of the page: a selector with a sibling walk (``~``,
        ``:nth-*()``, ``:*-of-type``) on a page with runs of thousands of siblings, or a
        ``:has()`` left of a combinator on a large page (it is searched again for every
        element below it). The work is estimated before matching, so the error comes at
        once; real pages stay far below the budget (docs/reliability.md, threat model).
        """
        return _select(self, css, False)

    def select_one(self, css) -> Element | None:
        """The first element below this node matching ``css``, or ``None``; raises as
        :meth:`select` does, within the same work budget."""
        found = _select(self, css, True)
        return found[0] if found else None

    @property
    def html(self) -> str:
        """The node's outer HTML."""
        return _serialize(self.c_node, False)

    @property
    def inner_html(self) -> str:
        """The HTML of the node's children."""
        return _serialize(self.c_node, True)

    # Extraction entry points: their work lives in the layers above, which provide() it.

    def main_content(self) -> Element | None:
        """The element holding the page's main content (content-density scoring), or ``None``."""
        return _provided(_upper.main_content, "main_content")(self)

    def main_text(self) -> str:
        """The main content's visible text laid out for reading; ``""`` when nothing scores."""
        return _provided(_upper.main_text, "main_text")(self)

    def to_text(self) -> str:
        """All the visible text below this node, laid out like ``main_text()``: blank lines
        between paragraphs, list markers, table rows as ``cell | cell``, ``<pre>`` kept."""
        return _provided(_upper.to_text, "to_text")(self)

    def to_markdown(self, links=True, images=False, base_url=None) -> str:
        """The visible content below this node as Markdown (CommonMark, GFM tables):
        links as ``[text](url)`` resolved against the page's base, images when asked."""
        return _provided(_upper.to_markdown, "to_markdown")(self, links, images, base_url)

    def article(self):
        """The main content as an ``Article``: text without in-body boilerplate, plus metadata."""
        return _provided(_upper.article, "article")(self)

    def metadata(self, url=None):
        """The page's metadata with every source weighed, as ``turbohtml.extract.metadata()``."""
        return _provided(_upper.metadata, "metadata")(self._owner(), url)

    def links(self) -> list:
        """Every URL-bearing attribute below this node as ``Link`` records, raw as written."""
        return _provided(_upper.links, "links")(self)

    def _repr_html_(self) -> str:
        """A collapsed, escaped preview for notebooks: tag, size, child count, source."""
        return _provided(_upper.repr_html, "_repr_html_")(self)

    def __eq__(self, other):
        if not isinstance(other, Node):
            return NotImplemented
        return self.c_node == (<Node>other).c_node

    def __hash__(self):
        return hash(<size_t>self.c_node)

    def __repr__(self):
        return f"{type(self).__name__}()"


cdef class Element(Node):
    """An element: tag, attributes, children."""

    def __repr__(self):
        return f"Element({self.tag!r})"


cdef class Text(Node):
    """A text node; ``text`` is its data."""

    def __repr__(self):
        data = self.text
        return f"Text({data[:40] + '...' if len(data) > 40 else data!r})"


cdef class Comment(Node):
    """A comment; ``text`` is its data."""

    def __repr__(self):
        data = self.text
        return f"Comment({data[:40] + '...' if len(data) > 40 else data!r})"


cdef class Document(Node):
    """A parsed page. Owns lexbor's tree; node handles keep it alive."""

    def __reduce__(self):
        """Pickle (and ``copy``) a document as its HTML, parsed again on unpickling: the
        copy is a new tree, independent of this one, built from ``self.html`` (the tree's
        serialization, so edits the parser made, like a ``<p>`` closed by a ``<div>``,
        are already in it)."""
        return (parse, (self.html,))

    def __dealloc__(self):
        if self.c_doc != NULL:
            turbohtml_document_give(self.c_doc, self.input_size)
            self.c_doc = NULL
            self.c_node = NULL

    @property
    def root(self) -> Element | None:
        """The ``<html>`` element."""
        return wrap_node(self, <lxb_dom_node_t *>lxb_dom_document_element(<lxb_dom_document_t *>self.c_doc))

    @property
    def head(self) -> Element | None:
        return wrap_node(self, <lxb_dom_node_t *>self.c_doc.head)

    @property
    def body(self) -> Element | None:
        return wrap_node(self, <lxb_dom_node_t *>self.c_doc.body)

    @property
    def title(self) -> str | None:
        """The ``<title>`` text with whitespace stripped and collapsed, or ``None``."""
        cdef size_t length = 0
        cdef const lxb_char_t *value = lxb_html_document_title(self.c_doc, &length)
        if value == NULL or length == 0:
            return None
        return decode_text(value, length)

    def page_type(self) -> str:
        """Which of seven kinds of page this is (``"article"``, ``"forum"``, ``"product"``,
        ``"collection"``, ``"listing"``, ``"documentation"``, ``"service"``), read from its
        structure; the main-content scoring reads a thread's posts and a listing's cards by it.
        Counted once per document: ``article()`` and ``metadata()`` count it on their own
        walks and keep it for each other and for this method."""
        if self.page_kind is None:
            self.page_kind = _provided(_upper.page_type, "page_type")(self)
        return self.page_kind

    def boilerplate(self, options=None) -> list:
        """Every paragraph unit classified, as ``turbohtml.extract.boilerplate()`` does."""
        return _provided(_upper.boilerplate, "boilerplate")(self, options)

    def dates(self, options=None):
        """The publication (or modification) date, as ``turbohtml.extract.dates()`` finds it."""
        return _provided(_upper.dates, "dates")(self, options)

    def microdata(self, base_url=None) -> list:
        """The page's top-level microdata items, as ``turbohtml.extract.microdata()``."""
        return _provided(_upper.microdata, "microdata")(self, base_url)

    def opengraph(self, base_url=None):
        """The page's Open Graph properties, as ``turbohtml.extract.opengraph()``."""
        return _provided(_upper.opengraph, "opengraph")(self, base_url)

    def json_ld(self) -> list:
        """Every parseable ``application/ld+json`` block, as parsed JSON values."""
        return _provided(_upper.json_ld, "json_ld")(self)

    def structured_data(self, base_url=None):
        """JSON-LD, microdata and Open Graph of the page in one ``StructuredData``."""
        return _provided(_upper.structured_data, "structured_data")(self, base_url)

    def highlight(self, options=None) -> str:
        """The page with its content body outlined and boilerplate units dimmed, as an
        HTML snippet: a sandboxed ``<iframe srcdoc>`` of a script-free copy of the page."""
        return _provided(_upper.highlight, "highlight")(self, options)

    def __repr__(self):
        return f"Document(title={self.title!r})"


cdef class _Descendants:
    """Pre-order generator over a subtree; holds the root handle to keep the tree alive."""
    cdef Node root
    cdef lxb_dom_node_t *c_node
    cdef bint closing

    def __cinit__(self, Node root):
        self.root = root
        self.c_node = root.c_node
        self.closing = False

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            if self.c_node == NULL:
                raise StopIteration
            self.c_node = next_node(self.root.c_node, self.c_node, &self.closing)
            if self.c_node != NULL and not self.closing:
                return wrap_node(self.root._owner(), self.c_node)


cdef bint _selector_parses(bytes query, bint *at_end):
    """Whether lexbor accepts ``query``; ``at_end`` tells an error that only ran out of input."""
    cdef lxb_css_parser_t *parser = lxb_css_parser_create()
    cdef lxb_css_selector_list_t *selector_list
    cdef size_t length = 0
    cdef lxb_char_t *message
    at_end[0] = False
    if parser == NULL or lxb_css_parser_init(parser, NULL) != LXB_STATUS_OK:
        lxb_css_parser_destroy(parser, True)
        raise MemoryError("lexbor could not create a CSS parser")
    try:
        selector_list = lxb_css_selectors_parse(parser, <const lxb_char_t *>query, len(query))
        if selector_list != NULL and parser.status == LXB_STATUS_OK:
            lxb_css_selector_list_destroy_memory(selector_list)
            return True
        if selector_list != NULL:
            lxb_css_selector_list_destroy_memory(selector_list)
        message = lxb_css_log_serialize_char(parser.log, &length, <const lxb_char_t *>"", 0)
        if message != NULL:
            at_end[0] = b"END-OF-FILE" in message[:length] or b"End Of File" in message[:length]
            lexbor_free(message)
        return False
    finally:
        lxb_css_parser_destroy(parser, True)


cdef Py_ssize_t _error_position(str css):
    """Where a selector goes wrong: lexbor's log names the token but not its offset, so
    find the shortest prefix that fails on something other than running out of input."""
    cdef bint at_end
    cdef Py_ssize_t end
    if len(css) > 512:
        return len(css)
    for end in range(1, len(css) + 1):
        if not _selector_parses(_utf8_from_str(css[:end]), &at_end) and not at_end:
            return end - 1
    return len(css)


# ---------------------------------------------------------------- selector work budget
#
# lexbor matches a selector from the right and tries every way back. Most walks are
# bounded by the tree builder's caps (an ancestor walk meets at most 512 elements), but a
# sibling walk (`~`, :nth-*(), :*-of-type) is as long as the run of siblings it crosses,
# nested sibling walks multiply, and a :has() left of a combinator searches its subtree
# again for every element below it: quadratic (or worse) on a crafted page. Instead of
# indexing those walks inside lexbor, select() estimates the work from the selector and
# the tree before matching, and refuses with ValueError a selection estimated at more
# than SELECTOR_STEPS_PER_BYTE steps per byte of the page (and more than
# SELECTOR_STEPS_FREE steps). Real pages stay far below it (docs/reliability.md, threat
# model); selectors without those walks are never estimated.

SELECTOR_STEPS_PER_BYTE = 512
SELECTOR_STEPS_FREE = 1 << 24
SELECTOR_HAS_STEP = 4  # a step of a :has() search counts as 4: it costs 4 sibling steps or more
cdef int _MAX_SELECTOR_NESTING = 64  # deeper nested :is()/:has() lists count as over budget


cdef bint _counts_siblings(const lxb_css_selector_t *simple) noexcept nogil:
    """Whether a simple selector counts along its element's run of siblings."""
    if simple.type == LXB_CSS_SELECTOR_TYPE_PSEUDO_CLASS:
        return simple.u.pseudo.type in (LXB_CSS_SELECTOR_PSEUDO_CLASS_FIRST_OF_TYPE,
                                        LXB_CSS_SELECTOR_PSEUDO_CLASS_LAST_OF_TYPE,
                                        LXB_CSS_SELECTOR_PSEUDO_CLASS_ONLY_OF_TYPE)
    if simple.type == LXB_CSS_SELECTOR_TYPE_PSEUDO_CLASS_FUNCTION:
        return simple.u.pseudo.type in (LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NTH_CHILD,
                                        LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NTH_LAST_CHILD,
                                        LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NTH_OF_TYPE,
                                        LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NTH_LAST_OF_TYPE)
    return False


cdef bint _searches_subtrees(const lxb_css_selector_list_t *relative) noexcept nogil:
    """Whether a :has() argument searches below the children: a relative selector other
    than a single compound after ``>``, ``+`` or ``~``."""
    cdef const lxb_css_selector_t *simple
    while relative != NULL:
        simple = relative.first
        if simple == NULL or simple.combinator == LXB_CSS_SELECTOR_COMBINATOR_DESCENDANT:
            return True
        simple = simple.next
        while simple != NULL:
            if simple.combinator != LXB_CSS_SELECTOR_COMBINATOR_CLOSE:
                return True
            simple = simple.next
        relative = relative.next
    return False


cdef int _sibling_walks(const lxb_css_selector_list_t *selectors, bint repeated, bint upward, bint searched,
                        bint *counts, bint *above, bint *in_has, bint *has_repeated, int nesting) noexcept nogil:
    """The most ``~`` combinators one complex selector of the list nests, those of its
    nested lists included: each tries every earlier sibling, so nested ones multiply.
    Sets ``counts`` when a pseudo-class counts along a run (:nth-*(), :*-of-type: one
    more run per evaluation); ``above`` when either walks the runs of ancestors (it is
    left of a descendant or child combinator, or in a list that is: ``upward``); and
    ``has_repeated`` when a :has() is evaluated once per element below or after its own:
    left of a combinator, inside another :has(), or inside a list that is
    (``repeated``); ``in_has`` when a walk is part of a :has() search (``searched``)."""
    cdef const lxb_css_selector_t *simple
    cdef const lxb_css_selector_t *later
    cdef const lxb_css_selector_list_t *nested
    cdef int most = 0, walks
    cdef bint in_subject, leveled
    if nesting > _MAX_SELECTOR_NESTING:
        has_repeated[0] = True
        return _MAX_SELECTOR_NESTING
    while selectors != NULL:
        walks = 0
        simple = selectors.first
        while simple != NULL:
            in_subject, leveled = True, upward
            later = simple.next
            while later != NULL:
                if later.combinator != LXB_CSS_SELECTOR_COMBINATOR_CLOSE:
                    in_subject = False
                if later.combinator in (LXB_CSS_SELECTOR_COMBINATOR_DESCENDANT, LXB_CSS_SELECTOR_COMBINATOR_CHILD):
                    leveled = True
                    break
                later = later.next
            if simple.combinator == LXB_CSS_SELECTOR_COMBINATOR_FOLLOWING or _counts_siblings(simple):
                if simple.combinator == LXB_CSS_SELECTOR_COMBINATOR_FOLLOWING:
                    walks += 1
                else:
                    counts[0] = True
                if leveled:
                    above[0] = True
                if searched:
                    in_has[0] = True
            if simple.type == LXB_CSS_SELECTOR_TYPE_PSEUDO_CLASS_FUNCTION and simple.u.pseudo.data != NULL:
                nested = NULL
                if simple.u.pseudo.type == LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_HAS:
                    if repeated or not in_subject:
                        if _searches_subtrees(<const lxb_css_selector_list_t *>simple.u.pseudo.data):
                            has_repeated[0] = True
                        else:  # :has(> x), :has(+ x): a walk along the children or siblings
                            walks += 1
                            above[0] = in_has[0] = True
                    walks += _sibling_walks(<const lxb_css_selector_list_t *>simple.u.pseudo.data, True,
                                            leveled, True, counts, above, in_has, has_repeated, nesting + 1)
                elif simple.u.pseudo.type in (LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_IS,
                                              LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NOT,
                                              LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_WHERE):
                    nested = <const lxb_css_selector_list_t *>simple.u.pseudo.data
                elif _counts_siblings(simple):
                    nested = (<const lxb_css_selector_anb_of_t *>simple.u.pseudo.data).of
                if nested != NULL:
                    walks += _sibling_walks(nested, repeated or not in_subject, leveled, searched, counts, above,
                                            in_has, has_repeated, nesting + 1)
            simple = simple.next
        most = max(most, walks)
        selectors = selectors.next
    return most


cdef size_t _child_count(const lxb_dom_node_t *node) noexcept nogil:
    cdef size_t count = 0
    cdef const lxb_dom_node_t *child = node.first_child
    while child != NULL:
        count += 1
        child = child.next
    return count


cdef double _sibling_work(lxb_dom_node_t *root, int walks, bint above, size_t *elements,
                          size_t *widest) noexcept nogil:
    """What ``walks`` nested sibling walks cost at most below ``root``: the sum over the
    elements of their run of siblings to the power ``walks``; with ``above``, of that run
    plus the runs of their ancestors up to the document (what one walk at each step of an
    ancestor walk crosses), times the widest run for each further nested walk; divided
    by (walks - 1)!, as nested walks try each ordered choice of earlier siblings once.
    Also counts the elements below ``root`` and the widest run."""
    cdef double upper = 0.0, total = 0.0, run
    cdef lxb_dom_node_t *node = root
    cdef lxb_dom_node_t *child
    cdef double *path = NULL  # R of each open level below root
    cdef double *grown
    cdef size_t depth = 0, capacity = 0, width
    elements[0] = widest[0] = 0
    while above and node.parent != NULL:  # the runs above root, crossed by walks from below it
        width = _child_count(node.parent)
        widest[0] = max(widest[0], width)
        upper += <double>width
        node = node.parent
    node = root
    run = upper
    while True:
        child = node.first_child
        if child != NULL:
            width = _child_count(node)
            widest[0] = max(widest[0], width)
            if depth == capacity:
                grown = <double *>realloc(path, (capacity * 2 + 64) * sizeof(double))
                if grown == NULL:
                    free(path)
                    return INFINITY
                path = grown
                capacity = capacity * 2 + 64
            path[depth] = run
            depth += 1
            run = run + <double>width if above else <double>width
            node = child
        else:
            while node != root and node.next == NULL:
                node = node.parent
                depth -= 1
                run = path[depth]
            if node == root:
                break
            node = node.next
        if node.type == LXB_DOM_NODE_TYPE_ELEMENT:
            elements[0] += 1
            total += run if above else pow(run, walks)
    free(path)
    if above:
        total *= pow(<double>widest[0], walks - 1)
    while walks > 2:  # nested walks try each ordered choice of earlier siblings once
        walks -= 1
        total /= walks
    return total


cdef size_t _node_count(lxb_dom_node_t *root) noexcept nogil:
    cdef size_t count = 1
    cdef lxb_dom_node_t *node = root
    while True:
        if node.first_child != NULL:
            node = node.first_child
        else:
            while node != root and node.next == NULL:
                node = node.parent
            if node == root:
                return count
            node = node.next
        count += 1


cdef void _check_selector_work(Node node, object css, const lxb_css_selector_list_t *selectors) except *:
    """ValueError when matching ``selectors`` below ``node`` is estimated past the budget
    (see SELECTOR_STEPS_PER_BYTE above)."""
    cdef bint has_repeated = False, counts = False, above = False, in_has = False
    cdef int walks = _sibling_walks(selectors, False, False, False, &counts, &above, &in_has, &has_repeated, 0)
    cdef size_t elements = 0, widest = 0, input_size
    cdef double estimate = 0.0, searches = 0.0, budget
    cdef lxb_dom_node_t *top
    cdef Document doc
    walks += counts  # a count along the run costs one run per evaluation
    if walks == 0 and not has_repeated:
        return
    doc = node._owner()
    with nogil:
        estimate = _sibling_work(node.c_node, max(walks, 1), above, &elements, &widest)  # counts the elements
        if not walks:
            estimate = 0.0
        if has_repeated:
            top = node.c_node
            while top.parent != NULL:
                top = top.parent
            searches = <double>elements * <double>_node_count(top)
    if in_has:
        estimate *= SELECTOR_HAS_STEP
    estimate += SELECTOR_HAS_STEP * searches
    input_size = doc.input_size if doc.input_size != <size_t>-1 else 0
    budget = max(<double>SELECTOR_STEPS_FREE, <double>SELECTOR_STEPS_PER_BYTE * <double>input_size)
    if estimate <= budget:
        return
    reasons = []
    if walks:
        reasons.append(f"{'a sibling walk' if walks == 1 else f'{walks} nested sibling walks'} "
                       f"(~, :nth-*(), :*-of-type) across runs of up to {widest:,} siblings")
    if has_repeated:
        reasons.append(f"a :has() searched again for each of {elements:,} elements below or after it "
                       f"(select its compound first, then the rest below each match)")
    raise ValueError(
        f"CSS selector {css!r} is estimated at {estimate:.3g} matching steps on this page, "
        f"past select()'s budget of {budget:.3g} ({SELECTOR_STEPS_PER_BYTE} per byte of the page): "
        f"{' and '.join(reasons)} (docs/reliability.md, threat model)")


cdef list _select(Node node, css, bint first):
    cdef lxb_css_parser_t *parser = NULL
    cdef lxb_selectors_t *selectors = NULL
    cdef lxb_css_selector_list_t *selector_list = NULL
    cdef _NodeArray found
    cdef bytes query
    cdef size_t message_length = 0
    cdef lxb_char_t *message
    if not isinstance(css, str):
        raise TypeError(f"CSS selector must be str, not {type(css).__name__}")
    query = _utf8_from_str(_plain_str(css))
    found.items = NULL
    found.length = found.capacity = 0
    found.failed = False
    try:
        parser = lxb_css_parser_create()
        if parser == NULL or lxb_css_parser_init(parser, NULL) != LXB_STATUS_OK:
            raise MemoryError("lexbor could not create a CSS parser")
        selectors = lxb_selectors_create()
        if selectors == NULL or lxb_selectors_init(selectors) != LXB_STATUS_OK:
            raise MemoryError("lexbor could not create a selector engine")
        selector_list = lxb_css_selectors_parse(parser, <const lxb_char_t *>query, len(query))
        if selector_list == NULL or parser.status != LXB_STATUS_OK:
            message = lxb_css_log_serialize_char(parser.log, &message_length, <const lxb_char_t *>"", 0)
            detail = decode_text(message, message_length).strip() if message != NULL else "syntax error"
            if message != NULL:
                lexbor_free(message)
            raise ValueError(f"invalid CSS selector {css!r} at position {_error_position(css)}: {detail}")
        _check_selector_work(node, css, selector_list)
        if first:
            lxb_selectors_opt_set(selectors, LXB_SELECTORS_OPT_MATCH_FIRST)
        # the status is the callback's (a stop after the first match); failures show in found.failed
        with nogil:
            lxb_selectors_find(selectors, node.c_node, selector_list, _collect_match, &found)
        if found.failed:
            raise MemoryError("out of memory collecting CSS matches")
        doc = node._owner()
        return [wrap_node(doc, found.items[i]) for i in range(found.length)]
    finally:
        free(found.items)
        if selector_list != NULL:
            lxb_css_selector_list_destroy_memory(selector_list)
        if selectors != NULL:
            lxb_selectors_destroy(selectors, True)
        if parser != NULL:
            lxb_css_parser_destroy(parser, True)


# ---------------------------------------------------------------- parse

cdef bytes markup_utf8(markup):
    """The page as the UTF-8 bytes lexbor parses."""
    if isinstance(markup, str):
        return _utf8_from_str(_plain_str(markup))
    if isinstance(markup, (bytes, bytearray, memoryview)):
        return _utf8_from_bytes(bytes(markup))
    raise TypeError(f"parse() takes str or bytes, not {type(markup).__name__}")


def _node_at(Document doc, tuple path, tag):
    """The node at ``path`` (child indexes from the document) of a re-parsed document:
    the unpickling half of ``Node.__reduce__``."""
    cdef lxb_dom_node_t *c_node = doc.c_node
    cdef Py_ssize_t index
    for index in path:
        c_node = c_node.first_child if c_node != NULL else NULL
        while c_node != NULL and index > 0:
            c_node = c_node.next
            index -= 1
        if c_node == NULL:
            break
    found = wrap_node(doc, c_node) if c_node != NULL else None
    if found is None or found.tag != tag:
        raise ValueError(f"the re-parsed document has no <{tag}> at {list(path)}: its HTML does not "
                         "parse back to the same tree here")
    return found


def parse(markup, /) -> Document:
    """Parse an HTML page (``str``, or ``bytes`` decoded by the HTML standard's rules).

    ``bytes`` are decoded by BOM, then a ``<meta charset>`` prescan, then UTF-8 when
    valid, else windows-1252. lexbor's parser runs with the GIL released, so several
    threads parse in parallel. The tree is the HTML standard's with scripting disabled
    (``<noscript>`` holds elements), but for one fix: a self-closed ``<iframe/>`` inside
    ``<noscript>`` is closed at once rather than reading the rest of the page as its
    text (``vendor/lexbor/patches/0008``).
    """
    cdef bytes data = markup_utf8(markup)
    return parse_utf8(data, PyBytes_GET_SIZE(data), NULL, 0)


cdef extern from *:
    """
    #include "lexbor/html/parser.h"
    #include "lexbor/html/tokenizer/state.h"

    /* Whether the document's tokenizer sits between tokens in the data state, so
       every token of the input fed so far has reached the tree builder. */
    static int turbohtml_between_tokens(lxb_html_document_t *document)
    {
        lxb_html_parser_t *parser = (lxb_html_parser_t *) document->dom_document.parser;
        return parser->tkz->state == lxb_html_tokenizer_state_data_before;
    }
    """
    bint turbohtml_between_tokens(lxb_html_document_t *document) nogil


def parse_through(markup, needed, /) -> Document:
    """Parse ``markup`` only as far as ``needed`` asks, for extractions that read early metadata.

    ``needed(utf8)`` gets the page as UTF-8 bytes (decoded as ``parse()`` does) and
    returns the byte offset the tree must cover (``-1``: nothing). Parsing continues past
    it until the tokenizer is between tokens in the data state, so the tag, comment or
    script holding that offset is complete, then ends as at the end of input. The tree
    is ``parse()``'s tree of that prefix: an element before the offset is there
    exactly as a full parse builds it (later markup can only add to or move within the
    tree).
    """
    cdef bytes data = markup_utf8(markup)
    return parse_utf8(data, needed(data), NULL, 0)


cdef enum:
    _HEAD_STEP = 4096  # bytes (characters of a str) fed at a time while watching for the <body>


cdef extern from *:
    """
    #include "lexbor/html/interfaces/document.h"

    /* Documents are reused: creating one costs lexbor ~30k instructions (hash tables,
       arenas, the parser) and destroying it ~20k, as much as parsing a 1 kB page.
       A document whose handle goes away is cleaned (lexbor's own reuse path: its
       nodes, texts and names are freed down to each arena's first block, its parser
       is reset when the next parse begins) and kept, up to TURBOHTML_POOL_SIZE of
       them, for the next parse. Only documents parsed from at most
       TURBOHTML_POOL_MAX_INPUT bytes are kept, which bounds what a kept parser's
       buffers can hold. Both calls run with the GIL held (tp_dealloc and document
       creation), which serialises them. Sanitizer builds define TURBOHTML_NO_REUSE. */

    #define TURBOHTML_POOL_SIZE 4
    #define TURBOHTML_POOL_MAX_INPUT ((size_t)256 << 10)

    static lxb_html_document_t *turbohtml_pool[TURBOHTML_POOL_SIZE];
    static size_t turbohtml_pool_count = 0;

    static lxb_html_document_t *turbohtml_document_take(void)
    {
        lxb_html_document_t *document;
        if (turbohtml_pool_count == 0) {
            document = lxb_html_document_create();
            if (document == NULL) {
                return NULL;
            }
        }
        else {
            document = turbohtml_pool[--turbohtml_pool_count];
            /* the one field the parse sets and cleaning leaves: a quirks-mode page would
               otherwise leave the next page in quirks mode */
            document->dom_document.compat_mode = LXB_DOM_DOCUMENT_CMODE_NO_QUIRKS;
        }
        /* No DOM mutation steps: lexbor runs the HTML standard's <option> selectedness
           algorithm on every insertion and `selected` change (a walk of the select's
           options each time, quadratic in a select's options) and fills <selectedcontent>
           from it. Selectedness is not extraction's concern; docs/reliability.md says
           what else this changes (nothing else in an HTML document). */
        lxb_dom_document_opt_set(&document->dom_document, LXB_DOM_DOCUMENT_OPT_WO_EVENTS);
        return document;
    }

    static void turbohtml_document_give(lxb_html_document_t *document, size_t input_size)
    {
    #ifndef TURBOHTML_NO_REUSE
        if (input_size <= TURBOHTML_POOL_MAX_INPUT && turbohtml_pool_count < TURBOHTML_POOL_SIZE) {
            lxb_html_document_clean(document);
            turbohtml_pool[turbohtml_pool_count++] = document;
            return;
        }
    #endif
        lxb_html_document_destroy(document);
    }
    """
    lxb_html_document_t *turbohtml_document_take()
    void turbohtml_document_give(lxb_html_document_t *document, size_t input_size)


cdef Document _new_document():
    cdef Document doc = Document.__new__(Document)
    doc.c_doc = turbohtml_document_take()
    if doc.c_doc == NULL:
        raise MemoryError("lexbor could not create a document")
    doc.c_node = <lxb_dom_node_t *>doc.c_doc
    doc.input_size = <size_t>-1  # not reusable until a parse completes
    return doc


cdef Document parse_str_through_head(str markup, head_settled settled, int flags):
    """The tree of ``markup`` up to where the parser creates the <body>, when
    ``settled(document, flags)`` then holds (or the page ends first); else None.

    The str is encoded a slice at a time as it is fed, so a page whose head settles the
    question is never encoded whole (a non-ASCII str encodes at about 1 ns a character,
    as much as lexbor takes to parse its head). None also for a str that does not
    encode as it is (a lone surrogate): the caller's whole-page path handles it.
    """
    cdef Document doc = _new_document()
    cdef lxb_status_t status
    cdef Py_ssize_t at = 0, length = len(markup)
    cdef bytes data
    cdef const lxb_char_t *c_data
    cdef size_t size
    cdef bint answered = True
    status = lxb_html_document_parse_chunk_begin(doc.c_doc)
    while status == LXB_STATUS_OK and at < length:
        encoded = _utf8_or_none(markup[at:at + _HEAD_STEP])
        if encoded is None:  # a lone surrogate
            answered = False
            break
        data = <bytes>encoded
        at += _HEAD_STEP
        c_data = <const lxb_char_t *>PyBytes_AS_STRING(data)
        size = <size_t>PyBytes_GET_SIZE(data)
        with nogil:
            status = lxb_html_document_parse_chunk(doc.c_doc, c_data, size)
            if status == LXB_STATUS_OK and doc.c_doc.body != NULL:
                answered = settled(doc.c_doc, flags)
        if doc.c_doc.body != NULL:
            break
    if status == LXB_STATUS_OK:
        status = lxb_html_document_parse_chunk_end(doc.c_doc)
    if status != LXB_STATUS_OK:
        raise MemoryError(f"lexbor failed to parse the document (status {status})")
    doc.input_size = <size_t>min(at, length) * 4  # UTF-8 bytes fed, at most
    return doc if answered else None


cdef Document parse_utf8(bytes data, Py_ssize_t needed, head_settled settled, int flags):
    """lexbor's tree of the UTF-8 ``data``, fed in chunks: up to ``needed`` (all of it
    when ``needed`` is its length), then on to the end of the token holding that offset.

    With ``settled``, the feed goes in steps until the parser creates the <body>, from
    which point the <head> is final (later <meta>s go into the body); when
    ``settled(document, flags)`` then says the head answers the caller's question the
    parse ends there, before ``needed``.
    """
    cdef Document doc
    cdef lxb_status_t status
    cdef const lxb_char_t *c_data = <const lxb_char_t *>PyBytes_AS_STRING(data)
    cdef const lxb_char_t *tag_end
    cdef size_t size = <size_t>PyBytes_GET_SIZE(data), step, fed = 0
    cdef size_t position = <size_t>min(max(needed, 0), <Py_ssize_t>size)
    cdef bint done = False
    doc = _new_document()
    with nogil:
        status = lxb_html_document_parse_chunk_begin(doc.c_doc)
        if settled != NULL:
            while status == LXB_STATUS_OK and fed < position and doc.c_doc.body == NULL:
                step = min(<size_t>_HEAD_STEP, position - fed)
                status = lxb_html_document_parse_chunk(doc.c_doc, c_data + fed, step)
                fed += step
            done = status == LXB_STATUS_OK and doc.c_doc.body != NULL and settled(doc.c_doc, flags)
        if status == LXB_STATUS_OK and not done:
            status = lxb_html_document_parse_chunk(doc.c_doc, c_data + fed, position - fed)
            # A token ends at a ">": feed up to each next one until the tokenizer is out.
            while status == LXB_STATUS_OK and position < size and not turbohtml_between_tokens(doc.c_doc):
                tag_end = <const lxb_char_t *>memchr(c_data + position, b'>', size - position)
                step = size - position if tag_end == NULL else <size_t>(tag_end - (c_data + position)) + 1
                status = lxb_html_document_parse_chunk(doc.c_doc, c_data + position, step)
                position += step
        if status == LXB_STATUS_OK:
            status = lxb_html_document_parse_chunk_end(doc.c_doc)
    if status != LXB_STATUS_OK:
        raise MemoryError(f"lexbor failed to parse the document (status {status})")
    doc.input_size = position
    return doc


# ---------------------------------------------------------------- WHATWG URLs
#
# The spec layer of turbohtml.extract.urls. lexbor's WHATWG parser applies every
# component rule (scheme/host case, IDNA, IPv4/IPv6, default ports, dot segments, the
# percent-encode sets); this section adds only what lexbor cannot do alone: keep a
# parsed base for many references, split the serialization into head/query/fragment,
# upper-case the hex of existing escapes, and normalize a *relative* reference by
# resolving it against a sentinel base and taking the sentinel back off.

from libc.string cimport memcpy

# Two parsers. lexbor allocates a URL's strings in its parser's memory pool, and some of
# its parse paths never give back a scratch string they allocated there (the opaque-path
# state of mailto:, javascript:, tel:, data: URLs: 12-20 bytes per parse). The pool of
# ``_url_parser`` serves only URLs that live for one call, so it is reset whenever none
# of them is alive (``_url_live``), which reclaims those strings; ``_base_parser`` keeps
# the URLs a ``UrlBase`` holds for its lifetime.
cdef lexbor_mraw_t *_url_mraw = lexbor_mraw_create()
cdef lxb_url_parser_t *_url_parser = lxb_url_parser_create()
cdef lxb_url_parser_t *_base_parser = lxb_url_parser_create()
if (_url_mraw == NULL or lexbor_mraw_init(_url_mraw, 4096) != LXB_STATUS_OK
        or _url_parser == NULL or lxb_url_parser_init(_url_parser, _url_mraw) != LXB_STATUS_OK
        or _base_parser == NULL or lxb_url_parser_init(_base_parser, NULL) != LXB_STATUS_OK):
    raise ImportError("lexbor could not create a URL parser")
cdef Py_ssize_t _url_live = 0  # URLs of _url_parser not yet destroyed


cdef struct _UrlBuf:
    char *data
    size_t length
    size_t capacity
    bint failed


cdef lxb_status_t _buf_append(const lxb_char_t *data, size_t length, void *ctx) noexcept nogil:
    cdef _UrlBuf *buf = <_UrlBuf *>ctx
    cdef size_t need = buf.length + length
    cdef size_t capacity
    cdef char *grown
    if need > buf.capacity:
        capacity = buf.capacity * 2 if buf.capacity else 256
        while capacity < need:
            capacity *= 2
        grown = <char *>PyMem_RawRealloc(buf.data, capacity)
        if grown == NULL:
            buf.failed = True
            return LXB_STATUS_ERROR_MEMORY_ALLOCATION
        buf.data = grown
        buf.capacity = capacity
    if length:  # lexbor's serializer passes (NULL, 0) for empty parts: memcpy(NULL) is UB
        memcpy(buf.data + buf.length, data, length)
    buf.length = need
    return LXB_STATUS_OK


cdef inline bint _is_hex(unsigned char c) noexcept nogil:
    return (48 <= c <= 57) or (65 <= c <= 70) or (97 <= c <= 102)


cdef void _upper_escapes(char *data, size_t length) noexcept nogil:
    """Upper-case the hex digits of every ``%xx`` escape in place (RFC 3986 6.2.2.1)."""
    cdef size_t i = 0
    cdef unsigned char c
    while i + 2 < length:
        if data[i] == 37 and _is_hex(<unsigned char>data[i + 1]) and _is_hex(<unsigned char>data[i + 2]):
            c = <unsigned char>data[i + 1]
            if c >= 97:
                data[i + 1] = <char>(c - 32)
            c = <unsigned char>data[i + 2]
            if c >= 97:
                data[i + 2] = <char>(c - 32)
            i += 3
        else:
            i += 1


cdef str _buf_str(_UrlBuf *buf, size_t start, size_t end, bint upper):
    if upper:
        _upper_escapes(buf.data + start, end - start)
    return PyUnicode_DecodeUTF8(buf.data + start, end - start, "replace")


cdef str _component(lexbor_str_t *value, _UrlBuf *scratch, bint upper):
    """A query/fragment as a str (None when null), escapes upper-cased on request."""
    if value.data == NULL:
        return None
    if value.length == 0:
        return ""
    if not upper:
        return PyUnicode_DecodeUTF8(<const char *>value.data, value.length, "replace")
    scratch.length = 0
    if _buf_append(value.data, value.length, scratch) != LXB_STATUS_OK:
        raise MemoryError("URL component buffer")
    return _buf_str(scratch, 0, scratch.length, True)


cdef str _lexbor_str(lexbor_str_t *value):
    if value.data == NULL:
        return None
    return decode_text(value.data, value.length)


cdef lxb_url_t *_parse_url(str url, lxb_url_t *base) except NULL:
    # Spec layer for url_parse: lone surrogates become U+FFFD, as a USVString would.
    cdef lxb_url_t *parsed = _try_parse(_utf8_from_str(url), base)
    if parsed == NULL:
        raise ValueError(f"invalid URL {url!r}")
    return parsed


cdef lxb_url_t *_try_parse(bytes data, const lxb_url_t *base) noexcept:
    """Parse UTF-8 ``data`` against ``base`` for the length of one call; NULL on failure
    (no exception). Give the result back with ``_release_url``."""
    global _url_live
    cdef lxb_url_t *parsed = lxb_url_parse(_url_parser, base, <const lxb_char_t *>PyBytes_AS_STRING(data),
                                           <size_t>PyBytes_GET_SIZE(data))
    lxb_url_parser_clean(_url_parser)
    if parsed != NULL:
        _url_live += 1
    elif _url_live == 0:
        lexbor_mraw_clean(_url_mraw)
    return parsed


cdef void _release_url(lxb_url_t *c_url) noexcept:
    """Destroy a URL from ``_try_parse``; the last one alive resets the parser's pool."""
    global _url_live
    lxb_url_destroy(c_url)
    _url_live -= 1
    if _url_live == 0:
        lexbor_mraw_clean(_url_mraw)


cdef bytes _strict_utf8(str url):
    try:
        return url.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError(f"URL holds a lone surrogate at index {exc.start}, which cannot be "
                         f"percent-encoded: {url[:80]!r}") from None


cdef class UrlBase:
    """An absolute URL parsed once, to resolve many references against (``url_split``)."""

    cdef lxb_url_t *c_url
    cdef readonly str href
    cdef readonly str scheme
    cdef readonly str host

    def __cinit__(self):
        self.c_url = NULL

    def __init__(self, url, UrlBase base=None):
        cdef bytes data
        if not isinstance(url, str):
            raise TypeError(f"base URL must be str, not {type(url).__name__}")
        url = _plain_str(url)
        if self.c_url != NULL:
            raise TypeError("UrlBase is immutable")
        # a base is a USVString, as in url_parse (lone surrogates become U+FFFD), so
        # every function that takes base_url accepts the same ones; the URLs cleaned
        # against it stay strict (url_split)
        data = _utf8_from_str(url)
        self.c_url = lxb_url_parse(_base_parser, base.c_url if base is not None else NULL,
                                   <const lxb_char_t *>PyBytes_AS_STRING(data), <size_t>PyBytes_GET_SIZE(data))
        lxb_url_parser_clean(_base_parser)
        if self.c_url == NULL:
            raise ValueError(f"base URL is not a valid absolute URL: {url[:200]!r}")
        parts = _split(self.c_url, False)
        self.scheme = parts[0]
        self.host = parts[1]
        self.href = parts[3] + ("" if parts[4] is None else "?" + parts[4]) + (
            "" if parts[5] is None else "#" + parts[5])

    def __dealloc__(self):
        if self.c_url != NULL:
            lxb_url_destroy(self.c_url)
            self.c_url = NULL

    def __repr__(self):
        return f"UrlBase({self.href!r})"


cdef tuple _split(lxb_url_t *c_url, bint upper):
    """``(scheme, host, path, head, query, fragment)`` of a parsed URL.

    ``head`` is the serialization up to the end of the path (query and fragment cut
    off); ``host``, ``query`` and ``fragment`` are None when null.
    """
    cdef _UrlBuf buf
    cdef _UrlBuf host_buf
    cdef size_t head_end, path_start
    cdef str host = None
    buf.data = NULL
    buf.length = buf.capacity = 0
    buf.failed = False
    host_buf.data = NULL
    host_buf.length = host_buf.capacity = 0
    host_buf.failed = False
    try:
        lxb_url_serialize(c_url, <lexbor_serialize_cb_f>_buf_append, &buf, True)
        if buf.failed:
            raise MemoryError("URL serialization buffer")
        head_end = buf.length
        if c_url.query.data != NULL:
            head_end -= c_url.query.length + 1
        path_start = head_end - c_url.path.str.length
        if c_url.host.type != LXB_URL_HOST_TYPE__UNDEF:
            lxb_url_serialize_host(&c_url.host, <lexbor_serialize_cb_f>_buf_append, &host_buf)
            if host_buf.failed:
                raise MemoryError("URL host buffer")
            host = PyUnicode_DecodeUTF8(host_buf.data, host_buf.length, "replace") if host_buf.length else ""
        scheme = PyUnicode_DecodeUTF8(<const char *>c_url.scheme.name.data, c_url.scheme.name.length, "strict")
        if upper:
            _upper_escapes(buf.data, head_end)
        head = PyUnicode_DecodeUTF8(buf.data, head_end, "replace")
        path = PyUnicode_DecodeUTF8(buf.data + path_start, head_end - path_start, "replace")
        if c_url.host.type == LXB_URL_HOST_TYPE_DOMAIN and not host.islower() and host.lower() != host:
            # lexbor keeps the case of a percent-decoded host ("ftp://%41.com/" gives A.com);
            # the standard's domain-to-ASCII lower-cases it, so do that here.
            host_start = head.index(host, len(scheme) + 1)
            head = head[:host_start] + host.lower() + head[host_start + len(host):]
            host = host.lower()
        return (scheme, host, path, head, _component(&c_url.query, &host_buf, upper),
                _component(&c_url.fragment, &host_buf, upper))
    finally:
        PyMem_RawFree(buf.data)
        PyMem_RawFree(host_buf.data)


def url_parse(url, base=None) -> tuple:
    """Parse ``url`` (against ``base``) per the WHATWG URL Standard.

    Returns ``(href, scheme, username, password, host, port, path, query, fragment)``:
    the serialized URL and its components as the standard stores them (``host``,
    ``port``, ``query`` and ``fragment`` are ``None`` when null). Raises ``ValueError``
    when either URL fails to parse. Internal: the conformance tests read the spec layer
    through it.
    """
    cdef lxb_url_t *c_base = NULL
    cdef lxb_url_t *c_url = NULL
    cdef bytearray href = bytearray()
    cdef bytearray host = bytearray()
    cdef bytearray path = bytearray()
    if not isinstance(url, str):
        raise TypeError(f"url must be str, not {type(url).__name__}")
    if base is not None and not isinstance(base, str):
        raise TypeError(f"base must be str or None, not {type(base).__name__}")
    url = _plain_str(url)
    if base is not None:
        base = _plain_str(base)
    try:
        if base is not None:
            c_base = _parse_url(base, NULL)
        c_url = _parse_url(url, c_base)
        lxb_url_serialize(c_url, <lexbor_serialize_cb_f>_append_bytes, <void *>href, False)
        lxb_url_serialize_path(&c_url.path, <lexbor_serialize_cb_f>_append_bytes, <void *>path)
        if c_url.host.type != LXB_URL_HOST_TYPE__UNDEF:
            lxb_url_serialize_host(&c_url.host, <lexbor_serialize_cb_f>_append_bytes, <void *>host)
        return (
            href.decode("utf-8", "replace"),
            _lexbor_str(&c_url.scheme.name) or "",
            _lexbor_str(&c_url.username) or "",
            _lexbor_str(&c_url.password) or "",
            host.decode("utf-8", "replace") if c_url.host.type != LXB_URL_HOST_TYPE__UNDEF else None,
            c_url.port if c_url.has_port else None,
            path.decode("utf-8", "replace"),
            _lexbor_str(&c_url.query),
            _lexbor_str(&c_url.fragment),
        )
    finally:
        if c_url != NULL:
            _release_url(c_url)
        if c_base != NULL:
            _release_url(c_base)


cdef lxb_status_t _append_bytes(const lxb_char_t *data, size_t length, void *ctx) noexcept:
    (<bytearray>ctx).extend(data[:length])
    return LXB_STATUS_OK


# Relative references. lexbor parses only absolute URLs, so a relative reference is
# resolved against a sentinel base and the sentinel taken back off. Its host ends in
# the reserved .invalid TLD (RFC 2606); a path-relative reference gets a base directory
# of N positional segments named with a marker the input does not contain, so the
# segments surviving ``..`` are exactly the sentinel's and the consumed count becomes
# leading ``../`` again.
cdef str _SENTINEL_ORIGIN = "http://turbohtml.invalid"
cdef UrlBase _SENTINEL_ROOT = UrlBase(_SENTINEL_ORIGIN + "/")
cdef dict _SENTINEL_DIRS = {}
_SCHEME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.")


cdef str _classify(str url):
    """The shape of a reference lexbor could not parse alone (WHATWG scheme start state).

    ``"scheme"`` (an absolute URL that failed), ``"network"`` (//host), ``"absolute"``
    (/path), ``"query"``, ``"fragment"``, ``"empty"`` or ``"path"``.
    """
    cdef Py_ssize_t i = 0, n = len(url)
    cdef Py_UCS4 c
    cdef list chars = []
    # Leading C0 controls and spaces are stripped, tab/newline removed anywhere.
    while i < n and url[i] <= " ":
        i += 1
    for c in url[i:i + 64]:
        if c != "\t" and c != "\n" and c != "\r":
            chars.append(c)
            if len(chars) == 40:
                break
    if not chars:
        return "empty"
    c = chars[0]
    if ("a" <= c <= "z") or ("A" <= c <= "Z"):
        for c in chars[1:]:
            if c == ":":
                return "scheme"
            if c not in _SCHEME_CHARS:
                break
        else:
            # A scheme longer than the look-ahead: scan the rest.
            rest = url[i:].replace("\t", "").replace("\n", "").replace("\r", "")
            j = 1
            while j < len(rest) and rest[j] in _SCHEME_CHARS:
                j += 1
            if j < len(rest) and rest[j] == ":":
                return "scheme"
    c = chars[0]
    if c == "/" or c == "\\":
        if len(chars) > 1 and (chars[1] == "/" or chars[1] == "\\"):
            return "network"
        return "absolute"
    if c == "?":
        return "query"
    if c == "#":
        return "fragment"
    return "path"


cdef UrlBase _sentinel_dir(str marker, Py_ssize_t depth):
    cdef UrlBase base
    key = (marker, depth)
    base = _SENTINEL_DIRS.get(key)
    if base is None:
        base = UrlBase(_SENTINEL_ORIGIN + "/" + "".join([f"{marker}{k}/" for k in range(depth)]))
        if depth <= 32 and marker == "tHs":
            _SENTINEL_DIRS[key] = base
    return base


cdef tuple _split_relative(str url, bytes data, bint upper):
    cdef str shape = _classify(url)
    cdef lxb_url_t *c_url = NULL
    cdef UrlBase base
    cdef str marker, prefix, rest
    cdef Py_ssize_t depth = 0, kept, cut
    if shape == "scheme":
        raise ValueError(f"invalid URL {url[:200]!r}")
    if shape == "path":
        marker = "tHs"
        while marker in url:
            marker += "q"
        depth = url.count("/") + url.count("\\") + 2
        base = _sentinel_dir(marker, depth)
    else:
        base = _SENTINEL_ROOT
    c_url = _try_parse(data, base.c_url)
    if c_url == NULL:
        raise ValueError(f"invalid URL {url[:200]!r}")
    try:
        scheme, host, path, head, query, fragment = _split(c_url, upper)
    finally:
        _release_url(c_url)
    if shape == "network":
        return ("", host, path, head[len(scheme) + 1:], query, fragment)
    if shape == "absolute":
        if path.startswith("//"):
            # "/.//x" resolves to the path "//x", which alone would read as a host: keep
            # the standard serializer's "/." guard
            path = "/." + path
        return ("", None, path, path, query, fragment)
    if shape == "query" or shape == "fragment" or shape == "empty":
        return ("", None, "", "", query, fragment)
    # Path-relative: count the sentinel segments that survived the dot segments.
    kept = 0
    cut = 1
    while kept < depth:
        prefix = f"{marker}{kept}/"
        if not path.startswith(prefix, cut):
            break
        cut += len(prefix)
        kept += 1
    rest = path[cut:]
    if kept < depth:
        rest = "../" * (depth - kept) + rest
    elif not rest or rest[0] == "/" or ":" in rest.partition("/")[0]:
        # "" would read as "this document", "/x" as absolute-path, "a:b" as a scheme.
        rest = "./" + rest
    return ("", None, rest, rest, query, fragment)


def url_split(url, UrlBase base=None) -> tuple:
    """Split ``url`` into ``(scheme, host, path, head, query, fragment)``, normalized.

    With ``base`` the reference is resolved per the standard. Without one, an absolute
    URL is parsed as is and a relative reference keeps its shape (``scheme`` is ``""``);
    ``head`` is the serialization without query and fragment. Hex digits of escapes
    are upper-cased. Raises ``ValueError`` for what the standard rejects or a lone
    surrogate. Internal: the engine of ``turbohtml.extract.urls``.
    """
    if not isinstance(url, str):
        raise TypeError(f"url must be str, not {type(url).__name__}")
    url = _plain_str(url)
    cdef bytes data = _strict_utf8(url)
    cdef lxb_url_t *c_url = _try_parse(data, base.c_url if base is not None else NULL)
    if c_url == NULL:
        if base is not None:
            raise ValueError(f"invalid URL {url[:200]!r} against {base.href[:200]!r}")
        return _split_relative(url, data, True)
    try:
        return _split(c_url, True)
    finally:
        _release_url(c_url)


cdef inline object _attr_or_none(lxb_dom_node_t *c_node, const char *name, size_t name_len):
    cdef size_t length
    cdef const lxb_char_t *value = element_attr(c_node, name, name_len, &length)
    if value == NULL:
        return None
    return decode_text(value, length)


def url_link_attrs(Document doc) -> tuple:
    """``(base_href, links)`` of a document, for ``extract_links``, in one C walk.

    ``base_href`` is the ``href`` of the first HTML ``<base href>`` in tree order (None
    without one); ``links`` lists ``(href, rel, hreflang)`` of every HTML ``<a>`` and
    ``<area>`` carrying ``href``, in tree order, ``rel``/``hreflang`` None when absent.
    No node handle is built. Internal.
    """
    cdef lxb_dom_node_t *root = doc.c_node
    cdef lxb_dom_node_t *c_node = root
    cdef bint closing = False
    cdef size_t length
    cdef const lxb_char_t *href
    cdef object base_href = None
    cdef list links = []
    while c_node != NULL:
        if (not closing and c_node.type == LXB_DOM_NODE_TYPE_ELEMENT and c_node.ns == LXB_NS_HTML
                and (c_node.local_name == LXB_TAG_A or c_node.local_name == LXB_TAG_AREA
                     or c_node.local_name == LXB_TAG_BASE)):
            href = element_attr(c_node, "href", 4, &length)
            if href != NULL:
                if c_node.local_name == LXB_TAG_BASE:
                    if base_href is None:
                        base_href = decode_text(href, length)
                else:
                    links.append((decode_text(href, length), _attr_or_none(c_node, "rel", 3),
                                  _attr_or_none(c_node, "hreflang", 8)))
        c_node = next_node(root, c_node, &closing)
    return base_href, links
