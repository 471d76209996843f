"""Our changes to lexbor's sources, applied by fetch_lexbor.py after extraction.

Two changes. First, lexbor's tree builder answers "is there a <p> in button scope?" (asked on
every <div>, <section>, <h1>... start tag) by scanning the whole stack of open elements,
which makes 100,000 nested <div>s quadratic (about 80 s). The patch keeps a count of
open HTML <p> elements beside the stack, so the answer is immediate when the count is
zero; when a <p> is open the scan runs as before, so the tree built is unchanged. Second, URL hosts follow UTS #46's IgnoreInvalidPunycode
as the current URL tests expect (see the last replacement).

Each replacement must match exactly once in the pinned sources; a mismatch fails the
build with the file and the text that was expected.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

_IS_P = "(node->local_name == LXB_TAG_P && node->ns == LXB_NS_HTML)"

# (file below source/lexbor/, text to find, replacement, expected occurrences)
REPLACEMENTS: list[tuple[str, str, str, int]] = [
    (
        "html/tree.h",
        "    lexbor_array_t                 *open_elements;\n",
        "    lexbor_array_t                 *open_elements;\n"
        "    size_t                         open_p_count; /* turbohtml: open HTML <p>s */\n",
        1,
    ),
    (
        "html/tree/open_elements.h",
        "lxb_html_tree_open_elements_push(lxb_html_tree_t *tree, lxb_dom_node_t *node)\n{\n",
        "lxb_html_tree_open_elements_push(lxb_html_tree_t *tree, lxb_dom_node_t *node)\n{\n"
        f"    if {_IS_P} {{ tree->open_p_count++; }}\n",
        1,
    ),
    (
        "html/tree/open_elements.h",
        "                                    size_t idx)\n{\n",
        "                                    size_t idx)\n{\n"
        f"    if {_IS_P} {{ tree->open_p_count++; }}\n",
        1,
    ),
    # Every pop path in open_elements.c reports each popped node to pop_cb: route
    # those calls through a counting wrapper (the definition line is left alone).
    (
        "html/tree/open_elements.c",
        "(unsigned) lxb_html_tree_open_elements_pop_cb(",
        "(unsigned) turbohtml_popped(tree, ",
        7,
    ),
    (
        "html/tree/open_elements.c",
        "    if (node != NULL) {\n        lxb_html_tree_open_elements_pop_cb(node);\n",
        "    if (node != NULL) {\n        turbohtml_popped(tree, node);\n",
        1,
    ),
    (
        "html/tree/open_elements.c",
        "LXB_API void\nlxb_html_tree_open_elements_remove_by_node(",
        "lxb_inline lxb_status_t\nturbohtml_popped(lxb_html_tree_t *tree, lxb_dom_node_t *node)\n{\n"
        f"    if ({_IS_P} && tree->open_p_count != 0) {{ tree->open_p_count--; }}\n"
        "    return lxb_html_tree_open_elements_pop_cb(node);\n}\n\n"
        "LXB_API void\nlxb_html_tree_open_elements_remove_by_node(",
        1,
    ),
    (
        "html/tree/open_elements.c",
        "            tree->open_elements->length--;\n\n            break;\n",
        "            tree->open_elements->length--;\n"
        f"            if ({_IS_P} && tree->open_p_count != 0) {{ tree->open_p_count--; }}\n\n"
        "            break;\n",
        1,
    ),
    (
        "html/tree.c",
        "    lexbor_array_clean(tree->open_elements);\n",
        "    lexbor_array_clean(tree->open_elements);\n    tree->open_p_count = 0;\n",
        1,
    ),
    (
        "html/tree.c",
        "    tree->open_elements->length = 0;\n    tree->document->ready_state",
        "    tree->open_elements->length = 0;\n    tree->open_p_count = 0;\n    tree->document->ready_state",
        1,
    ),
    (
        "html/tree.c",
        "                               lxb_ns_id_t ns, lxb_html_tag_category_t ct)\n{\n"
        "    lxb_dom_node_t *node;\n",
        "                               lxb_ns_id_t ns, lxb_html_tag_category_t ct)\n{\n"
        "    lxb_dom_node_t *node;\n\n"
        "    if (tag_id == LXB_TAG_P && ns == LXB_NS_HTML && tree->open_p_count == 0) {\n"
        "        return NULL;  /* turbohtml: no <p> is open, so none is in scope */\n"
        "    }\n",
        1,
    ),
]


# UTS #46 IgnoreInvalidPunycode (whatwg/url#821, current web-platform-tests): an ASCII
# "xn--" label whose Punycode does not decode is kept as written instead of failing the
# whole host ("http://a.b.c.xn--pokxncvks/", "https://xn--/" parse in browsers).
REPLACEMENTS += [
    (
        "unicode/idna.c",
        "    if (p - cps >= 4\n"
        "        && (cps[0] == 0x0078 || cps[0] == 0x0058)\n"
        "        && (cps[1] == 0x006E || cps[1] == 0x004E)\n"
        "        && cps[2] == 0x002D && cps[3] == 0x002D)\n"
        "    {\n"
        "        cps += 4;\n"
        "        status = lxb_punycode_decode_cp(cps, p - cps,\n"
        "                                        lxb_unicode_idna_punycode_cb,\n"
        "                                        context);\n"
        "        if (status == LXB_STATUS_OK) {\n"
        "            return LXB_STATUS_OK;\n"
        "        }\n"
        "\n"
        "        cps -= 4;\n"
        "    }\n",
        "    if (p - cps >= 4\n"
        "        && (cps[0] == 0x0078 || cps[0] == 0x0058)\n"
        "        && (cps[1] == 0x006E || cps[1] == 0x004E)\n"
        "        && cps[2] == 0x002D && cps[3] == 0x002D)\n"
        "    {\n"
        "        cps += 4;\n"
        "        status = (p - cps == 0) ? LXB_STATUS_ERROR_UNEXPECTED_DATA\n"
        "                 : lxb_punycode_decode_cp(cps, p - cps,\n"
        "                                          lxb_unicode_idna_punycode_cb,\n"
        "                                          context);\n"
        "        if (status == LXB_STATUS_OK) {\n"
        "            return LXB_STATUS_OK;\n"
        "        }\n"
        "\n"
        "        cps -= 4;\n"
        "        /* turbohtml: IgnoreInvalidPunycode, keep an ASCII label as written */\n"
        "        for (const lxb_codepoint_t *c = cps; c < p; c++) {\n"
        "            if (*c > 0x7F) { return status; }\n"
        "        }\n"
        "        return context->cb(cps, p - cps, context->context, LXB_STATUS_OK);\n"
        "    }\n",
        1,
    ),
]


def fingerprint() -> str:
    """Changes whenever the patch set changes, so a stale patched tree is re-extracted."""
    return hashlib.sha256(repr(REPLACEMENTS).encode()).hexdigest()[:16]


def apply(source: Path) -> None:
    """Apply every replacement to the lexbor tree under ``source`` (the ``source/`` dir)."""
    for relative, old, new, expected in REPLACEMENTS:
        path = source / "lexbor" / relative
        text = path.read_text(encoding="utf8")
        found = text.count(old)
        if found != expected:
            raise RuntimeError(
                f"lexbor patch does not apply to {path}: expected {expected} occurrence(s) of "
                f"{old!r}, found {found}; the pinned lexbor sources changed"
            )
        path.write_text(text.replace(old, new), encoding="utf8")
