"""docs/notebooks/explore.ipynb runs headless, end to end, and its rich outputs render.

Needs the ``docs`` extra (nbclient, ipykernel, nbformat); skipped without it.
"""

from __future__ import annotations

import os
import shutil
import warnings
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

import turbohtml

NOTEBOOK = Path(__file__).resolve().parent.parent / "docs" / "notebooks" / "explore.ipynb"


@pytest.fixture(scope="module")
def executed():
    """The notebook after a headless run (nbclient raises on the first failing cell)."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    # The kernel imports the same turbohtml this test does (an in-place build or an install).
    package_root = str(Path(turbohtml.__file__).resolve().parent.parent)
    saved = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = package_root + (os.pathsep + saved if saved else "")
    try:
        client = nbclient.NotebookClient(
            notebook,
            timeout=120,
            kernel_name="python3",
            resources={"metadata": {"path": str(NOTEBOOK.parent)}},
        )
        with warnings.catch_warnings():
            # jupyter_client's and zmq's own deprecations are not ours (the suite runs
            # with warnings as errors); warnings inside the kernel surface as stderr.
            warnings.simplefilter("ignore")
            client.execute()
    finally:
        if saved is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = saved
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


@pytest.mark.skipif(
    not (shutil.which("chromium") or shutil.which("chromium-browser")), reason="headless Chromium not installed"
)
def test_notebook_outputs_render_in_chromium(executed):
    from test_display import _render, _title

    views = [output.data["text/html"] for output in _outputs(executed) if "text/html" in output.get("data", {})]
    body = "".join(f"<section class='view'>{view}</section>" for view in views)
    # The card image points at the example site, unreachable offline: swap in a data: image.
    body = body.replace("https://gazette.example.org/img/night-train.jpg", "data:image/gif;base64,R0lGODlhAQABAAAAACw=")
    dom, console = _render(body)
    assert _title(dom) == "host"
    assert console == [], console
    assert dom.count('<section class="view"') == len(views)
