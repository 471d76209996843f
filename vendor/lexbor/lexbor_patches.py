"""Our changes to lexbor's sources, applied by fetch_lexbor.py after extraction.

Three changes. First, lexbor's tree builder answers "is there a <p> in button scope?"
(asked on every <div>, <section>, <h1>... start tag) by scanning the whole stack of open
elements, which makes 100,000 nested <div>s quadratic (about 80 s). The patch keeps a
count of open HTML <p> elements beside the stack, so the answer is immediate when the
count is zero; when a <p> is open the scan runs as before, so the tree built is unchanged.

Second, the HTML standard's Noah's Ark clause: on every formatting start tag (<b>, <i>,
<a>, <font>...) lexbor compares the new element with every entry of the list of active
formatting elements back to the last marker (lxb_dom_element_compare, attribute by
attribute) and removes the earliest equal entry when there are 3 or more. Elements with
distinct attributes never match, the list grows with them, and n unclosed ones cost n^2/2
compares (20,000 distinct <b id=...>: about 11 s; 100,000: minutes). The patch gives every
entry a 64-bit key (a hash of the element's names and namespace, of the order-independent
set of its attributes, and of the number of markers before it) and counts the entries per
key in a hash table kept in step with every change to the list. Equal elements after the
last marker have equal keys, so when fewer than 3 entries hold the new element's key
nothing can be removed and the scan is skipped; otherwise the scan runs as lexbor's, but
compares only the entries with the key and stops after the earliest of them. Keys can
collide (distinct elements, same key), which only makes a scan run: the table never
under-counts, and lxb_dom_element_compare still decides, so the tree built is lexbor's.
100,000 distinct <b id=...> parse in about 0.1 s. What remains quadratic: a removal deep in
the list is a memmove of everything after the entry in lexbor's array (the patched scan
is no longer than that memmove), and crafted key collisions fall back to lexbor's cost.

Third, URL hosts follow UTS #46's IgnoreInvalidPunycode as the current URL tests expect
(see the last replacement).

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


# The Noah's Ark clause. lexbor's push_with_check_dupl compares a new formatting element
# with every entry after the last marker of the list of active formatting elements; the
# C below (inserted into html/tree/active_formatting.c, its comment says how it works)
# keeps a keyed count of the entries so that scan runs only when 3 entries could match.
# Every change to the list reports to one of the turbohtml_ark_* hooks: the inline
# push/pop/push_marker/insert/remove of active_formatting.h, up_to_last_marker,
# remove_by_node and reconstruct's in-place write in active_formatting.c, the adoption
# agency's in-place write in tree.c, and lxb_html_tree_clean/destroy.
_ARK_C = r"""

/*
 * turbohtml: an index for the Noah's Ark clause (push_with_check_dupl below).
 *
 * On every push of a formatting element lexbor counts the entries after the last
 * marker that equal it (lxb_dom_element_compare) and removes the earliest when
 * there are 3 or more. With distinct attributes nothing matches, the list grows,
 * and n pushes cost n^2/2 compares.
 *
 * tree->ark gives every list entry a key: a 64-bit hash of the element (names,
 * namespace, and the sum of one hash per attribute, so attribute order does not
 * matter) and of its depth (the number of markers before it). Equal elements at
 * the same depth have equal keys, and the entries after the last marker are those
 * at the current depth. A table counts the entries holding each key, so:
 * - fewer than 3 entries hold the new element's key: fewer than 3 can equal it,
 *   and lexbor would remove nothing: no scan;
 * - otherwise the scan runs as before, but compares only entries with the key
 *   and stops once it has passed all of them, so it still finds every equal
 *   entry and the earliest one, which lexbor's full scan would remove.
 * ark->entries mirrors tree->active_formatting->list entry by entry; every change
 * to the list calls one of the turbohtml_ark_* hooks. A hook that finds the
 * lengths out of step recomputes everything from the list (resync), and an
 * allocation failure sets ark->broken: lexbor's full scan until the tree is
 * cleaned. Either way the tree built is lexbor's.
 */

struct turbohtml_ark_entry {
    uint64_t key;    /* 0 for a marker */
    size_t   depth;  /* markers before the entry, a marker counting itself */
};

struct turbohtml_ark_slot {
    uint64_t key;    /* 0: free */
    size_t   count;  /* entries holding key (0 once they are gone; the slot stays) */
};

static uint64_t
turbohtml_ark_mix(uint64_t x)
{
    /* splitmix64's finalizer */
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/*
 * Elements that lxb_dom_element_compare finds equal get the same key at the same
 * depth. compare wants the same names and namespace, as many attributes on each
 * side, and every attribute of one matched by an attribute of the other (local
 * name, ns, qualified name and value; a NULL value differs from an empty one).
 * The tree builder gives an element at most one attribute per local name, so
 * equal elements hold the same attributes in some order; their hashes are summed.
 */
static uint64_t
turbohtml_ark_key(lxb_dom_node_t *node, size_t depth)
{
    const lxb_dom_element_t *element = lxb_dom_interface_element(node);
    const lxb_dom_attr_t *attr;
    const lxb_char_t *data;
    size_t length;
    uint64_t h, word, sum = 0;

    for (attr = element->first_attr; attr != NULL; attr = attr->next) {
        h = turbohtml_ark_mix(attr->node.local_name ^ 0x9e3779b97f4a7c15ULL);
        h = turbohtml_ark_mix(h ^ attr->node.ns);
        h = turbohtml_ark_mix(h ^ attr->qualified_name);

        if (attr->value != NULL) {
            data = attr->value->data;
            length = attr->value->length;
            h = turbohtml_ark_mix(h ^ (length + 1));

            for (; length >= 8; length -= 8, data += 8) {
                memcpy(&word, data, 8);
                h = turbohtml_ark_mix(h ^ word);
            }

            if (length != 0) {
                word = 0;
                memcpy(&word, data, length);
                h = turbohtml_ark_mix(h ^ word);
            }
        }

        sum += h;
    }

    h = turbohtml_ark_mix(sum ^ node->local_name);
    h = turbohtml_ark_mix(h ^ node->ns);
    h = turbohtml_ark_mix(h ^ element->qualified_name);
    h = turbohtml_ark_mix(h ^ depth);

    return (h != 0) ? h : 1;
}

/* The slot of key, or the free slot where it goes (the table is at most 3/4 full). */
static struct turbohtml_ark_slot *
turbohtml_ark_slot(turbohtml_ark_t *ark, uint64_t key)
{
    size_t i = (size_t) key & ark->mask;

    while (ark->slots[i].key != 0 && ark->slots[i].key != key) {
        i = (i + 1) & ark->mask;
    }

    return &ark->slots[i];
}

/* How many entries hold key. */
static size_t
turbohtml_ark_count(turbohtml_ark_t *ark, uint64_t key)
{
    struct turbohtml_ark_slot *slot;

    if (ark->slots == NULL) {
        return 0;  /* no element entry since the last clean */
    }

    slot = turbohtml_ark_slot(ark, key);

    return (slot->key == key) ? slot->count : 0;
}

/* A fresh table, at most half full, counting the key of every entry. */
static void
turbohtml_ark_recount(turbohtml_ark_t *ark)
{
    size_t i, size = 16;
    struct turbohtml_ark_slot *slot;

    while (size < 2 * (ark->length + 1)) {
        size *= 2;
    }

    lexbor_free(ark->slots);
    ark->slots = lexbor_calloc(size, sizeof(struct turbohtml_ark_slot));
    ark->mask = 0;
    ark->used = 0;

    if (ark->slots == NULL) {
        ark->broken = true;
        return;
    }

    ark->mask = size - 1;

    for (i = 0; i < ark->length; i++) {
        if (ark->entries[i].key != 0) {
            slot = turbohtml_ark_slot(ark, ark->entries[i].key);

            if (slot->key == 0) {
                slot->key = ark->entries[i].key;
                ark->used++;
            }

            slot->count++;
        }
    }
}

/* Count an entry whose key was just stored. */
static void
turbohtml_ark_hold(turbohtml_ark_t *ark, uint64_t key)
{
    struct turbohtml_ark_slot *slot;

    if (ark->slots == NULL || (ark->used + 1) * 4 > (ark->mask + 1) * 3) {
        turbohtml_ark_recount(ark);  /* counts that entry too */
        return;
    }

    slot = turbohtml_ark_slot(ark, key);

    if (slot->key == 0) {
        slot->key = key;
        ark->used++;
    }

    slot->count++;
}

/* Uncount an entry that leaves the list. */
static void
turbohtml_ark_release(turbohtml_ark_t *ark, uint64_t key)
{
    struct turbohtml_ark_slot *slot;

    if (key == 0) {
        return;  /* a marker */
    }

    slot = (ark->slots != NULL) ? turbohtml_ark_slot(ark, key) : NULL;

    if (slot == NULL || slot->key != key || slot->count == 0) {
        ark->broken = true;  /* out of step: cannot happen */
        return;
    }

    slot->count--;
}

static bool
turbohtml_ark_reserve(turbohtml_ark_t *ark, size_t length)
{
    size_t size;
    struct turbohtml_ark_entry *entries;

    if (length <= ark->size) {
        return true;
    }

    size = (ark->size != 0) ? ark->size * 2 : 128;

    while (size < length) {
        size *= 2;
    }

    entries = lexbor_realloc(ark->entries,
                             size * sizeof(struct turbohtml_ark_entry));
    if (entries == NULL) {
        ark->broken = true;
        return false;
    }

    ark->entries = entries;
    ark->size = size;

    return true;
}

/* Recompute every entry from the list (for a hook that finds it out of step). */
static void
turbohtml_ark_resync(lxb_html_tree_t *tree)
{
    turbohtml_ark_t *ark = &tree->ark;
    lexbor_array_t *list = tree->active_formatting;
    size_t i, depth = 0;

    if (!turbohtml_ark_reserve(ark, list->length)) {
        return;
    }

    for (i = 0; i < list->length; i++) {
        if (list->list[i] == lxb_html_tree_active_formatting_marker_node_static) {
            depth++;
            ark->entries[i].key = 0;
        }
        else {
            ark->entries[i].key = turbohtml_ark_key(list->list[i], depth);
        }

        ark->entries[i].depth = depth;
    }

    ark->length = list->length;
    turbohtml_ark_recount(ark);
}

/* list[idx] was inserted (or pushed: idx is then the last index). */
void
turbohtml_ark_inserted(lxb_html_tree_t *tree, size_t idx)
{
    turbohtml_ark_t *ark = &tree->ark;
    lexbor_array_t *list = tree->active_formatting;
    struct turbohtml_ark_entry *entry;
    bool marker;

    if (ark->broken) {
        return;
    }

    marker = idx < list->length
             && list->list[idx] == lxb_html_tree_active_formatting_marker_node_static;

    /* A marker before other entries would change their depth. */
    if (list->length != ark->length + 1 || idx >= list->length
        || (marker && idx + 1 != list->length))
    {
        turbohtml_ark_resync(tree);
        return;
    }

    if (!turbohtml_ark_reserve(ark, list->length)) {
        return;
    }

    entry = &ark->entries[idx];
    memmove(entry + 1, entry, (ark->length - idx) * sizeof(*entry));
    ark->length++;

    entry->depth = (idx != 0) ? entry[-1].depth : 0;

    if (marker) {
        entry->depth++;
        entry->key = 0;
        return;
    }

    entry->key = turbohtml_ark_key(list->list[idx], entry->depth);
    turbohtml_ark_hold(ark, entry->key);
}

/* The entry at idx left the list; the later ones moved down. */
void
turbohtml_ark_removed(lxb_html_tree_t *tree, size_t idx)
{
    turbohtml_ark_t *ark = &tree->ark;
    struct turbohtml_ark_entry *entry;
    bool marker;

    if (ark->broken) {
        return;
    }

    if (tree->active_formatting->length + 1 != ark->length || idx >= ark->length) {
        turbohtml_ark_resync(tree);
        return;
    }

    entry = &ark->entries[idx];
    marker = entry->key == 0;

    turbohtml_ark_release(ark, entry->key);
    ark->length--;
    memmove(entry, entry + 1, (ark->length - idx) * sizeof(*entry));

    if (marker && idx != ark->length) {
        turbohtml_ark_resync(tree);  /* the entries after it lost a depth */
    }
}

/* Entries left the end of the list. */
void
turbohtml_ark_truncated(lxb_html_tree_t *tree)
{
    turbohtml_ark_t *ark = &tree->ark;

    if (ark->broken) {
        return;
    }

    if (tree->active_formatting->length > ark->length) {
        turbohtml_ark_resync(tree);
        return;
    }

    while (ark->length > tree->active_formatting->length) {
        ark->length--;
        turbohtml_ark_release(ark, ark->entries[ark->length].key);
    }
}

/* list[idx] was overwritten with another element (a clone; its key can differ). */
void
turbohtml_ark_replaced(lxb_html_tree_t *tree, size_t idx)
{
    turbohtml_ark_t *ark = &tree->ark;
    lexbor_array_t *list = tree->active_formatting;
    struct turbohtml_ark_entry *entry;

    if (ark->broken) {
        return;
    }

    if (list->length != ark->length || idx >= ark->length
        || ark->entries[idx].key == 0
        || list->list[idx] == lxb_html_tree_active_formatting_marker_node_static)
    {
        turbohtml_ark_resync(tree);
        return;
    }

    entry = &ark->entries[idx];
    turbohtml_ark_release(ark, entry->key);
    entry->key = turbohtml_ark_key(list->list[idx], entry->depth);
    turbohtml_ark_hold(ark, entry->key);
}

/* The list was emptied (lxb_html_tree_clean). */
void
turbohtml_ark_clean(lxb_html_tree_t *tree)
{
    turbohtml_ark_t *ark = &tree->ark;

    ark->length = 0;
    ark->broken = false;
    ark->slots = lexbor_free(ark->slots);
    ark->mask = 0;
    ark->used = 0;
}

void
turbohtml_ark_destroy(lxb_html_tree_t *tree)
{
    turbohtml_ark_clean(tree);
    tree->ark.entries = lexbor_free(tree->ark.entries);
    tree->ark.size = 0;
}
"""

_ARK_H = """/* turbohtml: every change of the list reports to tree->ark (active_formatting.c) */
void
turbohtml_ark_inserted(lxb_html_tree_t *tree, size_t idx);

void
turbohtml_ark_removed(lxb_html_tree_t *tree, size_t idx);

void
turbohtml_ark_truncated(lxb_html_tree_t *tree);

void
turbohtml_ark_replaced(lxb_html_tree_t *tree, size_t idx);

void
turbohtml_ark_clean(lxb_html_tree_t *tree);

void
turbohtml_ark_destroy(lxb_html_tree_t *tree);


"""

_ARK_T = """/* turbohtml: index of the list of active formatting elements (active_formatting.c) */
typedef struct {
    struct turbohtml_ark_entry *entries;  /* one per list entry */
    size_t                     length;    /* entries in use: the list's length */
    size_t                     size;      /* entries allocated */
    struct turbohtml_ark_slot  *slots;    /* key -> count, mask + 1 slots */
    size_t                     mask;
    size_t                     used;      /* slots holding a key */
    bool                       broken;    /* out of memory: lexbor's plain scan */
}
turbohtml_ark_t;

"""

_MARKER_NODE = (
    "static lxb_dom_node_t *lxb_html_tree_active_formatting_marker_node_static =\n"
    "    (lxb_dom_node_t *) &lxb_html_tree_active_formatting_marker_static;\n"
)

_AF_H = "html/tree/active_formatting.h"
_AF_C = "html/tree/active_formatting.c"

REPLACEMENTS += [
    ("html/tree.h", "struct lxb_html_tree {\n", _ARK_T + "struct lxb_html_tree {\n", 1),
    (
        "html/tree.h",
        "    lexbor_array_t                 *active_formatting;\n",
        "    lexbor_array_t                 *active_formatting;\n"
        "    turbohtml_ark_t                ark; /* turbohtml: Noah's Ark index */\n",
        1,
    ),
    ("html/tree.c", "    lexbor_array_clean(tree->active_formatting);\n",
     "    lexbor_array_clean(tree->active_formatting);\n    turbohtml_ark_clean(tree);\n", 1),
    ("html/tree.c", "    tree->active_formatting = lexbor_array_destroy(",
     "    turbohtml_ark_destroy(tree);\n    tree->active_formatting = lexbor_array_destroy(", 1),
    # the adoption agency's inner loop puts a clone in place of an entry
    ("html/tree.c", "            afe_list[afe_node_idx] = node;\n",
     "            afe_list[afe_node_idx] = node;\n"
     "            turbohtml_ark_replaced(tree, afe_node_idx);\n", 1),
    (_AF_H, "/*\n * Inline functions\n */\n", _ARK_H + "/*\n * Inline functions\n */\n", 1),
    (
        _AF_H,
        "                                     lxb_dom_node_t *node)\n{\n"
        "    return lexbor_array_push(tree->active_formatting, node);\n}\n",
        "                                     lxb_dom_node_t *node)\n{\n"
        "    lxb_status_t status = lexbor_array_push(tree->active_formatting, node);\n\n"
        "    if (status == LXB_STATUS_OK) {\n"
        "        turbohtml_ark_inserted(tree, tree->active_formatting->length - 1);\n"
        "    }\n\n"
        "    return status;\n}\n",
        1,
    ),
    (
        _AF_H,
        "    return (lxb_dom_node_t *) lexbor_array_pop(tree->active_formatting);\n",
        "    lxb_dom_node_t *node = lexbor_array_pop(tree->active_formatting);\n\n"
        "    turbohtml_ark_truncated(tree);\n\n"
        "    return node;\n",
        1,
    ),
    (
        _AF_H,
        "    return lexbor_array_push(tree->active_formatting,\n"
        "                             lxb_html_tree_active_formatting_marker());\n",
        "    lxb_status_t status = lexbor_array_push(tree->active_formatting,\n"
        "                                lxb_html_tree_active_formatting_marker());\n\n"
        "    if (status == LXB_STATUS_OK) {\n"
        "        turbohtml_ark_inserted(tree, tree->active_formatting->length - 1);\n"
        "    }\n\n"
        "    return status;\n",
        1,
    ),
    (
        _AF_H,
        "    return lexbor_array_insert(tree->active_formatting, idx, node);\n",
        "    lxb_status_t status = lexbor_array_insert(tree->active_formatting, idx, node);\n\n"
        "    if (status == LXB_STATUS_OK) {\n"
        "        turbohtml_ark_inserted(tree, idx);\n"
        "    }\n\n"
        "    return status;\n",
        1,
    ),
    (
        _AF_H,
        "    lexbor_array_delete(tree->active_formatting, idx, 1);\n",
        "    if (idx < tree->active_formatting->length) {\n"
        "        lexbor_array_delete(tree->active_formatting, idx, 1);\n"
        "        turbohtml_ark_removed(tree, idx);\n"
        "    }\n",
        1,
    ),
    (_AF_C, _MARKER_NODE, _MARKER_NODE + _ARK_C, 1),
    # up_to_last_marker: entries leave the end
    (
        _AF_C,
        "            break;\n        }\n    }\n}\n\nvoid\n"
        "lxb_html_tree_active_formatting_remove_by_node(",
        "            break;\n        }\n    }\n\n    turbohtml_ark_truncated(tree);\n}\n\nvoid\n"
        "lxb_html_tree_active_formatting_remove_by_node(",
        1,
    ),
    (
        _AF_C,
        "            tree->active_formatting->length--;\n",
        "            tree->active_formatting->length--;\n"
        "            turbohtml_ark_removed(tree, idx);\n",
        1,
    ),
    # reconstruct: a clone takes the entry's place
    (
        _AF_C,
        "        list[af_idx] = lxb_dom_interface_node(element);\n",
        "        list[af_idx] = lxb_dom_interface_node(element);\n"
        "        turbohtml_ark_replaced(tree, af_idx);\n",
        1,
    ),
    (
        _AF_C,
        "    size_t count = 0;\n\n    while (idx) {\n        idx--;\n\n"
        "        if (list[idx] == lxb_html_tree_active_formatting_marker_node_static) {\n"
        "            break;\n        }\n\n"
        "        if(list[idx]->local_name == node->local_name && list[idx]->ns == node->ns\n"
        "            && lxb_dom_element_compare(lxb_dom_interface_element(list[idx]),\n"
        "                                       lxb_dom_interface_element(node)))\n"
        "        {\n            count++;\n            earliest_idx = idx;\n        }\n    }\n",
        "    size_t count = 0;\n\n"
        "    /* turbohtml: only entries holding node's key can equal it (tree->ark) */\n"
        "    turbohtml_ark_t *ark = &tree->ark;\n"
        "    const struct turbohtml_ark_entry *entries = NULL;\n"
        "    uint64_t key = 0;\n"
        "    size_t left = 0;\n\n"
        "    if (!ark->broken && ark->length != idx) {\n"
        "        turbohtml_ark_resync(tree);\n"
        "    }\n\n"
        "    if (!ark->broken) {\n"
        "        entries = ark->entries;\n"
        "        key = turbohtml_ark_key(node, (idx != 0) ? entries[idx - 1].depth : 0);\n"
        "        left = turbohtml_ark_count(ark, key);\n\n"
        "        if (left < 3) {\n"
        "            idx = 0;  /* fewer than 3 entries can equal node: none is removed */\n"
        "        }\n"
        "    }\n\n"
        "    while (idx) {\n        idx--;\n\n"
        "        if (list[idx] == lxb_html_tree_active_formatting_marker_node_static) {\n"
        "            break;\n        }\n\n"
        "        if (entries != NULL && entries[idx].key != key) {\n"
        "            continue;\n"
        "        }\n\n"
        "        if(list[idx]->local_name == node->local_name && list[idx]->ns == node->ns\n"
        "            && lxb_dom_element_compare(lxb_dom_interface_element(list[idx]),\n"
        "                                       lxb_dom_interface_element(node)))\n"
        "        {\n            count++;\n            earliest_idx = idx;\n        }\n\n"
        "        if (entries != NULL && --left == 0) {\n"
        "            break;  /* no entry before idx holds the key */\n"
        "        }\n"
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
