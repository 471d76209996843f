"""Our changes to lexbor's sources, applied by fetch_lexbor.py after extraction.

Nine changes. First, lexbor's tree builder answers "is there a <p> in button scope?"
(asked on every <div>, <section>, <h1>... start tag) by scanning the whole stack of open
elements, which makes 100,000 nested <div>s quadratic (about 80 s). The patch keeps a
count of open HTML <p> elements beside the stack, so the answer is immediate when the
count is zero; when a <p> is open the scan runs as before, so the tree built is unchanged.

Second, indexes of the list of active formatting elements and of the stack of open
elements, for the questions lexbor answered by scanning them:
- the HTML standard's Noah's Ark clause: on every formatting start tag (<b>, <i>, <a>,
  <font>...) lexbor compares the new element with every entry of the list back to the
  last marker (lxb_dom_element_compare, attribute by attribute) and removes the earliest
  equal entry when there are 3 or more. Elements with distinct attributes never match,
  the list grows with them, and n unclosed ones cost n^2/2 compares (20,000 distinct
  <b id=...>: 9.4 s; 100,000: about 10 minutes). The index gives every entry a 64-bit key
  (a hash of the element's names and namespace, of the order-independent set of its
  attributes, and of the number of markers before it) and chains the entries holding each
  key. Equal elements after the last marker have equal keys, so lxb_dom_element_compare
  runs on the new element's chain only (empty for a new element, a few entries at most),
  which holds every entry lexbor's scan finds equal, and so the earliest, which it
  removes. Keys can collide (distinct elements, same key), which only lengthens a chain:
  lxb_dom_element_compare still decides;
- "is this element in the list?" and "is it on the stack?", asked before most start tags
  and text (reconstructing the active formatting elements), by <a> and <nobr> start tags
  and by the adoption agency, and answered by a scan from the top of the stack or the end
  of the list: as long as the stack when the element is deep in it or gone (<b> then
  100,000 nested <span>s: 2.3 s; <a>, <b>, <i>... cycling with distinct attributes: 4 s
  for 100,000). The index counts each element on the stack and knows each element of
  the list and its position; the stack's scan still runs when a position on it is wanted;
- "is there an entry with this tag name after the last marker?", asked by a formatting
  end tag (the adoption agency's first step) and an <a> start tag, which scanned the
  list back to the marker: 20,000 distinct <b id=...> then 20,000 </i> took 1.0 s (40k:
  4.1 s), then <a>x</a> 1.1 s (40k: 3.7 s). The list's index chains its entries per
  (tag name, depth): none at the current depth, nothing to find. 100k: 0.15 s, 0.23 s;
- "is an HTML element with this name above the nearest special element?", for an end tag
  the in-body rules know no special case for, and the same for <li> (<dd>, <dt>) above
  the nearest special element other than address, div and p, for a <li> start tag:
  lexbor walks the stack from the top to that element (20k stray </x> under 20k <span>s:
  1.6 s; <span><div>, 20k <b>, 20k </span>: 1.5 s, 40k: 12.2 s; <ul>, 20k <b>, 20k
  <li></li>: 1.4 s, 40k: 12.4 s). The stack's index gives each entry the number of
  special elements (and of those stoppers) at or below it, and counts the HTML elements
  per (name, that number): the walk meets only the entries whose number is the top's,
  so a zero count answers at once (100k: 0.04-0.09 s). And "is a <template> open?"
  (<form>, </form>, foster parenting), a whole-stack scan: (<form>, 10 <span>, </form>)
  repeated to 100k spans took 4.1 s, now 0.04 s;
- "is this element, or an element with this name, in scope?": a formatting end tag whose
  element is open behind a scope boundary that pushes no marker (<table>, MathML <mi>,
  SVG <foreignObject>...) scanned the list back to the element, and the stack down to it
  and to the boundary, to be ignored (<i><table>, 10k distinct <b id>, 10k </i>: 0.5 s,
  20k: 5 s); an end tag such as </div>, </p>, </li>, </h2> (or a <div> closing a <p>)
  whose element is open below a boundary walked the stack down to the boundary (20k:
  2.1-2.8 s; <ruby><table>, 20k <b>, 20k <rb>: 3.7 s). The stack's index also gives
  each entry the number of boundaries of scope, button scope and list item scope at or
  below it, and counts formatting elements by address, and special elements, <ruby>,
  <nobr> and <option> by name, with their scope number (<p>s and <li>s also with their
  button, list item number); the list's index chains its entries per (name, depth), so
  the adoption agency's last entry with a name is at hand: a zero count for the top's
  number answers "not in scope" at once (100k: 0.04-0.24 s). And the adoption agency's
  last step looked for the furthest block, near the top, from the bottom of the stack
  (<div><a> repeated 100k times: 3.6 s); when the count says it is there once, the
  scan from the top finds the same entry (0.2 s).
- the same question in table scope (a cell's </thead>, </tfoot>, </th> with none open:
  <table><tr><td>, 8k <span>, 8k </thead>: 0.32 s), and when the answer is yes: the walk
  goes down to the element (<select>, 8k <span>, 8k <hr>, each <hr> looking for the
  <select> and for an <option> or <optgroup>: 0.48 s; 8k <span>, 8k </body>: 0.21 s). The
  stack's index also counts the special elements by their number of table scope
  boundaries, and remembers where a walk found an element (16 places, by name): when the
  count for the top's number is one and the element is still at that entry with the
  top's number, it is the one the walk would return (100k: 0.03-0.08 s);
- a foreign content end tag ("any other end tag") walks down the SVG/MathML elements
  above the nearest HTML element for its name (<svg>, 20k <g>, 20k </x>: 1.4 s): each
  entry also gets the number of HTML elements at or below it, and the foreign elements
  are counted per (name, that number), so a zero count for the top's skips the walk
  (100k: 0.04 s). An HTML element leaving or entering the middle of the stack changes the
  number of the entries above it (lexbor moves the same entries); the parser never puts
  one between two foreign runs that a removal could join, so the tests cannot tell the
  update from its absence, but it keeps the counts true.
- "reset the insertion mode appropriately" (after </table>, </template>, </caption>...)
  walked from the top of the stack down to the nearest table part, template, body or
  html (n <span>, then <table></table> n times: 20k 3.6 s): each entry also knows the
  nearest such element at or below it and its entry, checked before use (a moved entry
  makes the walk run), so the walk starts there (100k: 0.15 s).
An index starts when its list grows past 32 entries (most pages never get there), is
kept in step by hooks on every change to its list, rebuilds itself from the list if it
finds the lengths differ, and is freed at the end of the parse (on 100,000 unclosed
elements the tables take 9-41 MB, a tenth to two fifths of the peak memory: about 290
bytes per entry of the list, 130 per entry of the stack). Out of memory, lexbor's scans
run. The keys are hashed with a seed drawn per parse (getrandom, arc4random, else
addresses and clocks), so inputs cannot be crafted in advance to collide them; a
collision only makes a count too high (lexbor's scan runs) or a chain longer (one more
compare). The tree built is lexbor's (tests/test_parse.py compares with selectolax's
unpatched lexbor on generated tag soup).

Removals from the middle of the list of active formatting elements (the Noah's Ark
clause's earliest equal entry, the entry of an element the adoption agency or an <a>
start tag removes) moved every later entry down one slot of lexbor's array (3 copies
each of 10k distinct elements, 10k others, then the first 10k again: 0.8 s; 30k: 9.5 s;
100k: 278 s). Each now leaves a hole in its slot, which lexbor never sees: the
positions its tree builder holds in the list (the adoption agency's formatting element,
clones and bookmark) count the live entries before them, and a Fenwick tree over the
slots turns such a position into a slot and back in O(log n); reconstruction closes up
the holes it walks back over, and the whole array is closed up when holes outnumber
entries, so no walk passes a hole twice (30k: 0.3 s, 100k: 1.2-1.4 s). The adoption
agency's insertion at its bookmark moves the entries between it and the nearest hole
(lexbor moves all those after it). What stays quadratic there is lexbor's own: a
formatting end tag that moves the furthest block's subtree runs the DOM's insertion
steps on every node in it (<b>, 10k <div>, 10k </b>: 1.1 s, as unpatched).

Third, memos in the CSS selector engine, which matches right to left from every
element, for the rest of one search (the tree does not change during it):
- a descendant combinator walked up all the ancestors of each candidate (select("body
  span") on 100,000 nested spans: 258 s) and :nth-child() and friends counted all the
  siblings before or after it (100,000 siblings: 150 s). Each count goes on from the
  previous count when that element is an earlier sibling (0.01 s), and each descendant
  or subsequent-sibling (~) walk now tests the whole compound at each element and
  records its answer for the candidate and for every element it passed, so a later
  walk stops at the first element with an answer (0.04 s; a failing compound,
  "div.x span" on nested <div><span>, resumed the walk at each ancestor: 4k 0.23 s,
  100k now 0.01 s);
- a functional pseudo-class that needs a nested search (:has(), :is(), :where(),
  :not(), :nth-child(of S)) only set that search up, for lexbor's state machine to run
  after the match returned; it ran again for every candidate that asked about the same
  element ("body:has(i) span" on 4k nested spans: 0.23 s; 10k: 1.5-2.7 s). The search
  now runs to its end at once, through the same states, and its answer is remembered
  per (selector, element); the outer search goes on from the state the nested one left
  (100k: 0.05 s);
- :has(X) and :has(~ X) with X one compound searched the same subtree or siblings for
  each element (1k nested <span><b>, "span:has(i) b": 9.9 s; 4k: 577 s): each such
  search also settles the elements it went through (those between the anchor and the
  match have one; with no match, none below or after them has), and the search for X
  skips subtrees known to hold none (100k: 0.08 s; "p:has(~ x)" on 100k siblings:
  0.06 s, before 4k 0.24 s).
The matches are lexbor's (tests/test_parse.py compares generated selectors, with
:has/:is/:not/:where nested in ancestor compounds, against selectolax), with its quirk
kept: a walk whose first selector is a functional pseudo-class tries one element only.
In a :has(), every descendant or ~ walk that tried every candidate under (after) an
element settles it and those below (after) it for that compound, and a :has() of any
list whose relative selectors all start with the same combinator settles like :has(X)
("span:has(b i)": 4k 0.30 s, "b:has(b i)" on 4k nested <b>: 126 s; 100k now 0.10-0.21
s). :nth-child(An+B of S) and
:nth-last-child(An+B of S) remember the matches from every state of a count (lexbor
resumes S at each sibling where its run at the sibling before stopped; the state is
that entry, the sibling and what the entries behind it kept): "p:nth-child(2n of .x,
i)" 4k 0.29 s, :nth-last-child(of S) 8k 1.6 s, 100k now 0.06-0.13 s. The memo table
is freed or cleared when a search ends; out of memory it stops remembering. Nested
searches inside :has() are settled too, except where a miss makes lexbor give up a
first walk ("span:has(b :is(i))": 4k 0.4 s, 100k now 0.16 s).

Fourth, URL hosts follow UTS #46's IgnoreInvalidPunycode as the current URL tests expect
(see that replacement).

Fifth, the tokenizer loops for the text of <script>, <style>, <title>/<textarea> and
comments skip plain bytes 8 at a time with lexbor's own SWAR search, as its data and
attribute-value states already do (a quarter fewer instructions per parse of the
article-benchmark pages; the tokens are unchanged).

Sixth, names. The tree builder adds a token's attribute to an element unless it holds
one with the name, and lexbor looked by scanning the element's attributes: a tag with
100k attributes, or 100k <html a_i> tags (whose attributes join the one <html>), took
2.4-6.6 s. Past 16 attributes on a new element, and always for <html> and <body>, a set
of the element's names (exact keys, never hashes) answers. And a document's tables of
tag and attribute names had 128 fixed chains: they now grow, keeping every search's
answer (see _HASH_GROW_C). 100k: 0.08-0.14 s.

Seventh, text that joins the text node before it in pieces while other nodes are made
between the pieces (foster-parented text before a table, text after </body> with
comments) grows by doubling instead of to the exact length, which copied the whole
string per piece (100k pieces: 0.7 s, now 0.04 s). The text is the same.

Eighth, <select>. Each <option> the parser inserts runs the HTML standard's selectedness
setting algorithm on its nearest select, and lexbor walked the select's whole list of
options for it; each selected <option> popped walked the select's subtree for a
<selectedcontent> to clone it into; each option walked its ancestors for its select.
<select> + 10k <option>x took 1.0 s (20k: 9 s), 10k <option selected> 3.8 s, 10k
<optgroup><option> 3.5 s, <option selected><b>x</b> after a <selectedcontent> 5.4 s.
During a parse each select now keeps what its last run left (the number of selected
options in its list, the last of them, the first option not disabled) and the
<selectedcontent> it found, and the document keeps the select of the last parent asked
about. The document counts the changes that could make them wrong, reported by lexbor's
four tree-changing functions (insert child/before/after, remove) and attribute steps:
options_gen for the lists of options and selectedness (an option inserted or removed, a
subtree holding an option or a <selectedcontent> moved, an attribute changed on an element
in a tree, a run that changed a selectedness), tree_gen for ancestries and where
<selectedcontent>s are (such a subtree moved, an option removed, a <selectedcontent>
inserted or removed, an attribute changed). Nodes that hold neither (text, the parser's
fresh elements; a look through the subtree decides, no dearer than the insertion steps
lexbor runs on every node of a moved subtree) change neither
count, and the parser sets attributes before it inserts. A run on a select whose
options_gen is unchanged changes nothing: every run leaves at most one option selected,
none only when no option is enabled. When the one change since is the option being
inserted, appended as a leaf, the list grew by it if it is the select's child (last in
tree order); a deeper option whose nearest select this is sits below a child lexbor's walk
does not enter (an <optgroup>, any element but select, datalist, hr, option), in no list.
Otherwise lexbor's walk runs, and what it left is kept. A selected option popped finds no
<selectedcontent> at once when the document never created one, else the one its select
found while tree_gen is unchanged; the clone into it skips the pre-insert check's walk up
from the <selectedcontent> (for a fragment made on the spot, never an ancestor). Outside
a parse lexbor's walks run. 100k: 0.03-0.09 s, the same trees, <selectedcontent> clones
included (tests/test_parse.py compares generated select soup with selectolax). Two lexbor
bugs go on the way: with a display size other than 1 (size=2, size=0) lexbor read its
count of selected options uninitialized, so whether it deselected all but the last hung
on the stack's garbage (our build and selectolax's disagreed on <select size=2> with two
selected options); it starts at 0, which is what selectolax's build shows. And an
<option>'s attribute steps ran for any element named option: `selected` on an SVG or
MathML <option> wrote a byte past the element, over the next allocation's header in
lexbor's pool (selectolax crashes on such pages now and then); now HTML options only.
(Blocks moved by the adoption agency between options, <option>y<b><p> + 20 <i></i> +
</b> repeated, walked the list after each move while the look stopped at 16 nodes: 10k
7.7 s, now 0.1 s.) An option leaf inserted without insertion steps (foster-parented out
of a <table> in the select) changes no count when it leaves every kept outcome true: it
is not selected and each select whose list it joins (up the ancestors lexbor's walk
enters) kept one selected option, or it is disabled and none was enabled
(<option>y<table><option>x</table> repeated: 10k 3-5 s, 100k now 0.15 s). A fostered
option with `selected` that comes last in each list it joins (no <optgroup> on the way)
leaves two selected options, which the select keeps until its next run deselects the
earlier one, as lexbor's run does (<option>y<table><option selected>x</table> repeated:
10k 7.9 s, 100k now 0.2 s); other fostered selected options make the next option walk
the list once.

Ninth, the adoption agency moving deep subtrees (<b>, n <div>, n </b>: each </b> moves
the <div> above the <b>, with the n - k <div>s opened since; 20k took 7 s). lexbor ran
its insertion steps on every node of the moved subtree, walked the stack from the top
down to the <b> twice (steps 7 and 8) and removed and inserted entries in the middle of
the stack (every entry above moved twice, with the index's counts). Now the last step
moves only the entries between the formatting element and the furthest block (the copy
has the formatting element's name, so the entries above keep their counts), step 8 is
answered from the scope counts, step 7 from the entry where the copy was put, and the
insertion steps' walk (and the select caches' look) skips a subtree that holds no
<option>: each node whose subtree may hold an <option> or <selectedcontent> is marked
when it gets one, and only an <option> has insertion steps in an HTML document
(check_insertion_steps fails the build if another gets some). 100k: 0.1 s.
With an <option> in the moved subtree (<select><b>, n <div>, <option>, n </b>: 20k
12.8 s), the option's insertion steps walked down the moved path and the option walked up
to its select on every move. The select caches now keep the open <select>s (from the
stack's pushes and pops), a second mark on the nodes whose subtree may hold a <select>,
and the tree builder says when it inserts under an open element: an option's nearest
<select> is then one of its new ancestors, all open, so when every open select has
settled (a run would change nothing) and the subtree holds no <select>, the steps are
skipped (also for a new option below an element no list of options enters). A subtree no
list enters moves without invalidating the caches, a run that changes nothing leaves the
other selects' outcomes, attributes of other elements than <option>, <optgroup>, <select>
and <selectedcontent> change nothing kept, and a selected option popped in a document
without <selectedcontent> does not look for its select. 100k: 0.2 s.

Each replacement must match exactly once in the pinned sources; a mismatch fails the
build with the file and the text that was expected.
"""

from __future__ import annotations

import hashlib
import re
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


# The indexes of the list of active formatting elements and of the stack of open elements
# (the Noah's Ark clause, and "is this element in the list / on the stack?"). The C below
# goes into html/tree/active_formatting.c (its comment says how it works); hooks report
# every change of either list: the inline push/pop/push_marker/insert/remove of
# active_formatting.h and push/insert_after of open_elements.h, every pop path (through
# turbohtml_popped above), both remove_by_node, up_to_last_marker, the in-place writes of
# reconstruct and of the adoption agency, clean, abort, destroy and the end of a parse.
_INDEX_C = r"""

/*
 * turbohtml: indexes of the tree builder's two lists, so that no question about
 * them needs a scan of the whole list (each scan made some inputs quadratic).
 *
 * 1. The Noah's Ark clause (push_with_check_dupl below). On every push of a
 *    formatting element lexbor counts the entries after the last marker that
 *    equal it (lxb_dom_element_compare) and removes the earliest when there are
 *    3 or more. With distinct attributes nothing matches, the list grows, and n
 *    pushes cost n^2/2 compares.
 *
 *    tree->ark gives every list entry a key: a 64-bit hash of the element
 *    (names, namespace, and the sum of one hash per attribute, so attribute order
 *    does not matter) and of its depth (the number of markers before it). Equal
 *    elements at the same depth have equal keys, and the entries after the last
 *    marker are those at the current depth. The entries holding each key are
 *    chained (ark->same), so lxb_dom_element_compare sees the new element's
 *    chain only (none for a new element, a few at most): every equal entry, and
 *    the earliest of them, which lexbor's scan would remove.
 *
 * 2. Is an element in the list (ark->chain), on the stack of open elements
 *    (tree->open)? Reconstructing the active formatting elements asks it of the
 *    list's last entries before most start tags and text, the <a> start tag and
 *    the adoption agency of elements that are gone; lexbor's answer is a scan
 *    from the top of the stack, as long as the stack when the element is deep in
 *    it or absent (<b> then 100k nested <span>s: 2.3 s). The counts answer it;
 *    the stack's scan still runs when the position is wanted (the list's index
 *    knows each element's position).
 *
 * 3. Is an element in scope (open, with no scope boundary above it)? Below:
 *    the stack's entries count the boundaries at or below them (open_k), and the
 *    list's entries are chained per tag name and depth (ark->chain, ark->last),
 *    which finds the element a formatting end tag is about.
 *
 * 4. Removals from the middle of the list leave holes (below, before
 *    turbohtml_ark_key): no entry after them moves, no scan finds them.
 *
 * An index starts when its list grows past TURBOHTML_INDEX_FROM entries (below
 * that lexbor's scans are cheap, and most pages never get there) and then
 * mirrors the list: ark->entries holds one entry per slot of lexbor's array, and
 * every change to either list calls one of the turbohtml_* hooks. When a hook or a
 * question finds an index out of step with its list (its length differs), the
 * index is rebuilt from the list; when memory runs out, and after the end of a
 * parse, the indexes are off (lexbor's scans) until the tree is cleaned. Either
 * way the tree built is lexbor's.
 */

#define TURBOHTML_INDEX_FROM 32

struct turbohtml_ark_entry {
    uint64_t       key;    /* 0 for a marker or a hole */
    size_t         depth;  /* markers before the entry, a marker counting itself */
    lxb_dom_node_t *node;
};

struct turbohtml_slot {
    uint64_t key;    /* 0: free */
    size_t   count;  /* at least 1 for a key in the table */
};

static uint64_t
turbohtml_mix(uint64_t x)
{
    /* splitmix64's finalizer */
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/*
 * A table of counts: nonzero 64-bit key -> count, open addressing with linear
 * probing, at most 3/4 full; a key whose count drops to 0 leaves the table.
 */

/* The slot of key, or the free slot where it goes. */
static struct turbohtml_slot *
turbohtml_counts_slot(const turbohtml_counts_t *t, uint64_t key)
{
    size_t i = (size_t) turbohtml_mix(key) & t->mask;

    while (t->slots[i].key != 0 && t->slots[i].key != key) {
        i = (i + 1) & t->mask;
    }

    return &t->slots[i];
}

static size_t
turbohtml_counts_get(const turbohtml_counts_t *t, uint64_t key)
{
    const struct turbohtml_slot *slot;

    if (t->slots == NULL) {
        return 0;
    }

    slot = turbohtml_counts_slot(t, key);

    return (slot->key == key) ? slot->count : 0;
}

/* false: out of memory */
static bool
turbohtml_counts_add(turbohtml_counts_t *t, uint64_t key)
{
    size_t i, size;
    struct turbohtml_slot *slot;
    turbohtml_counts_t bigger;

    if (t->slots == NULL || (t->used + 1) * 4 > (t->mask + 1) * 3) {
        size = (t->slots != NULL) ? 2 * (t->mask + 1) : 16;
        bigger = *t;
        bigger.mask = size - 1;
        bigger.slots = lexbor_calloc(size, sizeof(struct turbohtml_slot));
        if (bigger.slots == NULL) {
            return false;
        }

        for (i = 0; t->slots != NULL && i <= t->mask; i++) {
            if (t->slots[i].key != 0) {
                *turbohtml_counts_slot(&bigger, t->slots[i].key) = t->slots[i];
            }
        }

        lexbor_free(t->slots);
        *t = bigger;
    }

    slot = turbohtml_counts_slot(t, key);

    if (slot->key == 0) {
        slot->key = key;
        t->used++;
    }

    slot->count++;
    t->total++;

    return true;
}

/* false: key was not counted (the table is out of step) */
static bool
turbohtml_counts_sub(turbohtml_counts_t *t, uint64_t key)
{
    size_t i, j, home;

    if (t->slots == NULL) {
        return false;
    }

    i = turbohtml_counts_slot(t, key) - t->slots;

    if (t->slots[i].key != key) {
        return false;
    }

    t->total--;

    if (--t->slots[i].count != 0) {
        return true;
    }

    /* Empty the slot, moving back the later keys of its run that may go there. */
    t->used--;

    for (j = (i + 1) & t->mask; t->slots[j].key != 0; j = (j + 1) & t->mask) {
        home = (size_t) turbohtml_mix(t->slots[j].key) & t->mask;

        if (((j - home) & t->mask) >= ((j - i) & t->mask)) {
            t->slots[i] = t->slots[j];
            i = j;
        }
    }

    t->slots[i].key = 0;
    t->slots[i].count = 0;

    return true;
}

static void
turbohtml_counts_free(turbohtml_counts_t *t)
{
    t->slots = lexbor_free(t->slots);
    t->mask = 0;
    t->used = 0;
    t->total = 0;
}

/*
 * A table of links: nonzero 64-bit key -> two nodes, open addressing with linear
 * probing, at most 3/4 full. Its keys are exact (an element's address; a tag name
 * and a depth; an entry key, whose chain holds every entry with the key): what it
 * holds is an answer, not a hint.
 */
struct turbohtml_link {
    uint64_t       key;   /* 0: free */
    lxb_dom_node_t *prev;
    lxb_dom_node_t *next;
    size_t         slot;  /* in ark->chain: the element's slot in the list */
};

static struct turbohtml_link *
turbohtml_links_slot(const turbohtml_links_t *t, uint64_t key)
{
    size_t i = (size_t) turbohtml_mix(key) & t->mask;

    while (t->slots[i].key != 0 && t->slots[i].key != key) {
        i = (i + 1) & t->mask;
    }

    return &t->slots[i];
}

/* The link of key, or NULL. */
static struct turbohtml_link *
turbohtml_links_get(const turbohtml_links_t *t, uint64_t key)
{
    struct turbohtml_link *slot;

    if (t->slots == NULL) {
        return NULL;
    }

    slot = turbohtml_links_slot(t, key);

    return (slot->key == key) ? slot : NULL;
}

/*
 * The link of key, added with two NULLs when new (*added says which). NULL: out
 * of memory. Adding moves the other links: pointers to them are stale after.
 */
static struct turbohtml_link *
turbohtml_links_put(turbohtml_links_t *t, uint64_t key, bool *added)
{
    size_t i, size;
    struct turbohtml_link *slot;
    turbohtml_links_t bigger;

    *added = false;
    slot = turbohtml_links_get(t, key);

    if (slot != NULL) {
        return slot;
    }

    if (t->slots == NULL || (t->used + 1) * 4 > (t->mask + 1) * 3) {
        size = (t->slots != NULL) ? 2 * (t->mask + 1) : 16;
        bigger.mask = size - 1;
        bigger.used = t->used;
        bigger.slots = lexbor_calloc(size, sizeof(struct turbohtml_link));
        if (bigger.slots == NULL) {
            return NULL;
        }

        for (i = 0; t->slots != NULL && i <= t->mask; i++) {
            if (t->slots[i].key != 0) {
                *turbohtml_links_slot(&bigger, t->slots[i].key) = t->slots[i];
            }
        }

        lexbor_free(t->slots);
        *t = bigger;
    }

    slot = turbohtml_links_slot(t, key);
    slot->key = key;
    slot->prev = NULL;
    slot->next = NULL;
    slot->slot = 0;
    t->used++;
    *added = true;

    return slot;
}

/* Remove key's link (it must be there). Moves other links. */
static void
turbohtml_links_del(turbohtml_links_t *t, struct turbohtml_link *slot)
{
    size_t i = slot - t->slots, j, home;

    t->used--;

    for (j = (i + 1) & t->mask; t->slots[j].key != 0; j = (j + 1) & t->mask) {
        home = (size_t) turbohtml_mix(t->slots[j].key) & t->mask;

        if (((j - home) & t->mask) >= ((j - i) & t->mask)) {
            t->slots[i] = t->slots[j];
            i = j;
        }
    }

    t->slots[i].key = 0;
    t->slots[i].prev = NULL;
    t->slots[i].next = NULL;
}

static void
turbohtml_links_free(turbohtml_links_t *t)
{
    t->slots = lexbor_free(t->slots);
    t->mask = 0;
    t->used = 0;
}

/* Count every node of list (markers apart). false: out of memory. */
static bool
turbohtml_counts_fill(turbohtml_counts_t *t, const lexbor_array_t *list)
{
    size_t i;

    turbohtml_counts_free(t);

    for (i = 0; i < list->length; i++) {
        if (list->list[i] != NULL
            && list->list[i] != lxb_html_tree_active_formatting_marker_node_static
            && !turbohtml_counts_add(t, (uintptr_t) list->list[i]))
        {
            return false;
        }
    }

    return true;
}


/*
 * The per-parse seed of every hashed key (tree->seed), drawn when an index first
 * starts: keys crafted to collide cannot be computed in advance. The keys are only
 * hints (a collision makes a count too high, which makes a scan run), so a weak
 * random source costs time at worst, never a different tree.
 */
#if defined(__linux__)
#include <sys/syscall.h>
extern long syscall(long number, ...);
#elif defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__)
extern void arc4random_buf(void *buf, size_t nbytes);
#define TURBOHTML_ARC4RANDOM 1
#endif
#include <time.h>

static uint64_t
turbohtml_seed(lxb_html_tree_t *tree)
{
    uint64_t seed = 0;

    if (tree->seed != 0) {
        return tree->seed;
    }

#if defined(__linux__) && defined(SYS_getrandom)
    if (syscall(SYS_getrandom, &seed, sizeof(seed), 1 /* GRND_NONBLOCK */)
        != (long) sizeof(seed))
    {
        seed = 0;
    }
#elif defined(TURBOHTML_ARC4RANDOM)
    arc4random_buf(&seed, sizeof(seed));
#endif

    /* without a random source: addresses (ASLR) and clocks */
    seed ^= turbohtml_mix((uintptr_t) tree ^ turbohtml_mix((uintptr_t) &seed)
                          ^ ((uint64_t) time(NULL) << 24) ^ (uint64_t) clock());
    tree->seed = (seed != 0) ? seed : 1;

    return tree->seed;
}

/* The key of (tag name, a count of the list below it, kind); never 0. */
static uint64_t
turbohtml_name_key(const lxb_html_tree_t *tree, uintptr_t name, size_t below,
                   unsigned kind)
{
    uint64_t h = turbohtml_mix(tree->seed ^ name);

    h = turbohtml_mix(h ^ (((uint64_t) below << 4) | kind));

    return (h != 0) ? h : 1;
}

#define TURBOHTML_KEY_SPECIAL  0  /* name, special elements at or below */
#define TURBOHTML_KEY_STOPPER  1  /* <li>/<dd>/<dt>, stoppers at or below */
#define TURBOHTML_KEY_ANYWHERE 3  /* <template>, anywhere on the stack */
#define TURBOHTML_KEY_SCOPE    4  /* an element (its address), scope boundaries at or below */
#define TURBOHTML_KEY_IN_SCOPE 5  /* name and namespace, scope boundaries at or below */
#define TURBOHTML_KEY_BUTTON   6  /* HTML <p>, button scope boundaries at or below */
#define TURBOHTML_KEY_LIST     7  /* HTML <li>, list item scope boundaries at or below */
#define TURBOHTML_KEY_TABLE    8  /* special name and namespace, table scope boundaries at or below */
#define TURBOHTML_KEY_FOREIGN  9  /* a foreign element's tag name, HTML elements at or below */


/*
 * The stack of open elements: tree->open counts each node on it. The in-body
 * rules walk the stack from the top down to the nearest special element (an
 * "any other end tag"), or to the nearest special element other than address,
 * div and p (a <li>, <dd> or <dt> start tag: the "stoppers"), looking for a
 * name; when the name is below that element, each such tag walked the whole
 * way for nothing (<span><div>, 20k <b>, 20k </span>: 1.5 s).
 *
 * tree->open_k gives every stack entry the number of special elements and of
 * stoppers at or below it. The walk from the top meets exactly the entries
 * whose count equals the top entry's (no special element above them), so
 * tree->open_tags counts the HTML elements per (name, special count) and the
 * <li>/<dd>/<dt> per (name, stopper count): a zero count for the top's count
 * means the walk finds nothing. Entries only move when lexbor removes one from
 * the middle of the stack (</form>, the adoption agency) or inserts one there,
 * which lexbor pays for by moving the entries above it; a special element
 * leaving changes the counts of those same entries.
 */
struct turbohtml_open_entry {
    size_t special;   /* special elements at or below the entry */
    size_t stoppers;  /* the same, without HTML address, div and p */
    size_t scope;     /* scope boundaries (all special) at or below the entry */
    size_t button;    /* button scope boundaries (the same and <button>) */
    size_t list;      /* list item scope boundaries (the same and <ol>, <ul>) */
    size_t table;     /* table scope boundaries (html, table, template) */
    size_t html;      /* HTML elements at or below the entry */
    lxb_dom_node_t *reset;  /* the nearest element at or below that resetting the
                               insertion mode stops at (turbohtml_is_reset), */
    size_t reset_idx;       /* and its entry */
};

/* A boundary of "in scope" (html, table, td, applet, MathML mi, SVG foreignObject...),
 * of button scope or of list item scope. Every element of these categories of
 * lexbor's is also special (html/tag_res.h). */
static bool
turbohtml_is_scope(const lxb_dom_node_t *node)
{
    return lxb_html_tag_is_category(node->local_name, node->ns,
                                    LXB_HTML_TAG_CATEGORY_SCOPE);
}

static bool
turbohtml_is_button_scope(const lxb_dom_node_t *node)
{
    return lxb_html_tag_is_category(node->local_name, node->ns,
                                    LXB_HTML_TAG_CATEGORY_SCOPE_BUTTON);
}

static bool
turbohtml_is_list_scope(const lxb_dom_node_t *node)
{
    return lxb_html_tag_is_category(node->local_name, node->ns,
                                    LXB_HTML_TAG_CATEGORY_SCOPE_LIST_ITEM);
}

static bool
turbohtml_is_table_scope(const lxb_dom_node_t *node)
{
    return lxb_html_tag_is_category(node->local_name, node->ns,
                                    LXB_HTML_TAG_CATEGORY_SCOPE_TABLE);
}

/* An element where "reset the insertion mode appropriately" stops walking down: every
 * other HTML element, and every foreign one, is passed (but the bottom entry). */
static bool
turbohtml_is_reset(const lxb_dom_node_t *node)
{
    if (node->ns != LXB_NS_HTML) {
        return false;
    }

    switch (node->local_name) {
        case LXB_TAG_TD: case LXB_TAG_TH: case LXB_TAG_TR: case LXB_TAG_TBODY:
        case LXB_TAG_TFOOT: case LXB_TAG_THEAD: case LXB_TAG_CAPTION:
        case LXB_TAG_COLGROUP: case LXB_TAG_TABLE: case LXB_TAG_TEMPLATE:
        case LXB_TAG_HEAD: case LXB_TAG_BODY: case LXB_TAG_FRAMESET: case LXB_TAG_HTML:
            return true;

        default:
            return false;
    }
}

static bool
turbohtml_is_formatting(const lxb_dom_node_t *node)
{
    return lxb_html_tag_is_category(node->local_name, node->ns,
                                    LXB_HTML_TAG_CATEGORY_FORMATTING);
}

/* The names "in scope?" is asked about: special elements, <ruby> (<rb>, <rtc>),
 * <nobr>, <option> and <optgroup>. The other names are not counted (lexbor's walk runs). */
static bool
turbohtml_scope_counted(uintptr_t tag_id, uintptr_t ns)
{
    return lxb_html_tag_is_category(tag_id, ns, LXB_HTML_TAG_CATEGORY_SPECIAL)
           || (ns == LXB_NS_HTML && (tag_id == LXB_TAG_RUBY || tag_id == LXB_TAG_NOBR
                                     || tag_id == LXB_TAG_OPTION
                                     || tag_id == LXB_TAG_OPTGROUP));
}

/* The "name" of (tag name, namespace) in a key (a collision only makes a count high). */
static uintptr_t
turbohtml_scope_name(uintptr_t tag_id, uintptr_t ns)
{
    return tag_id ^ (uintptr_t) turbohtml_mix(ns + 0x9e3779b97f4a7c15ULL);
}

static bool
turbohtml_is_special(const lxb_dom_node_t *node)
{
    return lxb_html_tag_is_category(node->local_name, node->ns,
                                    LXB_HTML_TAG_CATEGORY_SPECIAL);
}

static bool
turbohtml_is_stopper(const lxb_dom_node_t *node)
{
    return turbohtml_is_special(node)
           && !(node->ns == LXB_NS_HTML
                && (node->local_name == LXB_TAG_ADDRESS
                    || node->local_name == LXB_TAG_DIV
                    || node->local_name == LXB_TAG_P));
}

/* The entry of node at idx, over the entry below (unchanged by a change at idx). */
static struct turbohtml_open_entry
turbohtml_open_entry(const lxb_html_tree_t *tree, size_t idx, const lxb_dom_node_t *node)
{
    struct turbohtml_open_entry entry = {0};

    if (idx != 0) {
        entry = tree->open_k[idx - 1];
    }

    entry.html += (node->ns == LXB_NS_HTML);

    if (turbohtml_is_reset(node)) {
        entry.reset = (lxb_dom_node_t *) node;
        entry.reset_idx = idx;
    }

    if (turbohtml_is_special(node)) {
        entry.special++;
        entry.stoppers += turbohtml_is_stopper(node);
        entry.scope += turbohtml_is_scope(node);
        entry.button += turbohtml_is_button_scope(node);
        entry.list += turbohtml_is_list_scope(node);
        entry.table += turbohtml_is_table_scope(node);
    }

    return entry;
}

/* Count (add) or uncount node's names with its entry. false: out of step or memory. */
static bool
turbohtml_open_names(lxb_html_tree_t *tree, const lxb_dom_node_t *node,
                     const struct turbohtml_open_entry *entry, bool add)
{
    bool (*op)(turbohtml_counts_t *, uint64_t) = add ? turbohtml_counts_add
                                                     : turbohtml_counts_sub;

    /* "is it in scope?" (turbohtml_open_in_scope*): formatting elements by address
     * (the adoption agency asks about one), and the names end tags ask about */
    if (turbohtml_is_formatting(node)
        && !op(&tree->open_tags, turbohtml_name_key(tree, (uintptr_t) node, entry->scope,
                                                    TURBOHTML_KEY_SCOPE)))
    {
        return false;
    }

    if (turbohtml_scope_counted(node->local_name, node->ns)
        && !op(&tree->open_tags,
               turbohtml_name_key(tree, turbohtml_scope_name(node->local_name, node->ns),
                                  entry->scope, TURBOHTML_KEY_IN_SCOPE)))
    {
        return false;
    }

    /* table scope: the special elements (every name it is asked about is one) */
    if (turbohtml_is_special(node)
        && !op(&tree->open_tags,
               turbohtml_name_key(tree, turbohtml_scope_name(node->local_name, node->ns),
                                  entry->table, TURBOHTML_KEY_TABLE)))
    {
        return false;
    }

    /* a foreign content end tag looks for its name down to the nearest HTML element */
    if (node->ns != LXB_NS_HTML) {
        return op(&tree->open_tags, turbohtml_name_key(tree, node->local_name, entry->html,
                                                       TURBOHTML_KEY_FOREIGN));
    }

    if (node->local_name == LXB_TAG_P
        && !op(&tree->open_tags, turbohtml_name_key(tree, LXB_TAG_P, entry->button,
                                                    TURBOHTML_KEY_BUTTON)))
    {
        return false;
    }

    if (node->local_name == LXB_TAG_LI
        && !op(&tree->open_tags, turbohtml_name_key(tree, LXB_TAG_LI, entry->list,
                                                    TURBOHTML_KEY_LIST)))
    {
        return false;
    }

    if (!op(&tree->open_tags, turbohtml_name_key(tree, node->local_name, entry->special,
                                                 TURBOHTML_KEY_SPECIAL)))
    {
        return false;
    }

    if (node->local_name == LXB_TAG_TEMPLATE) {
        return op(&tree->open_tags, turbohtml_name_key(tree, LXB_TAG_TEMPLATE, 0,
                                                       TURBOHTML_KEY_ANYWHERE));
    }

    if (node->local_name == LXB_TAG_LI || node->local_name == LXB_TAG_DD
        || node->local_name == LXB_TAG_DT)
    {
        return op(&tree->open_tags, turbohtml_name_key(tree, node->local_name,
                                                       entry->stoppers,
                                                       TURBOHTML_KEY_STOPPER));
    }

    return true;
}

static bool
turbohtml_open_reserve(lxb_html_tree_t *tree, size_t length)
{
    size_t size;
    struct turbohtml_open_entry *entries;

    if (length <= tree->open_k_size) {
        return true;
    }

    size = (tree->open_k_size != 0) ? tree->open_k_size * 2 : 128;

    while (size < length) {
        size *= 2;
    }

    entries = lexbor_realloc(tree->open_k, size * sizeof(struct turbohtml_open_entry));
    if (entries == NULL) {
        return false;
    }

    tree->open_k = entries;
    tree->open_k_size = size;

    return true;
}

/* Index the stack afresh. false: out of memory. */
static bool
turbohtml_open_fill(lxb_html_tree_t *tree)
{
    size_t i;
    lxb_dom_node_t *node;

    turbohtml_seed(tree);
    tree->open_k_length = 0;
    turbohtml_counts_free(&tree->open_tags);

    if (!turbohtml_counts_fill(&tree->open, tree->open_elements)
        || !turbohtml_open_reserve(tree, tree->open_elements->length))
    {
        return false;
    }

    for (i = 0; i < tree->open_elements->length; i++) {
        node = tree->open_elements->list[i];
        tree->open_k[i] = turbohtml_open_entry(tree, i, node);

        if (!turbohtml_open_names(tree, node, &tree->open_k[i], true)) {
            return false;
        }
    }

    tree->open_k_length = tree->open_elements->length;

    return true;
}

/*
 * An HTML element came onto (up) or left (!up) the stack below the entries from
 * `from` up: each has one more (fewer) HTML element below it, which only the keys
 * of foreign elements hold. lexbor moved the same entries in its array.
 */
static bool
turbohtml_open_shift_html(lxb_html_tree_t *tree, size_t from, bool up)
{
    size_t i;
    bool foreign;
    struct turbohtml_open_entry *above;
    lxb_dom_node_t **list = (lxb_dom_node_t **) tree->open_elements->list;

    for (i = from; i < tree->open_k_length; i++) {
        above = &tree->open_k[i];
        foreign = list[i]->ns != LXB_NS_HTML;

        if (foreign && !turbohtml_open_names(tree, list[i], above, false)) {
            return false;
        }

        above->html = up ? above->html + 1 : above->html - 1;

        /* the element each stops at reset the mode moved if it was above the change */
        if (up && above->reset_idx + 1 >= from) {
            above->reset_idx++;
        }
        else if (!up && above->reset_idx > from) {
            above->reset_idx--;
        }

        if (foreign && !turbohtml_open_names(tree, list[i], above, true)) {
            return false;
        }
    }

    return true;
}

static void
turbohtml_open_refill(lxb_html_tree_t *tree)
{
    tree->open_state = turbohtml_open_fill(tree) ? TURBOHTML_INDEX_ON : TURBOHTML_INDEX_OFF;
}

/* list[idx] was inserted (pushed: idx is the top). */
void
turbohtml_open_added(lxb_html_tree_t *tree, size_t idx)
{
    lexbor_array_t *list = tree->open_elements;
    lxb_dom_node_t *node;
    struct turbohtml_open_entry entry;

    if (tree->open_state == TURBOHTML_INDEX_IDLE) {
        if (list->length > TURBOHTML_INDEX_FROM) {
            turbohtml_open_refill(tree);  /* the stack got deep: start */
        }

        return;
    }

    if (tree->open_state != TURBOHTML_INDEX_ON) {
        return;
    }

    node = (idx < list->length) ? list->list[idx] : NULL;

    /* a special element below others would change their counts (never seen) */
    if (node == NULL || list->length != tree->open_k_length + 1
        || (idx + 1 != list->length && turbohtml_is_special(node)))
    {
        turbohtml_open_refill(tree);
        return;
    }

    if (!turbohtml_open_reserve(tree, list->length)) {
        tree->open_state = TURBOHTML_INDEX_OFF;
        return;
    }

    entry = turbohtml_open_entry(tree, idx, node);
    memmove(&tree->open_k[idx + 1], &tree->open_k[idx],
            (tree->open_k_length - idx) * sizeof(entry));
    tree->open_k[idx] = entry;
    tree->open_k_length++;

    if (!turbohtml_counts_add(&tree->open, (uintptr_t) node)
        || !turbohtml_open_names(tree, node, &entry, true)
        || (node->ns == LXB_NS_HTML && !turbohtml_open_shift_html(tree, idx + 1, true)))
    {
        tree->open_state = TURBOHTML_INDEX_OFF;
    }
}

/* node, at idx, left the stack (popped: idx is the new length); the later ones moved down. */
void
turbohtml_open_removed(lxb_html_tree_t *tree, lxb_dom_node_t *node, size_t idx)
{
    size_t i;
    struct turbohtml_open_entry entry, below = {0}, *above;
    lxb_dom_node_t **list = (lxb_dom_node_t **) tree->open_elements->list;

    if (tree->open_state != TURBOHTML_INDEX_ON) {
        return;
    }

    if (tree->open_elements->length + 1 != tree->open_k_length
        || idx >= tree->open_k_length)
    {
        turbohtml_open_refill(tree);
        return;
    }

    entry = tree->open_k[idx];

    if (idx != 0) {
        below = tree->open_k[idx - 1];
    }

    if (!turbohtml_counts_sub(&tree->open, (uintptr_t) node)
        || !turbohtml_open_names(tree, node, &entry, false))
    {
        tree->open_state = TURBOHTML_INDEX_OFF;  /* out of step: cannot happen */
        return;
    }

    tree->open_k_length--;
    memmove(&tree->open_k[idx], &tree->open_k[idx + 1],
            (tree->open_k_length - idx) * sizeof(entry));

    if (entry.special == below.special) {
        if (entry.html != below.html && !turbohtml_open_shift_html(tree, idx, false)) {
            tree->open_state = TURBOHTML_INDEX_OFF;
        }

        return;
    }

    /* a special element left from below others: they have one fewer below */
    for (i = idx; i < tree->open_k_length; i++) {
        above = &tree->open_k[i];

        if (!turbohtml_open_names(tree, list[i], above, false)) {
            tree->open_state = TURBOHTML_INDEX_OFF;
            return;
        }

        above->special--;
        above->stoppers -= entry.stoppers - below.stoppers;
        above->scope -= entry.scope - below.scope;
        above->button -= entry.button - below.button;
        above->list -= entry.list - below.list;
        above->table -= entry.table - below.table;
        above->html -= entry.html - below.html;

        if (above->reset == node) {
            above->reset = below.reset;  /* the element they stopped at left */
            above->reset_idx = below.reset_idx;
        }
        else if (above->reset_idx > idx) {
            above->reset_idx--;
        }

        if (!turbohtml_open_names(tree, list[i], above, true)) {
            tree->open_state = TURBOHTML_INDEX_OFF;
            return;
        }
    }
}

/* list[idx] was overwritten with another element (old: what it held). */
void
turbohtml_open_replaced(lxb_html_tree_t *tree, size_t idx, lxb_dom_node_t *old)
{
    lxb_dom_node_t *node;

    if (tree->open_state != TURBOHTML_INDEX_ON) {
        return;
    }

    if (tree->open_elements->length != tree->open_k_length
        || idx >= tree->open_k_length)
    {
        turbohtml_open_refill(tree);
        return;
    }

    node = tree->open_elements->list[idx];

    if (turbohtml_is_special(node) != turbohtml_is_special(old)
        || turbohtml_is_stopper(node) != turbohtml_is_stopper(old)
        || turbohtml_is_scope(node) != turbohtml_is_scope(old)
        || turbohtml_is_button_scope(node) != turbohtml_is_button_scope(old)
        || turbohtml_is_list_scope(node) != turbohtml_is_list_scope(old)
        || turbohtml_is_table_scope(node) != turbohtml_is_table_scope(old)
        || (node->ns == LXB_NS_HTML) != (old->ns == LXB_NS_HTML)
        || turbohtml_is_reset(node) || turbohtml_is_reset(old))
    {
        turbohtml_open_refill(tree);
        return;
    }

    if (!turbohtml_counts_sub(&tree->open, (uintptr_t) old)
        || !turbohtml_open_names(tree, old, &tree->open_k[idx], false)
        || !turbohtml_counts_add(&tree->open, (uintptr_t) node)
        || !turbohtml_open_names(tree, node, &tree->open_k[idx], true))
    {
        tree->open_state = TURBOHTML_INDEX_OFF;
    }
}

/* The stack was emptied (clean, abort). */
void
turbohtml_open_clear(lxb_html_tree_t *tree)
{
    turbohtml_counts_free(&tree->open);
    turbohtml_counts_free(&tree->open_tags);
    tree->open_k_length = 0;
    tree->open_state = TURBOHTML_INDEX_IDLE;
    turbohtml_attrs_clear(tree);
}

/* The tree is destroyed, or its parse ended. */
static void
turbohtml_open_free(lxb_html_tree_t *tree)
{
    turbohtml_open_clear(tree);
    tree->open_k = lexbor_free(tree->open_k);
    tree->open_k_size = 0;
}

/* Whether the index is on and in step with the stack (rebuilt if it is not). */
static bool
turbohtml_open_ready(lxb_html_tree_t *tree)
{
    if (tree->open_state != TURBOHTML_INDEX_ON) {
        return false;
    }

    if (tree->open_k_length != tree->open_elements->length) {
        turbohtml_open_refill(tree);
    }

    return tree->open_state == TURBOHTML_INDEX_ON;
}

/* How many times node is on the stack, -1: not indexed. */
int
turbohtml_open_count(lxb_html_tree_t *tree, lxb_dom_node_t *node)
{
    size_t count;

    if (!turbohtml_open_ready(tree)) {
        return -1;
    }

    count = turbohtml_counts_get(&tree->open, (uintptr_t) node);

    return (count < 2) ? (int) count : 2;
}

/*
 * The adoption agency's last step: the formatting element (at entry from) leaves the
 * stack and the new element goes right above the furthest block. lexbor removes one
 * entry from the middle and inserts one there, so every entry above moves twice, with
 * its counts (turbohtml_open_shift_html), and it looks for the furthest block from the
 * bottom: <b>, n <div>, n </b> moved n^2 entries. Here the entries between the two
 * places move down one and nothing above them changes: the new element has the
 * formatting element's name and namespace, so each entry above has the same elements'
 * kinds at or below it. Its entry is remembered for the next end tag's look-up.
 * true: done, the same stack as lexbor's steps; false: not indexed or not as
 * expected, lexbor's steps run.
 */
bool
turbohtml_open_rotate(lxb_html_tree_t *tree, lxb_dom_node_t *formatting, size_t from,
                      lxb_dom_node_t *furthest, lxb_dom_node_t *node)
{
    size_t i, to;
    struct turbohtml_open_entry old_top;
    lxb_dom_node_t **list = (lxb_dom_node_t **) tree->open_elements->list;
    size_t length = tree->open_elements->length;

    if (!turbohtml_open_ready(tree) || from >= length || list[from] != formatting
        || node->local_name != formatting->local_name || node->ns != formatting->ns
        || turbohtml_open_count(tree, formatting) != 1
        || turbohtml_open_count(tree, furthest) != 1
        || turbohtml_open_count(tree, node) != 0)
    {
        return false;
    }

    /* the furthest block is above (the inner loop walked the same entries) */
    for (to = from + 1; to < length && list[to] != furthest; to++) {}

    if (to == length) {
        return false;
    }

    for (i = from; i <= to; i++) {
        if (!turbohtml_open_names(tree, list[i], &tree->open_k[i], false)) {
            tree->open_state = TURBOHTML_INDEX_OFF;
            return false;
        }
    }

    if (!turbohtml_counts_sub(&tree->open, (uintptr_t) formatting)
        || !turbohtml_counts_add(&tree->open, (uintptr_t) node))
    {
        tree->open_state = TURBOHTML_INDEX_OFF;
        return false;
    }

    old_top = tree->open_k[to];
    memmove(&list[from], &list[from + 1], (to - from) * sizeof(lxb_dom_node_t *));
    list[to] = node;

    for (i = from; i <= to; i++) {
        tree->open_k[i] = turbohtml_open_entry(tree, i, list[i]);

        if (!turbohtml_open_names(tree, list[i], &tree->open_k[i], true)) {
            tree->open_state = TURBOHTML_INDEX_OFF;
            return true;
        }
    }

    /* the counts below the entries above are the same (else the index is rebuilt) */
    if (old_top.special != tree->open_k[to].special
        || old_top.stoppers != tree->open_k[to].stoppers
        || old_top.scope != tree->open_k[to].scope
        || old_top.button != tree->open_k[to].button
        || old_top.list != tree->open_k[to].list
        || old_top.table != tree->open_k[to].table
        || old_top.html != tree->open_k[to].html)
    {
        turbohtml_open_refill(tree);
        return true;
    }

    /* the entries above that stop resetting the mode at a moved element: one lower */
    for (i = to + 1; i < length && tree->open_k[i].reset_idx > from
                     && tree->open_k[i].reset_idx <= to; i++)
    {
        tree->open_k[i].reset_idx--;
    }

    turbohtml_open_found(tree, node, to);

    return true;
}

/* 1: node is on the stack, 0: it is not, -1: not indexed (scan). */
int
turbohtml_open_has(lxb_html_tree_t *tree, lxb_dom_node_t *node)
{
    if (!turbohtml_open_ready(tree)) {
        return -1;
    }

    return turbohtml_counts_get(&tree->open, (uintptr_t) node) != 0;
}

/*
 * "Any other end tag": 0 when the walk from the top of the stack reaches a
 * special element before any HTML element named tag_id (the tag is ignored),
 * 1 when it may meet one, -1 not indexed or no special element (walk).
 */
int
turbohtml_open_has_tag(lxb_html_tree_t *tree, uintptr_t tag_id)
{
    size_t top;

    if (!turbohtml_open_ready(tree) || tree->open_k_length == 0) {
        return -1;
    }

    top = tree->open_k[tree->open_k_length - 1].special;

    if (top == 0) {
        return -1;
    }

    return turbohtml_counts_get(&tree->open_tags,
               turbohtml_name_key(tree, tag_id, top, TURBOHTML_KEY_SPECIAL)) != 0;
}

/*
 * "Is a <template> open?" (asked by <form>, </form>, foster parenting...): 1 yes,
 * 0 no, -1 not indexed. lexbor scans the whole stack for it.
 */
int
turbohtml_open_has_template(lxb_html_tree_t *tree)
{
    if (!turbohtml_open_ready(tree)) {
        return -1;
    }

    return turbohtml_counts_get(&tree->open_tags,
               turbohtml_name_key(tree, LXB_TAG_TEMPLATE, 0, TURBOHTML_KEY_ANYWHERE)) != 0;
}

/*
 * "Is node in scope?" (lxb_html_tree_element_in_scope_by_node with the scope
 * category, the adoption agency's step 8): its walk from the top of the stack
 * stops at node or at the first scope boundary. For node on the stack: 0 when
 * no entry of node has as many boundaries at or below it as the top (a boundary
 * is above each: not in scope), 1 when one may (walk), -1 not indexed or not a
 * formatting element.
 */
int
turbohtml_open_in_scope(lxb_html_tree_t *tree, lxb_dom_node_t *node)
{
    size_t top;

    if (!turbohtml_is_formatting(node) || !turbohtml_open_ready(tree)
        || tree->open_k_length == 0)
    {
        return -1;  /* (only formatting elements are counted by address) */
    }

    top = tree->open_k[tree->open_k_length - 1].scope;

    return turbohtml_counts_get(&tree->open_tags,
               turbohtml_name_key(tree, (uintptr_t) node, top, TURBOHTML_KEY_SCOPE)) != 0;
}

/* The number of boundaries of ct at or below entry. */
static size_t
turbohtml_scope_boundaries(const struct turbohtml_open_entry *entry,
                           lxb_html_tag_category_t ct)
{
    switch (ct) {
        case LXB_HTML_TAG_CATEGORY_SCOPE_BUTTON:
            return entry->button;

        case LXB_HTML_TAG_CATEGORY_SCOPE_LIST_ITEM:
            return entry->list;

        case LXB_HTML_TAG_CATEGORY_SCOPE_TABLE:
            return entry->table;

        default:
            return entry->scope;
    }
}

/* The key counting the elements named (tag_id, ns) with that many boundaries of ct
 * at or below them; 0: the index does not count them (scope: turbohtml_scope_counted;
 * button scope: <p>; list item scope: <li>; table scope: special elements). */
static uint64_t
turbohtml_scope_key(const lxb_html_tree_t *tree, uintptr_t tag_id, uintptr_t ns,
                    lxb_html_tag_category_t ct, size_t boundaries)
{
    bool html = ns == LXB_NS_HTML;

    if (ct == LXB_HTML_TAG_CATEGORY_SCOPE && turbohtml_scope_counted(tag_id, ns)) {
        return turbohtml_name_key(tree, turbohtml_scope_name(tag_id, ns), boundaries,
                                  TURBOHTML_KEY_IN_SCOPE);
    }

    if (ct == LXB_HTML_TAG_CATEGORY_SCOPE_BUTTON && html && tag_id == LXB_TAG_P) {
        return turbohtml_name_key(tree, LXB_TAG_P, boundaries, TURBOHTML_KEY_BUTTON);
    }

    if (ct == LXB_HTML_TAG_CATEGORY_SCOPE_LIST_ITEM && html && tag_id == LXB_TAG_LI) {
        return turbohtml_name_key(tree, LXB_TAG_LI, boundaries, TURBOHTML_KEY_LIST);
    }

    if (ct == LXB_HTML_TAG_CATEGORY_SCOPE_TABLE
        && lxb_html_tag_is_category(tag_id, ns, LXB_HTML_TAG_CATEGORY_SPECIAL))
    {
        return turbohtml_name_key(tree, turbohtml_scope_name(tag_id, ns), boundaries,
                                  TURBOHTML_KEY_TABLE);
    }

    return 0;
}

static size_t
turbohtml_found_slot(uintptr_t tag_id, uintptr_t ns)
{
    return (tag_id + ns * 7) & (TURBOHTML_FOUND_SLOTS - 1);
}

/* A walk "in scope?" found node at stack entry idx: remembered for the next question. */
void
turbohtml_open_found(lxb_html_tree_t *tree, lxb_dom_node_t *node, size_t idx)
{
    turbohtml_found_t *slot = &tree->open_found[turbohtml_found_slot(node->local_name,
                                                                     node->ns)];

    slot->node = node;
    slot->idx = idx;
}

/* Where node, on the stack once, is when a walk or a move last put it at an entry still
 * holding it (the unique entry, which lexbor's scan finds). false: scan. */
bool
turbohtml_open_at(lxb_html_tree_t *tree, lxb_dom_node_t *node, size_t *idx)
{
    const turbohtml_found_t *slot = &tree->open_found[turbohtml_found_slot(node->local_name,
                                                                           node->ns)];

    if (slot->node != node || slot->idx >= tree->open_elements->length
        || tree->open_elements->list[slot->idx] != node
        || turbohtml_open_count(tree, node) != 1)
    {
        return false;
    }

    if (idx != NULL) {
        *idx = slot->idx;
    }

    return true;
}

/*
 * The walk's answer without the walk, when the index knows it. 0: none is in
 * scope (*found NULL); 1: *found is the element the walk returns; -1: walk.
 * A yes needs the element: when the count for the top's boundaries is one, and
 * the element a walk last found with the name is still at its entry with as many
 * boundaries below as the top, it is that one (<select>, n <span>, n <option>:
 * each <option> walked the spans down to the <select>; n </body>: to the <body>).
 * A collision only makes a count high, so a count of one is exact.
 */
int
turbohtml_open_in_scope_find(lxb_html_tree_t *tree, uintptr_t tag_id, uintptr_t ns,
                             lxb_html_tag_category_t ct, lxb_dom_node_t **found)
{
    size_t top, count;
    uint64_t key;
    lxb_dom_node_t *node;
    const turbohtml_found_t *slot;

    *found = NULL;

    if (!turbohtml_open_ready(tree) || tree->open_k_length == 0) {
        return -1;
    }

    top = turbohtml_scope_boundaries(&tree->open_k[tree->open_k_length - 1], ct);
    key = turbohtml_scope_key(tree, tag_id, ns, ct, top);

    if (key == 0) {
        return -1;
    }

    count = turbohtml_counts_get(&tree->open_tags, key);

    if (count != 1) {
        return (count == 0) ? 0 : -1;
    }

    slot = &tree->open_found[turbohtml_found_slot(tag_id, ns)];

    if (slot->idx >= tree->open_k_length) {
        return -1;
    }

    node = tree->open_elements->list[slot->idx];

    if (node != slot->node || node->local_name != tag_id || node->ns != ns
        || turbohtml_scope_boundaries(&tree->open_k[slot->idx], ct) != top)
    {
        return -1;
    }

    *found = node;

    return 1;
}

/* The same for the first of several names (the walks for <td>/<th>, <option>/<optgroup>,
 * <tbody>/<thead>/<tfoot>): known when one name's answer is yes and the others' no. */
int
turbohtml_open_in_scope_any(lxb_html_tree_t *tree, const lxb_tag_id_t *names, size_t n,
                            lxb_html_tag_category_t ct, lxb_dom_node_t **found)
{
    size_t i;
    int has, yes = 0;
    lxb_dom_node_t *node;

    *found = NULL;

    for (i = 0; i < n; i++) {
        has = turbohtml_open_in_scope_find(tree, names[i], LXB_NS_HTML, ct, &node);

        if (has == -1 || (has == 1 && yes++ != 0)) {
            *found = NULL;
            return -1;
        }

        if (has == 1) {
            *found = node;
        }
    }

    return yes;
}

/*
 * "Reset the insertion mode appropriately" (after </table>, </template>, </caption>...)
 * walks from the top of the stack down to the nearest element turbohtml_is_reset
 * names (n <span>, then (<table></table>) repeated: each </table> walked the spans,
 * 20k: 3.6 s). The entry to start the walk at plus one, or 0 (walk from the top).
 */
size_t
turbohtml_open_reset_from(lxb_html_tree_t *tree)
{
    const struct turbohtml_open_entry *top;

    if (!turbohtml_open_ready(tree) || tree->open_k_length == 0) {
        return 0;
    }

    top = &tree->open_k[tree->open_k_length - 1];

    if (top->reset == NULL || top->reset_idx >= tree->open_k_length
        || tree->open_elements->list[top->reset_idx] != top->reset)
    {
        return 0;  /* (an entry moved below it: walk) */
    }

    return top->reset_idx + 1;
}

/*
 * A foreign content end tag ("any other end tag") walks from the top down the
 * foreign elements above the nearest HTML element for one with its tag name (svg,
 * n <g>, n </x>: n^2/2 steps). 0 when the top is foreign and none of them has the
 * name (the walk finds nothing), 1 when one may, -1 not indexed or an HTML top.
 */
int
turbohtml_open_foreign_has(lxb_html_tree_t *tree, uintptr_t tag_id)
{
    size_t top;

    if (!turbohtml_open_ready(tree) || tree->open_k_length == 0) {
        return -1;
    }

    top = tree->open_k_length - 1;

    if (((lxb_dom_node_t *) tree->open_elements->list[top])->ns == LXB_NS_HTML) {
        return -1;
    }

    return turbohtml_counts_get(&tree->open_tags,
               turbohtml_name_key(tree, tag_id, tree->open_k[top].html,
                                  TURBOHTML_KEY_FOREIGN)) != 0;
}

/*
 * A <li> (a = b = LI) or <dd>/<dt> (DD, DT) start tag: 0 when the walk from the
 * top reaches a stopper, or the bottom, before any HTML element named a or b
 * (the walk does nothing), 1 when it may meet one, -1 not indexed.
 */
int
turbohtml_open_reaches(lxb_html_tree_t *tree, uintptr_t a, uintptr_t b)
{
    size_t top;

    if (!turbohtml_open_ready(tree)) {
        return -1;
    }

    top = (tree->open_k_length != 0) ? tree->open_k[tree->open_k_length - 1].stoppers : 0;

    return turbohtml_counts_get(&tree->open_tags,
                                turbohtml_name_key(tree, a, top, TURBOHTML_KEY_STOPPER)) != 0
           || turbohtml_counts_get(&tree->open_tags,
                                   turbohtml_name_key(tree, b, top, TURBOHTML_KEY_STOPPER)) != 0;
}


/*
 * The list of active formatting elements (tree->ark).
 *
 * ark->entries mirrors lexbor's array slot by slot (the element, marker or
 * hole, its key, its depth). Per element, ark->chain holds its slot and links it
 * to the entries before and after it with its tag name and depth (ark->last: the
 * last of each such chain), so a formatting end tag (the adoption agency's first
 * step) or an <a> start tag finds the last entry with its name after the last
 * marker at once (20k distinct <b id=...> then 20k </i>: 1.0 s, each </i>
 * scanned every <b>); ark->same links it to the entries with its key
 * (ark->same_last: the last of each), the only ones the Noah's Ark clause needs
 * to compare.
 *
 * Removals from the middle of the list (the Noah's Ark clause, the adoption
 * agency, an <a> start tag) leave a hole in the entry's slot instead of moving
 * every later entry down one slot (lexbor_array_delete's memmove: 3 copies each
 * of 10k distinct <b id=...>, 10k <i id=...>, then the first 10k <b> again took
 * 0.8 s, 30k 9.5 s). lexbor sees the list without its holes: an index it holds
 * counts the live entries (elements and markers) before the entry, and
 * ark->live, a Fenwick tree over the slots, turns such an index into a slot and
 * back in O(log n); so every function below does to the live entries exactly
 * what lexbor's does to its array. No hole is ever last (removing the last entry
 * drops the holes before it); holes go when they outnumber the live entries
 * (the array is closed up, paid for by the removals that made them), and when
 * reconstructing the active formatting elements walks back over them (the
 * stretch walked is closed up: no walk passes the same hole twice).
 */

/* What a slot holds once its entry left from the middle of the list. */
static lxb_html_element_t turbohtml_ark_hole_static;
#define TURBOHTML_HOLE ((lxb_dom_node_t *) &turbohtml_ark_hole_static)

/*
 * Elements that lxb_dom_element_compare finds equal get the same key at the same
 * depth. compare wants the same names and namespace, as many attributes on each
 * side, and every attribute of one matched by an attribute of the other (local
 * name, ns, qualified name and value; a NULL value differs from an empty one).
 * The tree builder gives an element at most one attribute per local name, so
 * equal elements hold the same attributes in some order; their hashes are summed.
 */
static uint64_t
turbohtml_ark_key(const lxb_html_tree_t *tree, lxb_dom_node_t *node, size_t depth)
{
    const lxb_dom_element_t *element = lxb_dom_interface_element(node);
    const lxb_dom_attr_t *attr;
    const lxb_char_t *data;
    size_t length;
    uint64_t h, word, sum = 0;

    for (attr = element->first_attr; attr != NULL; attr = attr->next) {
        h = turbohtml_mix(attr->node.local_name ^ tree->seed);
        h = turbohtml_mix(h ^ attr->node.ns);
        h = turbohtml_mix(h ^ attr->qualified_name);

        if (attr->value != NULL) {
            data = attr->value->data;
            length = attr->value->length;
            h = turbohtml_mix(h ^ (length + 1));

            for (; length >= 8; length -= 8, data += 8) {
                memcpy(&word, data, 8);
                h = turbohtml_mix(h ^ word);
            }

            if (length != 0) {
                word = 0;
                memcpy(&word, data, length);
                h = turbohtml_mix(h ^ word);
            }
        }

        sum += h;
    }

    h = turbohtml_mix(sum ^ node->local_name ^ tree->seed);
    h = turbohtml_mix(h ^ node->ns);
    h = turbohtml_mix(h ^ element->qualified_name);
    h = turbohtml_mix(h ^ depth);

    return (h != 0) ? h : 1;
}

static bool
turbohtml_ark_live_entry(const struct turbohtml_ark_entry *entry)
{
    return entry->node != TURBOHTML_HOLE;
}

/*
 * ark->live, a Fenwick tree over live_size slots (a power of two): live[i], i
 * from 1, counts the live entries in the slots from i - (i & -i) to i - 1.
 */
static void
turbohtml_live_add(turbohtml_ark_t *ark, size_t slot, bool live)
{
    size_t i;

    for (i = slot + 1; i <= ark->live_size; i += i & (0 - i)) {
        if (live) {
            ark->live[i]++;
        }
        else {
            ark->live[i]--;
        }
    }
}

/* The live entries in the slots before slot: lexbor's index of the entry there. */
static size_t
turbohtml_live_rank(const turbohtml_ark_t *ark, size_t slot)
{
    size_t i, rank = 0;

    for (i = slot; i != 0; i &= i - 1) {
        rank += ark->live[i];
    }

    return rank;
}

/* The slot of the live entry at lexbor's index idx (below the live entries). */
static size_t
turbohtml_live_slot(const turbohtml_ark_t *ark, size_t idx)
{
    size_t slot = 0, step;

    for (step = ark->live_size; step != 0; step >>= 1) {
        if (ark->live[slot + step] <= idx) {
            slot += step;
            idx -= ark->live[slot];
        }
    }

    return slot;
}

/* Fill ark->live from the entries (rebuilt when the list outgrows it). false: out of memory. */
static bool
turbohtml_live_build(turbohtml_ark_t *ark)
{
    size_t i, up, size = 64;
    size_t *live;

    while (size < ark->length) {
        size *= 2;
    }

    if (size != ark->live_size) {
        live = lexbor_realloc(ark->live, (size + 1) * sizeof(size_t));
        if (live == NULL) {
            return false;
        }

        ark->live = live;
        ark->live_size = size;
    }

    memset(ark->live, 0, (size + 1) * sizeof(size_t));

    for (i = 1; i <= size; i++) {
        if (i <= ark->length) {
            ark->live[i] += turbohtml_ark_live_entry(&ark->entries[i - 1]);
        }

        up = i + (i & (0 - i));
        if (up <= size) {
            ark->live[up] += ark->live[i];
        }
    }

    return true;
}

/*
 * Chains: the entries of one group, in the list's order, linked by element in
 * members (the member before and after it), the last member of each group in
 * lasts (its prev). The groups are a tag name at a depth (ark->chain, ark->last;
 * turbohtml_chain_key) and an entry key (ark->same, ark->same_last). The last
 * entry named X after the last marker, which the adoption agency's first step
 * scans the list for, is the last of the chain of (X, the last entry's depth).
 */
static bool
turbohtml_chain_key(uintptr_t name, size_t depth, uint64_t *key)
{
    if ((uint64_t) name >= ((uint64_t) 1 << 31) || (uint64_t) depth >= 0xffffffffULL) {
        return false;  /* too big for a key (never seen) */
    }

    *key = ((uint64_t) name << 32) | ((uint64_t) depth + 1);

    return true;
}

/*
 * Link node, at slot, into the chain of group: after the members in earlier
 * slots (all of them, but for an insertion: the adoption agency's bookmark,
 * where the walk passes the few members after it). false: out of step or memory.
 */
static bool
turbohtml_chain_link(turbohtml_ark_t *ark, turbohtml_links_t *members,
                     turbohtml_links_t *lasts, uint64_t group,
                     lxb_dom_node_t *node, size_t slot)
{
    struct turbohtml_link *link, *record;
    lxb_dom_node_t *prev, *next = NULL;
    bool added;

    link = turbohtml_links_put(lasts, group, &added);
    if (link == NULL) {
        return false;
    }

    for (prev = link->prev; prev != NULL; prev = link->prev) {
        record = turbohtml_links_get(&ark->chain, (uintptr_t) prev);
        link = turbohtml_links_get(members, (uintptr_t) prev);
        if (record == NULL || link == NULL) {
            return false;
        }

        if (record->slot < slot) {
            break;
        }

        next = prev;
    }

    if (turbohtml_links_put(members, (uintptr_t) node, &added) == NULL
        || !added)  /* the element is in the list twice (never seen) */
    {
        return false;
    }

    /* no link moves from here on */
    link = turbohtml_links_get(members, (uintptr_t) node);
    link->prev = prev;
    link->next = next;

    if (prev != NULL) {
        turbohtml_links_get(members, (uintptr_t) prev)->next = node;
    }

    link = (next != NULL) ? turbohtml_links_get(members, (uintptr_t) next)
                          : turbohtml_links_get(lasts, group);
    link->prev = node;

    return true;
}

/*
 * Take old out of the chain of group; put node in its place when not NULL (a
 * clone in old's slot). false: out of step or memory.
 */
static bool
turbohtml_chain_unlink(turbohtml_links_t *members, turbohtml_links_t *lasts,
                       uint64_t group, lxb_dom_node_t *old, lxb_dom_node_t *node)
{
    lxb_dom_node_t *prev, *next;
    struct turbohtml_link *link;
    bool added;

    link = turbohtml_links_get(members, (uintptr_t) old);
    if (link == NULL) {
        return false;
    }

    prev = link->prev;
    next = link->next;
    turbohtml_links_del(members, link);

    if (node != NULL) {
        link = turbohtml_links_put(members, (uintptr_t) node, &added);
        if (link == NULL || !added) {
            return false;
        }

        link->prev = prev;
        link->next = next;
    }

    if (prev != NULL) {
        link = turbohtml_links_get(members, (uintptr_t) prev);
        if (link == NULL || link->next != old) {
            return false;
        }

        link->next = (node != NULL) ? node : next;
    }

    link = (next != NULL) ? turbohtml_links_get(members, (uintptr_t) next)
                          : turbohtml_links_get(lasts, group);
    if (link == NULL || link->prev != old) {
        return false;
    }

    link->prev = (node != NULL) ? node : prev;

    if (next == NULL && link->prev == NULL) {
        turbohtml_links_del(lasts, link);  /* the chain is empty */
    }

    return true;
}

/* Index the element at slot: link its chains. false: out of step or memory. */
static bool
turbohtml_ark_hold(turbohtml_ark_t *ark, size_t slot)
{
    const struct turbohtml_ark_entry *entry = &ark->entries[slot];
    uint64_t group;

    if (!turbohtml_chain_key(entry->node->local_name, entry->depth, &group)
        || !turbohtml_chain_link(ark, &ark->chain, &ark->last, group, entry->node, slot))
    {
        return false;
    }

    turbohtml_links_get(&ark->chain, (uintptr_t) entry->node)->slot = slot;

    return turbohtml_chain_link(ark, &ark->same, &ark->same_last, entry->key,
                                entry->node, slot);
}

/* Unindex the element of entry, which leaves the list. false: out of step. */
static bool
turbohtml_ark_release(turbohtml_ark_t *ark, const struct turbohtml_ark_entry *entry)
{
    uint64_t group;

    return turbohtml_chain_key(entry->node->local_name, entry->depth, &group)
           && turbohtml_chain_unlink(&ark->chain, &ark->last, group, entry->node, NULL)
           && turbohtml_chain_unlink(&ark->same, &ark->same_last, entry->key,
                                     entry->node, NULL);
}

/*
 * The element at slot is now a clone of old (reconstruction, the adoption
 * agency): it takes old's place in its chains. false: out of step or memory.
 */
static bool
turbohtml_ark_swap(lxb_html_tree_t *tree, size_t slot, lxb_dom_node_t *old)
{
    turbohtml_ark_t *ark = &tree->ark;
    struct turbohtml_ark_entry *entry = &ark->entries[slot], gone = *entry;
    lxb_dom_node_t *node = entry->node;
    uint64_t group, key = turbohtml_ark_key(tree, node, entry->depth);

    gone.node = old;

    if (old->local_name != node->local_name) {  /* (a clone keeps the name) */
        entry->key = key;
        return turbohtml_ark_release(ark, &gone) && turbohtml_ark_hold(ark, slot);
    }

    if (!turbohtml_chain_key(node->local_name, entry->depth, &group)
        || !turbohtml_chain_unlink(&ark->chain, &ark->last, group, old, node))
    {
        return false;
    }

    turbohtml_links_get(&ark->chain, (uintptr_t) node)->slot = slot;

    if (key == entry->key) {
        return turbohtml_chain_unlink(&ark->same, &ark->same_last, key, old, node);
    }

    /* the clone's attributes differ (never seen) */
    entry->key = key;

    return turbohtml_chain_unlink(&ark->same, &ark->same_last, gone.key, old, NULL)
           && turbohtml_chain_link(ark, &ark->same, &ark->same_last, key, node, slot);
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
        return false;
    }

    ark->entries = entries;
    ark->size = size;

    return true;
}

/* Drop the holes from lexbor's array, before lexbor's scans run on it again. */
static void
turbohtml_ark_unhole(lexbor_array_t *list)
{
    size_t i, to = 0;

    for (i = 0; i < list->length; i++) {
        if (list->list[i] != TURBOHTML_HOLE) {
            list->list[to++] = list->list[i];
        }
    }

    list->length = to;
}

/* Out of memory (or of step, which cannot happen): lexbor's scans from here on. */
static void
turbohtml_ark_off(lxb_html_tree_t *tree)
{
    turbohtml_ark_unhole(tree->active_formatting);
    tree->ark.state = TURBOHTML_INDEX_OFF;
}

static void
turbohtml_ark_free_tables(turbohtml_ark_t *ark)
{
    turbohtml_links_free(&ark->chain);
    turbohtml_links_free(&ark->last);
    turbohtml_links_free(&ark->same);
    turbohtml_links_free(&ark->same_last);
}

/* Build the index from the list (when it starts, or finds itself out of step). */
static void
turbohtml_ark_resync(lxb_html_tree_t *tree)
{
    turbohtml_ark_t *ark = &tree->ark;
    lexbor_array_t *list = tree->active_formatting;
    struct turbohtml_ark_entry *entry;
    size_t i, depth = 0;

    turbohtml_seed(tree);
    turbohtml_ark_unhole(list);
    turbohtml_ark_free_tables(ark);
    ark->length = 0;
    ark->holes = 0;
    ark->pending = NULL;
    ark->state = TURBOHTML_INDEX_ON;

    if (!turbohtml_ark_reserve(ark, list->length)) {
        turbohtml_ark_off(tree);
        return;
    }

    for (i = 0; i < list->length; i++) {
        entry = &ark->entries[i];
        entry->node = list->list[i];

        if (entry->node == lxb_html_tree_active_formatting_marker_node_static) {
            entry->key = 0;
            entry->depth = ++depth;
        }
        else {
            entry->key = turbohtml_ark_key(tree, entry->node, depth);
            entry->depth = depth;

            if (!turbohtml_ark_hold(ark, i)) {
                turbohtml_ark_off(tree);
                return;
            }
        }
    }

    ark->length = list->length;

    if (!turbohtml_live_build(ark)) {
        turbohtml_ark_off(tree);
    }
}

/* Whether the index is on and in step with the list (rebuilt if it is not). */
static bool
turbohtml_ark_ready(lxb_html_tree_t *tree)
{
    if (tree->ark.state == TURBOHTML_INDEX_ON
        && tree->ark.length != tree->active_formatting->length)
    {
        turbohtml_ark_resync(tree);
    }

    return tree->ark.state == TURBOHTML_INDEX_ON;
}

/* No hole is last: those at the end of the list go. */
static void
turbohtml_ark_trim(lxb_html_tree_t *tree)
{
    turbohtml_ark_t *ark = &tree->ark;

    while (ark->length != 0 && !turbohtml_ark_live_entry(&ark->entries[ark->length - 1])) {
        ark->length--;
        ark->holes--;
    }

    tree->active_formatting->length = ark->length;
}

/* Close up the slots from `from` on: their live entries move down over the holes. */
static void
turbohtml_ark_close(lxb_html_tree_t *tree, size_t from)
{
    turbohtml_ark_t *ark = &tree->ark;
    void **list = tree->active_formatting->list;
    struct turbohtml_link *record;
    size_t i, to = from;

    if (ark->state != TURBOHTML_INDEX_ON || ark->holes == 0) {
        return;
    }

    for (i = from; i < ark->length; i++) {
        if (!turbohtml_ark_live_entry(&ark->entries[i])) {
            continue;
        }

        if (i != to) {
            ark->entries[to] = ark->entries[i];
            list[to] = list[i];
            turbohtml_live_add(ark, i, false);
            turbohtml_live_add(ark, to, true);

            record = turbohtml_links_get(&ark->chain, (uintptr_t) list[to]);
            if (record != NULL) {
                record->slot = to;  /* (an element: markers have no record) */
            }
        }

        to++;
    }

    ark->holes -= ark->length - to;
    ark->length = to;
    tree->active_formatting->length = to;
}

/* The element at slot leaves the list: a hole takes its place, no later entry moves. */
static void
turbohtml_ark_drop(lxb_html_tree_t *tree, size_t slot)
{
    turbohtml_ark_t *ark = &tree->ark;
    lexbor_array_t *list = tree->active_formatting;
    struct turbohtml_ark_entry *entry = &ark->entries[slot];
    size_t idx;

    if (entry->key == 0 || !turbohtml_ark_release(ark, entry)) {
        /* a marker (never seen: the entries after it would lose a depth), or out
         * of step: lexbor's removal, then the index anew */
        idx = turbohtml_live_rank(ark, slot);
        turbohtml_ark_unhole(list);
        lexbor_array_delete(list, idx, 1);
        turbohtml_ark_resync(tree);
        return;
    }

    entry->node = TURBOHTML_HOLE;
    entry->key = 0;
    list->list[slot] = TURBOHTML_HOLE;
    ark->holes++;
    turbohtml_live_add(ark, slot, false);

    turbohtml_ark_trim(tree);

    if (2 * ark->holes > ark->length) {
        turbohtml_ark_close(tree, 0);
    }
}

/* list[idx] was pushed (with the index on, nothing else is inserted by lexbor). */
void
turbohtml_ark_inserted(lxb_html_tree_t *tree, size_t idx)
{
    turbohtml_ark_t *ark = &tree->ark;
    lexbor_array_t *list = tree->active_formatting;
    struct turbohtml_ark_entry *entry;

    if (ark->state != TURBOHTML_INDEX_ON) {
        if (ark->state == TURBOHTML_INDEX_IDLE && list->length > TURBOHTML_INDEX_FROM) {
            turbohtml_ark_resync(tree);  /* the list got long: start */
        }

        return;
    }

    if (list->length != ark->length + 1 || idx + 1 != list->length) {
        turbohtml_ark_resync(tree);
        return;
    }

    if (!turbohtml_ark_reserve(ark, list->length)) {
        turbohtml_ark_off(tree);
        return;
    }

    entry = &ark->entries[idx];
    entry->node = list->list[idx];
    entry->depth = (idx != 0) ? entry[-1].depth : 0;
    entry->key = 0;
    ark->length++;

    if (ark->length <= ark->live_size) {
        turbohtml_live_add(ark, idx, true);
    }
    else if (!turbohtml_live_build(ark)) {
        turbohtml_ark_off(tree);
        return;
    }

    if (entry->node == lxb_html_tree_active_formatting_marker_node_static) {
        entry->depth++;
        return;
    }

    if (entry->node == ark->pending && entry->depth == ark->pending_depth) {
        entry->key = ark->pending_key;  /* turbohtml_ark_noah computed it */
    }
    else {
        entry->key = turbohtml_ark_key(tree, entry->node, entry->depth);
    }

    ark->pending = NULL;

    if (!turbohtml_ark_hold(ark, idx)) {
        turbohtml_ark_off(tree);
    }
}

/* lexbor removed list[idx] (the index is not on then: turbohtml_ark_drop is). */
void
turbohtml_ark_removed(lxb_html_tree_t *tree, size_t idx)
{
    (void) idx;

    if (tree->ark.state == TURBOHTML_INDEX_ON) {
        turbohtml_ark_resync(tree);  /* (never seen) */
    }
}

/* Entries left the end of the list (pop, up_to_last_marker). */
void
turbohtml_ark_truncated(lxb_html_tree_t *tree)
{
    turbohtml_ark_t *ark = &tree->ark;
    struct turbohtml_ark_entry *entry;

    if (ark->state != TURBOHTML_INDEX_ON) {
        return;
    }

    if (tree->active_formatting->length > ark->length) {
        turbohtml_ark_resync(tree);
        return;
    }

    while (ark->length > tree->active_formatting->length) {
        entry = &ark->entries[--ark->length];

        if (!turbohtml_ark_live_entry(entry)) {
            ark->holes--;
            continue;
        }

        turbohtml_live_add(ark, ark->length, false);

        if (entry->key != 0 && !turbohtml_ark_release(ark, entry)) {
            turbohtml_ark_off(tree);
            return;
        }
    }

    turbohtml_ark_trim(tree);
}

/* list[slot] was overwritten with a clone of the element it held. */
void
turbohtml_ark_replaced(lxb_html_tree_t *tree, size_t slot)
{
    turbohtml_ark_t *ark = &tree->ark;
    lexbor_array_t *list = tree->active_formatting;
    lxb_dom_node_t *old;

    if (ark->state != TURBOHTML_INDEX_ON) {
        return;
    }

    if (list->length != ark->length || slot >= ark->length
        || ark->entries[slot].key == 0
        || list->list[slot] == lxb_html_tree_active_formatting_marker_node_static
        || list->list[slot] == TURBOHTML_HOLE)
    {
        turbohtml_ark_resync(tree);
        return;
    }

    old = ark->entries[slot].node;
    ark->entries[slot].node = list->list[slot];

    if (old != list->list[slot] && !turbohtml_ark_swap(tree, slot, old)) {
        turbohtml_ark_off(tree);
    }
}

/* The adoption agency's afe_list[idx] = node (a clone), idx counting live entries. */
void
turbohtml_ark_set(lxb_html_tree_t *tree, size_t idx, lxb_dom_node_t *node)
{
    size_t slot = turbohtml_ark_ready(tree) ? turbohtml_live_slot(&tree->ark, idx) : idx;

    tree->active_formatting->list[slot] = node;
    turbohtml_ark_replaced(tree, slot);
}

/* A hole in a new slot at the end, for turbohtml_ark_insert. false: out of memory. */
static bool
turbohtml_ark_append_hole(lxb_html_tree_t *tree)
{
    turbohtml_ark_t *ark = &tree->ark;
    struct turbohtml_ark_entry *entry;

    if (!turbohtml_ark_reserve(ark, ark->length + 1)
        || lexbor_array_push(tree->active_formatting, TURBOHTML_HOLE) != LXB_STATUS_OK)
    {
        return false;
    }

    entry = &ark->entries[ark->length];
    entry->node = TURBOHTML_HOLE;
    entry->key = 0;
    entry->depth = (ark->length != 0) ? entry[-1].depth : 0;
    ark->length++;
    ark->holes++;

    return ark->length <= ark->live_size || turbohtml_live_build(ark);
}

/* Move the (live) entries of slots [from, to) one slot up, or down. */
static void
turbohtml_ark_move(lxb_html_tree_t *tree, size_t from, size_t to, bool up)
{
    turbohtml_ark_t *ark = &tree->ark;
    void **list = tree->active_formatting->list;
    struct turbohtml_link *record;
    size_t i, dst = up ? from + 1 : from - 1;

    memmove(&ark->entries[dst], &ark->entries[from], (to - from) * sizeof(*ark->entries));
    memmove(&list[dst], &list[from], (to - from) * sizeof(*list));

    for (i = dst; i < dst + (to - from); i++) {
        record = turbohtml_links_get(&ark->chain, (uintptr_t) list[i]);
        if (record != NULL) {
            record->slot = i;  /* (an element: markers have no record) */
        }
    }
}

/*
 * lexbor_array_insert(list, idx, node), idx counting live entries (the adoption
 * agency's bookmark): the entries between the slot of idx and the nearest hole
 * on either side (or a new slot at the end) move one slot toward the hole.
 */
lxb_status_t
turbohtml_ark_insert(lxb_html_tree_t *tree, lxb_dom_node_t *node, size_t idx)
{
    turbohtml_ark_t *ark = &tree->ark;
    lexbor_array_t *list = tree->active_formatting;
    struct turbohtml_ark_entry *entry;
    size_t slot, hole, d;
    lxb_status_t status;

    if (!turbohtml_ark_ready(tree)) {
        status = lexbor_array_insert(list, idx, node);

        if (status == LXB_STATUS_OK) {
            turbohtml_ark_inserted(tree, idx);
        }

        return status;
    }

    if (idx > ark->length - ark->holes
        || node == lxb_html_tree_active_formatting_marker_node_static)
    {
        /* (never seen) lexbor's insertion, then the index anew */
        turbohtml_ark_unhole(list);
        status = lexbor_array_insert(list, idx, node);
        turbohtml_ark_resync(tree);

        return status;
    }

    if (idx == ark->length - ark->holes) {
        status = lexbor_array_push(list, node);

        if (status == LXB_STATUS_OK) {
            turbohtml_ark_inserted(tree, list->length - 1);
        }

        return status;
    }

    slot = turbohtml_live_slot(ark, idx);

    for (d = 0; ; d++) {
        if (d < slot && !turbohtml_ark_live_entry(&ark->entries[slot - 1 - d])) {
            hole = slot - 1 - d;
            turbohtml_ark_move(tree, hole + 1, slot, false);
            slot--;
            break;
        }

        if (slot + d == ark->length && !turbohtml_ark_append_hole(tree)) {
            turbohtml_ark_off(tree);
            return lexbor_array_insert(list, idx, node);
        }

        if (!turbohtml_ark_live_entry(&ark->entries[slot + d])) {
            hole = slot + d;
            turbohtml_ark_move(tree, slot, hole, true);
            break;
        }
    }

    /* the hole's slot is live now, the entries between it and slot moved */
    ark->holes--;
    turbohtml_live_add(ark, hole, true);

    entry = &ark->entries[slot];
    entry->node = node;
    entry->depth = (slot != 0) ? entry[-1].depth : 0;  /* (a hole keeps the depth it had) */
    entry->key = turbohtml_ark_key(tree, node, entry->depth);
    list->list[slot] = node;

    if (!turbohtml_ark_hold(ark, slot)) {
        turbohtml_ark_off(tree);
    }

    return LXB_STATUS_OK;
}

/* lexbor_array_delete(list, idx, 1), idx counting live entries. false: not indexed. */
bool
turbohtml_ark_remove(lxb_html_tree_t *tree, size_t idx)
{
    if (!turbohtml_ark_ready(tree)) {
        return false;
    }

    if (idx < tree->ark.length - tree->ark.holes) {
        turbohtml_ark_drop(tree, turbohtml_live_slot(&tree->ark, idx));
    }

    return true;
}

/* Remove node's entry from the list (if it has one). false: not indexed (scan). */
static bool
turbohtml_ark_remove_node(lxb_html_tree_t *tree, lxb_dom_node_t *node)
{
    const struct turbohtml_link *record;

    if (!turbohtml_ark_ready(tree)) {
        return false;
    }

    record = turbohtml_links_get(&tree->ark.chain, (uintptr_t) node);
    if (record != NULL) {
        turbohtml_ark_drop(tree, record->slot);
    }

    return true;
}

/* The list's length as lexbor counts it: its live entries. */
size_t
turbohtml_ark_length(lxb_html_tree_t *tree)
{
    if (!turbohtml_ark_ready(tree)) {
        return tree->active_formatting->length;
    }

    return tree->ark.length - tree->ark.holes;
}

/* 1: node is in the list (*pos: its index, if pos), 0: it is not, -1: not indexed (scan). */
static int
turbohtml_ark_find(lxb_html_tree_t *tree, lxb_dom_node_t *node, size_t *pos)
{
    const struct turbohtml_link *record;

    if (!turbohtml_ark_ready(tree)) {
        return -1;
    }

    record = turbohtml_links_get(&tree->ark.chain, (uintptr_t) node);

    if (pos != NULL) {
        *pos = (record != NULL) ? turbohtml_live_rank(&tree->ark, record->slot) : 0;
    }

    return record != NULL;
}

/* The last entry named name after the last marker, or NULL (the index is ready). */
static lxb_dom_node_t *
turbohtml_ark_last(lxb_html_tree_t *tree, uintptr_t name)
{
    turbohtml_ark_t *ark = &tree->ark;
    const struct turbohtml_link *last;
    size_t depth = (ark->length != 0) ? ark->entries[ark->length - 1].depth : 0;
    uint64_t key;

    if (!turbohtml_chain_key(name, depth, &key)) {
        return NULL;  /* (an element with such a name would have turned the index off) */
    }

    last = turbohtml_links_get(&ark->last, key);

    return (last != NULL) ? last->prev : NULL;
}

/*
 * The adoption agency's first step and an <a> start tag: *node gets the last
 * entry named name after the last marker (or NULL), *idx its index (if idx).
 * false: not indexed (scan).
 */
bool
turbohtml_ark_find_name(lxb_html_tree_t *tree, uintptr_t name, lxb_dom_node_t **node,
                        size_t *idx)
{
    if (!turbohtml_ark_ready(tree)) {
        return false;
    }

    *node = turbohtml_ark_last(tree, name);

    if (*node != NULL && idx != NULL) {
        (void) turbohtml_ark_find(tree, *node, idx);
    }

    return true;
}

/*
 * The adoption agency's step 8 for the formatting element at entry idx (the topmost
 * entry holding it, step 7's find): is it in scope? lexbor walks from the top of the
 * stack down to it (<b>, n <div>, n </b>: n^2/2 steps). It is exactly when no scope
 * boundary is above the entry: the top has as many boundaries at or below it as the
 * entry (a formatting element is no boundary). 1 in scope, 0 not, -1 not indexed.
 */
int
turbohtml_open_in_scope_at(lxb_html_tree_t *tree, lxb_dom_node_t *node, size_t idx)
{
    if (!turbohtml_open_ready(tree) || idx >= tree->open_k_length
        || tree->open_elements->list[idx] != node || turbohtml_is_scope(node))
    {
        return -1;
    }

    return tree->open_k[tree->open_k_length - 1].scope == tree->open_k[idx].scope;
}

/*
 * The adoption agency's steps 7 and 8 for the element the first step found:
 * true when it is on the stack of open elements but not in scope (lexbor scans
 * the stack down to it, and again down to the scope boundary above it, to
 * ignore the tag: <i><table>, 10k <b id=...>, 10k </i>: 0.4 s, 20k: 4 s).
 */
bool
turbohtml_agency_out_of_scope(lxb_html_tree_t *tree, lxb_dom_node_t *element)
{
    return turbohtml_open_has(tree, element) == 1
           && turbohtml_open_in_scope(tree, element) == 0;
}

/*
 * The Noah's Ark clause for node, about to be pushed: *earliest gets the
 * earliest of the entries after the last marker that equal it when there are 3
 * or more (else NULL). Only the entries with node's key can equal it: its
 * chain, a few entries at most (3 equal ones, and keys that collide), is all
 * lxb_dom_element_compare sees. false: not indexed (scan).
 */
static bool
turbohtml_ark_noah(lxb_html_tree_t *tree, lxb_dom_node_t *node, lxb_dom_node_t **earliest)
{
    turbohtml_ark_t *ark = &tree->ark;
    const struct turbohtml_link *link;
    lxb_dom_node_t *entry;
    size_t count = 0;
    uint64_t key;

    *earliest = NULL;

    if (!turbohtml_ark_ready(tree)) {
        return false;
    }

    ark->pending = node;
    ark->pending_depth = (ark->length != 0) ? ark->entries[ark->length - 1].depth : 0;
    ark->pending_key = key = turbohtml_ark_key(tree, node, ark->pending_depth);

    link = turbohtml_links_get(&ark->same_last, key);

    for (entry = (link != NULL) ? link->prev : NULL; entry != NULL; entry = link->prev) {
        if (entry->local_name == node->local_name && entry->ns == node->ns
            && lxb_dom_element_compare(lxb_dom_interface_element(entry),
                                       lxb_dom_interface_element(node)))
        {
            count++;
            *earliest = entry;  /* the chain runs from the last entry back */
        }

        link = turbohtml_links_get(&ark->same, (uintptr_t) entry);
        if (link == NULL) {
            turbohtml_ark_off(tree);  /* out of step (cannot happen): lexbor's scan */
            *earliest = NULL;
            return false;
        }
    }

    if (count < 3) {
        *earliest = NULL;
    }

    return true;
}

/* The list was emptied (lxb_html_tree_clean), or the tree is destroyed. */
void
turbohtml_ark_clean(lxb_html_tree_t *tree)
{
    turbohtml_ark_t *ark = &tree->ark;

    ark->length = 0;
    ark->holes = 0;
    ark->pending = NULL;
    ark->state = TURBOHTML_INDEX_IDLE;
    turbohtml_ark_free_tables(ark);
}

void
turbohtml_ark_destroy(lxb_html_tree_t *tree)
{
    turbohtml_ark_unhole(tree->active_formatting);
    turbohtml_ark_clean(tree);
    tree->ark.entries = lexbor_free(tree->ark.entries);
    tree->ark.size = 0;
    tree->ark.live = lexbor_free(tree->ark.live);
    tree->ark.live_size = 0;
}

/* A parse ended: free the indexes (lexbor's scans until the tree is cleaned). */
/*
 * The tree builder adds a token's attributes to an element unless one with the name
 * is there (lxb_html_tree_append_attributes asks lxb_dom_element_attr_by_local_name_ns_data:
 * the same local name and namespace, or a qualified name equal to the name), which
 * scans the element's attributes: a tag with n attributes costs n^2/2 steps (20k: 2.3 s),
 * and so do n <html a_i> or <body a_i> tags, whose attributes go to the one element
 * (20k: 2-4 s). tree->attrs keeps the names of such an element as exact keys: a new
 * element's while its tag has more than 16 attributes, <html>'s and <body>'s for the
 * parse (taken again if the element's last attribute is not the one seen last).
 */
#define TURBOHTML_ATTRS_FROM 16

/* An exact key (id, namespace) or (qualified name): false when the values do not fit. */
static bool
turbohtml_attr_key(uintptr_t id, uintptr_t ns, bool qualified, uint64_t *key)
{
    if (id == 0 || (uint64_t) id >> 54 != 0 || ns > 0xff) {
        return false;
    }

    *key = ((uint64_t) id << 10) | ((uint64_t) ns << 2) | (qualified ? 1 : 2);

    return true;
}

/* Count attr's names. false: a name does not fit a key, or out of memory. */
static bool
turbohtml_attrs_count(turbohtml_attrs_t *set, const lxb_dom_attr_t *attr)
{
    uint64_t key;

    if (!turbohtml_attr_key(attr->node.local_name, attr->node.ns, false, &key)
        || !turbohtml_counts_add(&set->keys, key))
    {
        return false;
    }

    if (attr->qualified_name == 0) {
        return true;
    }

    return turbohtml_attr_key(attr->qualified_name, 0, true, &key)
           && turbohtml_counts_add(&set->keys, key);
}

static void
turbohtml_attrs_drop(turbohtml_attrs_t *set)
{
    turbohtml_counts_free(&set->keys);
    set->element = NULL;
    set->last = NULL;
}

/* The set to ask about element's attributes while token's are added, or NULL (scan). */
turbohtml_attrs_t *
turbohtml_attrs_for(lxb_html_tree_t *tree, lxb_dom_element_t *element,
                    const lxb_html_token_t *token)
{
    size_t n = 0;
    turbohtml_attrs_t *set;
    const lxb_dom_attr_t *attr;
    const lxb_html_token_attr_t *token_attr;

    if (element->first_attr == NULL) {
        /* a new element: worth it for a long tag only */
        for (token_attr = token->attr_first; token_attr != NULL; token_attr = token_attr->next) {
            if (++n > TURBOHTML_ATTRS_FROM) {
                break;
            }
        }

        if (n <= TURBOHTML_ATTRS_FROM) {
            return NULL;
        }

        set = &tree->attrs[0];
    }
    else if (tree->open_elements->length > 1
             && element == lxb_dom_interface_element(tree->open_elements->list[0]))
    {
        set = &tree->attrs[1];  /* <html>, which later <html> tags add to */
    }
    else {
        set = &tree->attrs[2];  /* <body>, the same for <body> tags */
    }

    if (set->element == element && set->last == element->last_attr) {
        return set;
    }

    turbohtml_attrs_drop(set);

    for (attr = element->first_attr; attr != NULL; attr = attr->next) {
        if (!turbohtml_attrs_count(set, attr)) {
            turbohtml_attrs_drop(set);
            return NULL;
        }
    }

    set->element = element;
    set->last = element->last_attr;

    return set;
}

/* lxb_dom_element_attr_by_local_name_ns_data's answer: 1 found, 0 not, -1 scan. */
int
turbohtml_attrs_has(turbohtml_attrs_t *set, const lxb_dom_attr_data_t *data, uintptr_t ns)
{
    uint64_t local, qualified;

    if (set == NULL || set->element == NULL
        || !turbohtml_attr_key(data->attr_id, ns, false, &local)
        || !turbohtml_attr_key(data->attr_id, 0, true, &qualified))
    {
        return -1;
    }

    return turbohtml_counts_get(&set->keys, local) != 0
           || turbohtml_counts_get(&set->keys, qualified) != 0;
}

/* attr was appended to the set's element. */
void
turbohtml_attrs_added(turbohtml_attrs_t *set, lxb_dom_attr_t *attr)
{
    if (set == NULL || set->element == NULL) {
        return;
    }

    if (!turbohtml_attrs_count(set, attr)) {
        turbohtml_attrs_drop(set);  /* lexbor's scans from here */
        return;
    }

    set->last = attr;
}

void
turbohtml_attrs_clear(lxb_html_tree_t *tree)
{
    size_t i;

    for (i = 0; i < sizeof(tree->attrs) / sizeof(tree->attrs[0]); i++) {
        turbohtml_attrs_drop(&tree->attrs[i]);
    }
}

void
turbohtml_tree_done(lxb_html_tree_t *tree)
{
    turbohtml_ark_destroy(tree);
    turbohtml_open_free(tree);
    turbohtml_attrs_clear(tree);
    tree->ark.state = TURBOHTML_INDEX_OFF;
    tree->open_state = TURBOHTML_INDEX_OFF;
}
"""

_INDEX_T = """/* turbohtml: indexes of the two lists below (html/tree/active_formatting.c) */
typedef enum {
    TURBOHTML_INDEX_IDLE = 0,  /* the list is short: lexbor's scans */
    TURBOHTML_INDEX_ON,        /* the index mirrors the list */
    TURBOHTML_INDEX_OFF        /* out of memory, or the parse ended: lexbor's scans */
}
turbohtml_index_state_t;

typedef struct {
    struct turbohtml_slot      *slots;    /* key -> count, mask + 1 slots, or NULL */
    size_t                     mask;
    size_t                     used;      /* keys in the table */
    size_t                     total;     /* sum of the counts */
}
turbohtml_counts_t;

typedef struct {
    struct turbohtml_link      *slots;    /* exact key -> two nodes, mask + 1 slots, or NULL */
    size_t                     mask;
    size_t                     used;
}
turbohtml_links_t;

typedef struct {
    struct turbohtml_ark_entry *entries;  /* one per slot of active_formatting */
    size_t                     length;    /* slots in use: the array's length */
    size_t                     size;      /* entries allocated */
    size_t                     holes;     /* slots whose entry was removed */
    size_t                     *live;     /* a Fenwick tree of the live entries per slot */
    size_t                     live_size; /* slots it covers */
    turbohtml_links_t          chain;     /* element -> its slot, the entries before and
                                             after it with its tag name and depth */
    turbohtml_links_t          last;      /* (tag name, depth) -> the last such entry */
    turbohtml_links_t          same;      /* element -> the entries before and after it
                                             with its key */
    turbohtml_links_t          same_last; /* entry key -> the last entry holding it */
    turbohtml_index_state_t    state;
    lxb_dom_node_t             *pending;  /* the element being pushed, its key */
    uint64_t                   pending_key;
    size_t                     pending_depth;
}
turbohtml_ark_t;

/* where a walk "in scope?" found an element (tree->open_found) */
typedef struct {
    lxb_dom_node_t             *node;
    size_t                     idx;       /* its entry of open_elements */
}
turbohtml_found_t;

#define TURBOHTML_FOUND_SLOTS 16

/* the attributes of an element, for "is it there already?" (tree->attrs) */
typedef struct {
    lxb_dom_element_t          *element;  /* NULL: none */
    lxb_dom_attr_t             *last;     /* its last attribute when the keys were taken */
    turbohtml_counts_t         keys;      /* exact keys of its names (turbohtml_attr_key) */
}
turbohtml_attrs_t;

"""

_INDEX_H = """/* turbohtml: every change of the two lists reports to their indexes */
void
turbohtml_open_added(lxb_html_tree_t *tree, size_t idx);

void
turbohtml_open_removed(lxb_html_tree_t *tree, lxb_dom_node_t *node, size_t idx);

void
turbohtml_open_replaced(lxb_html_tree_t *tree, size_t idx, lxb_dom_node_t *old);

bool
turbohtml_open_rotate(lxb_html_tree_t *tree, lxb_dom_node_t *formatting, size_t from,
                      lxb_dom_node_t *furthest, lxb_dom_node_t *node);

void
turbohtml_open_clear(lxb_html_tree_t *tree);

int
turbohtml_open_has(lxb_html_tree_t *tree, lxb_dom_node_t *node);

int
turbohtml_open_count(lxb_html_tree_t *tree, lxb_dom_node_t *node);

int
turbohtml_open_has_tag(lxb_html_tree_t *tree, uintptr_t tag_id);

int
turbohtml_open_reaches(lxb_html_tree_t *tree, uintptr_t a, uintptr_t b);

int
turbohtml_open_has_template(lxb_html_tree_t *tree);

int
turbohtml_open_in_scope(lxb_html_tree_t *tree, lxb_dom_node_t *node);

int
turbohtml_open_in_scope_find(lxb_html_tree_t *tree, uintptr_t tag_id, uintptr_t ns,
                             lxb_html_tag_category_t ct, lxb_dom_node_t **found);

int
turbohtml_open_in_scope_any(lxb_html_tree_t *tree, const lxb_tag_id_t *names, size_t n,
                            lxb_html_tag_category_t ct, lxb_dom_node_t **found);

void
turbohtml_open_found(lxb_html_tree_t *tree, lxb_dom_node_t *node, size_t idx);

bool
turbohtml_open_at(lxb_html_tree_t *tree, lxb_dom_node_t *node, size_t *idx);

size_t
turbohtml_open_reset_from(lxb_html_tree_t *tree);

turbohtml_attrs_t *
turbohtml_attrs_for(lxb_html_tree_t *tree, lxb_dom_element_t *element,
                    const lxb_html_token_t *token);

int
turbohtml_attrs_has(turbohtml_attrs_t *set, const lxb_dom_attr_data_t *data, uintptr_t ns);

void
turbohtml_attrs_added(turbohtml_attrs_t *set, lxb_dom_attr_t *attr);

void
turbohtml_attrs_clear(lxb_html_tree_t *tree);

int
turbohtml_open_foreign_has(lxb_html_tree_t *tree, uintptr_t tag_id);

bool
turbohtml_agency_out_of_scope(lxb_html_tree_t *tree, lxb_dom_node_t *element);

int
turbohtml_open_in_scope_at(lxb_html_tree_t *tree, lxb_dom_node_t *node, size_t idx);

bool
turbohtml_ark_find_name(lxb_html_tree_t *tree, uintptr_t name, lxb_dom_node_t **node,
                        size_t *idx);

void
turbohtml_ark_inserted(lxb_html_tree_t *tree, size_t idx);

void
turbohtml_ark_removed(lxb_html_tree_t *tree, size_t idx);

void
turbohtml_ark_truncated(lxb_html_tree_t *tree);

void
turbohtml_ark_replaced(lxb_html_tree_t *tree, size_t slot);

void
turbohtml_ark_set(lxb_html_tree_t *tree, size_t idx, lxb_dom_node_t *node);

lxb_status_t
turbohtml_ark_insert(lxb_html_tree_t *tree, lxb_dom_node_t *node, size_t idx);

bool
turbohtml_ark_remove(lxb_html_tree_t *tree, size_t idx);

size_t
turbohtml_ark_length(lxb_html_tree_t *tree);

void
turbohtml_ark_clean(lxb_html_tree_t *tree);

void
turbohtml_ark_destroy(lxb_html_tree_t *tree);

void
turbohtml_tree_done(lxb_html_tree_t *tree);


"""


def _answer(has: str) -> str:
    """C for the start of a find_by_node function: the index answers unless the
    position is wanted and the node is there (then the scan below finds it)."""
    return (
        f"    int has = {has}(tree, node);  /* turbohtml: 1 yes, 0 no, -1 scan */\n\n"
        "    if (has == 0 || (has == 1 && return_pos == NULL)) {\n"
        "        if (return_pos) {\n"
        "            *return_pos = 0;\n"
        "        }\n\n"
        "        return has == 1;\n"
        "    }\n\n"
    )


def _in_scope_of_any(function: str, tags: tuple[str, ...], category: str) -> list[tuple[str, str, str, int]]:
    """Replacements for lxb_html_tree_element_in_scope_<function>, a walk for the first
    of several HTML names: the index answers when it knows, a walk's find is remembered."""
    header = (f"lxb_html_tree_element_in_scope_{function}(lxb_html_tree_t *tree)\n{{\n"
              "    lxb_dom_node_t *node;\n")
    names = ", ".join(f"LXB_TAG_{tag}" for tag in tags)
    found = (f"            case LXB_TAG_{tags[-1]}:\n"
             "                if (node->ns == LXB_NS_HTML) {\n"
             "                    return node;\n")
    return [
        ("html/tree.c", header,
         header + "\n"
         f"    static const lxb_tag_id_t turbohtml_names[] = {{{names}}};\n\n"
         f"    if (turbohtml_open_in_scope_any(tree, turbohtml_names, {len(tags)},\n"
         f"                                    LXB_HTML_TAG_CATEGORY_{category}, &node) != -1) {{\n"
         "        return node;  /* turbohtml: the index knows (NULL: none in scope) */\n"
         "    }\n", 1),
        ("html/tree.c", found,
         found.replace("                    return node;\n",
                       "                    turbohtml_open_found(tree, node, idx);\n"
                       "                    return node;\n"), 1),
    ]


# the start of the list's find_by_node functions: the index answers, position included
_ARK_ANSWER = (
    "    int has = turbohtml_ark_find(tree, node, return_pos);  /* turbohtml: 1 yes, 0 no, -1 scan */\n\n"
    "    if (has != -1) {\n"
    "        return has == 1;\n"
    "    }\n\n"
)


_MARKER_NODE = (
    "static lxb_dom_node_t *lxb_html_tree_active_formatting_marker_node_static =\n"
    "    (lxb_dom_node_t *) &lxb_html_tree_active_formatting_marker_static;\n"
)

_AF_H = "html/tree/active_formatting.h"
_AF_C = "html/tree/active_formatting.c"
_OE_H = "html/tree/open_elements.h"
_OE_C = "html/tree/open_elements.c"

REPLACEMENTS += [
    # tree.h: the indexes live in the tree, the hooks are declared for every file
    ("html/tree.h", "struct lxb_html_tree {\n", _INDEX_T + "struct lxb_html_tree {\n", 1),
    (
        "html/tree.h",
        "    lexbor_array_t                 *active_formatting;\n",
        "    lexbor_array_t                 *active_formatting;\n"
        "    turbohtml_ark_t                ark; /* turbohtml: its index */\n",
        1,
    ),
    (
        "html/tree.h",
        "    size_t                         open_p_count; /* turbohtml: open HTML <p>s */\n",
        "    size_t                         open_p_count; /* turbohtml: open HTML <p>s */\n"
        "    turbohtml_counts_t             open; /* turbohtml: node -> times on the stack */\n"
        "    turbohtml_counts_t             open_tags; /* turbohtml: (name, count below) -> elements */\n"
        "    struct turbohtml_open_entry    *open_k; /* turbohtml: per stack entry, counts below */\n"
        "    size_t                         open_k_length;\n"
        "    size_t                         open_k_size;\n"
        "    turbohtml_index_state_t        open_state;\n"
        "    uint64_t                       seed; /* turbohtml: of the indexes' hashes */\n"
        "    turbohtml_found_t              open_found[TURBOHTML_FOUND_SLOTS]; /* turbohtml */\n"
        "    turbohtml_attrs_t              attrs[3]; /* turbohtml: a new element's, <html>'s, <body>'s */\n",
        1,
    ),
    ("html/tree.h", "LXB_API lxb_html_tree_t *\nlxb_html_tree_create(void);\n",
     _INDEX_H + "LXB_API lxb_html_tree_t *\nlxb_html_tree_create(void);\n", 1),
    # the end of a parse frees the indexes (the tree lives as long as its document)
    (
        "html/tree.h",
        "    return lxb_html_tokenizer_end(tree->tkz_ref);\n}\n",
        "    lxb_status_t status = lxb_html_tokenizer_end(tree->tkz_ref);\n\n"
        "    turbohtml_tree_done(tree);\n\n"
        "    return status;\n}\n",
        1,
    ),
    # tree.c: clean, abort, destroy, and the adoption agency's in-place writes
    ("html/tree.c", "    lexbor_array_clean(tree->active_formatting);\n",
     "    lexbor_array_clean(tree->active_formatting);\n    turbohtml_ark_clean(tree);\n", 1),
    ("html/tree.c", "    lexbor_array_clean(tree->open_elements);\n    tree->open_p_count = 0;\n",
     "    lexbor_array_clean(tree->open_elements);\n    tree->open_p_count = 0;\n"
     "    turbohtml_open_clear(tree);\n", 1),
    ("html/tree.c", "    tree->open_elements->length = 0;\n    tree->open_p_count = 0;\n",
     "    tree->open_elements->length = 0;\n    tree->open_p_count = 0;\n"
     "    turbohtml_open_clear(tree);\n", 1),
    ("html/tree.c", "    tree->active_formatting = lexbor_array_destroy(",
     "    turbohtml_tree_done(tree);\n"
     "    tree->active_formatting = lexbor_array_destroy(", 1),
    (
        "html/tree.c",
        "            afe_list[afe_node_idx] = node;\n            oel_list[node_idx] = node;\n",
        "            turbohtml_ark_set(tree, afe_node_idx, node);  /* (idx counts live entries) */\n"
        "            lxb_dom_node_t *turbohtml_old = oel_list[node_idx];\n"
        "            oel_list[node_idx] = node;\n"
        "            turbohtml_open_replaced(tree, node_idx, turbohtml_old);\n",
        1,
    ),
    # step 8 asks whether the formatting element step 7 found is in scope
    (
        "html/tree.c",
        "        /* State 8 */\n"
        "        node = lxb_html_tree_element_in_scope_by_node(tree, formatting_element,\n"
        "                                                      LXB_HTML_TAG_CATEGORY_SCOPE);\n",
        "        /* State 8 */\n"
        "        switch (turbohtml_open_in_scope_at(tree, formatting_element, oel_formatting_idx)) {\n"
        "            case 1:\n"
        "                node = formatting_element;  /* turbohtml: the index knows */\n"
        "                break;\n\n"
        "            case 0:\n"
        "                node = NULL;\n"
        "                break;\n\n"
        "            default:\n"
        "                node = lxb_html_tree_element_in_scope_by_node(tree, formatting_element,\n"
        "                                                              LXB_HTML_TAG_CATEGORY_SCOPE);\n"
        "        }\n",
        1,
    ),
    # its last step moves the entries between the formatting element and the furthest block
    (
        "html/tree.c",
        "        /* State 20 */\n"
        "        lxb_html_tree_open_elements_remove_by_node(tree, formatting_element);\n",
        "        /* State 20 */\n"
        "        if (turbohtml_open_rotate(tree, formatting_element, oel_formatting_idx,\n"
        "                                  furthest_block, node))\n"
        "        {\n"
        "            continue;  /* turbohtml: the same stack, only the moved entries touched */\n"
        "        }\n\n"
        "        lxb_html_tree_open_elements_remove_by_node(tree, formatting_element);\n",
        1,
    ),
    # the stack of open elements: pushes, pops, removals, and the questions
    (
        _OE_H,
        "    return lexbor_array_push(tree->open_elements, node);\n",
        "    lxb_status_t status = lexbor_array_push(tree->open_elements, node);\n\n"
        "    if (status == LXB_STATUS_OK) {\n"
        "        turbohtml_open_added(tree, tree->open_elements->length - 1);\n"
        "    }\n\n"
        "    return status;\n",
        1,
    ),
    (
        _OE_H,
        "    return lexbor_array_insert(tree->open_elements, (idx + 1), node);\n",
        "    lxb_status_t status = lexbor_array_insert(tree->open_elements, (idx + 1), node);\n\n"
        "    if (status == LXB_STATUS_OK) {\n"
        "        turbohtml_open_added(tree, idx + 1);\n"
        "    }\n\n"
        "    return status;\n",
        1,
    ),
    (
        _OE_C,
        "    return lxb_html_tree_open_elements_pop_cb(node);\n}\n\n",
        "    turbohtml_open_removed(tree, node, tree->open_elements->length);\n"
        "    return lxb_html_tree_open_elements_pop_cb(node);\n}\n\n",
        1,
    ),
    (
        _OE_C,
        "lxb_html_tree_open_elements_remove_by_node(lxb_html_tree_t *tree,\n"
        "                                           lxb_dom_node_t *node)\n{\n",
        "lxb_html_tree_open_elements_remove_by_node(lxb_html_tree_t *tree,\n"
        "                                           lxb_dom_node_t *node)\n{\n"
        "    if (turbohtml_open_has(tree, node) == 0) {\n"
        "        return;  /* turbohtml: not on the stack */\n"
        "    }\n\n",
        1,
    ),
    (
        _OE_C,
        "            tree->open_elements->length--;\n",
        "            tree->open_elements->length--;\n"
        "            turbohtml_open_removed(tree, node, len);\n",
        1,
    ),
    (
        _OE_C,
        "lxb_html_tree_open_elements_find_by_node(lxb_html_tree_t *tree,\n"
        "                                         lxb_dom_node_t *node,\n"
        "                                         size_t *return_pos)\n{\n",
        "lxb_html_tree_open_elements_find_by_node(lxb_html_tree_t *tree,\n"
        "                                         lxb_dom_node_t *node,\n"
        "                                         size_t *return_pos)\n{\n"
        + _answer("turbohtml_open_has")
        # the adoption agency's last step looks for the furthest block, near the top, from
        # the bottom of the stack (<div><a> repeated to 200k: 3.3 s): on the stack once, the
        # scan from the top finds the same entry
        + "    if (turbohtml_open_count(tree, node) == 1) {\n"
        "        return lxb_html_tree_open_elements_find_by_node_reverse(tree, node, return_pos);\n"
        "    }\n\n",
        1,
    ),
    (
        _OE_C,
        "lxb_html_tree_open_elements_find_by_node_reverse(lxb_html_tree_t *tree,\n"
        "                                                 lxb_dom_node_t *node,\n"
        "                                                 size_t *return_pos)\n{\n",
        "lxb_html_tree_open_elements_find_by_node_reverse(lxb_html_tree_t *tree,\n"
        "                                                 lxb_dom_node_t *node,\n"
        "                                                 size_t *return_pos)\n{\n"
        + _answer("turbohtml_open_has")
        # the adoption agency looks for the element it put at an entry last time
        + "    if (has == 1 && turbohtml_open_at(tree, node, return_pos)) {\n"
        "        return true;\n"
        "    }\n\n",
        1,
    ),
    # "is a <template> open?" scanned the whole stack (<form>, </form>, foster parenting)
    (
        _OE_C,
        "lxb_html_tree_open_elements_find(lxb_html_tree_t *tree,\n"
        "                                 lxb_tag_id_t tag_id, lxb_ns_id_t ns,\n"
        "                                 size_t *return_index)\n{\n",
        "lxb_html_tree_open_elements_find(lxb_html_tree_t *tree,\n"
        "                                 lxb_tag_id_t tag_id, lxb_ns_id_t ns,\n"
        "                                 size_t *return_index)\n{\n"
        "    if (tag_id == LXB_TAG_TEMPLATE && ns == LXB_NS_HTML\n"
        "        && turbohtml_open_has_template(tree) == 0)\n"
        "    {\n"
        "        if (return_index) {\n"
        "            *return_index = 0;\n"
        "        }\n\n"
        "        return NULL;  /* turbohtml: no <template> is open */\n"
        "    }\n\n",
        1,
    ),
    (
        _OE_C,
        "lxb_html_tree_open_elements_find_reverse(lxb_html_tree_t *tree,\n"
        "                                         lxb_tag_id_t tag_id, lxb_ns_id_t ns,\n"
        "                                         size_t *return_index)\n{\n",
        "lxb_html_tree_open_elements_find_reverse(lxb_html_tree_t *tree,\n"
        "                                         lxb_tag_id_t tag_id, lxb_ns_id_t ns,\n"
        "                                         size_t *return_index)\n{\n"
        "    if (tag_id == LXB_TAG_TEMPLATE && ns == LXB_NS_HTML\n"
        "        && turbohtml_open_has_template(tree) == 0)\n"
        "    {\n"
        "        if (return_index) {\n"
        "            *return_index = 0;\n"
        "        }\n\n"
        "        return NULL;  /* turbohtml: no <template> is open */\n"
        "    }\n\n",
        1,
    ),
    # "any other end tag": a name no HTML element above the nearest special element
    # has is ignored at once, as the walk would at that element (20k </x> under 20k
    # <span>s: 1.6 s; <span><div>, 20k <b>, 20k </span>: 1.5 s)
    (
        "html/tree/insertion_mode/in_body.c",
        "    size_t len = tree->open_elements->length;\n\n    while (len != 0) {\n",
        "    size_t len = tree->open_elements->length;\n\n"
        "    if (turbohtml_open_has_tag(tree, token->tag_id) == 0) {\n"
        "        lxb_html_tree_parse_error(tree, token, LXB_HTML_RULES_ERROR_UNCLTO);\n"
        "        return true;  /* turbohtml: none above the nearest special element */\n"
        "    }\n\n"
        "    while (len != 0) {\n",
        1,
    ),
    # <li>, <dd>, <dt> start tags walk down to the nearest special element other than
    # address, div and p for one to close: skipped when there is none above it
    (
        "html/tree/insertion_mode/in_body.c",
        "    while (idx != 0) {\n        idx--;\n\n        node = list[idx];\n\n"
        "        if (lxb_html_tree_node_is(node, LXB_TAG_LI)) {\n",
        "    if (turbohtml_open_reaches(tree, LXB_TAG_LI, LXB_TAG_LI) == 0) {\n"
        "        idx = 0;  /* turbohtml: no <li> before the walk stops */\n"
        "    }\n\n"
        "    while (idx != 0) {\n        idx--;\n\n        node = list[idx];\n\n"
        "        if (lxb_html_tree_node_is(node, LXB_TAG_LI)) {\n",
        1,
    ),
    (
        "html/tree/insertion_mode/in_body.c",
        "    while (idx != 0) {\n        idx--;\n\n        node = list[idx];\n\n"
        "        if (lxb_html_tree_node_is(node, LXB_TAG_DD)) {\n",
        "    if (turbohtml_open_reaches(tree, LXB_TAG_DD, LXB_TAG_DT) == 0) {\n"
        "        idx = 0;  /* turbohtml: no <dd>, <dt> before the walk stops */\n"
        "    }\n\n"
        "    while (idx != 0) {\n        idx--;\n\n        node = list[idx];\n\n"
        "        if (lxb_html_tree_node_is(node, LXB_TAG_DD)) {\n",
        1,
    ),
    # "is an element with this name in scope?" walked the stack down to the nearest
    # boundary of the scope (<div><table>, 20k <b>, 20k </div>: 4.2 s; <p><table>...
    # </p>, <ul><li><table>... </li>, <h1><table>... </h1>: 5.7-7.3 s; in a cell, 8k
    # <span>, 8k </thead>: 0.3 s), or down to the element when it was (<select>, 8k
    # <span>, 8k <option>: 0.6 s; 8k <span>, 8k </body>: 0.2 s)
    (
        "html/tree.c",
        "        return NULL;  /* turbohtml: no <p> is open, so none is in scope */\n"
        "    }\n",
        "        return NULL;  /* turbohtml: no <p> is open, so none is in scope */\n"
        "    }\n\n"
        "    lxb_dom_node_t *turbohtml_found;\n\n"
        "    if (turbohtml_open_in_scope_find(tree, tag_id, ns, ct, &turbohtml_found) != -1) {\n"
        "        return turbohtml_found;  /* turbohtml: the index knows (NULL: none in scope) */\n"
        "    }\n",
        1,
    ),
    (
        "html/tree.c",
        "        if (node->local_name == tag_id && node->ns == ns) {\n"
        "            return node;\n        }\n\n"
        "        if (lxb_html_tag_is_category(node->local_name, node->ns, ct)) {\n",
        "        if (node->local_name == tag_id && node->ns == ns) {\n"
        "            turbohtml_open_found(tree, node, idx);\n"
        "            return node;\n        }\n\n"
        "        if (lxb_html_tag_is_category(node->local_name, node->ns, ct)) {\n",
        1,
    ),
    *_in_scope_of_any("h123456", ("H1", "H2", "H3", "H4", "H5", "H6"), "SCOPE"),
    *_in_scope_of_any("tbody_thead_tfoot", ("TBODY", "THEAD", "TFOOT"), "SCOPE_TABLE"),
    *_in_scope_of_any("td_th", ("TD", "TH"), "SCOPE_TABLE"),
    *_in_scope_of_any("option_optgroup", ("OPTION", "OPTGROUP"), "SCOPE"),
    # a tag's attributes are added unless the element has one with the name: a scan of
    # its attributes each (a tag with 20k attributes: 2.3 s; 20k <html a_i>: 4 s)
    (
        "html/tree.c",
        "    doc = lxb_html_interface_document(element->node.owner_document);\n\n"
        "    while (token_attr != NULL) {\n"
        "        attr = lxb_dom_element_attr_by_local_name_ns_data(element,\n"
        "                                                          token_attr->name, ns);\n",
        "    doc = lxb_html_interface_document(element->node.owner_document);\n\n"
        "    turbohtml_attrs_t *turbohtml_seen = turbohtml_attrs_for(tree, element, token);\n\n"
        "    while (token_attr != NULL) {\n"
        "        /* turbohtml: the set of the element's names answers (1: any attribute will do) */\n"
        "        switch (turbohtml_attrs_has(turbohtml_seen, token_attr->name, ns)) {\n"
        "            case 1: attr = element->first_attr; break;\n"
        "            case 0: attr = NULL; break;\n"
        "            default:\n"
        "                attr = lxb_dom_element_attr_by_local_name_ns_data(element,\n"
        "                                                          token_attr->name, ns);\n"
        "        }\n",
        1,
    ),
    (
        "html/tree.c",
        "        lxb_dom_element_attr_append(element, attr);\n\n"
        "        token_attr = token_attr->next;\n",
        "        lxb_dom_element_attr_append(element, attr);\n"
        "        turbohtml_attrs_added(turbohtml_seen, attr);\n\n"
        "        token_attr = token_attr->next;\n",
        1,
    ),
    # resetting the insertion mode walked down every element above the nearest table,
    # cell, template, body... (n <span>, n (<table></table>): 20k 3.6 s)
    (
        "html/tree.c",
        "    bool last = false;\n    void **list = tree->open_elements->list;\n\n",
        "    bool last = false;\n    void **list = tree->open_elements->list;\n\n"
        "    size_t turbohtml_from = turbohtml_open_reset_from(tree);\n\n"
        "    if (turbohtml_from != 0) {\n"
        "        idx = turbohtml_from;  /* turbohtml: the walk passes the entries above */\n"
        "    }\n\n",
        1,
    ),
    # a foreign content end tag walked the foreign elements above the nearest HTML one
    # for its name (svg, 20k <g>, 20k </x>: 1.4 s): none of them has it, nothing to find
    (
        "html/tree/insertion_mode/foreign_content.c",
        "    status = LXB_STATUS_OK;\n\n    while (idx != 0) {\n"
        "        if (list[idx]->local_name == token->tag_id) {\n",
        "    status = LXB_STATUS_OK;\n\n"
        "    if (turbohtml_open_foreign_has(tree, token->tag_id) == 0) {\n"
        "        idx = 0;  /* turbohtml: no foreign element down to an HTML one has the name */\n"
        "    }\n\n"
        "    while (idx != 0) {\n"
        "        if (list[idx]->local_name == token->tag_id) {\n",
        1,
    ),
    # a formatting end tag (the adoption agency's first step) looks for its name after
    # the last marker of the list of active formatting elements: the index knows the last
    # entry with the name (or that there is none), and its index
    (
        "html/tree.c",
        "        size_t idx = tree->active_formatting->length;\n"
        "        lxb_dom_node_t *formatting_element = NULL;\n\n",
        "        size_t idx = tree->active_formatting->length;\n"
        "        lxb_dom_node_t *formatting_element = NULL;\n\n"
        "        afe_list = (lxb_dom_node_t **) tree->active_formatting->list;"
        "  /* turbohtml: (an insertion may have moved it) */\n\n"
        "        if (turbohtml_ark_find_name(tree, subject, &formatting_element,\n"
        "                                    &formatting_index))\n"
        "        {\n"
        "            /* turbohtml: the last entry named subject after the last marker */\n"
        "            if (formatting_element == NULL) {\n"
        "                return true;\n"
        "            }\n\n"
        "            if (turbohtml_agency_out_of_scope(tree, formatting_element)) {\n"
        "                lxb_html_tree_parse_error(tree, token,\n"
        "                                          LXB_HTML_RULES_ERROR_MIELINSC);\n"
        "                return false;  /* steps 7 and 8 find it out of scope */\n"
        "            }\n\n"
        "            idx = 0;  /* (the walk below would find the same entry) */\n"
        "        }\n\n",
        1,
    ),
    # the adoption agency's step 19 inserts at the bookmark, an index into the list
    (
        "html/tree.c",
        "        if (bookmark > tree->active_formatting->length) {\n"
        "            bookmark = tree->active_formatting->length;\n",
        "        if (bookmark > turbohtml_ark_length(tree)) {  /* turbohtml: live entries */\n"
        "            bookmark = turbohtml_ark_length(tree);\n",
        1,
    ),
    # the list of active formatting elements: its inline changes (pushes and pops stay
    # at the end; an index lexbor removes or inserts at counts the live entries)
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
        "    return turbohtml_ark_insert(tree, node, idx);  /* turbohtml */\n",
        1,
    ),
    (
        _AF_H,
        "    lexbor_array_delete(tree->active_formatting, idx, 1);\n",
        "    if (turbohtml_ark_remove(tree, idx)) {\n"
        "        return;  /* turbohtml: a hole takes its place (tree->ark) */\n"
        "    }\n\n"
        "    if (idx < tree->active_formatting->length) {\n"
        "        lexbor_array_delete(tree->active_formatting, idx, 1);\n"
        "        turbohtml_ark_removed(tree, idx);\n"
        "    }\n",
        1,
    ),
    # active_formatting.c: the indexes' code, then the list's changes and questions
    (_AF_C, _MARKER_NODE, _MARKER_NODE + _INDEX_C, 1),
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
        "lxb_html_tree_active_formatting_remove_by_node(lxb_html_tree_t *tree,\n"
        "                                               lxb_dom_node_t *node)\n{\n",
        "lxb_html_tree_active_formatting_remove_by_node(lxb_html_tree_t *tree,\n"
        "                                               lxb_dom_node_t *node)\n{\n"
        "    if (turbohtml_ark_remove_node(tree, node)) {\n"
        "        return;  /* turbohtml: a hole takes its place (tree->ark) */\n"
        "    }\n\n",
        1,
    ),
    (
        _AF_C,
        "            tree->active_formatting->length--;\n",
        "            tree->active_formatting->length--;\n"
        "            turbohtml_ark_removed(tree, idx);\n",
        1,
    ),
    (
        _AF_C,
        "lxb_html_tree_active_formatting_find_by_node(lxb_html_tree_t *tree,\n"
        "                                             lxb_dom_node_t *node,\n"
        "                                             size_t *return_pos)\n{\n",
        "lxb_html_tree_active_formatting_find_by_node(lxb_html_tree_t *tree,\n"
        "                                             lxb_dom_node_t *node,\n"
        "                                             size_t *return_pos)\n{\n"
        + _ARK_ANSWER,
        1,
    ),
    (
        _AF_C,
        "lxb_html_tree_active_formatting_find_by_node_reverse(lxb_html_tree_t *tree,\n"
        "                                                     lxb_dom_node_t *node,\n"
        "                                                     size_t *return_pos)\n{\n",
        "lxb_html_tree_active_formatting_find_by_node_reverse(lxb_html_tree_t *tree,\n"
        "                                                     lxb_dom_node_t *node,\n"
        "                                                     size_t *return_pos)\n{\n"
        + _ARK_ANSWER,
        1,
    ),
    # an <a> start tag looks for an <a> after the last marker
    (
        _AF_C,
        "    lxb_dom_node_t **list = (lxb_dom_node_t **) tree->active_formatting->list;\n"
        "    size_t idx = tree->active_formatting->length;\n\n"
        "    while (idx) {\n        idx--;\n\n"
        "        if (list[idx] == lxb_html_tree_active_formatting_marker_node_static) {\n"
        "            return NULL;\n",
        "    lxb_dom_node_t **list = (lxb_dom_node_t **) tree->active_formatting->list;\n"
        "    size_t idx = tree->active_formatting->length;\n"
        "    lxb_dom_node_t *found;\n\n"
        "    if (turbohtml_ark_find_name(tree, tag_idx, &found, return_idx)) {\n"
        "        return found;  /* turbohtml: the last entry named tag_idx after the last marker */\n"
        "    }\n\n"
        "    while (idx) {\n        idx--;\n\n"
        "        if (list[idx] == lxb_html_tree_active_formatting_marker_node_static) {\n"
        "            return NULL;\n",
        1,
    ),
    # reconstruct: the walk back passes the holes and closes them up; a clone takes
    # each entry's place
    (
        _AF_C,
        "    while (af_idx != 0) {\n        af_idx--;\n\n",
        "    while (af_idx != 0) {\n        af_idx--;\n\n"
        "        if (list[af_idx] == TURBOHTML_HOLE) {\n"
        "            continue;  /* turbohtml: a removed entry (tree->ark) */\n"
        "        }\n\n",
        1,
    ),
    (
        _AF_C,
        "    /*\n     * Step 8-10\n     * Create\n     */\n",
        "    turbohtml_ark_close(tree, af_idx);  /* turbohtml: the holes walked over go */\n\n"
        "    /*\n     * Step 8-10\n     * Create\n     */\n",
        1,
    ),
    (
        _AF_C,
        "        list[af_idx] = lxb_dom_interface_node(element);\n",
        "        list[af_idx] = lxb_dom_interface_node(element);\n"
        "        turbohtml_ark_replaced(tree, af_idx);\n",
        1,
    ),
    # the Noah's Ark clause compares only the entries with the new element's key
    (
        _AF_C,
        "lxb_html_tree_active_formatting_push_with_check_dupl(lxb_html_tree_t *tree,\n"
        "                                                     lxb_dom_node_t *node)\n{\n",
        "lxb_html_tree_active_formatting_push_with_check_dupl(lxb_html_tree_t *tree,\n"
        "                                                     lxb_dom_node_t *node)\n{\n"
        "    lxb_dom_node_t *earliest;\n\n"
        "    if (turbohtml_ark_noah(tree, node, &earliest)) {\n"
        "        if (earliest != NULL) {\n"
        "            lxb_html_tree_active_formatting_remove_by_node(tree, earliest);\n"
        "        }\n\n"
        "        lxb_html_tree_active_formatting_push(tree, node);\n"
        "        return;  /* turbohtml: the index compared the entries with node's key */\n"
        "    }\n\n",
        1,
    ),
]


# CSS selectors: memos in lexbor's selector engine (selectors/selectors.c), which matches
# right to left from every element of the tree in document order. A descendant combinator
# walks up the ancestors of each candidate until one matches (select("body span") on 20k
# nested spans: n*depth/2 matches, 1.9 s), :nth-child() and friends count the siblings
# before (or after) each candidate (20k siblings: 1.1 s), and a functional pseudo-class
# (:has(), :is(), :not()...) runs a nested search at every element it is asked about
# ("body:has(i) span": the whole body's subtree once per span). The C below says how each
# answer is remembered for the rest of the search; the matches are lexbor's, quirks kept.
_SEL_C = r"""
/*
 * turbohtml: :nth-child() and friends count the siblings before (or after) the
 * element. selectors->turbohtml_nth remembers the last count of each kind; when
 * the element that had it is a sibling before the new element (the next sibling
 * in a document-order search), the walk back stops there and the count follows.
 * kind: 0 nth-child, 1 nth-last-child, 2 nth-of-type, 3 nth-last-of-type.
 */
lxb_inline size_t
turbohtml_nth_counts(const lxb_dom_node_t *node, const lxb_dom_node_t *base,
                     unsigned kind)
{
    if (kind >= 2) {
        return node->local_name == base->local_name && node->ns == base->ns;
    }

    return node->local_name != LXB_TAG__TEXT
           && node->local_name != LXB_TAG__EM_COMMENT;
}

static size_t
turbohtml_nth_index(lxb_selectors_t *selectors, lxb_dom_node_t *base,
                    unsigned kind)
{
    size_t index, between = 0;
    lxb_dom_node_t *node, *memo = selectors->turbohtml_nth_node[kind];

    if (memo != NULL && kind >= 2
        && (memo->local_name != base->local_name || memo->ns != base->ns))
    {
        memo = NULL;  /* a count of another type */
    }

    /* Walk back to the memo (or to the first sibling), counting (memo, base]. */
    for (node = base; node != NULL && node != memo; node = node->prev) {
        between += turbohtml_nth_counts(node, base, kind);
    }

    if ((kind & 1) == 0) {
        /* from the first sibling: the memo's count, then (memo, base] */
        index = (node != NULL) ? selectors->turbohtml_nth_index[kind] + between
                               : between;
    }
    else if (node != NULL) {
        /* from the last sibling: the memo's count less [memo, base) */
        index = selectors->turbohtml_nth_index[kind]
                - turbohtml_nth_counts(memo, base, kind) - between
                + turbohtml_nth_counts(base, base, kind);
    }
    else {
        index = 0;

        for (node = base; node != NULL; node = node->next) {
            index += turbohtml_nth_counts(node, base, kind);
        }
    }

    selectors->turbohtml_nth_node[kind] = base;
    selectors->turbohtml_nth_index[kind] = index;

    return index;
}

/*
 * turbohtml: memos for the selector engine, kept for one search (the tree does
 * not change during it) and cleared when the next search starts.
 *
 * lexbor matches right to left with a state machine. A functional pseudo-class
 * that needs a nested search (:is(), :where(), :not(), :has(), :nth-child(of S))
 * does not answer at once: its match returns true after setting up the nested
 * search, which the machine runs next and which ends by switching the outer
 * search to "found" or "not found". A walk over ancestors (or earlier siblings)
 * therefore stops at the first element it tries when its selector is such a
 * function, whatever the nested search finds; unpatched lexbor behaves so and
 * the patch keeps it (":is(div) b" only tries b's parent).
 *
 * 1. turbohtml_function runs the nested search to its end right away (the same
 *    states, driven until the outer search is switched) and remembers the answer
 *    per (entry, element); the outer machine then continues from the same state
 *    the nested search would have left, so each element's nested search runs
 *    at most once per selector in a search.
 * 2. turbohtml_walk, for the descendant and the subsequent-sibling combinators,
 *    walks to the first element where the whole compound matches (the walking
 *    selector, then the others of its compound, as lexbor would test them after
 *    the walk), and remembers where each walk ended: for the start (the slot in
 *    the entry, or the table for a walk resumed from the last answer) and for
 *    every element passed on the way (the table). A later walk that reaches
 *    one of them takes its answer, so each element is passed at most once per
 *    selector: "body span" on nested spans, "div.x span" on nested divs and
 *    "body:has(i) span" are linear.
 * The table is open addressing on (entry, element); out of memory it stops
 * remembering, and lexbor's answers are computed again.
 */
typedef struct turbohtml_memo_slot {
    uintptr_t      key;     /* the entry; | 1 a nested search's answer, | 2 a count */
    lxb_dom_node_t *node;
    lxb_dom_node_t *value;  /* the walk's answer; for a function, node or NULL */
    uintptr_t      aux;     /* for a count, the element its state holds (4. below) */
}
turbohtml_memo_slot_t;

#define TURBOHTML_KEY_WALK(entry) ((uintptr_t) (entry))
#define TURBOHTML_KEY_FN(entry) (((uintptr_t) (entry)) | 1)

static lxb_selectors_entry_t *
lxb_selectors_state_failed(lxb_selectors_t *selectors,
                           lxb_selectors_entry_t *entry);

lxb_inline size_t
turbohtml_memo_hash(uintptr_t key, const lxb_dom_node_t *node)
{
    uint64_t h = (uint64_t) key * 0x9E3779B97F4A7C15ULL;

    h ^= (uint64_t) (uintptr_t) node * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31;

    return (size_t) h;
}

static void
turbohtml_memo_clear(lxb_selectors_t *selectors)
{
    if (selectors->turbohtml_memo_used == 0) {
        return;
    }

    if (selectors->turbohtml_memo_size > 4096) {
        /* a large search's table goes back (no memset of it per small search) */
        selectors->turbohtml_memo = lexbor_free(selectors->turbohtml_memo);
        selectors->turbohtml_memo_size = 0;
    }
    else {
        memset(selectors->turbohtml_memo, 0,
               selectors->turbohtml_memo_size * sizeof(turbohtml_memo_slot_t));
    }

    selectors->turbohtml_memo_used = 0;
}

static turbohtml_memo_slot_t *
turbohtml_memo_find(lxb_selectors_t *selectors, uintptr_t key,
                    const lxb_dom_node_t *node)
{
    size_t i, mask = selectors->turbohtml_memo_size - 1;
    turbohtml_memo_slot_t *slot;

    if (selectors->turbohtml_memo_used == 0) {
        return NULL;
    }

    for (i = turbohtml_memo_hash(key, node) & mask;; i = (i + 1) & mask) {
        slot = &selectors->turbohtml_memo[i];

        if (slot->key == 0) {
            return NULL;
        }

        if (slot->key == key && slot->node == node) {
            return slot;
        }
    }
}

static turbohtml_memo_slot_t *
turbohtml_memo_put(lxb_selectors_t *selectors, uintptr_t key,
                   lxb_dom_node_t *node, lxb_dom_node_t *value)
{
    size_t i, j, size, mask;
    turbohtml_memo_slot_t *slot, *old, *table;

    if ((selectors->turbohtml_memo_used + 1) * 2 > selectors->turbohtml_memo_size) {
        size = selectors->turbohtml_memo_size ? selectors->turbohtml_memo_size * 2 : 256;
        table = lexbor_calloc(size, sizeof(turbohtml_memo_slot_t));
        if (table == NULL) {
            return NULL;  /* out of memory: this answer is not remembered */
        }

        old = selectors->turbohtml_memo;

        for (j = 0; j < selectors->turbohtml_memo_size; j++) {
            if (old[j].key != 0) {
                for (i = turbohtml_memo_hash(old[j].key, old[j].node) & (size - 1);
                     table[i].key != 0; i = (i + 1) & (size - 1)) {}
                table[i] = old[j];
            }
        }

        lexbor_free(old);
        selectors->turbohtml_memo = table;
        selectors->turbohtml_memo_size = size;
    }

    mask = selectors->turbohtml_memo_size - 1;

    for (i = turbohtml_memo_hash(key, node) & mask;; i = (i + 1) & mask) {
        slot = &selectors->turbohtml_memo[i];

        if (slot->key == 0) {
            slot->key = key;
            slot->node = node;
            selectors->turbohtml_memo_used++;
            break;
        }

        if (slot->key == key && slot->node == node) {
            break;
        }
    }

    slot->value = value;

    return slot;
}

/* A function whose match starts a nested search (see above). */
static bool
turbohtml_is_nested(const lxb_css_selector_t *selector)
{
    const lxb_css_selector_anb_of_t *anb;

    if (selector->type != LXB_CSS_SELECTOR_TYPE_PSEUDO_CLASS_FUNCTION) {
        return false;
    }

    switch (selector->u.pseudo.type) {
        case LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_HAS:
        case LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_CURRENT:
        case LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_IS:
        case LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_WHERE:
        case LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NOT:
            return true;

        case LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NTH_CHILD:
        case LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NTH_LAST_CHILD:
            anb = selector->u.pseudo.data;
            return anb->of != NULL;

        default:
            return false;
    }
}

lxb_inline bool
turbohtml_found_state(lxb_selectors_state_cb_f state)
{
    return state == lxb_selectors_state_found_check
           || state == lxb_selectors_state_found_check_forward;
}

lxb_inline bool
turbohtml_settled(lxb_selectors_state_cb_f state)
{
    return turbohtml_found_state(state)
           || state == lxb_selectors_state_not_found
           || state == lxb_selectors_state_not_found_forward;
}

/*
 * 3. :has(X) and :has(~ X), asked of nested elements or of many siblings,
 *    search the same subtrees and siblings again and again (each span of n
 *    nested ones: n^2/2). When X is a list of relative selectors that all start
 *    with the same combinator (descendant, or ~), none with a function as its
 *    first selector, and none where a nested search's miss makes lexbor give
 *    up its first walk (turbohtml_has_exhaustive), lexbor's search for X tries
 *    every candidate for every compound (on a miss it resumes the last walk,
 *    passing over + whose one candidate is tried), so its answer is whether
 *    X has a match (it finds real matches only); then after each such search
 *    the answer is also written for the elements it settled: on a match whose first compound is at m,
 *    every element between the anchor and m has the same match after it (true);
 *    without one, every element it went through has none after it either
 *    (false: its descendants, or following siblings, are among the anchor's).
 *    The search for X skips the subtrees of elements known to hold none
 *    (lxb_selectors_descendant_forward).
 */
/*
 * A miss of a nested search makes lexbor give up a relative selector's first
 * walk when the nested search is its first selector (tried at one element:
 * lxb_selectors_state_not_found_forward goes on to the next relative selector
 * of the list), or, when the first compound is that one selector, when it is
 * in a compound joined to the first by + only (passing back over the +, it
 * stops there too). Anywhere else a miss resumes the nearest walk, as lexbor
 * does for a miss of a plain selector: false then when it may give up.
 */
static bool
turbohtml_has_exhaustive(const lxb_css_selector_t *first)
{
    const lxb_css_selector_t *next = first->next;

    if (turbohtml_is_nested(first)) {
        return false;  /* tried at one element (see turbohtml_is_nested) */
    }

    if (next != NULL && next->combinator == LXB_CSS_SELECTOR_COMBINATOR_CLOSE) {
        return true;  /* a first compound of several selectors is resumed */
    }

    /* a miss of a nested search in the compounds joined to a first compound
       of one selector by + only (lxb_selectors_state_not_found_forward) */
    for (; next != NULL; next = next->next) {
        if (next->combinator != LXB_CSS_SELECTOR_COMBINATOR_CLOSE
            && next->combinator != LXB_CSS_SELECTOR_COMBINATOR_SIBLING)
        {
            break;
        }

        if (turbohtml_is_nested(next)) {
            return false;
        }
    }

    return true;
}

static bool
turbohtml_has_settles(const lxb_css_selector_t *selector)
{
    const lxb_css_selector_list_t *list;
    lxb_css_selector_combinator_t first;

    if (selector->u.pseudo.type != LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_HAS) {
        return false;
    }

    list = selector->u.pseudo.data;

    if (list == NULL || list->first == NULL) {
        return false;
    }

    first = list->first->combinator;

    if (first != LXB_CSS_SELECTOR_COMBINATOR_DESCENDANT
        && first != LXB_CSS_SELECTOR_COMBINATOR_FOLLOWING)
    {
        return false;
    }

    for (; list != NULL; list = list->next) {
        if (list->first == NULL || list->first->combinator != first
            || list->first->type == LXB_CSS_SELECTOR_TYPE_PSEUDO_CLASS_FUNCTION
            || !turbohtml_has_exhaustive(list->first))
        {
            return false;
        }
    }

    return true;
}

static void
turbohtml_has_none(lxb_selectors_t *selectors, uintptr_t key,
                   lxb_dom_node_t *anchor);

static void
turbohtml_has_settle(lxb_selectors_t *selectors, lxb_selectors_entry_t *entry,
                     lxb_dom_node_t *anchor, lxb_dom_node_t *match)
{
    lxb_dom_node_t *node;
    uintptr_t key = TURBOHTML_KEY_FN(entry);
    bool descendant = ((const lxb_css_selector_list_t *)
                       entry->selector->u.pseudo.data)->first->combinator
                      == LXB_CSS_SELECTOR_COMBINATOR_DESCENDANT;

    if (!descendant) {
        /* the siblings after the anchor, up to the match or to the end */
        for (node = anchor->next; node != NULL && node != match; node = node->next) {
            if (node->type == LXB_DOM_NODE_TYPE_ELEMENT) {
                if (turbohtml_memo_find(selectors, key, node) != NULL) {
                    break;
                }

                turbohtml_memo_put(selectors, key, node, match ? node : NULL);
            }
        }

        return;
    }

    if (match != NULL) {
        /* the ancestors of the match below the anchor */
        for (node = match->parent; node != NULL && node != anchor; node = node->parent) {}

        if (node == NULL) {
            return;  /* not below the anchor: nothing to say */
        }

        for (node = match->parent; node != anchor; node = node->parent) {
            if (turbohtml_memo_find(selectors, key, node) != NULL) {
                break;
            }

            turbohtml_memo_put(selectors, key, node, node);
        }

        return;
    }

    /* no match below the anchor: none below any element there */
    turbohtml_has_none(selectors, key, anchor);
}

/*
 * 5. In a :has() (any combinators), a descendant walk for a compound (entry)
 *    under the element its compound before matched, or under the anchor for a
 *    relative selector's first one when lexbor does not give that walk up
 *    (root), that ends without a match after every candidate was tried, means
 *    that no element below root has that compound with the rest of its
 *    relative selector after it: nor below any element there. That is
 *    remembered (key TURBOHTML_KEY_HAS_IN) for root and each element below it,
 *    and a walk under root, or into their subtrees, is not made again
 *    ("b:has(b i)" on n nested <b>: one walk under each b). The walk of a first
 *    compound whose :has() settles (3.) keeps to the anchor's answers.
 */
#define TURBOHTML_KEY_HAS_IN(entry) (((uintptr_t) (entry)) | 4)

static void
turbohtml_has_none(lxb_selectors_t *selectors, uintptr_t key,
                   lxb_dom_node_t *anchor);

static void
turbohtml_has_walked(lxb_selectors_t *selectors, uintptr_t key,
                     lxb_dom_node_t *root)
{
    if (key == 0 || turbohtml_memo_find(selectors, key, root) != NULL) {
        return;
    }

    turbohtml_memo_put(selectors, key, root, NULL);
    turbohtml_has_none(selectors, key, root);
}

/*
 * The same for a ~ walk (entry) from root, which tries the siblings after it:
 * when none has the compound with the rest after it, none after any of them
 * has. A walk that reaches a sibling known so stops after trying it.
 */
lxb_inline uintptr_t
turbohtml_has_key(lxb_selectors_t *selectors, lxb_selectors_entry_t *entry)
{
    if (entry->prev != NULL) {
        return TURBOHTML_KEY_HAS_IN(entry);
    }

    if (selectors->current->turbohtml_has != NULL
        || !turbohtml_has_exhaustive(entry->selector))
    {
        return 0;  /* a first compound whose :has() settles (3.), or given up */
    }

    return TURBOHTML_KEY_HAS_IN(entry);
}

lxb_inline bool
turbohtml_has_none_after(lxb_selectors_t *selectors, uintptr_t key,
                         const lxb_dom_node_t *node)
{
    turbohtml_memo_slot_t *slot;

    return key != 0 && (slot = turbohtml_memo_find(selectors, key, node)) != NULL
           && slot->value == NULL;
}

static void
turbohtml_has_followed(lxb_selectors_t *selectors, uintptr_t key,
                       lxb_dom_node_t *root)
{
    for (; key != 0 && root != NULL; root = root->next) {
        if (root->type == LXB_DOM_NODE_TYPE_ELEMENT) {
            if (turbohtml_memo_find(selectors, key, root) != NULL) {
                break;  /* and those after it */
            }

            turbohtml_memo_put(selectors, key, root, NULL);
        }
    }
}

/* none below anchor: the same for every element there with children (those known
   are not entered; elements without children need no answer) */
static void
turbohtml_has_none(lxb_selectors_t *selectors, uintptr_t key,
                   lxb_dom_node_t *anchor)
{
    lxb_dom_node_t *node = anchor;

    do {
        if (node->first_child != NULL
            && (node == anchor
                || turbohtml_memo_find(selectors, key, node) == NULL))
        {
            if (node != anchor && node->type == LXB_DOM_NODE_TYPE_ELEMENT) {
                turbohtml_memo_put(selectors, key, node, NULL);
            }

            node = node->first_child;
            continue;
        }

        while (node != anchor && node->next == NULL) {
            node = node->parent;
        }

        if (node == anchor) {
            break;
        }

        node = node->next;
    }
    while (true);
}

/*
 * The match of a functional pseudo-class (entry) at node. protocol: called by
 * lexbor's combinators, answer as lexbor does (true, with the outer search
 * switched to where the nested search would leave it); otherwise the answer
 * itself, the outer state unchanged. Out of memory the state is "failed".
 */
static bool
turbohtml_function(lxb_selectors_t *selectors, lxb_selectors_entry_t *entry,
                   lxb_dom_node_t *node, bool protocol)
{
    bool found;
    turbohtml_memo_slot_t *slot;
    lxb_selectors_entry_t *next, *saved_entry;
    lxb_selectors_nested_t *outer = selectors->current, *nested = NULL;
    lxb_selectors_state_cb_f saved_state = selectors->state;

    if (!turbohtml_is_nested(entry->selector)) {
        return lxb_selectors_pseudo_class_function(selectors, entry->selector,
                                                   node);
    }

    slot = turbohtml_memo_find(selectors, TURBOHTML_KEY_FN(entry), node);

    if (slot != NULL) {
        found = slot->value != NULL;
    }
    else {
        /* lexbor's nested search belongs to the outer search's current entry */
        saved_entry = outer->entry;
        outer->entry = entry;

        (void) lxb_selectors_pseudo_class_function(selectors, entry->selector,
                                                   node);
        next = NULL;

        if (selectors->current != outer
            && selectors->state != lxb_selectors_state_failed)
        {
            nested = selectors->current;
            nested->turbohtml_has = turbohtml_has_settles(entry->selector)
                                    ? entry : NULL;
            nested->entry->node = node;  /* as state_find would */
            next = nested->entry;
        }

        while (next != NULL && selectors->state != lxb_selectors_state_failed
               && !(selectors->current == outer
                    && turbohtml_settled(selectors->state)))
        {
            next = selectors->state(selectors, next);
        }

        selectors->current = outer;
        outer->entry = saved_entry;

        if (next == NULL || selectors->state == lxb_selectors_state_failed) {
            selectors->state = lxb_selectors_state_failed;
            if (selectors->status == LXB_STATUS_OK) {
                selectors->status = LXB_STATUS_ERROR;
            }

            return true;
        }

        found = turbohtml_found_state(selectors->state);
        turbohtml_memo_put(selectors, TURBOHTML_KEY_FN(entry), node,
                           found ? node : NULL);

        if (nested != NULL && nested->turbohtml_has != NULL) {
            /* the match's first compound is at the node of the first entry of
               the relative selector that matched */
            turbohtml_has_settle(selectors, entry, node,
                                 found ? nested->first->node : NULL);
        }
    }

    if (!protocol) {
        selectors->state = saved_state;
        return found;
    }

    if (found) {
        selectors->state = outer->forward ? lxb_selectors_state_found_check_forward
                                          : lxb_selectors_state_found_check;
    }
    else {
        selectors->state = outer->forward ? lxb_selectors_state_not_found_forward
                                          : lxb_selectors_state_not_found;
    }

    return true;
}

lxb_inline bool
turbohtml_test(lxb_selectors_t *selectors, lxb_selectors_entry_t *entry,
               lxb_dom_node_t *node)
{
    if (entry->selector->type == LXB_CSS_SELECTOR_TYPE_PSEUDO_CLASS_FUNCTION) {
        return turbohtml_function(selectors, entry, node, false);
    }

    return lxb_selectors_match(selectors, entry, node);
}

/*
 * From node (exclusive), the first ancestor (up) or earlier sibling whose
 * element matches entry's compound, as lexbor finds it: a walk to an element
 * matching entry, then a test of the compound's other selectors there (the
 * CLOSE entries before entry), resumed after it when one fails. A walking
 * selector with a nested search tries one element only (lexbor, see above).
 */
static lxb_dom_node_t *
turbohtml_walk(lxb_selectors_t *selectors, lxb_selectors_entry_t *entry,
               lxb_dom_node_t *from, bool up)
{
    bool resumed;
    lxb_dom_node_t *node, *found, *passed;
    lxb_selectors_entry_t *other;
    turbohtml_memo_slot_t *slot;
    bool nested = turbohtml_is_nested(entry->selector);

    if (from == entry->turbohtml_from) {
        entry->turbohtml_last = entry->turbohtml_found;
        return entry->turbohtml_found;
    }

    slot = turbohtml_memo_find(selectors, TURBOHTML_KEY_WALK(entry), from);
    if (slot != NULL) {
        entry->turbohtml_last = slot->value;
        return slot->value;
    }

    node = from;

    for (;;) {
        node = up ? node->parent : node->prev;

        if (node == NULL) {
            found = NULL;
            break;
        }

        if (node->type != LXB_DOM_NODE_TYPE_ELEMENT) {
            continue;
        }

        if (turbohtml_test(selectors, entry, node)) {
            for (other = entry->prev;
                 other != NULL
                 && other->combinator == LXB_CSS_SELECTOR_COMBINATOR_CLOSE;
                 other = other->prev)
            {
                if (!turbohtml_test(selectors, other, node)) {
                    break;
                }
            }

            if (selectors->state == lxb_selectors_state_failed) {
                return node;  /* out of memory: the search stops */
            }

            if (other == NULL
                || other->combinator != LXB_CSS_SELECTOR_COMBINATOR_CLOSE)
            {
                found = node;
                break;
            }
        }
        else if (selectors->state == lxb_selectors_state_failed) {
            return node;
        }
        else if (nested) {
            found = NULL;  /* lexbor tries one element, see above */
            break;
        }

        if (node == entry->turbohtml_from) {
            found = entry->turbohtml_found;
            break;
        }

        slot = turbohtml_memo_find(selectors, TURBOHTML_KEY_WALK(entry), node);
        if (slot != NULL) {
            found = slot->value;
            break;
        }
    }

    /* Every element passed before node has the same answer. */
    for (passed = up ? from->parent : from->prev; passed != node;
         passed = up ? passed->parent : passed->prev)
    {
        if (passed->type == LXB_DOM_NODE_TYPE_ELEMENT) {
            turbohtml_memo_put(selectors, TURBOHTML_KEY_WALK(entry),
                               passed, found);
        }
    }

    /* A walk resumed from the last answer (a later compound failed) goes to
       the table, so that the slot keeps the walk from the candidates. */
    resumed = entry->turbohtml_last != NULL && from == entry->turbohtml_last;

    if (resumed) {
        turbohtml_memo_put(selectors, TURBOHTML_KEY_WALK(entry), from, found);
    }
    else {
        entry->turbohtml_from = from;
        entry->turbohtml_found = found;
    }

    entry->turbohtml_last = found;

    return found;
}

/*
 * 4. :nth-child(An+B of S) and :nth-last-child(An+B of S) count the siblings
 *    matching S from the element to the first (last) sibling, running S at
 *    each (n siblings: n^2/2 runs). lexbor starts each run where the run at the
 *    sibling before stopped: after a match, at the compound that completed it;
 *    after a miss, where the miss left it (so ".x, i" after a match by i runs
 *    i only, and "div.x" after a match tests .x only). A run therefore depends
 *    on its state: the entry it starts at, the sibling, and the elements that
 *    the entries between that entry and the start of its complex selector kept
 *    from earlier runs, where a miss resumes a descendant or ~ walk; every
 *    other entry a run reads it sets itself. The same state runs the same way
 *    and leaves the same next state, so for every state of a count the number
 *    of matches from there to the end of the siblings is remembered, and a
 *    count that reaches a known state adds that number and stops.
 *    The count's states are kept on selectors->turbohtml_chain while it runs
 *    (a count inside S, a nested search, runs to its end within one run).
 */
#define TURBOHTML_KEY_NTH(entry) (((uintptr_t) (entry)) | 2)
#define TURBOHTML_CHAIN_OFF ((size_t) -1)

typedef struct turbohtml_nth_state {
    lxb_selectors_entry_t *entry;
    lxb_dom_node_t        *node;
    uintptr_t             aux;
    bool                  matched;
    bool                  keep;
}
turbohtml_nth_state_t;

/*
 * The elements kept by the entries from entry back to the start of its complex
 * selector, as one number (aux): each (number so far, element) gets its own in
 * the memo table (key tag 3), 0 for none. false when out of memory.
 */
static bool
turbohtml_nth_kept(lxb_selectors_t *selectors, const lxb_selectors_entry_t *entry,
                   uintptr_t *aux)
{
    uintptr_t key;
    turbohtml_memo_slot_t *slot;

    *aux = 0;

    for (entry = entry->next; entry != NULL; entry = entry->next) {
        switch (entry->combinator) {
            case LXB_CSS_SELECTOR_COMBINATOR_CLOSE:
            case LXB_CSS_SELECTOR_COMBINATOR_CHILD:
            case LXB_CSS_SELECTOR_COMBINATOR_SIBLING:
                break;  /* lxb_selectors_state_not_found passes these by */

            default:
                key = (*aux << 2) | 3;
                slot = turbohtml_memo_find(selectors, key, entry->node);

                if (slot == NULL) {
                    slot = turbohtml_memo_put(selectors, key, entry->node,
                        (lxb_dom_node_t *) (uintptr_t) ++selectors->turbohtml_kept);
                    if (slot == NULL) {
                        return false;
                    }
                }

                *aux = (uintptr_t) slot->value;
                break;
        }
    }

    return true;
}

static bool
turbohtml_nth_push(lxb_selectors_t *selectors, lxb_selectors_entry_t *entry,
                   lxb_dom_node_t *node, uintptr_t aux, bool keep)
{
    size_t size;
    turbohtml_nth_state_t *chain, *state;

    if (selectors->turbohtml_chain_len == selectors->turbohtml_chain_size) {
        size = selectors->turbohtml_chain_size ? selectors->turbohtml_chain_size * 2 : 64;
        chain = lexbor_realloc(selectors->turbohtml_chain, size * sizeof(*chain));
        if (chain == NULL) {
            return false;
        }

        selectors->turbohtml_chain = chain;
        selectors->turbohtml_chain_size = size;
    }

    state = &selectors->turbohtml_chain[selectors->turbohtml_chain_len++];
    state->entry = entry;
    state->node = node;
    state->aux = aux;
    state->matched = false;
    state->keep = keep;

    return true;
}

/* The count is complete, count matches after its last state: remember each state's. */
static void
turbohtml_nth_finish(lxb_selectors_t *selectors, lxb_selectors_nested_t *current,
                     size_t count)
{
    size_t i;
    turbohtml_memo_slot_t *slot;
    turbohtml_nth_state_t *state;

    if (current->turbohtml_chain_base == TURBOHTML_CHAIN_OFF) {
        return;
    }

    for (i = selectors->turbohtml_chain_len; i > current->turbohtml_chain_base; i--) {
        state = &selectors->turbohtml_chain[i - 1];
        count += state->matched;

        if (state->keep) {
            slot = turbohtml_memo_put(selectors, TURBOHTML_KEY_NTH(state->entry),
                                      state->node,
                                      (lxb_dom_node_t *) (uintptr_t) count);
            if (slot != NULL) {
                slot->aux = state->aux;
            }
        }
    }

    selectors->turbohtml_chain_len = current->turbohtml_chain_base;
}

/*
 * After a run of S (matched or not) in the count of current (the nested search
 * of :nth-*-child(of S)), node the next sibling to run S at, or NULL at the end:
 * returns node when S is to run there, NULL when the count is complete (with
 * what a known state says added to current->index).
 */
static lxb_dom_node_t *
turbohtml_nth_of_next(lxb_selectors_t *selectors, lxb_selectors_nested_t *current,
                      lxb_dom_node_t *node, bool matched)
{
    bool keep;
    uintptr_t aux;
    turbohtml_memo_slot_t *slot;
    lxb_selectors_entry_t *entry = current->entry;

    if (matched && current->index == 1) {
        /* the run at the element itself matched: the count's first state */
        current->turbohtml_chain_base = selectors->turbohtml_chain_len;

        if (!turbohtml_nth_push(selectors, current->top, current->root, 0, true)) {
            current->turbohtml_chain_base = TURBOHTML_CHAIN_OFF;
        }
    }

    if (current->turbohtml_chain_base != TURBOHTML_CHAIN_OFF) {
        selectors->turbohtml_chain[selectors->turbohtml_chain_len - 1].matched = matched;
    }

    if (node == NULL) {
        turbohtml_nth_finish(selectors, current, 0);
        return NULL;
    }

    keep = turbohtml_nth_kept(selectors, entry, &aux);

    if (keep) {
        slot = turbohtml_memo_find(selectors, TURBOHTML_KEY_NTH(entry), node);

        if (slot != NULL && slot->aux == aux) {
            current->index += (size_t) (uintptr_t) slot->value;
            turbohtml_nth_finish(selectors, current, (size_t) (uintptr_t) slot->value);
            return NULL;
        }
    }

    if (current->turbohtml_chain_base != TURBOHTML_CHAIN_OFF
        && !turbohtml_nth_push(selectors, entry, node, aux, keep))
    {
        /* out of memory: this count goes on without remembering */
        selectors->turbohtml_chain_len = current->turbohtml_chain_base;
        current->turbohtml_chain_base = TURBOHTML_CHAIN_OFF;
    }

    return node;
}

"""

_SEL_H = "selectors/selectors.h"
_SEL = "selectors/selectors.c"

_NTH_OLD = """            index = 0;

            if (pseudo->type == LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NTH_CHILD) {
                while (node != NULL) {
                    if (node->local_name != LXB_TAG__TEXT
                        && node->local_name != LXB_TAG__EM_COMMENT)
                    {
                        index++;
                    }

                    node = node->prev;
                }
            }
            else {
                while (node != NULL) {
                    if (node->local_name != LXB_TAG__TEXT
                        && node->local_name != LXB_TAG__EM_COMMENT)
                    {
                        index++;
                    }

                    node = node->next;
                }
            }

            return lxb_selectors_anb_calc(pseudo->data, index);
"""

_NTH_OF_TYPE_OLD = """            index = 0;
            base = node;

            if (pseudo->type == LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NTH_OF_TYPE) {
                while (node != NULL) {
                    if(node->local_name == base->local_name
                       && node->ns == base->ns)
                    {
                        index++;
                    }

                    node = node->prev;
                }
            }
            else {
                while (node != NULL) {
                    if(node->local_name == base->local_name
                       && node->ns == base->ns)
                    {
                        index++;
                    }

                    node = node->next;
                }
            }

            return lxb_selectors_anb_calc(pseudo->data, index);
"""

_DESCENDANT_OLD = """lxb_inline lxb_dom_node_t *
lxb_selectors_descendant(lxb_selectors_t *selectors,
                         lxb_selectors_entry_t *entry,
                         lxb_dom_node_t *node)
{
    node = node->parent;

    while (node != NULL) {
        if (node->type == LXB_DOM_NODE_TYPE_ELEMENT
            && lxb_selectors_match(selectors, entry, node))
        {
            return node;
        }

        node = node->parent;
    }

    return NULL;
}
"""

_FOLLOWING_OLD = """lxb_inline lxb_dom_node_t *
lxb_selectors_following(lxb_selectors_t *selectors, lxb_selectors_entry_t *entry,
                        lxb_dom_node_t *node)
{
    node = node->prev;

    while (node != NULL) {
        if (node->type == LXB_DOM_NODE_TYPE_ELEMENT &&
            lxb_selectors_match(selectors, entry, node))
        {
            return node;
        }

        node = node->prev;
    }

    return NULL;
}
"""

_FOLLOWING_FORWARD_OLD = """lxb_inline lxb_dom_node_t *
lxb_selectors_following_forward(lxb_selectors_t *selectors,
                                lxb_selectors_entry_t *entry,
                                lxb_dom_node_t *node)
{
    node = node->next;

    while (node != NULL) {
        if (node->type == LXB_DOM_NODE_TYPE_ELEMENT &&
            lxb_selectors_match(selectors, entry, node))
        {
            return node;
        }

        node = node->next;
    }

    return NULL;
}
"""

REPLACEMENTS += [
    (
        _SEL_H,
        "    lxb_selectors_entry_t         *following;\n"
        "    lxb_selectors_nested_t        *nested;\n};\n",
        "    lxb_selectors_entry_t         *following;\n"
        "    lxb_selectors_nested_t        *nested;\n"
        "    /* turbohtml: the last walk from a candidate (turbohtml_walk) and the\n"
        "       last walk's answer */\n"
        "    lxb_dom_node_t                *turbohtml_from;\n"
        "    lxb_dom_node_t                *turbohtml_found;\n"
        "    lxb_dom_node_t                *turbohtml_last;\n};\n",
        1,
    ),
    (
        _SEL_H,
        "    lxb_selectors_opt_t      options;\n    lxb_status_t             status;\n};\n",
        "    lxb_selectors_opt_t      options;\n    lxb_status_t             status;\n\n"
        "    /* turbohtml: the last :nth-*() count of each kind, and the table of\n"
        "       walks' and nested searches' answers (selectors.c) */\n"
        "    lxb_dom_node_t           *turbohtml_nth_node[4];\n"
        "    size_t                   turbohtml_nth_index[4];\n"
        "    struct turbohtml_memo_slot *turbohtml_memo;\n"
        "    size_t                   turbohtml_memo_size;\n"
        "    size_t                   turbohtml_memo_used;\n"
        "    struct turbohtml_nth_state *turbohtml_chain;\n"
        "    size_t                   turbohtml_chain_len;\n"
        "    size_t                   turbohtml_chain_size;\n"
        "    uintptr_t                turbohtml_kept;\n};\n",
        1,
    ),
    # a new search forgets the memos (entries, with their walk slots, are new)
    (
        _SEL,
        "    selectors->current = &nested;\n    selectors->status = LXB_STATUS_OK;\n",
        "    selectors->current = &nested;\n    selectors->status = LXB_STATUS_OK;\n"
        "    memset(selectors->turbohtml_nth_node, 0, sizeof(selectors->turbohtml_nth_node));\n"
        "    turbohtml_memo_clear(selectors);\n"
        "    selectors->turbohtml_chain_len = 0;\n",
        2,
    ),
    (
        _SEL,
        "    selectors->nested = lexbor_dobject_destroy(selectors->nested, true);\n",
        "    selectors->nested = lexbor_dobject_destroy(selectors->nested, true);\n"
        "    selectors->turbohtml_memo = lexbor_free(selectors->turbohtml_memo);\n"
        "    selectors->turbohtml_memo_size = 0;\n"
        "    selectors->turbohtml_memo_used = 0;\n"
        "    selectors->turbohtml_chain = lexbor_free(selectors->turbohtml_chain);\n"
        "    selectors->turbohtml_chain_size = 0;\n"
        "    selectors->turbohtml_chain_len = 0;\n",
        1,
    ),
    (
        _SEL,
        _DESCENDANT_OLD,
        _SEL_C
        + "lxb_inline lxb_dom_node_t *\nlxb_selectors_descendant(lxb_selectors_t *selectors,\n"
        "                         lxb_selectors_entry_t *entry,\n"
        "                         lxb_dom_node_t *node)\n{\n"
        "    return turbohtml_walk(selectors, entry, node, true);\n}\n",
        1,
    ),
    (
        _SEL,
        _FOLLOWING_OLD,
        "lxb_inline lxb_dom_node_t *\n"
        "lxb_selectors_following(lxb_selectors_t *selectors, lxb_selectors_entry_t *entry,\n"
        "                        lxb_dom_node_t *node)\n{\n"
        "    return turbohtml_walk(selectors, entry, node, false);\n}\n",
        1,
    ),
    (
        _SEL,
        "            return lxb_selectors_pseudo_class_function(selectors,\n"
        "                                                       entry->selector, node);\n",
        "            return turbohtml_function(selectors, entry, node, true);\n",
        1,
    ),
    (_SEL, _NTH_OLD,
     "            index = turbohtml_nth_index(selectors, node,\n"
     "                pseudo->type == LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NTH_CHILD ? 0 : 1);\n\n"
     "            return lxb_selectors_anb_calc(pseudo->data, index);\n", 1),
    (_SEL, _NTH_OF_TYPE_OLD,
     "            index = turbohtml_nth_index(selectors, node,\n"
     "                pseudo->type == LXB_CSS_SELECTOR_PSEUDO_CLASS_FUNCTION_NTH_OF_TYPE ? 2 : 3);\n\n"
     "            return lxb_selectors_anb_calc(pseudo->data, index);\n", 1),
]

# :has(X) skips the subtrees known to hold no X (turbohtml_has_settle above)
REPLACEMENTS += [
    (
        _SEL_H,
        "    bool                     forward;\n};\n",
        "    bool                     forward;\n"
        "    /* turbohtml: the :has() entry whose answers this search settles; for\n"
        "       :nth-*-child(of S), where its count's states start on the chain */\n"
        "    lxb_selectors_entry_t    *turbohtml_has;\n"
        "    size_t                   turbohtml_chain_base;\n};\n",
        1,
    ),
    (
        _SEL,
        "    lxb_dom_node_t *root;\n"
        "    lxb_selectors_nested_t *current = selectors->current;\n\n"
        "    if (entry->prev != NULL) {\n"
        "        root = entry->prev->node;\n"
        "    }\n"
        "    else {\n"
        "        root = current->root;\n"
        "    }\n\n"
        "    do {\n"
        "        if (node->first_child != NULL) {\n"
        "            node = node->first_child;\n"
        "        }\n",
        "    lxb_dom_node_t *root;\n"
        "    lxb_selectors_nested_t *current = selectors->current;\n"
        "    turbohtml_memo_slot_t *slot;\n"
        "    uintptr_t key = 0;\n"
        "    bool fn = entry->prev == NULL && current->turbohtml_has != NULL;\n\n"
        "    if (fn) {\n"
        "        key = TURBOHTML_KEY_FN(current->turbohtml_has);\n"
        "    }\n"
        "    else {\n"
        "        key = turbohtml_has_key(selectors, entry);\n"
        "    }\n\n"
        "    if (entry->prev != NULL) {\n"
        "        root = entry->prev->node;\n"
        "    }\n"
        "    else {\n"
        "        root = current->root;\n"
        "    }\n\n"
        "    do {\n"
        "        /* turbohtml: in :has(X), not into a subtree known to hold no X\n"
        "           (for a later compound, root's own subtree either) */\n"
        "        if (node->first_child != NULL\n"
        "            && (key == 0 || (node == root && fn)\n"
        "                || (slot = turbohtml_memo_find(selectors, key, node)) == NULL\n"
        "                || slot->value != NULL))\n"
        "        {\n"
        "            node = node->first_child;\n"
        "        }\n",
        1,
    ),
    (
        _SEL,
        "        if (lxb_selectors_match(selectors, entry, node)) {\n"
        "            return node;\n"
        "        }\n"
        "    }\n"
        "    while (node != NULL);\n\n"
        "    return NULL;\n"
        "}\n\n"
        "lxb_inline lxb_dom_node_t *\n"
        "lxb_selectors_close(",
        "        if (lxb_selectors_match(selectors, entry, node)) {\n"
        "            return node;\n"
        "        }\n"
        "    }\n"
        "    while (node != NULL);\n\n"
        "    /* turbohtml: every candidate under root tried (5. above) */\n"
        "    if (!fn) {\n"
        "        turbohtml_has_walked(selectors, key, root);\n"
        "    }\n\n"
        "    return NULL;\n"
        "}\n\n"
        "lxb_inline lxb_dom_node_t *\n"
        "lxb_selectors_close(",
        1,
    ),
    (
        _SEL,
        _FOLLOWING_FORWARD_OLD,
        "lxb_inline lxb_dom_node_t *\n"
        "lxb_selectors_following_forward(lxb_selectors_t *selectors,\n"
        "                                lxb_selectors_entry_t *entry,\n"
        "                                lxb_dom_node_t *node)\n"
        "{\n"
        "    /* turbohtml: in :has(), siblings known to have none after them (5.) */\n"
        "    uintptr_t key = turbohtml_has_key(selectors, entry);\n"
        "    lxb_dom_node_t *root = (entry->prev != NULL) ? entry->prev->node\n"
        "                                                 : selectors->current->root;\n\n"
        "    if (turbohtml_has_none_after(selectors, key, node)) {\n"
        "        node = NULL;\n"
        "    }\n"
        "    else {\n"
        "        node = node->next;\n"
        "    }\n\n"
        "    while (node != NULL) {\n"
        "        if (node->type == LXB_DOM_NODE_TYPE_ELEMENT) {\n"
        "            if (lxb_selectors_match(selectors, entry, node)) {\n"
        "                return node;\n"
        "            }\n\n"
        "            if (turbohtml_has_none_after(selectors, key, node)) {\n"
        "                break;\n"
        "            }\n"
        "        }\n\n"
        "        node = node->next;\n"
        "    }\n\n"
        "    turbohtml_has_followed(selectors, key, root);\n\n"
        "    return NULL;\n"
        "}\n",
        1,
    ),
]

# :nth-child(of S) stops counting at a sibling whose count is known (turbohtml_nth_of_next)
REPLACEMENTS += [
    (
        _SEL,
        "    current = entry->nested;\n"
        "    pseudo = &entry->selector->u.pseudo;\n"
        "    node = lxb_selectors_state_nth_child_node(pseudo, current->root);\n",
        "    current = entry->nested;\n"
        "    pseudo = &entry->selector->u.pseudo;\n"
        "    node = lxb_selectors_state_nth_child_node(pseudo, current->root);\n"
        "    node = turbohtml_nth_of_next(selectors, current, node, true);\n",
        1,
    ),
    (
        _SEL,
        "    pseudo = &current->parent->entry->selector->u.pseudo;\n"
        "    node = lxb_selectors_state_nth_child_node(pseudo, current->root);\n",
        "    pseudo = &current->parent->entry->selector->u.pseudo;\n"
        "    node = lxb_selectors_state_nth_child_node(pseudo, current->root);\n"
        "    node = turbohtml_nth_of_next(selectors, current, node, false);\n",
        1,
    ),
]

# the memo table is cleared (or freed, when large) at the end of every search too
REPLACEMENTS += [
    (
        _SEL,
        "void\nlxb_selectors_clean(lxb_selectors_t *selectors)\n{\n"
        "    lexbor_dobject_clean(selectors->objs);\n",
        "static void\nturbohtml_memo_clear(lxb_selectors_t *selectors);\n\n"
        "void\nlxb_selectors_clean(lxb_selectors_t *selectors)\n{\n"
        "    turbohtml_memo_clear(selectors);\n"
        "    lexbor_dobject_clean(selectors->objs);\n",
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

# Plain bytes of <script>, <style> (RAWTEXT), <title>/<textarea> (RCDATA) and comments:
# lexbor's loops look at one byte at a time for the few that end or change the run, a
# third of the parse on the article-benchmark pages. Each loop first skips to the next
# such byte with lexbor's own 8-bytes-at-a-time search (lexbor/core/swar.h, already used
# by its data and attribute-value states); the bytes skipped are those the loop's
# ``default`` case passes over, so the tokens are unchanged.
_TEXT_STATES = (
    # (file, state function, the bytes its loop acts on)
    ("state_rawtext.c", "lxb_html_tokenizer_state_rawtext", ("0x3C", "0x0D", "0x00")),
    ("state_script.c", "lxb_html_tokenizer_state_script_data", ("0x3C", "0x0D", "0x00")),
    ("state_rcdata.c", "lxb_html_tokenizer_state_rcdata", ("0x3C", "0x26", "0x0D", "0x00")),
    ("state_comment.c", "lxb_html_tokenizer_state_comment", ("0x3C", "0x2D", "0x0D", "0x00")),
)


def _text_state_seek(file: str, function: str, stops: tuple[str, ...]) -> list[tuple[str, str, str, int]]:
    pad = " " * (len(function) + 1)
    loop = (
        f"{function}(lxb_html_tokenizer_t *tkz,\n{pad}const lxb_char_t *data,\n{pad}const lxb_char_t *end)\n"
        "{\n    lxb_html_tokenizer_state_begin_set(tkz, data);\n\n    while (data != end) {\n"
    )
    seek = (
        f"        data = lexbor_swar_seek{len(stops)}(data, end, {', '.join(stops)});  /* turbohtml */\n"
        "        if (data == end) {\n            break;\n        }\n"
    )
    include = '#include "lexbor/html/tokenizer/state.h"\n'
    return [
        (f"html/tokenizer/{file}", include, include + '#include "lexbor/core/swar.h"\n', 1),
        (f"html/tokenizer/{file}", loop, loop + seek, 1),
    ]


for _file, _function, _stops in _TEXT_STATES:
    REPLACEMENTS += _text_state_seek(_file, _function, _stops)



# lexbor's name tables (a document's tag names, attribute names, namespaces, prefixes:
# lexbor/core/hash.c) have a fixed number of chains, 128, and no growth: n distinct names
# cost n^2/256 string compares down the chains, and the chains' pointer chasing misses
# the cache (a tag with 100k distinct attribute names: 2.7-6.6 s; 20k <html a_i> tags:
# quadratic the same way). The table grows 4x when it holds 4 entries per chain. Every
# entry lexbor's three standard inserts make sits in the chain of the raw hash of its
# stored string (the lower and upper hashes are the raw hash of the lowered, uppered key,
# which is what they store), and a search matches only an entry whose stored string is
# the key mapped the same way, so a grown table answers every search as before. A table
# that ever sees another insert (lexbor's style module has its own) never grows; a
# cleaned table (a reused document) goes back to its first size.
_HASH_GROW_C = """
/* turbohtml: grow the table 4x (see lexbor_patches.py); out of memory, it stays. */
static void
turbohtml_hash_grow(lexbor_hash_t *hash)
{
    size_t i, idx, size;
    lexbor_hash_entry_t **table, *entry, *next;

    if (hash->turbohtml_custom
        || lexbor_dobject_allocated(hash->entries) <= hash->table_size * 4
        || hash->table_size > SIZE_MAX / (16 * sizeof(lexbor_hash_entry_t *)))
    {
        return;
    }

    size = hash->table_size * 4;
    table = lexbor_calloc(size, sizeof(lexbor_hash_entry_t *));
    if (table == NULL) {
        return;
    }

    for (i = 0; i < hash->table_size; i++) {
        for (entry = hash->table[i]; entry != NULL; entry = next) {
            next = entry->next;
            idx = lexbor_hash_make_id(lexbor_hash_entry_str(entry), entry->length) % size;
            entry->next = table[idx];
            table[idx] = entry;
        }
    }

    lexbor_free(hash->table);
    hash->table = table;
    hash->table_size = size;
}

"""

_HASH = "core/hash.c"

REPLACEMENTS += [
    ("core/hash.h", "    lexbor_hash_entry_t **table;\n    size_t              table_size;\n",
     "    lexbor_hash_entry_t **table;\n    size_t              table_size;\n"
     "    size_t              turbohtml_first_size; /* turbohtml: before growing */\n"
     "    bool                turbohtml_custom; /* turbohtml: an insert of its own: never grow */\n",
     1),
    (_HASH, "lexbor_hash_t *\nlexbor_hash_create(void)\n",
     _HASH_GROW_C.lstrip("\n") + "lexbor_hash_t *\nlexbor_hash_create(void)\n", 1),
    (_HASH, "    hash->table_size = table_size;\n",
     "    hash->table_size = table_size;\n    hash->turbohtml_first_size = table_size;\n", 1),
    # a cleaned table starts again from its first size
    (_HASH, "    lexbor_mraw_clean(hash->mraw);\n    lexbor_hash_table_clean(hash);\n",
     "    lexbor_mraw_clean(hash->mraw);\n\n"
     "    if (hash->table_size != hash->turbohtml_first_size) {\n"
     "        lexbor_hash_entry_t **first = lexbor_calloc(hash->turbohtml_first_size,\n"
     "                                                    sizeof(lexbor_hash_entry_t *));\n"
     "        if (first != NULL) {\n"
     "            lexbor_free(hash->table);\n"
     "            hash->table = first;\n"
     "            hash->table_size = hash->turbohtml_first_size;\n"
     "        }\n"
     "    }\n\n"
     "    lexbor_hash_table_clean(hash);\n", 1),
    (_HASH, "    hash_id = insert->hash(key, length);\n    table_idx = hash_id % hash->table_size;\n\n"
            "    entry = hash->table[table_idx];\n\n    if (entry == NULL) {\n"
            "        entry = _lexbor_hash_entry_create(hash, insert->copy, key, length);\n"
            "        hash->table[table_idx] = entry;\n\n        return entry;\n    }\n",
     "    if (insert != &lexbor_hash_insert_var && insert != &lexbor_hash_insert_lower_var\n"
     "        && insert != &lexbor_hash_insert_upper_var)\n"
     "    {\n"
     "        hash->turbohtml_custom = true;  /* turbohtml: its hash may not be the raw one */\n"
     "    }\n\n"
     "    hash_id = insert->hash(key, length);\n    table_idx = hash_id % hash->table_size;\n\n"
     "    entry = hash->table[table_idx];\n\n    if (entry == NULL) {\n"
     "        entry = _lexbor_hash_entry_create(hash, insert->copy, key, length);\n"
     "        hash->table[table_idx] = entry;\n\n"
     "        if (entry != NULL) {\n            turbohtml_hash_grow(hash);\n        }\n\n"
     "        return entry;\n    }\n", 1),
    (_HASH, "    entry->next = _lexbor_hash_entry_create(hash, insert->copy, key, length);\n\n"
            "    return entry->next;\n",
     "    entry->next = _lexbor_hash_entry_create(hash, insert->copy, key, length);\n"
     "    entry = entry->next;\n\n"
     "    if (entry != NULL) {\n        turbohtml_hash_grow(hash);\n    }\n\n"
     "    return entry;\n", 1),
    # an entry inserted by the caller, found by a search of the caller's: no growing after
    (_HASH, "    hash_id = search->hash(key, length);\n    table_idx = hash_id % hash->table_size;\n\n"
            "    item = hash->table[table_idx];\n",
     "    hash->turbohtml_custom = true;\n\n"
     "    hash_id = search->hash(key, length);\n    table_idx = hash_id % hash->table_size;\n\n"
     "    item = hash->table[table_idx];\n", 1),
]


# Text that arrives in pieces joins the text node before it (lexbor/html/tree.c): lexbor
# grows the node's string to the exact new length, which extends it in place only while
# it is the last thing its arena allocated. Foster-parented text (<table>, then x<!---->
# repeated: each x goes before the table, each comment into it) and text after </body>
# with comments between (they go to <html>) copy the whole string for every piece:
# n^2/2 bytes (100k pieces: 0.7 s). A string of 64 bytes or more that must move grows to
# twice its size at least, so each byte is copied a bounded number of times on average;
# the text is the same.
REPLACEMENTS += [
    (
        "html/tree.c",
        "        data = lexbor_str_append(&chrs->data, tree->document->dom_document.text,\n"
        "                                 str->data, str->length);\n",
        "        size_t turbohtml_size = lexbor_str_size(&chrs->data);\n"
        "        size_t turbohtml_want = chrs->data.length + str->length + 1;\n\n"
        "        if (turbohtml_want > turbohtml_size && turbohtml_size >= 64\n"
        "            && turbohtml_size <= SIZE_MAX / 2)\n"
        "        {\n"
        "            /* turbohtml: grow by doubling, so a text appended to piece by piece\n"
        "             * is copied a bounded number of times on average */\n"
        "            if (turbohtml_want < turbohtml_size * 2) {\n"
        "                turbohtml_want = turbohtml_size * 2;\n"
        "            }\n\n"
        "            if (lexbor_str_realloc(&chrs->data, tree->document->dom_document.text,\n"
        "                                   turbohtml_want) == NULL)\n"
        "            {\n"
        "                return LXB_STATUS_ERROR_MEMORY_ALLOCATION;\n"
        "            }\n"
        "        }\n\n"
        "        data = lexbor_str_append(&chrs->data, tree->document->dom_document.text,\n"
        "                                 str->data, str->length);\n",
        1,
    ),
]

# lexbor runs an <option>'s attribute steps for any element named option: `selected` on an
# SVG or MathML <option> (an element without selectedness) wrote a byte past the element,
# over the next allocation's header in lexbor's memory pool. HTML options only.
REPLACEMENTS += [
    (
        "html/interfaces/option_element.c",
        "    if (name == LXB_DOM_ATTR_SELECTED) {\n        option->selectedness = true;\n",
        "    if (name == LXB_DOM_ATTR_SELECTED && element->node.ns == LXB_NS_HTML) {\n"
        "        option->selectedness = true;  /* turbohtml: HTML options only */\n",
        1,
    ),
    (
        "html/interfaces/option_element.c",
        "    if (name == LXB_DOM_ATTR_SELECTED) {\n        option->selectedness = false;\n",
        "    if (name == LXB_DOM_ATTR_SELECTED && element->node.ns == LXB_NS_HTML) {\n"
        "        option->selectedness = false;  /* turbohtml: HTML options only */\n",
        1,
    ),
]

# <select>: the selectedness setting algorithm, run on every <option> inserted, walked the
# select's whole list of options; a selected <option> popped walked the select's subtree
# for a <selectedcontent>, and every option walked its ancestors for its select. During
# a parse each select keeps what its last run left, each lookup its answer, and the
# document counts changes that could make them wrong (see the module docstring).
_WATCH_H = (
    "typedef struct lxb_dom_document_css lxb_dom_document_css_t;\n\n"
    "/*\n"
    " * turbohtml: what html/interfaces/select_element.c and option_element.c keep\n"
    " * during a parse, and the counts of changes that make it out of date.\n"
    " */\n"
    "typedef struct {\n"
    "    size_t         options;          /* HTML <option>s created: none, nothing kept */\n"
    "    size_t         selectedcontents; /* HTML <selectedcontent>s created */\n"
    "    size_t         options_gen;      /* changes with any list of options or selectedness */\n"
    "    size_t         tree_gen;         /* changes with any ancestry or <selectedcontent> place */\n"
    "    lxb_dom_node_t *appended;        /* an option leaf appended at options_gen appended_gen */\n"
    "    size_t         appended_gen;\n"
    "    lxb_dom_node_t *memo_parent;     /* the nearest select of its option children */\n"
    "    void           *memo_select;\n"
    "    size_t         memo_gen;         /* tree_gen when memo_select was found */\n"
    "    bool           parsing;          /* the tree builder runs: kept things may be used */\n"
    "    bool           open_parent;      /* the tree builder inserts under an open element */\n"
    "    size_t         open_selects;     /* HTML <select>s on the stack of open elements */\n"
    "    size_t         open_kept;        /* how many of them open_select holds */\n"
    "    void           *open_select[8];  /* all of them while open_kept == open_selects */\n"
    "}\n"
    "turbohtml_select_watch_t;\n"
)

_WATCH_PARSING = (
    "\n/* turbohtml: a parse starts or ends; nothing kept before is trusted after */\n"
    "lxb_inline void\n"
    "turbohtml_select_parsing(lxb_dom_document_t *document, bool parsing)\n"
    "{\n"
    "    turbohtml_select_watch_t *w = &document->turbohtml_select;\n\n"
    "    w->parsing = parsing;\n"
    "    w->open_parent = false;\n"
    "    w->open_selects = 0;\n"
    "    w->open_kept = 0;\n"
    "    w->options_gen++;\n"
    "    w->tree_gen++;\n"
    "    w->appended = NULL;\n"
    "}\n"
)

_NODE_WATCH = r"""/* turbohtml: html/interfaces/select_element.c */
bool
turbohtml_select_fostered(lxb_dom_node_t *option, const lxb_dom_node_t *parent,
                          const lxb_dom_node_t *next);

/* turbohtml: html/interfaces/select_element.c */
bool
turbohtml_selects_settled(const turbohtml_select_watch_t *w);

/* turbohtml: html/interfaces/select_element.c */
bool
turbohtml_select_entered(const lxb_dom_node_t *node);

/*
 * turbohtml: do lexbor's insertion steps need their walk of the subtree inserted?
 * Only an HTML <option> has steps in an HTML document (html/element_steps_res.h,
 * checked when the patches apply), so while the tree builder runs, a subtree without
 * the mark below has none to run. The walk went through every subtree the adoption
 * agency moves, as deep as the stack (<b>, n <div>, n </b>: n^2/2 nodes). When the
 * tree builder inserts under an open element (a new element at the current node, or
 * the subtree the agency moved under its common ancestor), every <option> in what it
 * inserts has its nearest <select> among its new ancestors, which are all open (see
 * turbohtml_selects_settled), or in the subtree; an option's steps run the
 * selectedness algorithm on that select, which changes nothing on a settled select
 * unless the option joins its list. So nothing is to run when every open <select> has
 * settled and the subtree holds no <select> (an option a list takes in leaves its run
 * pending in w->appended, which turbohtml_selects_settled refuses).
 * (<select><b>, n <div>, <option>, n </b>: each move walked down to the option and the
 * option up to its select, 20k 12.8 s; an <option> appended after each </b> walked up.)
 */
static bool
turbohtml_steps_walk(const lxb_dom_node_t *root)
{
    const turbohtml_select_watch_t *w = &root->owner_document->turbohtml_select;

    if (!w->parsing) {
        return true;
    }

    if (root->turbohtml_options == 0) {
        return false;
    }

    if (w->open_parent && (root->turbohtml_options & 2) == 0
        && turbohtml_selects_settled(w))
    {
        return false;
    }

    return true;
}

/*
 * turbohtml: node->turbohtml_options marks the nodes whose subtree may hold an HTML
 * <option> or <selectedcontent> (bit 1) or an HTML <select> (bit 2): such an element is
 * marked when it is created, and a marked node inserted marks its new ancestors up to
 * the first one that has its marks, so every ancestor of a marked node has its marks
 * and a subtree without a mark holds none of those elements (a mark stays when the
 * element leaves: "may"). Each node gets each mark once. Every structural change goes
 * through the three insertions below.
 */
static void
turbohtml_options_mark_up(lxb_dom_node_t *node)
{
    unsigned marks = node->turbohtml_options;

    if (marks != 0) {
        for (node = node->parent;
             node != NULL && (node->turbohtml_options & marks) != marks;
             node = node->parent)
        {
            node->turbohtml_options |= marks;
        }
    }
}

/*
 * turbohtml: does the subtree below root hold no HTML <option> and no
 * <selectedcontent>? The whole subtree is looked at: a subtree that moves is
 * walked by lexbor's insertion steps too, so the look costs no more than the move.
 */
static bool
turbohtml_select_plain(const lxb_dom_node_t *root)
{
    const lxb_dom_node_t *node = root->first_child;

    if (!root->turbohtml_options) {
        return true;  /* (the marks above) */
    }

    while (node != NULL) {
        if (node->ns == LXB_NS_HTML
            && (node->local_name == LXB_TAG_OPTION
                || node->local_name == LXB_TAG_SELECTEDCONTENT))
        {
            return false;
        }

        if (node->first_child != NULL && node->turbohtml_options) {
            node = node->first_child;
            continue;
        }

        while (node != root && node->next == NULL) {
            node = node->parent;
        }

        if (node == root) {
            break;
        }

        node = node->next;
    }

    return true;
}

/*
 * turbohtml: node is about to be inserted or removed. A node that is no option
 * or <selectedcontent> and holds none changes no list of options, no option's
 * ancestors and no select's first <selectedcontent>: nothing kept goes stale.
 * An option leaf inserted changes lists, not ancestries; appended, it is noted
 * for its insertion steps (html/interfaces/select_element.c); inserted elsewhere
 * (under parent, before next), the kept outcomes may stay true or be updated
 * (turbohtml_select_fostered). A <selectedcontent> leaf changes where the first
 * one is, not the lists.
 */
static void
turbohtml_select_changed(lxb_dom_node_t *node, const lxb_dom_node_t *parent,
                         const lxb_dom_node_t *next, bool removed, bool appended)
{
    bool option;
    turbohtml_select_watch_t *w;

    if (node->owner_document == NULL
        || node->owner_document->turbohtml_select.options == 0)
    {
        return;
    }

    w = &node->owner_document->turbohtml_select;
    option = node->local_name == LXB_TAG_OPTION && node->ns == LXB_NS_HTML;

    /* a subtree that may hold an option and that no list enters moves: the lists of
     * options (also of the selects in it) stay, the ancestries in it change (the
     * adoption agency's moves; the look below would walk it) */
    if (!option && node->first_child != NULL && node->turbohtml_options != 0
        && !turbohtml_select_entered(node))
    {
        w->tree_gen++;
        return;
    }

    if (!option
        && !(node->local_name == LXB_TAG_SELECTEDCONTENT && node->ns == LXB_NS_HTML)
        && (node->first_child == NULL || turbohtml_select_plain(node)))
    {
        return;
    }

    /* an option leaf appended where no list goes: its steps run on a select whose
     * list it is not in (html/interfaces/select_element.c) */
    if (option && node->first_child == NULL && appended && !turbohtml_select_entered(parent)) {
        return;
    }

    if (option && node->first_child == NULL && !removed && !appended
        && turbohtml_select_fostered(node, parent, next))
    {
        return;
    }

    if (option && node->first_child == NULL && !removed) {
        w->appended = (appended) ? node : NULL;
        w->appended_gen = w->options_gen++;
        return;
    }

    if (!option && node->first_child == NULL) {
        w->tree_gen++;
        return;
    }

    w->options_gen++;
    w->tree_gen++;
    w->appended = NULL;
}

"""

_ATTR_WATCH = r"""
/*
 * turbohtml: an attribute changes on an element in a tree (selected, disabled,
 * multiple, size decide what html/interfaces/select_element.c keeps): nothing
 * kept is trusted. The parser sets attributes before it inserts the element.
 */
static void
turbohtml_select_attr_changed(lxb_dom_node_t *node)
{
    turbohtml_select_watch_t *w;

    if (node->owner_document == NULL) {
        return;
    }

    w = &node->owner_document->turbohtml_select;

    /* only <option>, <optgroup>, <select> and <selectedcontent> attributes are read */
    switch (node->local_name) {
        case LXB_TAG_OPTION:
        case LXB_TAG_OPTGROUP:
        case LXB_TAG_SELECT:
        case LXB_TAG_SELECTEDCONTENT:
            break;

        default:
            return;  /* (<html> and <body> get attributes while the parser runs) */
    }

    if (w->options != 0 && (node->parent != NULL || node->first_child != NULL)) {
        w->options_gen++;
        w->tree_gen++;
        w->appended = NULL;
    }
}

"""

_SELECT_ALGORITHM_OLD = """lxb_dom_exception_code_t
lxb_html_select_selectedness_setting_algorithm(lxb_html_select_element_t *el)
{
    lxb_status_t status;
    size_t display_size;
    lxb_dom_attr_t *multiple;
    lxb_html_select_selectedness_ctx_t snctx;

    multiple = lxb_dom_element_attr_by_id(lxb_dom_interface_element(el),
                                           LXB_DOM_ATTR_MULTIPLE);
    if (multiple != NULL) {
        return LXB_DOM_EXCEPTION_OK;
    }

    /*
     * Step 1. If the element's multiple attribute is absent, and the element's
     * display size is 1, and no option elements in the element's list of
     * options have their selectedness set to true, then set the selectedness
     * of the first option element in the list of options in tree order that is
     * not disabled, if any, to true and return.
     */

    display_size = lxb_html_select_selectedness_display_size(el);

    if (display_size == 1) {
        snctx.first = NULL;
        snctx.last = NULL;
        snctx.selected = 0;

        status = lxb_html_select_list_of_options(el,
                                                 lxb_html_select_selectedness_one_cb,
                                                 &snctx);
        if (status != LXB_STATUS_OK) {
            return LXB_DOM_EXCEPTION_ERR;
        }

        if (snctx.selected == 0) {
            if (snctx.first != NULL) {
                snctx.first->selectedness = true;
            }

            return LXB_DOM_EXCEPTION_OK;
        }
    }

    /*
     * Step 2. If the element's multiple attribute is absent, and two or more
     * option elements in the element's list of options have their selectedness
     * set to true, then set the selectedness of all but the last option element
     * with its selectedness set to true in the list of options in tree order
     * to false.
     */

    if (snctx.selected >= 2) {
        status = lxb_html_select_list_of_options(el,
                                                 lxb_html_select_selectedness_two_cb,
                                                 &snctx);
        if (status != LXB_STATUS_OK) {
            return LXB_DOM_EXCEPTION_ERR;
        }
    }

    return LXB_DOM_EXCEPTION_OK;
}
"""

_SELECT_ALGORITHM_NEW = """/*
 * turbohtml: lexbor's algorithm, which also says what it left: whether it
 * settles anything (multiple absent, display size 1) and, if so, the count of
 * selected options, the last selected and the first not disabled afterwards.
 * snctx starts zeroed: lexbor read snctx.selected uninitialized when the
 * display size is not 1 (then step 2 ran or not by the stack's garbage);
 * zeroed, step 2 never runs there, which is what unpatched builds show.
 */
static lxb_dom_exception_code_t
turbohtml_select_walk(lxb_html_select_element_t *el, bool *settles, bool *changed,
                      lxb_html_select_selectedness_ctx_t *snctx)
{
    lxb_status_t status;
    lxb_dom_attr_t *multiple;

    *changed = false;
    snctx->first = NULL;
    snctx->last = NULL;
    snctx->selected = 0;

    multiple = lxb_dom_element_attr_by_id(lxb_dom_interface_element(el),
                                           LXB_DOM_ATTR_MULTIPLE);

    *settles = multiple == NULL
               && lxb_html_select_selectedness_display_size(el) == 1;
    if (!*settles) {
        return LXB_DOM_EXCEPTION_OK;
    }

    /*
     * Step 1. If the element's multiple attribute is absent, and the element's
     * display size is 1, and no option elements in the element's list of
     * options have their selectedness set to true, then set the selectedness
     * of the first option element in the list of options in tree order that is
     * not disabled, if any, to true and return.
     */

    status = lxb_html_select_list_of_options(el,
                                             lxb_html_select_selectedness_one_cb,
                                             snctx);
    if (status != LXB_STATUS_OK) {
        return LXB_DOM_EXCEPTION_ERR;
    }

    if (snctx->selected == 0) {
        if (snctx->first != NULL) {
            snctx->first->selectedness = true;
            snctx->selected = 1;
            snctx->last = snctx->first;
            *changed = true;
        }

        return LXB_DOM_EXCEPTION_OK;
    }

    /*
     * Step 2. If the element's multiple attribute is absent, and two or more
     * option elements in the element's list of options have their selectedness
     * set to true, then set the selectedness of all but the last option element
     * with its selectedness set to true in the list of options in tree order
     * to false.
     */

    if (snctx->selected >= 2) {
        status = lxb_html_select_list_of_options(el,
                                                 lxb_html_select_selectedness_two_cb,
                                                 snctx);
        if (status != LXB_STATUS_OK) {
            return LXB_DOM_EXCEPTION_ERR;
        }

        snctx->selected = 1;
        *changed = true;
    }

    return LXB_DOM_EXCEPTION_OK;
}

lxb_dom_exception_code_t
lxb_html_select_selectedness_setting_algorithm(lxb_html_select_element_t *el)
{
    return turbohtml_select_settle(el, NULL);
}

/*
 * turbohtml: a run's step 2 on a kept state with two selected options (the one
 * kept before a fostered selected option, and that option, last in the list):
 * all but the last are deselected, which changes what other selects kept.
 */
static void
turbohtml_select_step_two(lxb_html_select_element_t *el, turbohtml_select_watch_t *w)
{
    if (el->th_selected == 2) {
        el->th_before->selectedness = false;
        el->th_before = NULL;
        el->th_selected = 1;
        el->th_gen = ++w->options_gen;
    }
}

/*
 * turbohtml: the algorithm, run because option (or NULL: unknown) was inserted.
 * During a parse the select keeps what the last run left (th_*), valid while
 * the document's options_gen is th_gen: the lists of options, selectedness and
 * attributes are as then. A run leaves at most one option selected, none only
 * when no option is enabled, so a run on that state changes nothing; two are
 * kept only after a fostered selected option (turbohtml_select_fostered), and
 * the next run deselects the earlier (turbohtml_select_step_two). If the one
 * change since is option appended as a leaf, the list grows by option when
 * option is the select's child (last in tree order, so last in the list); a
 * deeper option whose nearest select this is sits below a child the walk does
 * not enter (an optgroup, or no select, datalist, hr or option), in no list.
 * Anything else: lexbor's walk, whose result is kept; a walk that changed no
 * selectedness changes no other select's outcome, so options_gen stays.
 */
lxb_dom_exception_code_t
turbohtml_select_settle(lxb_html_select_element_t *el,
                        lxb_html_option_element_t *option)
{
    bool settles, changed;
    lxb_dom_exception_code_t code;
    lxb_html_option_element_t *before;
    lxb_html_select_selectedness_ctx_t snctx;
    turbohtml_select_watch_t *w;

    w = &lxb_dom_interface_node(el)->owner_document->turbohtml_select;

    if (w->parsing && el->th_gen == w->options_gen) {
        turbohtml_select_step_two(el, w);
        return LXB_DOM_EXCEPTION_OK;
    }

    if (w->parsing && option != NULL
        && w->appended == lxb_dom_interface_node(option)
        && el->th_gen == w->appended_gen
        && w->options_gen == w->appended_gen + 1)
    {
        w->appended = NULL;
        el->th_gen = w->options_gen;
        turbohtml_select_step_two(el, w);

        if (!el->th_settles
            || lxb_dom_interface_node(option)->parent != lxb_dom_interface_node(el))
        {
            return LXB_DOM_EXCEPTION_OK;
        }

        before = el->th_last;

        if (option->selectedness) {
            el->th_selected++;
            el->th_last = option;
        }

        if (el->th_first == NULL && !lxb_html_option_is_disabled(option)) {
            el->th_first = option;
        }

        if (el->th_selected == 0 && el->th_first != NULL) {
            /* Step 1: no option was enabled before this one. */
            el->th_first->selectedness = true;
            el->th_selected = 1;
            el->th_last = el->th_first;
            el->th_gen = ++w->options_gen;
        }
        else if (el->th_selected == 2) {
            /* Step 2: the one selected before, and this one. */
            before->selectedness = false;
            el->th_selected = 1;
            el->th_gen = ++w->options_gen;
        }

        return LXB_DOM_EXCEPTION_OK;
    }

    code = turbohtml_select_walk(el, &settles, &changed, &snctx);

    if (w->parsing && code == LXB_DOM_EXCEPTION_OK) {
        /* a run that changed no selectedness leaves the other selects' outcomes */
        w->appended = NULL;
        el->th_gen = changed ? ++w->options_gen : w->options_gen;
        el->th_settles = settles;
        el->th_selected = snctx.selected;
        el->th_last = snctx.last;
        el->th_first = snctx.first;
        el->th_before = NULL;
    }

    return code;
}

/*
 * turbohtml: node came onto (open) or left the stack of open elements; the HTML
 * <select>s among them are kept (up to 8) for turbohtml_selects_settled.
 */
void
turbohtml_select_opened(lxb_dom_node_t *node, bool open)
{
    size_t i;
    turbohtml_select_watch_t *w;

    if (node->local_name != LXB_TAG_SELECT || node->ns != LXB_NS_HTML
        || node->owner_document == NULL)
    {
        return;
    }

    w = &node->owner_document->turbohtml_select;

    if (open) {
        if (w->open_kept == w->open_selects && w->open_kept < 8) {
            w->open_select[w->open_kept++] = node;
        }

        w->open_selects++;
        return;
    }

    for (i = 0; i < w->open_kept; i++) {
        if (w->open_select[i] == node) {
            w->open_select[i] = w->open_select[--w->open_kept];
            break;
        }
    }

    if (w->open_selects != 0) {
        w->open_selects--;
    }
}

/*
 * turbohtml: would a run of the algorithm on any open <select> change nothing? Each
 * kept outcome is valid, with one option selected at most. An open element's
 * <select> ancestors are open: a select leaves the stack only when popped, with the
 * elements above it (it is never removed from the middle: it is special, and not a
 * <form>), its open descendants are above it, and the tree builder inserts only under
 * open elements (clones for a <selectedcontent> are never opened). Past 8 open
 * selects, or an option appended whose run is pending: no.
 */
bool
turbohtml_selects_settled(const turbohtml_select_watch_t *w)
{
    size_t i;
    const lxb_html_select_element_t *select;

    if (w->appended != NULL || w->open_kept != w->open_selects) {
        return false;
    }

    for (i = 0; i < w->open_kept; i++) {
        select = w->open_select[i];

        if (select->th_gen != w->options_gen || select->th_selected > 1) {
            return false;
        }
    }

    return true;
}

/*
 * turbohtml: does lexbor's list of options (lxb_html_select_list_of_options) enter
 * node: an HTML select, datalist, hr or option, or an optgroup (entered or not by its
 * own ancestors)? Options below a node it never enters are in no list above it.
 */
bool
turbohtml_select_entered(const lxb_dom_node_t *node)
{
    if (node->ns != LXB_NS_HTML) {
        return false;
    }

    switch (node->local_name) {
        case LXB_TAG_SELECT:
        case LXB_TAG_DATALIST:
        case LXB_TAG_HR:
        case LXB_TAG_OPTION:
        case LXB_TAG_OPTGROUP:
            return true;

        default:
            return false;
    }
}

/*
 * turbohtml: may the sibling f of a fostered option's ancestor (or of the option),
 * after it in tree order, put an option after it in a list lexbor's walk makes? Only
 * an option, or an element the walk may enter with an option below
 * (dom/interfaces/node.c marks every ancestor of an option).
 */
static bool
turbohtml_select_may_follow(const lxb_dom_node_t *f)
{
    if (f->local_name == LXB_TAG_OPTION && f->ns == LXB_NS_HTML) {
        return true;
    }

    return turbohtml_select_entered(f) && f->turbohtml_options;
}

/*
 * turbohtml: an option leaf is about to be inserted under parent before next (NULL:
 * last) without insertion steps (foster parenting puts it before the <table>). Do
 * the selects' kept outcomes stay true, so that the document's options_gen need not
 * change? It joins the list of options of each select lexbor's walk reaches it from,
 * all among the selects up the chain of ancestors the walk may enter (select,
 * datalist, hr, option, and an <optgroup>, entered or not by its own ancestors).
 * Not selected: a run on such a select still changes nothing when the select kept
 * one selected option (or runs no steps): step 1 needs none selected, step 2 two,
 * and the last selected is the same; the first enabled option it kept is only used
 * while none is selected, which no later change the caches follow brings back. With
 * none selected (no option enabled), a disabled one changes nothing either.
 * Selected, with no <optgroup> on the way (which makes the lists it joins certain)
 * and nothing after it up to each select that may put an option after it in the
 * list: it is the last selected option of each list it joins. A select that kept
 * one selected now has two, and its next run deselects the earlier (kept in
 * th_before for turbohtml_select_step_two); one that kept none has this one. The
 * kept states are updated here. Anything else, or past 64 steps: no.
 * (<select>, then <option>y<table><option>x</table> repeated: every option walked
 * the list, 10k 3-5 s; with <option selected>x, 10k 7.9 s.)
 */
bool
turbohtml_select_fostered(lxb_dom_node_t *option, const lxb_dom_node_t *parent,
                          const lxb_dom_node_t *next)
{
    bool disabled, selected;
    size_t steps = 0, owners = 0, i;
    const lxb_dom_node_t *node, *after;
    lxb_html_select_element_t *select, *owner[8];
    const turbohtml_select_watch_t *w = &option->owner_document->turbohtml_select;

    if (!w->parsing) {
        return false;
    }

    selected = lxb_html_interface_option(option)->selectedness;

    /* (its own attribute: a disabled <optgroup> parent would only add to it) */
    disabled = lxb_dom_element_attr_by_id(lxb_dom_interface_element(option),
                                          LXB_DOM_ATTR_DISABLED) != NULL;

    for (node = parent, after = next; node != NULL && node->ns == LXB_NS_HTML;
         after = node->next, node = node->parent)
    {
        if (++steps > 64) {
            return false;
        }

        switch (node->local_name) {
            case LXB_TAG_SELECT:
                select = lxb_html_interface_select(node);

                if (select->th_gen != w->options_gen || !select->th_settles) {
                    break;  /* nothing kept, or no steps: nothing to change */
                }

                if (!selected) {
                    if (select->th_selected == 0 && !disabled) {
                        return false;
                    }

                    break;
                }

                if (select->th_selected > 1 || owners == 8) {
                    return false;
                }

                owner[owners++] = select;
                break;

            case LXB_TAG_OPTGROUP:
                if (selected) {
                    return false;
                }

                break;

            case LXB_TAG_OPTION:
            case LXB_TAG_DATALIST:
            case LXB_TAG_HR:
                break;

            default:
                goto chain_ends;  /* no walk above enters it */
        }

        /* selected: what follows it among node's children comes later in the lists */
        for (; selected && after != NULL; after = after->next) {
            if (++steps > 64 || turbohtml_select_may_follow(after)) {
                return false;
            }
        }
    }

chain_ends:

    for (i = 0; i < owners; i++) {
        select = owner[i];

        if (select->th_selected == 1) {
            select->th_before = select->th_last;
            select->th_selected = 2;
        }
        else {
            select->th_selected = 1;

            if (select->th_first == NULL && !disabled) {
                select->th_first = lxb_html_interface_option(option);
            }
        }

        select->th_last = lxb_html_interface_option(option);
    }

    return true;
}
"""

_SELECTEDCONTENT_OLD = """    lxb_dom_attr_t *multiple;
    lxb_dom_node_t *selectedcontent, *node;
    lxb_html_selectedcontent_element_t *sc;

    multiple = lxb_dom_element_attr_by_id(lxb_dom_interface_element(el),
                                          LXB_DOM_ATTR_MULTIPLE);
    if (multiple != NULL) {
        return NULL;
    }

    selectedcontent = NULL;
    node = lxb_dom_interface_node(el);

    lxb_dom_node_simple_walk(node, lxb_html_select_find_selectedcontent_cb,
                             &selectedcontent);
    if (selectedcontent == NULL) {
"""

_SELECTEDCONTENT_NEW = """    lxb_dom_attr_t *multiple;
    lxb_dom_node_t *selectedcontent, *node;
    lxb_html_selectedcontent_element_t *sc;
    turbohtml_select_watch_t *w;

    /*
     * turbohtml: during a parse, no <selectedcontent> created in the document
     * means none here; else the answer found last is kept while tree_gen (which
     * changes with any <selectedcontent> moved, any subtree holding one, any
     * attribute) is unchanged.
     */
    w = &lxb_dom_interface_node(el)->owner_document->turbohtml_select;
    selectedcontent = NULL;

    if (w->parsing) {
        if (w->selectedcontents == 0) {
            return NULL;
        }

        if (el->th_sc_gen == w->tree_gen) {
            selectedcontent = el->th_sc;
            goto found;
        }
    }

    multiple = lxb_dom_element_attr_by_id(lxb_dom_interface_element(el),
                                          LXB_DOM_ATTR_MULTIPLE);
    if (multiple == NULL) {
        node = lxb_dom_interface_node(el);

        lxb_dom_node_simple_walk(node, lxb_html_select_find_selectedcontent_cb,
                                 &selectedcontent);
    }

    if (w->parsing) {
        el->th_sc_gen = w->tree_gen;
        el->th_sc = selectedcontent;
    }

found:

    if (selectedcontent == NULL) {
"""

_NEAREST_OLD = """static lxb_html_select_element_t *
lxb_html_option_element_nearest_ancestor_select(lxb_html_option_element_t *option)
{
    lxb_dom_node_t *node;
"""

_NEAREST_NEW = """static lxb_html_select_element_t *
turbohtml_nearest_select_walk(lxb_html_option_element_t *option);

/*
 * turbohtml: the walk up looks at the ancestors of the option's parent only.
 * During a parse the answer for the last parent asked is kept while tree_gen
 * is unchanged (it changes with any subtree holding an option moved, and any
 * option removed: an ancestry asked about can change no other way).
 */
static lxb_html_select_element_t *
lxb_html_option_element_nearest_ancestor_select(lxb_html_option_element_t *option)
{
    lxb_html_select_element_t *select;
    lxb_dom_node_t *parent = lxb_dom_interface_node(option)->parent;
    turbohtml_select_watch_t *w;

    w = &lxb_dom_interface_node(option)->owner_document->turbohtml_select;

    if (parent == NULL || !w->parsing) {
        return turbohtml_nearest_select_walk(option);
    }

    if (w->memo_parent == parent && w->memo_gen == w->tree_gen) {
        return w->memo_select;
    }

    select = turbohtml_nearest_select_walk(option);

    w->memo_parent = parent;
    w->memo_select = select;
    w->memo_gen = w->tree_gen;

    return select;
}

static lxb_html_select_element_t *
turbohtml_nearest_select_walk(lxb_html_option_element_t *option)
{
    lxb_dom_node_t *node;
"""

_REPLACE_ALL_OLD = """    return lxb_dom_node_replace_all_spec(lxb_dom_interface_node(sc),
                                         lxb_dom_interface_node(&fragment));
"""

_REPLACE_ALL_NEW = """    /*
     * turbohtml: lxb_dom_node_replace_all_spec() without its pre-insert check,
     * whose walk up from sc looks for this fragment, made here: never there.
     */
    node = lxb_dom_interface_node(sc)->first_child;

    while (node != NULL) {
        child = node->next;

        code = lxb_dom_node_remove_spec(node, true);
        if (code != LXB_DOM_EXCEPTION_OK) {
            return code;
        }

        node = child;
    }

    return lxb_dom_node_insert(lxb_dom_interface_node(sc),
                               lxb_dom_interface_node(&fragment), NULL, false);
"""

_CREATED = (
    "    node->owner_document = lxb_html_document_original_ref(document);\n"
    "    node->type = LXB_DOM_NODE_TYPE_ELEMENT;\n"
)

REPLACEMENTS += [
    ("dom/interfaces/document.h", "typedef struct lxb_dom_document_css lxb_dom_document_css_t;\n", _WATCH_H, 1),
    (
        "dom/interfaces/document.h",
        "    bool                                      scripting;\n};\n",
        "    bool                                      scripting;\n\n"
        "    turbohtml_select_watch_t                  turbohtml_select;\n};\n" + _WATCH_PARSING,
        1,
    ),
    # every structural change goes through these four
    (
        "dom/interfaces/node.c",
        "void\nlxb_dom_node_insert_child_wo_events(lxb_dom_node_t *to, lxb_dom_node_t *node)\n{\n",
        _NODE_WATCH + "void\nlxb_dom_node_insert_child_wo_events(lxb_dom_node_t *to, lxb_dom_node_t *node)\n{\n"
        "    turbohtml_select_changed(node, to, NULL, false, true);\n\n",
        1,
    ),
    (
        "dom/interfaces/node.c",
        "void\nlxb_dom_node_insert_before_wo_events(lxb_dom_node_t *to, lxb_dom_node_t *node)\n{\n",
        "void\nlxb_dom_node_insert_before_wo_events(lxb_dom_node_t *to, lxb_dom_node_t *node)\n{\n"
        "    turbohtml_select_changed(node, to->parent, to, false, false);\n\n",
        1,
    ),
    (
        "dom/interfaces/node.c",
        "void\nlxb_dom_node_insert_after_wo_events(lxb_dom_node_t *to, lxb_dom_node_t *node)\n{\n",
        "void\nlxb_dom_node_insert_after_wo_events(lxb_dom_node_t *to, lxb_dom_node_t *node)\n{\n"
        "    turbohtml_select_changed(node, to->parent, to->next, false, false);\n\n",
        1,
    ),
    (
        "dom/interfaces/node.c",
        "lxb_dom_node_remove_wo_events(lxb_dom_node_t *node)\n{\n",
        "lxb_dom_node_remove_wo_events(lxb_dom_node_t *node)\n{\n"
        "    turbohtml_select_changed(node, NULL, NULL, true, false);\n\n",
        1,
    ),
    # the insertion steps' walk, when it can do something
    (
        "dom/interfaces/node.c",
        '        && doc->mutation->inserted != NULL)\n    {\n        (void) lxb_dom_node_shadow_including_descendants(node,\n',
        '        && doc->mutation->inserted != NULL\n        && turbohtml_steps_walk(node))\n    {\n        (void) lxb_dom_node_shadow_including_descendants(node,\n',
        2,
    ),
    (
        "dom/interfaces/node.c",
        '        && doc->mutation->inserted != NULL) {\n        (void) lxb_dom_node_shadow_including_descendants(node,\n',
        '        && doc->mutation->inserted != NULL\n        && turbohtml_steps_walk(node)) {\n        (void) lxb_dom_node_shadow_including_descendants(node,\n',
        1,
    ),
    # attribute changes (the html document's attribute steps see them all)
    (
        "html/attribute_steps.c",
        '#include "lexbor/html/attribute_steps_res.h"\n',
        '#include "lexbor/html/attribute_steps_res.h"\n' + _ATTR_WATCH,
        1,
    ),
    (
        "html/attribute_steps.c",
        "    node = lxb_dom_interface_node(element);\n    tag_id = node->local_name;\n",
        "    node = lxb_dom_interface_node(element);\n    tag_id = node->local_name;\n\n"
        "    turbohtml_select_attr_changed(node);\n",
        4,
    ),
    # the caches are used only while the tree builder runs
    (
        "html/tree.h",
        "    tree->document = document;\n\n    return lxb_html_tokenizer_begin(tree->tkz_ref);\n",
        "    tree->document = document;\n\n"
        "    turbohtml_select_parsing(&document->dom_document, true);\n\n"
        "    return lxb_html_tokenizer_begin(tree->tkz_ref);\n",
        1,
    ),
    (
        "html/tree.h",
        "    lxb_status_t status = lxb_html_tokenizer_end(tree->tkz_ref);\n",
        "    lxb_status_t status = lxb_html_tokenizer_end(tree->tkz_ref);\n\n"
        "    turbohtml_select_parsing(&tree->document->dom_document, false);\n",
        1,
    ),
    # a cleaned document holds no element: none created
    (
        "dom/interfaces/document.c",
        "        lexbor_hash_clean(document->prefix);\n    }\n",
        "        lexbor_hash_clean(document->prefix);\n\n"
        "        document->turbohtml_select.options = 0;  /* turbohtml */\n"
        "        document->turbohtml_select.selectedcontents = 0;\n    }\n",
        1,
    ),
    # the mark of the subtrees that may hold an <option> or <selectedcontent>
    (
        "dom/interfaces/node.h",
        "    lxb_dom_node_type_t    type;\n",
        "    lxb_dom_node_type_t    type;\n"
        "    unsigned               turbohtml_options; /* turbohtml: may hold an <option> (node.c) */\n",
        1,
    ),
    ("dom/interfaces/node.c", "    to->last_child = node;\n}\n",
     "    to->last_child = node;\n\n    turbohtml_options_mark_up(node);\n}\n", 1),
    ("dom/interfaces/node.c", "    to->prev = node;\n}\n",
     "    to->prev = node;\n\n    turbohtml_options_mark_up(node);\n}\n", 1),
    ("dom/interfaces/node.c", "    to->next = node;\n}\n",
     "    to->next = node;\n\n    turbohtml_options_mark_up(node);\n}\n", 1),
    # counts of the elements created
    (
        "html/interfaces/option_element.c",
        "    /* selectedness default is false. */\n\n" + _CREATED,
        "    /* selectedness default is false. */\n\n" + _CREATED
        + "    node->owner_document->turbohtml_select.options++;  /* turbohtml */\n"
        "    node->turbohtml_options = 1;\n",
        1,
    ),
    (
        "html/interfaces/selectedcontent_element.c",
        _CREATED,
        _CREATED + "    node->owner_document->turbohtml_select.selectedcontents++;  /* turbohtml */\n"
        "    node->turbohtml_options = 1;\n",
        1,
    ),
    (
        "html/interfaces/select_element.c",
        _CREATED,
        _CREATED + "    node->turbohtml_options = 2;  /* turbohtml: may hold a <select> */\n",
        1,
    ),
    # what each select keeps
    (
        "html/interfaces/select_element.h",
        "struct lxb_html_select_element {\n    lxb_html_element_t element;\n};\n",
        "struct lxb_html_select_element {\n"
        "    lxb_html_element_t element;\n\n"
        "    /* turbohtml: what the last run of the selectedness algorithm left */\n"
        "    size_t                             th_gen;      /* options_gen then; 0: none */\n"
        "    bool                               th_settles;  /* multiple absent, display size 1 */\n"
        "    size_t                             th_selected; /* selected options in the list */\n"
        "    lxb_html_option_element_t          *th_last;    /* the last of them */\n"
        "    lxb_html_option_element_t          *th_first;   /* the first option not disabled */\n"
        "    lxb_html_option_element_t          *th_before;  /* th_selected 2: the earlier one */\n"
        "    /* turbohtml: the <selectedcontent> found last, at tree_gen th_sc_gen */\n"
        "    size_t                             th_sc_gen;\n"
        "    lxb_dom_node_t                     *th_sc;\n"
        "};\n",
        1,
    ),
    (
        "html/interfaces/select_element.h",
        "LXB_API lxb_status_t\nlxb_html_select_element_insert_steps(lxb_dom_node_t *inserted_node);\n",
        "LXB_API lxb_status_t\nlxb_html_select_element_insert_steps(lxb_dom_node_t *inserted_node);\n\n"
        "LXB_API lxb_dom_exception_code_t\n"
        "turbohtml_select_settle(lxb_html_select_element_t *el,\n"
        "                        lxb_html_option_element_t *option);\n\n"
        "LXB_API void\n"
        "turbohtml_select_opened(lxb_dom_node_t *node, bool open);\n",
        1,
    ),
    ("html/interfaces/select_element.c", _SELECT_ALGORITHM_OLD, _SELECT_ALGORITHM_NEW, 1),
    ("html/interfaces/select_element.c", _SELECTEDCONTENT_OLD, _SELECTEDCONTENT_NEW, 1),
    ("html/interfaces/option_element.c", _NEAREST_OLD, _NEAREST_NEW, 1),
    # an option's insertion steps say which option came
    (
        "html/interfaces/option_element.c",
        "    option = lxb_html_interface_option(inserted_node);\n\n"
        "    (void) lxb_html_option_update_nearest_ancestor_select(option);\n",
        "    option = lxb_html_interface_option(inserted_node);\n\n"
        "    select = lxb_html_option_element_nearest_ancestor_select(option);\n"
        "    if (select != NULL) {\n"
        "        (void) turbohtml_select_settle(select, option);\n"
        "    }\n",
        1,
    ),
    (
        "html/interfaces/option_element.c",
        "lxb_html_option_element_insert_steps(lxb_dom_node_t *inserted_node)\n{\n"
        "    lxb_html_option_element_t *option;\n",
        "lxb_html_option_element_insert_steps(lxb_dom_node_t *inserted_node)\n{\n"
        "    lxb_html_option_element_t *option;\n"
        "    lxb_html_select_element_t *select;\n",
        1,
    ),
    ("html/interfaces/selectedcontent_element.c", _REPLACE_ALL_OLD, _REPLACE_ALL_NEW, 1),
    (
        "html/interfaces/selectedcontent_element.c",
        "    lxb_dom_node_t *node, *child, *opt_node;\n",
        "    lxb_dom_node_t *node, *child, *opt_node;\n    lxb_dom_exception_code_t code;\n",
        1,
    ),
]

# The select caches follow the open <select>s, and the tree builder's insertions say
# they go under an open element (turbohtml_steps_walk in dom/interfaces/node.c).
REPLACEMENTS += [
    ("html/tree/open_elements.h", '#include "lexbor/html/tree.h"\n',
     '#include "lexbor/html/tree.h"\n#include "lexbor/html/interfaces/select_element.h"\n', 1),
    ("html/tree/open_elements.h", "        turbohtml_open_added(tree, tree->open_elements->length - 1);\n",
     "        turbohtml_open_added(tree, tree->open_elements->length - 1);\n"
     "        turbohtml_select_opened(node, true);\n", 1),
    ("html/tree/open_elements.h", "        turbohtml_open_added(tree, idx + 1);\n",
     "        turbohtml_open_added(tree, idx + 1);\n        turbohtml_select_opened(node, true);\n", 1),
    ("html/tree/open_elements.c", "    turbohtml_open_removed(tree, node, tree->open_elements->length);\n",
     "    turbohtml_open_removed(tree, node, tree->open_elements->length);\n"
     "    turbohtml_select_opened(node, false);\n", 1),
    ("html/tree/open_elements.c", "            turbohtml_open_removed(tree, node, len);\n",
     "            turbohtml_open_removed(tree, node, len);\n"
     "            turbohtml_select_opened(node, false);\n", 1),
    ("html/tree.c", "    turbohtml_open_clear(tree);\n    tree->document->ready_state",
     "    turbohtml_open_clear(tree);\n"
     "    tree->document->dom_document.turbohtml_select.open_selects = 0;\n"
     "    tree->document->dom_document.turbohtml_select.open_kept = 0;\n"
     "    tree->document->ready_state", 1),
    # a selected option popped looks for its select's <selectedcontent>: none in the
    # document, nothing to clone into, no walk up to its select
    (
        "html/interfaces/option_element.c",
        "    is = lxb_html_option_element_selectedness(option);\n    if (!is) {\n"
        "        return LXB_DOM_EXCEPTION_OK;\n    }\n",
        "    is = lxb_html_option_element_selectedness(option);\n    if (!is) {\n"
        "        return LXB_DOM_EXCEPTION_OK;\n    }\n\n"
        "    if (lxb_dom_interface_node(option)->owner_document->turbohtml_select.parsing\n"
        "        && lxb_dom_interface_node(option)->owner_document->turbohtml_select.selectedcontents == 0)\n"
        "    {\n"
        "        return LXB_DOM_EXCEPTION_OK;  /* turbohtml */\n"
        "    }\n",
        1,
    ),
    # every caller inserts at the appropriate place: an open element (the current node,
    # the adoption agency's common ancestor), a template's contents or the document, or
    # before a table (without steps)
    ("html/tree.h", "        return;\n    }\n\n    lxb_dom_node_insert_child(to, node);\n}\n",
     "        return;\n    }\n\n"
     "    node->owner_document->turbohtml_select.open_parent = true;  /* turbohtml */\n"
     "    lxb_dom_node_insert_child(to, node);\n"
     "    node->owner_document->turbohtml_select.open_parent = false;\n}\n", 1),
]


def fingerprint() -> str:
    """Changes whenever the patch set changes, so a stale patched tree is re-extracted."""
    return hashlib.sha256(repr(REPLACEMENTS).encode()).hexdigest()[:16]


def check_insertion_steps(source: Path) -> None:
    """turbohtml_steps_walk skips lexbor's insertion-steps walk of subtrees that hold no
    HTML <option>: exact only while <option> is the one element with insertion steps."""
    path = source / "lexbor" / "html" / "element_steps_res.h"
    steps = re.findall(r"\.inserted = (\w+)", path.read_text(encoding="utf8"))
    if sorted(set(steps) - {"NULL"}) != ["lxb_html_option_element_insert_steps"]:
        raise RuntimeError(f"{path}: elements other than <option> have insertion steps; "
                           "turbohtml_steps_walk in lexbor_patches.py must learn them")


def apply(source: Path) -> None:
    """Apply every replacement to the lexbor tree under ``source`` (the ``source/`` dir)."""
    check_insertion_steps(source)
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
