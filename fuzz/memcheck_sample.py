#!/usr/bin/env python3
"""A small sample of every public function, for valgrind's memcheck (see docs/reliability.md).

    PYTHONMALLOC=malloc valgrind --tool=memcheck --leak-check=full \
        --show-leak-kinds=definite --errors-for-leak-kinds=definite \
        python fuzz/memcheck_sample.py [PAGES]

Runs the contract checks of fuzz/contract.py on PAGES real pages (default 4, first
50,000 characters) and on each hostile shape at a small size, twice (so a leak per
call shows as twice the bytes), then drops everything and collects.
"""

import gc
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import contract
import hostile


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    pages = [html for _name, html in contract.pages(limit=count, stride=41, max_chars=50_000)]
    shapes = [hostile.deep_inline(2000), hostile.deep_mixed_inline(2000), hostile.tag_soup(500),
              hostile.huge_attribute(20_000), hostile.nul_and_surrogates(500), hostile.giant_comment(20_000),
              hostile.pathological_classes(200), hostile.malformed_json_ld(300), hostile.itemref_cycles(200),
              hostile.parser_walks(300)]
    for _round in range(2):
        for index, html in enumerate(pages + shapes):
            doc = contract.check_parse(html)
            contract.check_nodes(doc, limit=16)
            contract.check_document(doc, index)
            contract.check_extract_html(html, index, "http://example.com/")
            contract.check_parse(html.encode("utf-8", "surrogatepass"))
        for index, url in enumerate(list(hostile.BROKEN_URLS) + [hostile.many_params_url(500)]):
            contract.check_url(url, index)
    del pages, shapes, doc
    gc.collect()
    print("memcheck sample done")


if __name__ == "__main__":
    main()
