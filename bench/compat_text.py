"""turbohtml.compat.trafilatura and turbohtml.compat.justext beside the originals.

On the first ``--pages`` pages of the WCXB development split (``../shared/data/wcxb-dev``,
seven page types), each call is run with the original and with the compat module in
the same process on the same str input; printed per call: pages/s of each, the speed
ratio (the original's time over ours; above 1 means ours is faster), and agreement:

- trafilatura ``extract`` (txt, markdown with links and images, html output),
  ``bare_extraction`` with metadata, ``baseline``, ``html2txt``: the mean token F1 of
  our text against the original's; for ``extract`` also each one's F1 against the
  benchmark's main content and the gold snippets it finds (``with``: must be in the
  text) and wrongly keeps (``without``: must not be);
- jusText ``justext``: the share of paragraphs with the same text that get the same
  class, and the token F1 of the good text to the original's.

    python bench/compat_text.py [--rounds N] [--pages N]
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import time
import warnings
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import justext
import trafilatura

from turbohtml.compat import justext as our_justext
from turbohtml.compat import trafilatura as our_trafilatura

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "wcxb-dev"


def token_f1(ours: str | None, theirs: str | None) -> float:
    """Bag-of-words F1 between two texts (1.0 when both are empty)."""
    left, right = Counter(re.findall(r"\w+", ours or "")), Counter(re.findall(r"\w+", theirs or ""))
    overlap = sum((left & right).values())
    if not overlap:
        return 1.0 if not left and not right else 0.0
    precision, recall = overlap / sum(left.values()), overlap / sum(right.values())
    return 2 * precision * recall / (precision + recall)


def best_time(call: Callable[[str], object], pages: list[str], rounds: int) -> float:
    """The best wall time of ``rounds`` passes over ``pages``."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for page in pages:
            call(page)
        best = min(best, time.perf_counter() - start)
    return best


def snippets_in(text: str | None, snippets: list[str]) -> int:
    """How many of ``snippets`` occur in ``text`` (whitespace folded)."""
    folded = " ".join((text or "").split())
    return sum(" ".join(s.split()) in folded for s in snippets)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--pages", type=int, default=300)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    paths = sorted((DATA / "html").glob("*.html.gz"))[: args.pages]
    pages = [gzip.open(p, "rt", encoding="utf8").read() for p in paths]
    truth = [json.loads((DATA / "ground-truth" / f"{p.name.split('.')[0]}.json").read_text(encoding="utf8"))
             ["ground_truth"] for p in paths]
    stoplist = justext.get_stoplist("English")

    calls: list[tuple[str, Callable[[str], object], Callable[[str], object], Callable[[object], str | None]]] = [
        ("trafilatura.extract", trafilatura.extract, our_trafilatura.extract, lambda out: out),
        ("extract(markdown, links, images)",
         lambda p: trafilatura.extract(p, output_format="markdown", include_links=True, include_images=True),
         lambda p: our_trafilatura.extract(p, output_format="markdown", include_links=True, include_images=True),
         lambda out: out),
        ("extract(output_format=html)", lambda p: trafilatura.extract(p, output_format="html"),
         lambda p: our_trafilatura.extract(p, output_format="html"), lambda out: re.sub(r"<[^>]+>", " ", out or "")),
        ("bare_extraction(with_metadata)", lambda p: trafilatura.bare_extraction(p, with_metadata=True),
         lambda p: our_trafilatura.bare_extraction(p, with_metadata=True), lambda out: out.text if out else None),
        ("baseline", trafilatura.baseline, our_trafilatura.baseline, lambda out: out[1]),
        ("html2txt", trafilatura.html2txt, our_trafilatura.html2txt, lambda out: out),
    ]
    print(f"{len(pages)} WCXB pages, best of {args.rounds} rounds\n")
    print(f"{'call':36} {'original p/s':>12} {'ours p/s':>10} {'ratio':>7} {'F1 to original':>15}   "
          "gold: F1 original / ours, 'with' found original / ours, 'without' kept original / ours")
    for name, theirs, mine, text_of in calls:
        outputs_theirs = [text_of(theirs(p)) for p in pages]
        outputs_mine = [text_of(mine(p)) for p in pages]
        f1 = sum(token_f1(a, b) for a, b in zip(outputs_mine, outputs_theirs, strict=True)) / len(pages)
        gold = ""
        if name.startswith("trafilatura.extract"):
            with_total = sum(len(t.get("with") or []) for t in truth)
            without_total = sum(len(t.get("without") or []) for t in truth)
            gold_t = sum(token_f1(b, t["main_content"])
                         for b, t in zip(outputs_theirs, truth, strict=True)) / len(pages)
            gold_o = sum(token_f1(a, t["main_content"]) for a, t in zip(outputs_mine, truth, strict=True)) / len(pages)
            with_t = sum(snippets_in(b, t.get("with") or []) for b, t in zip(outputs_theirs, truth, strict=True))
            with_o = sum(snippets_in(a, t.get("with") or []) for a, t in zip(outputs_mine, truth, strict=True))
            out_t = sum(snippets_in(b, t.get("without") or []) for b, t in zip(outputs_theirs, truth, strict=True))
            out_o = sum(snippets_in(a, t.get("without") or []) for a, t in zip(outputs_mine, truth, strict=True))
            gold = (f"  {gold_t:.3f} / {gold_o:.3f}, {with_t} / {with_o} of {with_total}, "
                    f"{out_t} / {out_o} of {without_total}")
        time_theirs = best_time(theirs, pages, args.rounds)
        time_mine = best_time(mine, pages, args.rounds)
        print(f"{name:36} {len(pages) / time_theirs:12.1f} {len(pages) / time_mine:10.1f} "
              f"{time_theirs / time_mine:6.1f}x {f1:15.3f}{gold}")

    same = compared = 0
    good_f1 = []
    for page in pages:
        theirs = justext.justext(page, stoplist)
        mine = our_justext.justext(page, stoplist)
        by_text = {p.text: p.class_type for p in theirs}
        for paragraph in mine:
            if paragraph.text in by_text:
                compared += 1
                same += by_text[paragraph.text] == paragraph.class_type
        good_f1.append(token_f1("\n".join(p.text for p in mine if not p.is_boilerplate),
                                "\n".join(p.text for p in theirs if not p.is_boilerplate)))
    time_theirs = best_time(lambda p: justext.justext(p, stoplist), pages, args.rounds)
    time_mine = best_time(lambda p: our_justext.justext(p, stoplist), pages, args.rounds)
    print(f"{'justext.justext':36} {len(pages) / time_theirs:12.1f} {len(pages) / time_mine:10.1f} "
          f"{time_theirs / time_mine:6.1f}x {sum(good_f1) / len(good_f1):15.3f}  "
          f"same class on {same / compared:.0%} of {compared} identical paragraphs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
