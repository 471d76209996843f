"""docs/notebooks/explore.ipynb runs headless, end to end, and its rich outputs render.

Needs the ``docs`` extra (nbclient, ipykernel, nbformat); skipped without it.
"""

from __future__ import annotations

import json
import os
import sys
import warnings
from pathlib import Path

import pytest
from test_display import _render, _title, needs_chromium

import turbohtml

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

NOTEBOOK = Path(__file__).resolve().parent.parent / "docs" / "notebooks" / "explore.ipynb"


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    """The notebook after a headless run (nbclient raises on the first failing cell)."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    # The kernel is this interpreter (a kernelspec of our own, so a system-wide
    # "python3" kernel cannot stand in), and it imports the same turbohtml this test
    # does (an in-place build or an install).
    spec = tmp_path_factory.mktemp("jupyter") / "kernels" / "turbohtml-test"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(
        json.dumps({
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "turbohtml test",
            "language": "python",
        }),
        encoding="utf-8",
    )
    package_root = str(Path(turbohtml.__file__).resolve().parent.parent)
    saved = {name: os.environ.get(name) for name in ("PYTHONPATH", "JUPYTER_PATH")}
    os.environ["PYTHONPATH"] = package_root + (os.pathsep + saved["PYTHONPATH"] if saved["PYTHONPATH"] else "")
    os.environ["JUPYTER_PATH"] = str(spec.parent.parent)
    try:
        client = nbclient.NotebookClient(
            notebook,
            timeout=120,
            kernel_name="turbohtml-test",
            resources={"metadata": {"path": str(NOTEBOOK.parent)}},
        )
        with warnings.catch_warnings():
            # jupyter_client's and zmq's own deprecations are not ours (the suite runs
            # with warnings as errors); warnings inside the kernel surface as stderr.
            warnings.simplefilter("ignore")
            client.execute()
    finally:
        for name, value in saved.items():
            if value is None:
                del os.environ[name]
            else:
                os.environ[name] = value
    return notebook


def _outputs(notebook):
    for cell in notebook.cells:
        if cell.cell_type == "code":
            yield from cell.outputs


def test_notebook_runs_without_errors_or_warnings(executed):
    kinds = [output.output_type for output in _outputs(executed)]
    assert "error" not in kinds
    stderr = [output.text for output in _outputs(executed) if output.get("name") == "stderr"]
    assert stderr == []
    # Every code cell ran and showed something.
    code = [cell for cell in executed.cells if cell.cell_type == "code"]
    assert all(cell.execution_count for cell in code)
    assert sum(bool(cell.outputs) for cell in code) == len(code)


def test_notebook_shows_the_rich_views(executed):
    html = "\n".join(output.data["text/html"] for output in _outputs(executed) if "text/html" in output.get("data", {}))
    for marker in (
        "turbohtml-node",  # Document / Element previews
        "turbohtml-article",
        "turbohtml-boilerplate",
        "turbohtml-compare",
        "turbohtml-highlight",
        "turbohtml-date",
        "turbohtml-opengraph",
        "turbohtml-structured",
        "turbohtml-microdata",
    ):
        assert marker in html, marker
    assert "Night trains return to the Alps" in html
    # The snippet's script is text in the views, never markup.
    assert "<script" not in html.lower()
    assert html.count('<iframe sandbox=""') == 3


@needs_chromium
def test_notebook_outputs_render_in_chromium(executed):
    views = [output.data["text/html"] for output in _outputs(executed) if "text/html" in output.get("data", {})]
    body = "".join(f"<section class='view'>{view}</section>" for view in views)
    # The card image points at the example site, unreachable offline: swap in a data: image.
    body = body.replace("https://gazette.example.org/img/night-train.jpg", "data:image/gif;base64,R0lGODlhAQABAAAAACw=")
    dom, console = _render(body)
    assert _title(dom) == "host"
    assert console == [], console
    assert dom.count('<section class="view"') == len(views)
