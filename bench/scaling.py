"""Scaling: time and peak memory against input size, to show where growth is linear.

Series (each size measured once for time, once under tracemalloc for peak memory;
lexbor allocates through PyMem_Raw*, so tracemalloc sees its arenas and the Python
objects; the C walks' scratch arrays come from malloc and are not counted):

- pages: real article markup repeated to 1 kB ... 100 MB, through parse, article(),
  boilerplate(), dates(), structured_data() and extract_links();
- deep trees: nested <span> (and mixed inline) to 1M levels, <div> and <li> nesting,
  unclosed formatting elements (the cases vendor/lexbor/lexbor_patches.py makes linear);
- lookups: tags that look for a name down a deep list (formatting end tags, <a>, stray end
  tags under a special element, <li>/<dd>, </form>, foster parenting, closed formatting
  elements removed far from the end of the list, table scope in a cell, a <select> or
  <body> found below deep inline elements, foreign end tags, resetting the insertion
  mode), many attribute or tag names, text in pieces, and the shape that stays quadratic;
- selects: a <select> with n options (plain, selected, disabled, in optgroups, with a
  <selectedcontent> before, after or outside them, below deep elements), and the shapes
  that stay quadratic;
- wide trees: 1k ... 1M sibling paragraphs;
- CSS selector costs on deep and wide trees (a descendant combinator, :nth-child, :has);
- URL helpers on long URLs: 10 ... 100,000 query parameters, long paths, long hosts.

For each step the ``exp`` column is log(t2/t1) / log(n2/n1) against the previous
size: about 1 is linear, about 2 quadratic (small sizes are noisy). Run:

    python bench/scaling.py            # everything, up to 100 MB pages (a few minutes)
    python bench/scaling.py --quick    # pages up to 10 MB, smaller trees
    python bench/scaling.py --series deep lookups urls
"""

from __future__ import annotations

import argparse
import gc
import gzip
import math
import os
import sys
import time
import tracemalloc
from pathlib import Path

import turbohtml
from turbohtml import extract as X

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "fuzz"))
import hostile

DATA = Path(os.environ.get("TURBOHTML_DATA", REPO.parent / "shared" / "data"))
MB = 1 << 20


def measure(run) -> tuple[float, int]:
    """(seconds, peak traced bytes) of run(); the time pass runs untraced."""
    gc.collect()
    started = time.perf_counter()
    run()
    seconds = time.perf_counter() - started
    gc.collect()
    tracemalloc.start()
    try:
        run()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return seconds, peak


def _exp(previous: tuple[int, float] | None, n: int, seconds: float) -> str:
    if previous is None or previous[1] < 1e-3 or seconds < 1e-3 or n == previous[0]:
        return "   -"
    return f"{math.log(seconds / previous[1]) / math.log(n / previous[0]):4.1f}"


def _size(n: float) -> str:
    for unit, scale in (("M", 1e6), ("k", 1e3)):
        if n >= scale:
            return f"{n / scale:g}{unit}"
    return f"{n:g}"


def series(title: str, sizes, build, ops: dict) -> None:
    """Print one table: for every op, time and peak memory at every size."""
    print(f"\n## {title}")
    print(f"{'op':<22} {'n':>7} {'input':>8} {'seconds':>9} {'µs/unit':>9} {'exp':>4} {'peak MB':>8}")
    inputs = {}
    for n in sizes:
        inputs[n] = build(n)
    for op, run in ops.items():
        run(inputs[sizes[0]])()  # warm-up: lazy imports and tables load outside the timings
        previous = None
        for n in sizes:
            data = inputs[n]
            prepared = run(data)  # returns a thunk (parsing outside the timed part when the op says so)
            seconds, peak = measure(prepared)
            length = len(data) if isinstance(data, (str, bytes)) else n
            print(f"{op:<22} {_size(n):>7} {_size(length):>8} {seconds:9.4f} {seconds / n * 1e6:9.3f} "
                  f"{_exp(previous, n, seconds)} {peak / MB:8.1f}", flush=True)
            previous = (n, seconds)
    inputs.clear()


# ---------------------------------------------------------------- page sizes


def _real_page() -> tuple[str, str, str]:
    """(head, body content, tail) of a real article page, to repeat."""
    path = sorted((DATA / "article-benchmark" / "html").glob("*.html.gz"))[3]
    with gzip.open(path, "rt", encoding="utf8") as handle:
        html = handle.read()
    doc = turbohtml.parse(html)
    head = "<!DOCTYPE html><html><head>" + doc.head.inner_html + "</head><body>"
    return head, doc.body.inner_html, "</body></html>"


def page_of(size: int, parts=None) -> str:
    head, body, tail = parts or _real_page()
    if size <= len(head) + len(tail):
        return (head + body + tail)[:size]
    need = size - len(head) - len(tail)
    return head + (body * (need // len(body) + 1))[:need] + tail


def page_ops() -> dict:
    return {
        "parse": lambda html: lambda: turbohtml.parse(html),
        "parse+article": lambda html: lambda: turbohtml.parse(html).article(),
        "parse+boilerplate": lambda html: lambda: X.boilerplate(html),
        "parse+dates": lambda html: lambda: X.dates(html),
        "parse+structured": lambda html: lambda: turbohtml.parse(html).structured_data("http://example.com/"),
        "extract_links": lambda html: lambda: X.extract_links(html, "http://example.com/"),
    }


def run_pages(quick: bool) -> None:
    parts = _real_page()
    top = 10 * MB if quick else 100 * MB
    sizes = [s for s in (1 << 10, 10 << 10, 100 << 10, MB, 10 * MB, 100 * MB) if s <= top]
    series("pages: real article markup repeated (n = bytes)", sizes, lambda n: page_of(n, parts), page_ops())


# ---------------------------------------------------------------- deep and wide trees


def tree_ops() -> dict:
    def parsed(op):
        def prepare(html):
            doc = turbohtml.parse(html)
            return lambda: op(doc)
        return prepare

    return {
        "parse": lambda html: lambda: turbohtml.parse(html),
        "article": parsed(lambda doc: doc.article()),
        "boilerplate": parsed(lambda doc: doc.boilerplate()),
        "structured_data": parsed(lambda doc: doc.structured_data()),
        "html (serialize)": parsed(lambda doc: doc.html),
        "descendants": parsed(lambda doc: sum(1 for _ in doc.descendants)),
    }



def parse_of(make):
    """A series op: for size n, parse the page make(n) (built once, outside the timing)."""
    def prepare(n):
        html = make(n)
        return lambda: turbohtml.parse(html)
    return prepare

FORMATTING = ("a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u")


def formatting_ops() -> dict:
    """Parse n unclosed formatting elements of several shapes (the Noah's Ark clause, and
    reconstructing the active formatting elements under deep nesting)."""
    def shape(make):
        return parse_of(lambda n: make(n) + hostile.TEXT)

    distinct = hostile.formatting_distinct

    def tagged(n, tag):
        return "".join(f"<{tag} id=x{i}>" for i in range(n))

    return {
        "distinct <b id=...>": shape(lambda n: distinct(n)),
        "half distinct, half =": shape(lambda n: distinct(n // 2) + "<b>" * (n // 2)),
        "alternating": shape(lambda n: "".join(f"<b id=x{i}><b>" for i in range(n // 2))),
        "distinct in a cell": shape(lambda n: "<b><b><b><table><tr><td>" + distinct(n)),
        "<b> over n <span>": shape(lambda n: "<b>" + "<span>x" * n),
        "14 tags, <a> <nobr> too": shape(lambda n: "".join(f"<{FORMATTING[i % 14]} id=x{i}>" for i in range(n))),
        # the Noah's Ark clause removes entries far from the end of the list (3 copies each
        # of n distinct <b>, n <i>, then each of the first n <b> again): holes, no moves
        "ark: far removals": shape(lambda n: "".join(f"<b id=x{i}>" * 3 for i in range(n))
                                   + tagged(n, "i") + distinct(n)),
        # the same, then every <b> twice more: the holes outnumber the entries, the list
        # is closed up, and holes come again
        "ark: removal rounds": shape(lambda n: "".join(f"<b id=x{i}>" * 3 for i in range(n // 2))
                                     + tagged(n // 2, "i") + distinct(n // 2) * 3),
        # n entries removed in front of a closed <u> that text then reopens n times: the
        # walk back passes the holes once (and closes them up), not n times
        "holes, reconstructed": shape(lambda n: "<i><p>" + distinct(n) + "<u></p>" + "</b>" * n
                                      + "<p>x</p>" * n),
    }


def lookup_ops() -> dict:
    """Tags that look for a name down a deep list: before lexbor_patches.py counted the names
    after the last marker, above the nearest special element and <template>s (and chained the
    formatting list by name, and counted the scope boundaries below each open element), each
    of n such tags scanned about n entries for nothing."""
    distinct = hostile.formatting_distinct
    return {
        "n <b id>, n </i>": parse_of(lambda n: distinct(n) + "</i>" * n),
        "n <b id>, n <a></a>": parse_of(lambda n: distinct(n) + "<a>x</a>" * n),
        "</span> under <div>": parse_of(lambda n: "<span><div>" + "<b>" * n + "</span>" * n),
        "n <b>, n <li></li>": parse_of(lambda n: "<ul>" + "<b>" * n + "<li></li>" * n),
        "n <i>, n <dd></dd>": parse_of(lambda n: "<dl>" + "<i>" * n + "<dd></dd>" * n),
        "</form>, n <span>": parse_of(lambda n: ("<form>" + "<span>" * 10 + "</form>") * (n // 10)),
        "foster under n <span>": parse_of(lambda n: "<span>" * n + "<table>" + "<b></b>" * n),
        "</i> out of scope": parse_of(lambda n: "<i><table>" + "".join(f"<b id=x{i}>" for i in range(n))
                                      + "</i>" * n),
        "</div> out of scope": parse_of(lambda n: "<div><table>" + "<b>" * n + "</div>" * n),
        "</li> out of scope": parse_of(lambda n: "<ul><li><table>" + "<b>" * n + "</li>" * n),
        "<div><a> repeated": parse_of(lambda n: "<div><a>" * n),
        # table scope, a yes found down a deep stack, foreign end tags
        "</thead> in a cell": parse_of(lambda n: "<table><tr><td>" + "<span>" * n + "</thead>" * n),
        "<hr> under a <select>": parse_of(lambda n: "<select>" + "<span>" * n + "<hr>" * n),
        "n <span>, n </body>": parse_of(lambda n: "<span>" * n + "</body>" * n),
        "<svg>, n <g>, n </x>": parse_of(lambda n: "<svg>" + "<g>" * n + "</x>" * n),
        "</table> under n <span>": parse_of(lambda n: "<span>" * n + "<table></table>" * n),
        # closed formatting elements stay in the list: each </b> finds the last <b>, deeper
        # every time, and removes it from the middle of the list
        "</b> far, closed": parse_of(lambda n: "<div>" + "".join(f"<b id=x{i}><i id=x{i}>" for i in range(n))
                                     + "</div>" + "</b>" * n),
        # the adoption agency moving a deep subtree: each </b> moves the <div> above the <b>,
        # with the n - k <div>s opened since (lexbor walked them for insertion steps, walked
        # the stack down to the <b> and moved every entry above it), an <option> elsewhere
        "agency: moved subtrees": parse_of(lambda n: "<b>" + "<div>" * n + "</b>" * n),
        "agency, <option> before": parse_of(lambda n: "<select><option>a</select><b>" + "<div>" * n + "</b>" * n),
        # an <option> at the bottom of each moved subtree, and options appended below the
        # moved blocks: the insertion steps (down the path) and each option's walk up to
        # its select are skipped while every open <select> has settled
        "agency: <option> moved": parse_of(lambda n: "<select><b>" + "<div>" * n + "<option>x" + "</b>" * n),
        "agency, options between": parse_of(lambda n: "<select><b>" + "<div>" * n + "<option>x"
                                            + "</b><option>y" * n),
    }


def name_ops() -> dict:
    """Many names on one element or in one document, and text that arrives in pieces:
    lexbor scanned an element's attributes for each new one, chained a document's names
    in 128 fixed lists, and copied a growing text node for each piece."""
    return {
        "a tag with n attributes": parse_of(lambda n: "<p " + " ".join(f"a{i}" for i in range(n)) + ">"),
        "n <html a_i> tags": parse_of(lambda n: "".join(f"<html a{i}>" for i in range(n))),
        "n distinct tag names": parse_of(lambda n: "".join(f"<x{i}>" for i in range(n))),
        "foster text, n pieces": parse_of(lambda n: "<table>" + "x<!---->" * n),
    }


def quadratic_ops() -> dict:
    """What stays quadratic (docs/reliability.md, known limits); the tree is lexbor's."""
    return {
        # each </b> removes a <span> from the middle of the stack of open elements, an
        # array: every entry above it moves (lexbor's memmove, the index's counts)
        "agency: stack removals": parse_of(lambda n: "<b><span>" + "<div><span>" * n + "</b>" * n),
        # a selected <option> appended below the moved blocks after each </b>, in a
        # document with a <selectedcontent>: popped, it walks up to its select for it
        "agency, selected between": parse_of(lambda n: "<select>" + SELECTED_CONTENT + "<b>" + "<div>" * n
                                             + "<option>x" + "</b><option selected>y" * n),
    }


SELECTED_CONTENT = "<button><selectedcontent></selectedcontent></button>"


def select_ops() -> dict:
    """<select>s with n options: lexbor walked the select's whole list of options for each
    option inserted, the select's subtree for a <selectedcontent> for each selected option
    popped, and each option's ancestors for its select (lexbor_patches.py keeps each
    select's last outcome, its <selectedcontent>, the last parent's select)."""
    sc = SELECTED_CONTENT
    return {
        "n <option>": parse_of(lambda n: "<select>" + "<option>x" * n),
        "n <option selected>": parse_of(lambda n: "<select>" + "<option selected>x" * n),
        "n <option disabled>": parse_of(lambda n: "<select>" + "<option disabled>x" * n),
        "<optgroup><option>": parse_of(lambda n: "<select>" + "<optgroup><option selected>x" * n),
        "size=3, selected": parse_of(lambda n: "<select size=3>" + "<option selected>x" * n),
        "multiple, selected": parse_of(lambda n: "<select multiple>" + "<option selected>x" * n),
        "selectedcontent first": parse_of(lambda n: "<select>" + sc + "<option selected>x" * n),
        "selectedcontent after": parse_of(lambda n: "<select>" + "<option selected>x" * n + sc),
        "selectedcontent else": parse_of(lambda n: "<selectedcontent></selectedcontent><select>"
                                         + "<option selected>x" * n),
        "selectedcontent each": parse_of(lambda n: "<select>" + "<option>x<selectedcontent></selectedcontent>" * n),
        "cloned <b>x</b>": parse_of(lambda n: "<select>" + sc + "<option selected><b>x</b>" * n),
        "options in n <div>": parse_of(lambda n: "<div>" * n + "<option selected>x" * n),
        "<b><select>..</b>": parse_of(lambda n: "<b><select>" + "<option>x" * n + "</b>"),
        # "is a <select> in scope?" found one far down the stack (the stack index remembers it)
        "n <div>, n <option>": parse_of(lambda n: "<select>" + "<div>" * n + "<option>x" * n),
        # the adoption agency moves a 21-node block between options (its whole subtree is
        # looked at for options, as lexbor's insertion steps walk it)
        "moved 20-node blocks": parse_of(lambda n: "<select>" + ("<option>y<b><p>" + "<i></i>" * 20 + "</b>") * n),
        # options foster-parented out of a <table> (no insertion steps): kept outcomes they
        # leave true stay (an option not selected; a disabled one while none is enabled)
        "fostered <option>s": parse_of(lambda n: "<select>" + sc + "<option>y<table><option>x</table>" * n),
        "fostered, all disabled": parse_of(lambda n: "<select>" + "<option disabled>y<table><option disabled>x</table>" * n),
        # a fostered selected option, last in the list: two selected until the next run
        "fostered, selected": parse_of(lambda n: "<select>" + "<option>y<table><option selected>x</table>" * n),
    }


def run_trees(quick: bool) -> None:
    deep = (1_000, 10_000, 100_000) if quick else (1_000, 10_000, 100_000, 1_000_000)
    series("deep: nested <span> (n = depth)", deep, hostile.deep_inline, tree_ops())
    series("deep: nested mixed inline elements (n = depth)", deep, hostile.deep_mixed_inline,
           {"parse": tree_ops()["parse"], "article": tree_ops()["article"]})
    series("deep: nested <div> (lexbor patched: open-<p> count)", (1_000, 5_000, 20_000, 100_000),
           hostile.deep_block, {"parse": tree_ops()["parse"], "article": tree_ops()["article"]})
    series("deep: nested <ul><li> (also a <p>-in-button-scope check per <li>)", (1_000, 10_000, 100_000),
           lambda n: "<ul><li>" * n + hostile.TEXT, {"parse": tree_ops()["parse"]})
    series("deep: unclosed formatting elements (lexbor patched: indexed lists)",
           (1_000, 10_000, 100_000), lambda n: n, formatting_ops())
    series("deep: n <span> then n stray </x> (lexbor patched: open elements' names counted)",
           (1_000, 10_000, 100_000), lambda n: "<span>" * n + "</x>" * n, {"parse": tree_ops()["parse"]})
    wide = (1_000, 10_000, 100_000) if quick else (1_000, 10_000, 100_000, 1_000_000)
    series("wide: sibling paragraphs (n = siblings)", wide,
           lambda n: "<body><div class=content>" + f"<p>{hostile.TEXT}<a href=/x>l</a></p>" * n + "</div>",
           tree_ops())


def run_lookups(quick: bool) -> None:
    series("lookups: tags looking for a name down deep lists (lexbor patched: names counted)",
           (1_000, 10_000, 100_000), lambda n: n, lookup_ops())
    series("names and text pieces (lexbor patched: name sets, growing tables, doubling text)",
           (1_000, 10_000, 100_000), lambda n: n, name_ops())
    series("lookups: still quadratic (the adoption agency removing from the stack, options popped deep)",
           (1_000, 3_000, 10_000), lambda n: n, quadratic_ops())


def run_selects(quick: bool) -> None:
    series("selects: n options (lexbor patched: each select's last outcome kept)",
           (1_000, 10_000, 100_000), lambda n: n, select_ops())


def run_selectors(quick: bool) -> None:
    def select(css):
        def prepare(html):
            doc = turbohtml.parse(html)
            return lambda: doc.select(css)
        return prepare

    sizes = (1_000, 10_000, 100_000)
    series("CSS on deep <span> (lexbor patched: each ancestor walk stops where the last one started)", sizes,
           hostile.deep_inline, {"select('span')": select("span"), "select('span > span')": select("span > span"),
                                 "select('body span')": select("body span")})
    series("CSS on wide siblings (lexbor patched: :nth-*() counts on from the last count)", sizes,
           lambda n: "<body><div>" + "<p>x</p>" * n + "</div>",
           {"select('p')": select("p"), "p:nth-child(2n)": select("p:nth-child(2n)"),
            "nth-last-of-type(odd)": select("p:nth-last-of-type(odd)")})
    series("CSS: functional pseudo-classes in ancestor compounds (lexbor patched: nested searches remembered)",
           sizes, hostile.deep_inline,
           {"body:has(i) span": select("body:has(i) span"), ":not(.a) span": select(":not(.a) span"),
            "div.x span": select("div.x span")})
    series("CSS: :has() on nested <span><b> (lexbor patched: :has(X) answers settle the subtree)", sizes,
           lambda n: "<span><b>x</b>" * n + "<i>y</i>",
           {"span:has(i) b": select("span:has(i) b"), "span:has(em) b": select("span:has(em) b"),
            "span:has(> i) b": select("span:has(> i) b")})
    series("CSS: :has() on wide siblings (lexbor patched: :has(~ X) answers settle the siblings)", sizes,
           lambda n: "<body><div>" + "<p>x</p>" * n + "<x></x></div>",
           {"p:has(~ x)": select("p:has(~ x)"), "p:has(~ a)": select("p:has(~ a)"),
            "div:has(> x) p": select("div:has(> x) p"), "a ~ p": select("a ~ p"),
            "p:nth-child(2n of p)": select("p:nth-child(2n of p)")})
    series("CSS: :has() of several compounds or a list (lexbor patched: a walk that tried every candidate settles"
           " the subtree)", sizes, lambda n: "<span><b>x</b>" * n + "<p class=x></p>" * n,
           {"span:has(b i)": select("span:has(b i)"), "span:has(b i, em)": select("span:has(b i, em)"),
            "has(> b i, b > em)": select("span:has(> b i, b > em)")})
    series("CSS: :has() walks on nested <b> and wide siblings", sizes,
           lambda n: "<div>" + "<b>" * n + "</div><div>" + "<b></b>" * n + "</div>",
           {"b:has(b i)": select("b:has(b i)"), "div:has(b ~ i)": select("div:has(b ~ i)"),
            "b:has(~ i, > b)": select("b:has(~ i, > b)")})
    series("CSS: :nth-*-child(of S), S a list or complex (lexbor patched: each state of a count remembered)", sizes,
           lambda n: "<span><b>x</b>" * n + "<p class=x></p>" * n,
           {"nth-child(2n of .x, i)": select("p:nth-child(2n of .x, i)"),
            "nth-last(2n of .x, i)": select("p:nth-last-child(2n of .x, i)"),
            "nth(odd of span p, b)": select("p:nth-child(odd of span p, b)")})
    series("CSS: :has() whose argument holds a nested search (lexbor patched: settled when no miss gives a walk up)",
           sizes, lambda n: "<span><b>x</b>" * n + "<p class=x></p>" * n,
           {"span:has(b :is(i))": select("span:has(b :is(i))"),
            "has(b i:nth-*(of i))": select("span:has(b i:nth-child(1 of i))")})


# ---------------------------------------------------------------- URLs


def run_urls(quick: bool) -> None:
    def each(fn):
        return lambda url: lambda: fn(url)

    ops = {
        "normalize_url": each(X.normalize_url),
        "clean_url": each(X.clean_url),
        "clean_url strict": each(lambda url: X.clean_url(url, X.UrlCleaning(strict=True))),
        "normalize w3lib": each(lambda url: X.normalize_url(url, X.UrlCleaning.w3lib())),
    }
    params = (10, 100, 1_000, 10_000, 100_000)
    series("URL: n query parameters (every 5th a tracker)", params, hostile.many_params_url, ops)
    series("URL: path of n segments with dot segments", (10, 100, 1_000, 10_000, 100_000),
           lambda n: "http://example.com/" + "a/./b/../" * n + "end?x=1", ops)
    series("URL: host of n labels", (10, 100, 1_000, 10_000),
           lambda n: "http://" + "lab.el." * n + "example.com/", {"normalize_url": ops["normalize_url"]})
    series("extract_links: page of n links", (100, 1_000, 10_000, 100_000),
           lambda n: "<body>" + "".join(f'<a href="/p/{i}?utm_source=x&id={i}">l</a>' for i in range(n)),
           {"extract_links": lambda html: lambda: X.extract_links(html, "http://example.com/")})


SERIES = {"pages": run_pages, "deep": run_trees, "lookups": run_lookups, "selects": run_selects,
          "selectors": run_selectors, "urls": run_urls}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="pages to 10 MB, trees to 100k")
    parser.add_argument("--series", nargs="+", choices=list(SERIES), default=list(SERIES))
    args = parser.parse_args()
    print(f"turbohtml {turbohtml.__version__}; python {sys.version.split()[0]}")
    for name in args.series:
        SERIES[name](args.quick)


if __name__ == "__main__":
    main()
