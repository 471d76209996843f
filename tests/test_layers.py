"""The package's import contract (docs/api.md, "Layers"): imports point down the layers,
records and options import nothing of ours, and no module imports another's private name.

Read from the sources (``.py``, ``.pyx``, ``.pxd``), lazy imports inside functions
included, so an arrow pointing up fails here instead of surfacing as an import cycle.
"""

from __future__ import annotations

import ast
import glob
import re
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "turbohtml"

#: Lowest first. A module may import from its own layer and the layers below.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("data", ("extract.records", "extract.options", "_tunables", "_hints", "_page_words", "_page_type_model",
              "_metadata_names", "extract._url_tables", "extract._date_patterns")),
    ("core", ("_lexbor", "_core", "_tags", "_ascii", "_buffer")),
    ("walks", ("_score", "_units", "_dates", "_structured", "_harvest", "_features", "_text", "_clean", "_names")),
    ("extract", ("extract",)),
    ("render", ("render", "clean")),
    ("adapters", ("compat", "cli", "io", "dask", "frames", "fetch", "_display", "__init__", "__main__")),
)
LEAVES = ("extract.records", "extract.options")  # import nothing of ours when they load...
NUMBERS = "_tunables"  # ... but the scoring's numbers (options' defaults), which import nothing

#: The upward calls there are, each a method of a record whose work lives above it,
#: imported inside the method on first call (never when the module loads): the records'
#: notebook views and renderers. The Node and Document methods whose work lives above
#: _core (article(), metadata(), to_markdown(), highlight(), ...) import nothing: the
#: upper layers hand their functions down with _core.provide() when they load.
DELEGATIONS = {
    ("extract.records", "_display"), ("extract.records", "render"),
    ("extract.opengraph", "_display"),
}

_CYTHON_IMPORT = re.compile(
    r"^[ \t]*(?:from\s+turbohtml(\.[\w.]+)?\s+c?import\s+\(?([^#\n]*)|c?import\s+turbohtml(\.[\w.]+)?)", re.M)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def layer_of(name: str) -> int:
    best, index = -1, None
    for i, (_label, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best:
                best, index = len(prefix), i
    assert index is not None, f"turbohtml.{name} is in no layer: add it to LAYERS"
    return index


def _type_checking_only(node: ast.AST, parents: dict) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


def imports(path: Path) -> list[tuple[str, list[str], bool]]:
    """(imported module below turbohtml, names taken from it, whether the import runs when
    the module loads) for each import statement; ``if TYPE_CHECKING:`` imports never run."""
    text = path.read_text(encoding="utf8")
    found: list[tuple[str, list[str], bool]] = []
    if path.suffix == ".py":
        tree = ast.parse(text)
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)) or _type_checking_only(node, parents):
                continue
            at_load = parents.get(node) is tree
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and (
                    node.module == "turbohtml" or node.module.startswith("turbohtml.")):
                module = node.module[len("turbohtml."):] if node.module != "turbohtml" else ""
                found.append((module, [alias.name for alias in node.names], at_load))
            elif isinstance(node, ast.Import):
                found += [(alias.name[len("turbohtml."):], [], at_load) for alias in node.names
                          if alias.name.startswith("turbohtml.")]
        return found
    for match in _CYTHON_IMPORT.finditer(text):
        module = (match.group(1) or match.group(3) or "").lstrip(".")
        names = [part.split(" as ")[0].strip() for part in (match.group(2) or "").replace("(", "").split(",")]
        at_load = not match.group(0)[:1].isspace()
        found.append((module, [name for name in names if name and name != "*"], at_load))
    return found


def edges() -> list[tuple[str, str, list[str], bool]]:
    """(importer, imported, names, at load) for every import in the package."""
    rows = []
    for path in sorted(PACKAGE.rglob("*")):
        if path.suffix in (".py", ".pyx", ".pxd") and "__pycache__" not in path.parts:
            source = module_name(path)
            for module, names, at_load in imports(path):
                if module == "":  # from turbohtml import _page_words / parse
                    for name in names:
                        is_module = any((PACKAGE / (name + suffix)).exists() for suffix in (".py", ".pyx", ""))
                        rows.append((source, name, [], at_load) if is_module else (source, "__init__", [name], at_load))
                else:
                    rows.append((source, module, names, at_load))
    return rows


def test_imports_point_down_the_layers() -> None:
    upward = [f"turbohtml.{source} ({LAYERS[layer_of(source)][0]}) imports turbohtml.{target} "
              f"({LAYERS[layer_of(target)][0]}){' when it loads' if at_load else ''}"
              for source, target, _names, at_load in edges() if layer_of(target) > layer_of(source)
              and (at_load or (source, target) not in DELEGATIONS)]
    assert not upward, "\n".join(upward)


def test_records_and_options_import_nothing_of_ours_but_the_numbers_when_they_load() -> None:
    found = [f"turbohtml.{source} imports turbohtml.{target}" for source, target, _names, at_load in edges()
             if (source in LEAVES and at_load and target != NUMBERS) or (source == NUMBERS and at_load)]
    assert not found, "\n".join(found)


def test_no_private_name_crosses_a_module() -> None:
    found = [f"turbohtml.{source} imports {name} from turbohtml.{target}"
             for source, target, names, _at_load in edges() for name in names
             if name.startswith("_") and not name.startswith("__") and target != source
             and not (PACKAGE / Path(*target.split("."), name + ".py")).exists()]
    assert not found, "\n".join(found)


def test_the_contract_sees_the_imports_it_checks() -> None:
    # the reader itself: a lazy import inside a function and a cimport are both seen
    found = {(source, target, at_load) for source, target, _names, at_load in edges()}
    assert ("extract.article", "_score", True) in found
    assert ("_units", "_score", True) in found  # a cimport in a .pyx
    assert ("_score", "_hints", True) in found  # from turbohtml import _hints
    assert ("extract.records", "render", False) in found  # inside Article.to_markdown()


def _run(code: str) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter (nothing of ours loaded yet), from a neutral directory."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parent, check=False)


def test_core_neither_imports_nor_looks_up_an_upper_layer() -> None:
    # no import statement (the layer test above) and no lookup by module name either
    source = (PACKAGE / "_core.pyx").read_text(encoding="utf8")
    assert "importlib" not in source and "__import__" not in source
    assert not [(s, t) for s, t, _names, _at_load in edges() if s == "_core" and layer_of(t) > layer_of("_core")]


def test_import_turbohtml_provides_every_upper_method_and_loads_no_renderer() -> None:
    done = _run(
        "import sys, turbohtml\n"
        "from turbohtml._core import missing_methods\n"
        "print(missing_methods())\n"
        "print(sorted(m for m in ('turbohtml.render', 'turbohtml._display', 'turbohtml._text',"
        " 'turbohtml.extract.article', 'turbohtml.clean') if m in sys.modules))\n"
        "doc = turbohtml.parse('<title>T</title><article><p>' + 'Some words here. ' * 20 + '</p></article>')\n"
        "print(doc.article().title, doc.main_text()[:10], doc.to_markdown()[:10], doc.metadata().title)\n"
    )
    assert done.returncode == 0, done.stderr
    provided, loaded, calls = done.stdout.splitlines()
    assert provided == "[]"
    assert loaded == "[]"  # the text layout, renderers and notebook views load on first call
    assert calls == "T Some words Some words T"


def test_a_method_called_before_its_layer_provides_it_says_so() -> None:
    # _core loaded alone (the package's __init__ never ran, so nothing was provided)
    core = glob.glob(str(PACKAGE / "_core.*.so")) + glob.glob(str(PACKAGE / "_core.*.pyd"))
    if not core:
        import turbohtml._core
        core = [turbohtml._core.__file__]
    done = _run(
        "import importlib.util\n"
        f"spec = importlib.util.spec_from_file_location('turbohtml._core', {core[0]!r})\n"
        "core = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(core)\n"
        "print(len(core.missing_methods()))\n"
        "core.parse('<p>x</p>').article()\n"
    )
    assert done.stdout.strip() == "16"
    assert "RuntimeError: article() is provided by turbohtml's upper layers when `import turbohtml`" in done.stderr


def test_provide_refuses_an_unknown_method_or_a_non_callable() -> None:
    from turbohtml._core import provide

    with pytest.raises(TypeError, match="unexpected method name 'artcle'"):
        provide(artcle=print)
    with pytest.raises(TypeError, match="needs a callable, not str"):
        provide(article="node_article")
    with pytest.raises(TypeError, match="unexpected method name '__class__'"):
        provide(__class__=print)


@pytest.mark.parametrize("name", ["p", "div", "li", "h3", "section", "blockquote", "figcaption", "xmp",
                                  "span", "a", "b", "em", "code", "label", "legend", "small", "time", "q"])
def test_the_block_tags_python_reads_are_where_the_unit_walk_breaks(name: str) -> None:
    # one definition (_tags.pxd is_block, by id); Python reads it by name (_units.BLOCK_TAGS)
    import turbohtml
    from turbohtml._units import BLOCK_TAGS, paragraph_units
    from turbohtml.render import BLOCK_TAGS as RENDER_BLOCK_TAGS

    doc = turbohtml.parse(f"<body><div>before<{name}>inside</{name}>after</div></body>")
    units = [unit[0] for unit in paragraph_units(doc, None, 0)]
    assert (units == ["before", "inside", "after"] or units == ["before", "after"]) == (name in BLOCK_TAGS)
    assert RENDER_BLOCK_TAGS is BLOCK_TAGS


def test_the_scoring_numbers_have_one_home() -> None:
    # the spec: Extraction(min_length=25, max_link_density=0.5), "the floor the C scoring
    # itself uses"; the C scoring and the options read the same names
    import turbohtml
    from turbohtml import _tunables
    from turbohtml.extract import Extraction

    assert (Extraction().min_length, Extraction().max_link_density) == (25, 0.5)
    assert (_tunables.MIN_PARAGRAPH, _tunables.MAX_LINK_DENSITY) == (25, 0.5)
    score = (PACKAGE / "_score.pyx").read_text(encoding="utf8")
    assert "cdef size_t MIN_PARAGRAPH = _tunables.MIN_PARAGRAPH" in score
    # 24 characters do not score, 25 do (one paragraph, nothing else on the page)
    for text, wins in (("x" * 23 + ".", False), ("x" * 24 + ".", True)):
        doc = turbohtml.parse(f"<body><div id=a><p>{text}</p></div></body>")
        assert (doc.main_content() is not None) == wins, text
