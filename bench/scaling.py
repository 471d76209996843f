"""Scaling: time and peak memory against input size, to show where growth is linear.

Series (each size measured once for time, once under tracemalloc for peak memory;
lexbor allocates through PyMem_Raw*, so tracemalloc sees its arenas and the Python
objects; the C walks' scratch arrays come from malloc and are not counted):

- pages: real article markup repeated to 1 kB ... 100 MB, through parse, article(),
  boilerplate(), dates(), structured_data() and extract_links();
- deep trees: nested <span> (and mixed inline) to 1M levels, <div> and <li> nesting,
  unclosed formatting elements, the adoption agency;
- lookups: tags that look for a name down a deep list (formatting end tags, <a>, stray end
  tags under a special element, <li>/<dd>, </form>, foster parenting, closed formatting
  elements removed far from the end of the list, table scope in a cell, a <select> or
  <body> found below deep inline elements, foreign end tags, resetting the insertion
  mode), many attribute or tag names, text in pieces;
- selects: a <select> with n options (plain, selected, disabled, in optgroups, with a
  <selectedcontent> before, after or outside them, below deep elements);
- wide trees: 1k ... 1M sibling paragraphs;
- CSS selector costs on deep and wide trees (a descendant combinator, :nth-child, :has), refused
  past select()'s work budget on crafted runs of siblings;

Each crafted shape (every series but pages, wide trees and URLs) is made of one pattern
repeated; it is measured at 0.1, 1 and 10 MB of markup (--quick: 0.1 and 1 MB) and the
``s/MB`` column shows the parse (or select) time per megabyte: the caps of
vendor/lexbor/patches/0005 keep every one linear (docs/reliability.md, threat model).
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
import hostile  # noqa: E402  (fuzz/ goes on sys.path first)

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


def crafted(title: str, shapes: dict, quick: bool, work=None, targets=None) -> None:
    """Print one table: each shape (n -> markup) at about 0.1, 1 and 10 MB (or ``targets``),
    with the CPU time of ``work(markup)`` (default: parse) per megabyte and the growth
    exponent."""
    targets = targets or ((MB // 10, MB) if quick else (MB // 10, MB, 10 * MB))
    work = work or turbohtml.parse
    print(f"\n## {title}")
    print(f"{'shape':<30} {'n':>7} {'input':>8} {'seconds':>9} {'s/MB':>7} {'exp':>4}  outcome")
    for name, make in shapes.items():
        previous = None
        for target in targets:
            n = 16
            while len(make(n)) < target:
                n *= 2
            n = max(16, int(n * target / len(make(n))))
            markup = make(n)
            work(markup[: len(markup) // 100])  # warm-up
            gc.collect()
            started = time.process_time()  # CPU time: other work on a shared machine does not count
            outcome = work(markup)
            seconds = time.process_time() - started
            size = len(markup)
            print(f"{name:<30} {_size(n):>7} {_size(size):>8} {seconds:9.4f} {seconds / (size / MB):7.3f} "
                  f"{_exp(previous, size, seconds)}  {outcome if isinstance(outcome, str) else ''}", flush=True)
            previous = (size, seconds)
            del markup


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
    """A crafted shape: n -> markup (crafted() builds it at each size and parses it)."""
    return make

FORMATTING = ("a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u")


def formatting_ops() -> dict:
    """n unclosed formatting elements of several shapes (the Noah's Ark clause, and
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
        # every text run after </p> copies the whole list (60 entries, an attribute each):
        # the reconstruction budget bounds what it makes
        "reconstructed per <p>": shape(lambda n: "<div>" + distinct(60) + "</div>" + "<p>x</p>" * n),
        "reconstructed, deep": shape(lambda n: "<span>" * 440 + "<div>" + distinct(60) + "</div>"
                                     + "<p>x</p>" * n),
        # the Noah's Ark clause compares equal attribute counts pairwise
        "ark: 60 attributes each": shape(lambda n: "".join("<b " + " ".join(f"a{j}" for j in range(60))
                                                           + f" z={i}>" for i in range(n))),
    }


def lookup_ops() -> dict:
    """Tags that look for a name down a deep list: unpatched, each of n such tags scanned
    about n entries of the stack or the formatting list for nothing; the caps bound both."""
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
    lexbor scans an element's attributes for each new one (capped at 1,024), chained a
    document's names in 128 fixed lists and copied a growing text node for each piece
    (patches 0006 and 0007)."""
    return {
        "a tag with n attributes": parse_of(lambda n: "<p " + " ".join(f"a{i}" for i in range(n)) + ">"),
        "n <html a_i> tags": parse_of(lambda n: "".join(f"<html a{i}>" for i in range(n))),
        "n distinct tag names": parse_of(lambda n: "".join(f"<x{i}>" for i in range(n))),
        "distinct attribute names": parse_of(lambda n: "".join(f"<p a{i}=1>" for i in range(n))),
        "foster text, n pieces": parse_of(lambda n: "<table>" + "x<!---->" * n),
        "after </body>, n pieces": parse_of(lambda n: "</body>" + "x<!---->" * n),
    }


def quadratic_ops() -> dict:
    """Shapes that stayed quadratic with the indexes (removals from the middle of the stack,
    options popped deep): the stack's cap bounds each removal."""
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
    """<select>s with n options: with DOM events lexbor walks the select's whole list of
    options for each option inserted (and the select's subtree for a <selectedcontent> for
    each selected option popped); our documents parse without events."""
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
        "fostered, all disabled": parse_of(
            lambda n: "<select>" + "<option disabled>y<table><option disabled>x</table>" * n),
        # a fostered selected option, last in the list: two selected until the next run
        "fostered, selected": parse_of(lambda n: "<select>" + "<option>y<table><option selected>x</table>" * n),
    }


def run_trees(quick: bool) -> None:
    deep = (1_000, 10_000, 100_000) if quick else (1_000, 10_000, 100_000, 1_000_000)
    series("deep: nested <span> (n = depth; 510 nest, the rest are ignored past the cap)", deep,
           hostile.deep_inline, tree_ops())
    series("deep: nested mixed inline elements (n = depth)", deep, hostile.deep_mixed_inline,
           {"parse": tree_ops()["parse"], "article": tree_ops()["article"]})
    crafted("deep: nesting past the stack's cap", {
        "nested <span>": lambda n: "<span>" * n + hostile.TEXT + "</span>" * n,
        "nested <div>": lambda n: hostile.deep_block(n),
        "nested <ul><li>": lambda n: "<ul><li>" * n + hostile.TEXT,
        "<div> x 600, closed, repeated": lambda n: ("<div>" * 600 + "</div>" * 600) * (n // 600 + 1),
        "n <span>, n stray </x>": lambda n: "<span>" * n + "</x>" * n,
    }, quick)
    crafted("deep: unclosed formatting elements", formatting_ops(), quick)
    wide = (1_000, 10_000, 100_000) if quick else (1_000, 10_000, 100_000, 1_000_000)
    series("wide: sibling paragraphs (n = siblings)", wide,
           lambda n: "<body><div class=content>" + f"<p>{hostile.TEXT}<a href=/x>l</a></p>" * n + "</div>",
           tree_ops())


def run_lookups(quick: bool) -> None:
    crafted("lookups: tags looking for a name down deep lists", lookup_ops(), quick)
    crafted("names and text pieces", name_ops(), quick)
    crafted("lookups: the adoption agency removing from the stack, options popped deep", quadratic_ops(), quick)


def run_selects(quick: bool) -> None:
    crafted("selects: n options (no DOM events: no selectedness walks)", select_ops(), quick)


def _deep_blocks(n: int, inner: str = "<span>") -> str:
    """Blocks of 500 nested elements, repeated: trees at the caps' depth."""
    return ("<div>" + inner * 500 + "</div>") * (n // 500 + 1)


def run_selectors(quick: bool) -> None:
    def selecting(css):
        def work(html):
            try:
                return f"{len(turbohtml.parse(html).select(css))} matches"
            except ValueError:  # past select()'s work budget (docs/reliability.md)
                return "refused"
        return work

    deep = {
        "body span": _deep_blocks, "span > span": _deep_blocks, "div.x span": lambda n: _deep_blocks(n, "<div><span>"),
        ":not(.a) span": _deep_blocks,
        "span:has(> i)": lambda n: ("<div>" + "<span><b>x</b>" * 250 + "<i>y</i></div>") * (n // 250 + 1),
    }
    for css, make in deep.items():
        crafted(f"CSS (parse + select) on blocks 500 deep: {css}", {css: make}, quick, selecting(css))
    # Selectors lexbor matches in more than linear time: sibling walks and :nth-*() counts
    # as long as the run of siblings, nested ones multiplying, a :has() in an ancestor
    # compound searching its subtree again for every candidate below it. select() refuses
    # them past its work budget (512 steps per byte of the page): on one run as wide as the
    # page they are refused; on runs of 3,000 siblings (one walk; 800 inside a :has(),
    # whose steps count four) or 40 (two nested walks) they are matched, near the budget.
    def wide(n):
        return "<body><div>" + "<p>x</p>" * n + "<x></x></div>"

    def runs(width):
        run = "<div>" + "<p>x</p>" * width + "</div>"
        block = run if width > 100 else "<section>" + run * width + "</section>"
        return lambda n: "<body>" + block * (n // width // (1 if width > 100 else width) + 1)

    for css in ("p", "p:nth-child(2n)", "p:nth-last-of-type(odd)", "p:has(~ x)", "a ~ p", "a ~ p ~ p"):
        crafted(f"CSS (parse + select) on one run of siblings: {css}", {css: wide}, quick, selecting(css))
    for css, width in (("p:nth-child(2n)", 3_000), ("a ~ p", 3_000), ("p:has(~ x)", 800), ("a ~ p ~ p", 40),
                       ("div:has(> i) p", 800)):
        crafted(f"CSS (parse + select) on runs of {width:,} siblings: {css}", {css: runs(width)}, quick,
                selecting(css))
    nested = {"body:has(i) span": _deep_blocks,
              "span:has(i) b": lambda n: ("<div>" + "<span><b>x</b>" * 250 + "<i>y</i></div>") * (n // 250 + 1)}
    for css, make in nested.items():
        crafted(f"CSS (parse + select), :has() in an ancestor compound: {css}", {css: make}, quick, selecting(css))
    # Not budgeted (docs/reliability.md, known limits): k descendant combinators backtrack
    # about d^k/k! steps per candidate at depth d; measured on 20 kB only.
    def chain(n):
        return ("<div>" * 400 + "<span>x</span>" + "</div>" * 400) * (n // 400 + 1)
    for css in ("section div span", "section div div span"):
        crafted(f"CSS (parse + select), descendant chain at depth 400, to 20 kB: {css}", {css: chain}, quick,
                selecting(css), targets=(MB // 200, MB // 50))


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
