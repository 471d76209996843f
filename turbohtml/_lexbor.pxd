# Declarations of the lexbor C API that turbohtml uses, grouped by header, under
# lexbor's own names. Nothing of ours lives here. Only _core.pyx calls these
# functions (lexbor is linked into _core alone); other modules may read the structs
# and enum constants.

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uintptr_t


cdef extern from "lexbor/core/base.h" nogil:
    ctypedef unsigned char lxb_char_t
    ctypedef unsigned int lxb_status_t
    ctypedef uint32_t lxb_codepoint_t
    enum:
        LXB_STATUS_OK
        LXB_STATUS_ERROR
        LXB_STATUS_ERROR_MEMORY_ALLOCATION
    ctypedef lxb_status_t (*lexbor_serialize_cb_f)(const lxb_char_t *data, size_t len, void *ctx)


cdef extern from "lexbor/core/lexbor.h" nogil:
    ctypedef void *(*lexbor_memory_malloc_f)(size_t size) noexcept nogil
    ctypedef void *(*lexbor_memory_realloc_f)(void *dst, size_t size) noexcept nogil
    ctypedef void *(*lexbor_memory_calloc_f)(size_t num, size_t size) noexcept nogil
    ctypedef void (*lexbor_memory_free_f)(void *dst) noexcept nogil
    lxb_status_t lexbor_memory_setup(lexbor_memory_malloc_f new_malloc,
                                     lexbor_memory_realloc_f new_realloc,
                                     lexbor_memory_calloc_f new_calloc,
                                     lexbor_memory_free_f new_free)
    void *lexbor_free(void *dst)


cdef extern from "lexbor/core/mraw.h" nogil:
    ctypedef struct lexbor_mraw_t:
        pass
    lexbor_mraw_t *lexbor_mraw_create()
    lxb_status_t lexbor_mraw_init(lexbor_mraw_t *mraw, size_t chunk_size)
    void lexbor_mraw_clean(lexbor_mraw_t *mraw)


cdef extern from "lexbor/core/str.h" nogil:
    ctypedef struct lexbor_str_t:
        lxb_char_t *data
        size_t length
    lexbor_str_t *lexbor_str_destroy(lexbor_str_t *str, lexbor_mraw_t *mraw, bint destroy_obj)


cdef extern from "lexbor/core/array_obj.h" nogil:
    ctypedef struct lexbor_array_obj_t:
        uint8_t *list
        size_t size
        size_t length
        size_t struct_size


cdef extern from "lexbor/tag/const.h" nogil:
    ctypedef uintptr_t lxb_tag_id_t
    enum:
        LXB_TAG__UNDEF
        LXB_TAG__TEXT
        LXB_TAG__DOCUMENT
        LXB_TAG__EM_COMMENT
        LXB_TAG__EM_DOCTYPE
        LXB_TAG_A
        LXB_TAG_ABBR
        LXB_TAG_ADDRESS
        LXB_TAG_APPLET
        LXB_TAG_AREA
        LXB_TAG_ARTICLE
        LXB_TAG_ASIDE
        LXB_TAG_AUDIO
        LXB_TAG_B
        LXB_TAG_BASE
        LXB_TAG_BIG
        LXB_TAG_BLOCKQUOTE
        LXB_TAG_BODY
        LXB_TAG_BR
        LXB_TAG_BUTTON
        LXB_TAG_CANVAS
        LXB_TAG_CAPTION
        LXB_TAG_CENTER
        LXB_TAG_CITE
        LXB_TAG_CODE
        LXB_TAG_COL
        LXB_TAG_COLGROUP
        LXB_TAG_DATA
        LXB_TAG_DD
        LXB_TAG_DEL
        LXB_TAG_DETAILS
        LXB_TAG_DIALOG
        LXB_TAG_DIR
        LXB_TAG_DIV
        LXB_TAG_DL
        LXB_TAG_DT
        LXB_TAG_EM
        LXB_TAG_EMBED
        LXB_TAG_FIELDSET
        LXB_TAG_FIGCAPTION
        LXB_TAG_FIGURE
        LXB_TAG_FONT
        LXB_TAG_FOOTER
        LXB_TAG_FORM
        LXB_TAG_FRAME
        LXB_TAG_FRAMESET
        LXB_TAG_H1
        LXB_TAG_H2
        LXB_TAG_H3
        LXB_TAG_H4
        LXB_TAG_H5
        LXB_TAG_H6
        LXB_TAG_HEAD
        LXB_TAG_HEADER
        LXB_TAG_RP
        LXB_TAG_RT
        LXB_TAG_HGROUP
        LXB_TAG_HR
        LXB_TAG_HTML
        LXB_TAG_I
        LXB_TAG_IFRAME
        LXB_TAG_IMG
        LXB_TAG_INPUT
        LXB_TAG_INS
        LXB_TAG_LABEL
        LXB_TAG_LEGEND
        LXB_TAG_LI
        LXB_TAG_LINK
        LXB_TAG_LISTING
        LXB_TAG_MAIN
        LXB_TAG_MAP
        LXB_TAG_MARK
        LXB_TAG_MATH
        LXB_TAG_MARQUEE
        LXB_TAG_MENU
        LXB_TAG_META
        LXB_TAG_METER
        LXB_TAG_NAV
        LXB_TAG_NOEMBED
        LXB_TAG_NOFRAMES
        LXB_TAG_NOSCRIPT
        LXB_TAG_NOBR
        LXB_TAG_OBJECT
        LXB_TAG_OL
        LXB_TAG_OPTGROUP
        LXB_TAG_OPTION
        LXB_TAG_OUTPUT
        LXB_TAG_P
        LXB_TAG_PARAM
        LXB_TAG_PICTURE
        LXB_TAG_PLAINTEXT
        LXB_TAG_PRE
        LXB_TAG_PROGRESS
        LXB_TAG_Q
        LXB_TAG_S
        LXB_TAG_SCRIPT
        LXB_TAG_SEARCH
        LXB_TAG_SECTION
        LXB_TAG_SELECT
        LXB_TAG_SMALL
        LXB_TAG_SOURCE
        LXB_TAG_SPAN
        LXB_TAG_STRONG
        LXB_TAG_STRIKE
        LXB_TAG_STYLE
        LXB_TAG_SUB
        LXB_TAG_SUMMARY
        LXB_TAG_SUP
        LXB_TAG_SVG
        LXB_TAG_TABLE
        LXB_TAG_TBODY
        LXB_TAG_TD
        LXB_TAG_TEMPLATE
        LXB_TAG_TEXTAREA
        LXB_TAG_TFOOT
        LXB_TAG_TH
        LXB_TAG_THEAD
        LXB_TAG_TIME
        LXB_TAG_TITLE
        LXB_TAG_TR
        LXB_TAG_TRACK
        LXB_TAG_TT
        LXB_TAG_U
        LXB_TAG_UL
        LXB_TAG_VIDEO
        LXB_TAG_WBR
        LXB_TAG_XMP
        LXB_TAG__LAST_ENTRY


cdef extern from "lexbor/ns/const.h" nogil:
    ctypedef uintptr_t lxb_ns_id_t
    enum:
        LXB_NS__UNDEF
        LXB_NS_HTML
        LXB_NS_MATH
        LXB_NS_SVG


cdef extern from "lexbor/dom/interfaces/attr_const.h" nogil:
    ctypedef uintptr_t lxb_dom_attr_id_t
    enum:
        LXB_DOM_ATTR_CLASS
        LXB_DOM_ATTR_CONTENT
        LXB_DOM_ATTR_HREF
        LXB_DOM_ATTR_HREFLANG
        LXB_DOM_ATTR_HTTP_EQUIV
        LXB_DOM_ATTR_ID
        LXB_DOM_ATTR_LANG
        LXB_DOM_ATTR_REL
        LXB_DOM_ATTR_SRC
        LXB_DOM_ATTR_TYPE
        LXB_DOM_ATTR_STYLE
        LXB_DOM_ATTR__LAST_ENTRY


cdef extern from "lexbor/dom/interfaces/node.h" nogil:
    ctypedef enum lxb_dom_node_type_t:
        LXB_DOM_NODE_TYPE_UNDEF
        LXB_DOM_NODE_TYPE_ELEMENT
        LXB_DOM_NODE_TYPE_ATTRIBUTE
        LXB_DOM_NODE_TYPE_TEXT
        LXB_DOM_NODE_TYPE_CDATA_SECTION
        LXB_DOM_NODE_TYPE_PROCESSING_INSTRUCTION
        LXB_DOM_NODE_TYPE_COMMENT
        LXB_DOM_NODE_TYPE_DOCUMENT
        LXB_DOM_NODE_TYPE_DOCUMENT_TYPE
        LXB_DOM_NODE_TYPE_DOCUMENT_FRAGMENT

    ctypedef struct lxb_dom_document_t
    ctypedef struct lxb_dom_node_t:
        uintptr_t local_name       # the tag id for elements
        uintptr_t prefix
        uintptr_t ns
        lxb_dom_document_t *owner_document
        lxb_dom_node_t *next
        lxb_dom_node_t *prev
        lxb_dom_node_t *parent
        lxb_dom_node_t *first_child
        lxb_dom_node_t *last_child
        void *user
        lxb_dom_node_type_t type


cdef extern from "lexbor/dom/interfaces/attr.h" nogil:
    ctypedef struct lxb_dom_element_t
    ctypedef struct lxb_dom_attr_t:
        lxb_dom_node_t node
        lxb_dom_attr_id_t upper_name
        lxb_dom_attr_id_t qualified_name
        lexbor_str_t *value
        lxb_dom_element_t *owner
        lxb_dom_attr_t *next
        lxb_dom_attr_t *prev
    const lxb_char_t *lxb_dom_attr_local_name(lxb_dom_attr_t *attr, size_t *len)
    const lxb_char_t *lxb_dom_attr_qualified_name(lxb_dom_attr_t *attr, size_t *len)


cdef extern from "lexbor/dom/interfaces/element.h" nogil:
    ctypedef struct lxb_dom_element_t:
        lxb_dom_node_t node
        lxb_dom_attr_id_t upper_name
        lxb_dom_attr_id_t qualified_name
        lxb_dom_attr_t *first_attr
        lxb_dom_attr_t *last_attr
        lxb_dom_attr_t *attr_id
        lxb_dom_attr_t *attr_class
    const lxb_char_t *lxb_dom_element_get_attribute(lxb_dom_element_t *element,
                                                    const lxb_char_t *qualified_name,
                                                    size_t qn_len, size_t *value_len)
    lxb_dom_attr_t *lxb_dom_element_attr_by_name(lxb_dom_element_t *element,
                                                 const lxb_char_t *qualified_name, size_t length)
    const lxb_char_t *lxb_dom_element_local_name(lxb_dom_element_t *element, size_t *len)
    const lxb_char_t *lxb_dom_element_qualified_name(lxb_dom_element_t *element, size_t *len)


cdef extern from "lexbor/dom/interfaces/character_data.h" nogil:
    ctypedef struct lxb_dom_character_data_t:
        lxb_dom_node_t node
        lexbor_str_t data


cdef extern from "lexbor/dom/interfaces/document.h" nogil:
    lxb_dom_element_t *lxb_dom_document_element(lxb_dom_document_t *document)


cdef extern from "lexbor/html/interfaces/document.h" nogil:
    ctypedef struct lxb_html_head_element_t
    ctypedef struct lxb_html_body_element_t
    ctypedef struct lxb_html_document_t:
        lxb_html_head_element_t *head
        lxb_html_body_element_t *body
    lxb_html_document_t *lxb_html_document_create()
    lxb_html_document_t *lxb_html_document_destroy(lxb_html_document_t *document)
    lxb_status_t lxb_html_document_parse_chunk_begin(lxb_html_document_t *document)
    lxb_status_t lxb_html_document_parse_chunk(lxb_html_document_t *document,
                                               const lxb_char_t *html, size_t size)
    lxb_status_t lxb_html_document_parse_chunk_end(lxb_html_document_t *document)
    const lxb_char_t *lxb_html_document_title(lxb_html_document_t *document, size_t *len)


cdef extern from "lexbor/html/serialize.h" nogil:
    lxb_status_t lxb_html_serialize_tree_str(lxb_dom_node_t *node, lexbor_str_t *str)
    lxb_status_t lxb_html_serialize_deep_str(lxb_dom_node_t *node, lexbor_str_t *str)


cdef extern from "lexbor/html/encoding.h" nogil:
    ctypedef struct lxb_html_encoding_entry_t:
        const lxb_char_t *name
        const lxb_char_t *end
    ctypedef struct lxb_html_encoding_t:
        lexbor_array_obj_t cache
        lexbor_array_obj_t result
    lxb_status_t lxb_html_encoding_init(lxb_html_encoding_t *em)
    lxb_html_encoding_t *lxb_html_encoding_destroy(lxb_html_encoding_t *em, bint self_destroy)
    lxb_status_t lxb_html_encoding_determine(lxb_html_encoding_t *em,
                                             const lxb_char_t *data, const lxb_char_t *end)
    lxb_html_encoding_entry_t *lxb_html_encoding_meta_entry(lxb_html_encoding_t *em, size_t idx)
    size_t lxb_html_encoding_meta_length(lxb_html_encoding_t *em)


cdef extern from "lexbor/encoding/encoding.h" nogil:
    ctypedef struct lxb_encoding_data_t:
        lxb_char_t *name
    const lxb_encoding_data_t *lxb_encoding_data_by_pre_name(const lxb_char_t *name, size_t length)


cdef extern from "lexbor/css/css.h" nogil:
    ctypedef struct lxb_css_log_t
    ctypedef struct lxb_css_syntax_tokenizer_t
    ctypedef struct lxb_css_parser_t:
        lxb_css_log_t *log
        lxb_status_t status
    lxb_css_parser_t *lxb_css_parser_create()
    lxb_status_t lxb_css_parser_init(lxb_css_parser_t *parser, lxb_css_syntax_tokenizer_t *tkz)
    lxb_css_parser_t *lxb_css_parser_destroy(lxb_css_parser_t *parser, bint self_destroy)
    lxb_css_selector_list_t *lxb_css_selectors_parse(lxb_css_parser_t *parser,
                                                     const lxb_char_t *data, size_t length)
    void lxb_css_selector_list_destroy_memory(lxb_css_selector_list_t *list)
    lxb_char_t *lxb_css_log_serialize_char(lxb_css_log_t *log, size_t *out_length,
                                           const lxb_char_t *indent, size_t indent_length)


# A parsed selector list, read by _core's work estimate (docs/reliability.md): each
# complex selector is a chain of simple selectors, each carrying the combinator before it
# (CLOSE within a compound); pseudo-class functions hold a nested list (:is, :has...) or
# an An+B with an optional "of" list (:nth-child).
cdef extern from "lexbor/css/css.h" nogil:
    ctypedef struct lxb_css_selector_list_t
    ctypedef enum lxb_css_selector_type_t:
        LXB_CSS_SELECTOR_TYPE_PSEUDO_CLASS
        LXB_CSS_SELECTOR_TYPE_PSEUDO_CLASS_FUNCTION
    ctypedef enum lxb_css_selector_combinator_t:
        LXB_CSS_SELECTOR_COMBINATOR_DESCENDANT
        LXB_CSS_SELECTOR_COMBINATOR_CLOSE
        LXB_CSS_SELECTOR_COMBINATOR_CHILD
        LXB_CSS_SELECTOR_COMBINATOR_FOLLOWING
    ctypedef enum:
        LXB_CSS_SELECTOR_PSEUDO_CLASS_FIRST_OF_TYPE
        LXB_CSS_SELECTOR_PSEUDO_CLASS_LAST_OF_TYPE
        LXB_CSS_SELECTOR_PSEUDO_CLASS_ONLY_OF_TYPE
        LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_HAS
        LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_IS
        LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NOT
        LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_WHERE
        LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NTH_CHILD
        LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NTH_LAST_CHILD
        LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NTH_OF_TYPE
        LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NTH_LAST_OF_TYPE
    ctypedef struct lxb_css_selector_pseudo_t:
        unsigned type
        void *data
    ctypedef union lxb_css_selector_u:
        lxb_css_selector_pseudo_t pseudo
    ctypedef struct lxb_css_selector_t:
        lxb_css_selector_type_t type
        lxb_css_selector_combinator_t combinator
        lxb_css_selector_u u
        lxb_css_selector_t *next
    ctypedef struct lxb_css_selector_list_t:
        lxb_css_selector_t *first
        lxb_css_selector_list_t *next
    ctypedef struct lxb_css_selector_anb_of_t:
        lxb_css_selector_list_t *of


cdef extern from "lexbor/selectors/selectors.h" nogil:
    ctypedef struct lxb_selectors_t
    ctypedef uint32_t lxb_css_selector_specificity_t
    ctypedef enum lxb_selectors_opt_t:
        LXB_SELECTORS_OPT_DEFAULT
        LXB_SELECTORS_OPT_MATCH_ROOT
        LXB_SELECTORS_OPT_MATCH_FIRST
    lxb_selectors_t *lxb_selectors_create()
    lxb_status_t lxb_selectors_init(lxb_selectors_t *selectors)
    lxb_selectors_t *lxb_selectors_destroy(lxb_selectors_t *selectors, bint self_destroy)
    void lxb_selectors_opt_set(lxb_selectors_t *selectors, lxb_selectors_opt_t opt)


# lxb_selectors_find calls back into our collector, which appends to a C array only;
# it is kept in its own block so the callback type stays explicit.
cdef extern from "lexbor/selectors/selectors.h" nogil:
    ctypedef lxb_status_t (*lxb_selectors_cb_f)(lxb_dom_node_t *node,
                                                lxb_css_selector_specificity_t spec,
                                                void *ctx) noexcept nogil
    lxb_status_t lxb_selectors_find(lxb_selectors_t *selectors, lxb_dom_node_t *root,
                                    const lxb_css_selector_list_t *list,
                                    lxb_selectors_cb_f cb, void *ctx)


cdef extern from "lexbor/url/url.h" nogil:
    ctypedef enum lxb_url_host_type_t:
        LXB_URL_HOST_TYPE__UNDEF
        LXB_URL_HOST_TYPE_DOMAIN
        LXB_URL_HOST_TYPE_OPAQUE
        LXB_URL_HOST_TYPE_IPV4
        LXB_URL_HOST_TYPE_IPV6
        LXB_URL_HOST_TYPE_EMPTY
    ctypedef struct lxb_url_scheme_t:
        lexbor_str_t name
    ctypedef struct lxb_url_host_t:
        lxb_url_host_type_t type
    ctypedef struct lxb_url_path_t:
        lexbor_str_t str
        size_t length
        bint opaque
    ctypedef struct lxb_url_t:
        lxb_url_scheme_t scheme
        lxb_url_host_t host
        lexbor_str_t username
        lexbor_str_t password
        uint16_t port
        bint has_port
        lxb_url_path_t path
        lexbor_str_t query
        lexbor_str_t fragment
    ctypedef struct lxb_url_parser_t
    lxb_url_parser_t *lxb_url_parser_create()
    lxb_status_t lxb_url_parser_init(lxb_url_parser_t *parser, lexbor_mraw_t *mraw)
    void lxb_url_parser_clean(lxb_url_parser_t *parser)
    lxb_url_parser_t *lxb_url_parser_destroy(lxb_url_parser_t *parser, bint destroy_self)
    void lxb_url_parser_memory_destroy(lxb_url_parser_t *parser)
    lxb_url_t *lxb_url_parse(lxb_url_parser_t *parser, const lxb_url_t *base_url,
                             const lxb_char_t *data, size_t length)
    lxb_url_t *lxb_url_destroy(lxb_url_t *url)
    lxb_status_t lxb_url_serialize(const lxb_url_t *url, lexbor_serialize_cb_f cb, void *ctx,
                                   bint exclude_fragment)
    lxb_status_t lxb_url_serialize_host(const lxb_url_host_t *host,
                                        lexbor_serialize_cb_f cb, void *ctx)
    lxb_status_t lxb_url_serialize_path(const lxb_url_path_t *path,
                                        lexbor_serialize_cb_f cb, void *ctx)
