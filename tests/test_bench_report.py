"""bench/report.py --only: one section run anew, the rest of docs/benchmarks.md kept."""

from __future__ import annotations

from conftest import bench_module

PAGE = """# Benchmarks

## Threads

old threads table

## Scaling

```text
## pages: a line of the script's output that looks like a heading
```

## Page metadata

old metadata table
"""


def test_only_the_named_section_is_replaced() -> None:
    report = bench_module("report")
    fresh = "## Threads\n\nnew threads table\n"
    out = report.replace_sections(PAGE, {"Threads": fresh})
    assert "new threads table" in out and "old threads table" not in out
    # a "## " line inside a code block is the script's output, not a section's start
    assert "## pages: a line of the script's output" in out
    assert out.index("## Scaling") < out.index("## Page metadata")
    assert "old metadata table" in out
    assert report.replace_sections(PAGE, {}) == PAGE


def test_a_section_missing_from_the_page_is_added() -> None:
    report = bench_module("report")
    out = report.replace_sections("# Benchmarks\n", {"Publication dates": "## Publication dates\n\nt\n"})
    assert out.endswith("## Publication dates\n\nt\n\n")
