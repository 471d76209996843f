"""The peers' own test suites, run against the originals and against turbohtml.compat.

For each library the pinned sdist (it ships its ``tests/``) is downloaded with
``pip download --no-deps --no-binary :all:``, its tests are copied to a work directory
with every ``assert`` rewritten into a soft check (recorded, never raising, so one
failed comparison does not hide the next ones), and the suite runs twice in a
throw-away venv where the original is installed:

1. against the original;
2. with the original replaced by ``turbohtml.compat.<library>``: a pytest plugin puts
   our modules in ``sys.modules`` when it loads, before the suite's ``conftest.py``
   imports the library. Submodules and names we do not provide become stubs that raise
   when used, so a test file still collects.

A test is *public-API* when every library name it reads is in the API module's
``__all__`` (through whichever path it imports it: ``courlan.core.check_url`` is
public); the others (private names, helpers of submodules) are *internal* and counted
apart. Tests that open a socket in either run are *network* tests (the plugin refuses
connections) and excluded. Checks listed in ``DELIBERATE`` are documented differences
(docs/migration/) and excluded from the ratio too.

    python bench/compat_suites.py [--only courlan] [--python PY | --no-venv] [--keep DIR] [--failing] [-v]

``--python`` reuses an interpreter that already has the originals, pytest and the
suites' test dependencies installed instead of building a venv (``--no-venv``: this
one, as bench/report.py runs it). This is a benchmark
run by hand (it downloads), not part of CI.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Suite:
    """One peer library: what to download, which tests to run, what to replace."""

    name: str
    requirement: str
    test_files: tuple[str, ...]
    api_module: str
    replaced: tuple[str, ...]  # module names swapped for turbohtml.compat's; "pkg.*" = every submodule
    test_deps: tuple[str, ...] = ()
    deliberate: dict[str, str] = field(default_factory=dict)  # check id or test id -> reason


_WHATWG = "the WHATWG URL serialisation (docs/migration/courlan.md)"
_CANONICAL = ("canonicalize_url's default is turbohtml's normalizer; w3lib_compatible=True gives w3lib's "
              "(docs/migration/w3lib.md)")
COURLAN_DELIBERATE = {
    "tests/unit_tests.py::test_normalization|504:4": "'//' in a path kept: " + _WHATWG,
    "tests/unit_tests.py::test_normalization|509:4": "IDN hosts come back as punycode: " + _WHATWG,
    "tests/unit_tests.py::test_normalization|510:4": "IDN hosts come back as punycode: " + _WHATWG,
    "tests/unit_tests.py::test_normalization|511:4": "IDN hosts come back as punycode: " + _WHATWG,
    "tests/unit_tests.py::test_scrub|154:4": "an apostrophe in a path is not escaped: " + _WHATWG,
    "tests/unit_tests.py::test_examples|1287:4": "a bare host gets its '/' path: " + _WHATWG,
    "tests/unit_tests.py::test_urlcheck_type_and_spam|604:4": "a bare host gets its '/' path: " + _WHATWG,
    "tests/unit_tests.py::test_extraction_navigation|1074:4": "a bare host gets its '/' path: " + _WHATWG,
    "tests/unit_tests.py::test_urlcheck_domain|708:4": "an unbracketed IPv6 host is not a valid URL: " + _WHATWG,
    "tests/urlstore_tests.py::test_dbdump|430:8": "UrlStore(verbose=True) installs no SIGINT/SIGTERM handler "
                                                  "(a library leaves the host's signals alone)",
}
W3LIB_DELIBERATE = {
    f"tests/test_url.py::TestCanonicalizeUrl::{check}": _CANONICAL for check in (
        "test_spaces|1606:8", "test_spaces|1614:8",  # %20 for a space, not +
        "test_keep_blank_values|1595:8", "test_keep_blank_values|1600:8",  # ?c stays bare
        "test_normalize_percent_encoding_in_paths|1707:8",  # %7E left as written
        "test_non_ascii_percent_encoding_in_query_arguments|1751:8",  # a name's escapes left as written
        "test_remove_fragments_relative_url|1789:8",  # a relative reference stays relative
        "test_userinfo_is_case_sensitive|1815:8",  # a non-special scheme's host keeps its case
        "test_canonicalize_url_non_final_segment_semicolon|2079:8",  # %7E left as written
        "test_canonicalize_url_idna_exceptions|2101:8", "test_canonicalize_url_idna_exceptions|2107:8",
    )
}

_COMMENTS = ("include_comments=True returns a blog's <div> reader comments as comments; trafilatura cannot "
             "capture <div> replies and returns none (docs/migration/trafilatura.md)")
_ARTICLE_TYPE = ("a JSON-LD entity with an article type among its @type values is the article: its author is the "
                 "author, a WebPage's name no site name; trafilatura reads only the first type it knows "
                 "(docs/migration/trafilatura.md)")
TRAFILATURA_DELIBERATE = {
    "tests/unit_tests.py::test_recall_escalation_blog_comment_leak[fast]|3063:4": _COMMENTS,
    "tests/unit_tests.py::test_recall_escalation_blog_comment_leak[full]|3063:4": _COMMENTS,
    "tests/json_metadata_tests.py::test_json_node_type_arrays[node_type8-None-webpage-Example Name]|1252:4":
        _ARTICLE_TYPE,
    "tests/json_metadata_tests.py::test_json_node_type_arrays[node_type10-None-techarticle-None]|1252:4":
        _ARTICLE_TYPE,
}

SUITES = {
    "trafilatura": Suite("trafilatura", "trafilatura==2.3.1",
                         ("tests/unit_tests.py", "tests/baseline_tests.py", "tests/metadata_tests.py",
                          "tests/json_metadata_tests.py", "tests/xml_tei_tests.py",
                          "tests/deduplication_tests.py", "tests/filters_tests.py",
                          "tests/downloads_tests.py", "tests/cli_tests.py", "tests/sitemaps_tests.py",
                          "tests/feeds_tests.py", "tests/spider_tests.py"),
                         "trafilatura", ("trafilatura", "trafilatura.*"), deliberate=TRAFILATURA_DELIBERATE),
    "justext": Suite("justext", "jusText==3.0.2", ("tests",), "justext", ("justext", "justext.*")),
    "htmldate": Suite("htmldate", "htmldate==1.11.0", ("tests/unit_tests.py",), "htmldate",
                      ("htmldate", "htmldate.*")),
    "courlan": Suite("courlan", "courlan==1.4.0", ("tests/unit_tests.py", "tests/urlstore_tests.py"),
                     "courlan", ("courlan", "courlan.*"), deliberate=COURLAN_DELIBERATE),
    "w3lib": Suite("w3lib", "w3lib==2.5.0", ("tests/test_url.py",), "w3lib.url", ("w3lib.url",),
                   test_deps=("hypothesis",), deliberate=W3LIB_DELIBERATE),
}

PLUGIN = r'''
"""Loaded by bench/compat_suites.py: soft asserts, network guard, module swap."""
import builtins, importlib, importlib.abc, importlib.util, json, os, signal, socket, sys, types

RESULTS = {"checks": {}, "tests": {}, "network": [], "public": []}
_current = {"test": None, "seen": {}}


def _check(site, thunk):
    test = _current["test"] or "<collection>"
    seen = _current["seen"]
    seen[site] = seen.get(site, 0) + 1
    try:
        held = bool(thunk())
    except Exception:
        held = False
    RESULTS["checks"][f"{test}|{site}|{seen[site]}"] = held
    if not held:
        RESULTS["tests"].setdefault(test, {})["soft_failed"] = True
    return held


builtins.__compat_check__ = _check


def _refuse(*args, **kwargs):
    if _current["test"]:
        RESULTS["network"].append(_current["test"])
    raise OSError("network disabled by compat_suites")


socket.socket.connect = _refuse
socket.socket.connect_ex = _refuse
socket.getaddrinfo = _refuse
socket.create_connection = _refuse


class _Missing:
    """A name turbohtml.compat does not provide: fails when used, not when imported."""

    def __init__(self, name):
        self._name = name

    def __call__(self, *args, **kwargs):
        if _current["test"] is None:  # module-level set-up during collection: let it collect
            return _Missing(f"{self._name}()")
        raise NotImplementedError(f"not provided by turbohtml.compat: {self._name}")

    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        return _Missing(f"{self._name}.{attr}")

    def __iter__(self):
        raise NotImplementedError(f"not provided by turbohtml.compat: {self._name}")


_ABSENT = object()


class _Proxy(types.ModuleType):
    def __init__(self, name, target):
        super().__init__(name)
        self.__dict__["_target"] = target
        self.__dict__["__path__"] = []  # a package, so that its submodules import through _Finder
        if target is not None:
            self.__dict__["__file__"] = getattr(target, "__file__", None)

    def __getattr__(self, attr):
        target = self.__dict__["_target"]
        if target is not None:
            try:
                return getattr(target, attr)
            except AttributeError:
                pass
        if attr.startswith("__"):
            raise AttributeError(attr)
        # ``from pkg import submodule``: a module of ours the package has not imported yet
        try:
            if importlib.util.find_spec(f"turbohtml.compat.{self.__name__}.{attr}") is not None:
                return importlib.import_module(f"{self.__name__}.{attr}")
        except (ImportError, ValueError):
            pass
        return _Missing(f"{self.__name__}.{attr}")

    def __setattr__(self, attr, value):  # unittest.mock.patch / monkeypatch on the module
        target = self.__dict__["_target"]
        if target is not None and isinstance(value, _Proxy):
            existing = vars(target).get(attr)
            if existing is not None and not isinstance(existing, types.ModuleType):
                return  # a submodule import does not hide the package's own name (trafilatura.baseline)
        if target is not None:
            self.__dict__.setdefault("_saved", {}).setdefault(attr, []).append(vars(target).get(attr, _ABSENT))
            setattr(target, attr, value)
        else:
            self.__dict__[attr] = value

    def __delattr__(self, attr):
        """mock.patch ends by deleting what it set (the name is not in this proxy's own
        ``__dict__``): put back the module's value from before that last set."""
        target = self.__dict__["_target"]
        if target is None:
            self.__dict__.pop(attr, None)
            return
        previous = self.__dict__.get("_saved", {}).get(attr) or [_ABSENT]
        original = previous.pop()
        if original is not _ABSENT:
            setattr(target, attr, original)
        elif attr in vars(target):
            delattr(target, attr)


def _ours(name):
    try:
        return importlib.import_module("turbohtml.compat." + name)
    except ModuleNotFoundError as error:
        if error.name and error.name.startswith("turbohtml.compat." + name):
            return None
        raise


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, prefixes):
        self.prefixes = prefixes

    def find_spec(self, fullname, path=None, target=None):
        if any(fullname.startswith(prefix + ".") for prefix in self.prefixes):
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec):
        return _Proxy(spec.name, _ours(spec.name))

    def exec_module(self, module):
        pass  # the import system binds the submodule on its parent (see _Proxy.__setattr__)


def _install_swap():
    """Put our modules in place of the original's. Run when pytest imports this plugin,
    before the suite's conftest.py (which imports the library) is loaded; any original
    module imported earlier is dropped from ``sys.modules`` first."""
    swap = os.environ.get("COMPAT_SWAP")
    if not swap:
        return
    names = swap.split(",")
    for loaded in list(sys.modules):
        if any(loaded == name.removesuffix(".*") or (name.endswith(".*") and loaded.startswith(name[:-1]))
               for name in names):
            del sys.modules[loaded]
    prefixes = []
    for name in names:
        if name.endswith(".*"):
            prefixes.append(name[:-2])
            continue
        parent, _, child = name.rpartition(".")
        if parent:
            importlib.import_module(parent)  # the original package around the swapped module
        module = _Proxy(name, _ours(name))
        sys.modules[name] = module
        if parent:
            setattr(sys.modules[parent], child, module)
    sys.meta_path.insert(0, _Finder(prefixes))


_install_swap()


def pytest_configure(config):
    if not os.environ.get("COMPAT_SWAP"):
        module = importlib.import_module(os.environ["COMPAT_API"])
        RESULTS["public"] = sorted(getattr(module, "__all__", [n for n in dir(module) if not n.startswith("_")]))


def _interrupted(signum, frame):
    raise RuntimeError(f"signal {signum} reached a test that installed no handler for it")


def pytest_runtest_setup(item):
    _current["test"] = item.nodeid
    _current["seen"] = {}
    # a test that signals its own process (courlan's verbose UrlStore dumps on SIGINT)
    # must fail alone, not end the session with KeyboardInterrupt
    signal.signal(signal.SIGINT, _interrupted)


def pytest_runtest_teardown(item):
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_runtest_logreport(report):
    entry = RESULTS["tests"].setdefault(report.nodeid, {})
    if report.failed:
        entry["failed"] = True
    if report.skipped:
        entry["skipped"] = True
    entry.setdefault("ran", False)
    if report.when == "call":
        entry["ran"] = True


def pytest_sessionfinish(session):
    with open(os.environ["COMPAT_RESULTS"], "w") as handle:
        json.dump(RESULTS, handle)
'''


class _SoftAsserts(ast.NodeTransformer):
    """``assert cond, msg`` -> ``__compat_check__("line:col", lambda: cond)``."""

    def visit_Assert(self, node: ast.Assert) -> ast.AST:
        call = ast.Call(
            func=ast.Name("__compat_check__", ast.Load()),
            args=[ast.Constant(f"{node.lineno}:{node.col_offset}"),
                  ast.Lambda(ast.arguments([], [], None, [], [], None, []), node.test)],
            keywords=[])
        return ast.copy_location(ast.Expr(call), node)


def rewrite_tests(path: Path) -> None:
    """Soft asserts in one test file (left alone when it does not parse)."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (SyntaxError, UnicodeDecodeError):
        return
    tree = ast.fix_missing_locations(_SoftAsserts().visit(tree))
    path.write_text(ast.unparse(tree), encoding="utf-8")


def library_names(tree: ast.Module, roots: tuple[str, ...]) -> dict[str, str]:
    """Local name -> dotted library name, for the module-level imports from ``roots``."""
    bound = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in roots:
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in roots:
                    local = alias.asname or alias.name.split(".")[0]
                    bound[local] = alias.asname and alias.name or local
    return bound


def _dotted(node: ast.AST) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def used_names(function: ast.AST, bound: dict[str, str]) -> set[str]:
    """The dotted library names a test function reads."""
    found = set()
    for node in ast.walk(function):
        if isinstance(node, (ast.Attribute, ast.Name)) and isinstance(getattr(node, "ctx", None), ast.Load):
            dotted = _dotted(node)
            if not dotted:
                continue
            head, _, rest = dotted.partition(".")
            if head in bound:
                found.add(bound[head] + ("." + rest if rest else ""))
    return found


def _leaf_public(dotted: str, public: set[str], modules: set[str]) -> bool:
    """``courlan.core.check_url`` -> is ``check_url`` public; a bare module reference is."""
    if dotted in modules:
        return True
    parts = dotted.split(".")
    # the first part after the longest module prefix is the name read from the library
    for cut in range(len(parts) - 1, 0, -1):
        if ".".join(parts[:cut]) in modules:
            leaf = parts[cut]
            return not leaf.startswith("_") and leaf in public
    return False


def classify_tests(test_dir: Path, roots: tuple[str, ...], public: set[str], modules: set[str]) -> dict[str, bool]:
    verdict = {}
    for path in sorted(test_dir.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bound = library_names(tree, roots)
        rel = path.relative_to(test_dir.parent).as_posix()
        scopes = [(None, node) for node in tree.body]
        scopes += [(cls.name, node) for cls in tree.body if isinstance(cls, ast.ClassDef) for node in cls.body]
        helpers = {node.name: node for node in tree.body
                   if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("test")}
        for cls, node in scopes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                ok = all(_leaf_public(dotted, public, modules) for dotted in _reads(node, helpers, bound))
                verdict[f"{rel}::{cls}::{node.name}" if cls else f"{rel}::{node.name}"] = ok
    return verdict


def _reads(function: ast.AST, helpers: dict[str, ast.AST], bound: dict[str, str]) -> set[str]:
    """The library names a test reads, through the module's helper functions it calls too
    (``_handle_table(...)`` calling ``main_extractor.handle_table`` makes the test internal)."""
    found: set[str] = set()
    todo, seen = [function], set()
    while todo:
        node = todo.pop()
        found |= used_names(node, bound)
        for name in ast.walk(node):
            if isinstance(name, ast.Name) and name.id in helpers and name.id not in seen:
                seen.add(name.id)
                todo.append(helpers[name.id])
    return found


def _base_id(nodeid: str) -> str:
    """``tests/x.py::test_a[param]`` -> ``tests/x.py::test_a``."""
    return nodeid.split("[", 1)[0]


def download(suite: Suite, cache: Path, python: str) -> Path:
    """The unpacked sdist directory (downloaded once into ``cache``)."""
    cache.mkdir(parents=True, exist_ok=True)
    name, _, version = suite.requirement.partition("==")
    found = [p for p in cache.glob("*.tar.gz") if p.name.lower().startswith(f"{name.lower()}-{version}")]
    if not found:
        subprocess.run([python, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
                        suite.requirement, "-d", str(cache)], check=True)
        found = [p for p in cache.glob("*.tar.gz") if p.name.lower().startswith(f"{name.lower()}-{version}")]
    target = cache / found[0].name[: -len(".tar.gz")]
    if not target.exists():
        with tarfile.open(found[0]) as archive:
            archive.extractall(cache, filter="data")
    return target


def make_venv(work: Path, suite: Suite, sdist: Path) -> str:
    """A throw-away venv with the original (and its dependencies), pytest and the suite's extras."""
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    subprocess.run([python, "-m", "pip", "install", "-q", str(sdist), "pytest", *suite.test_deps], check=True)
    return python


def run_suite(python: str, suite: Suite, tests_root: Path, swap: bool, out: Path, verbose: bool) -> dict:
    env = dict(os.environ)
    env.update(COMPAT_API=suite.api_module, COMPAT_RESULTS=str(out),
               PYTHONPATH=os.pathsep.join([str(tests_root.parent / "plugin"), str(ROOT)]))
    env.pop("COMPAT_SWAP", None)
    if swap:
        env["COMPAT_SWAP"] = ",".join(suite.replaced)
    command = [python, "-m", "pytest", "-p", "compat_suite_plugin", "-p", "no:cacheprovider", "-q",
               "-o", "addopts=", "-o", "python_files=*.py", "-W", "ignore", "--rootdir", str(tests_root),
               *suite.test_files]
    result = subprocess.run(command, cwd=tests_root, env=env, capture_output=not verbose, text=True)
    if not out.exists():
        raise RuntimeError(f"{suite.name}: pytest wrote no results\n{result.stdout}\n{result.stderr}")
    return json.loads(out.read_text())


def _outcomes(results: dict) -> dict[str, bool]:
    """Test id -> passed (ran, no failure, every soft check held)."""
    return {nodeid: entry.get("ran", False) and not entry.get("failed") and not entry.get("soft_failed")
            and not entry.get("skipped") for nodeid, entry in results["tests"].items()}


def measure(suite: Suite, cache: Path, python: str | None, keep: Path | None, verbose: bool) -> dict:
    sdist = download(suite, cache, python or sys.executable)
    work = Path(tempfile.mkdtemp(prefix=f"compat-{suite.name}-", dir=keep))
    tests_root = work / "suite"
    shutil.copytree(sdist / "tests", tests_root / "tests")
    for extra in ("pytest.ini", "conftest.py"):
        if (sdist / extra).exists():
            shutil.copy(sdist / extra, tests_root / extra)
    for path in (tests_root / "tests").rglob("*.py"):
        rewrite_tests(path)
    (work / "plugin").mkdir()
    (work / "plugin" / "compat_suite_plugin.py").write_text(PLUGIN)
    interpreter = python or make_venv(work, suite, sdist)
    original = run_suite(interpreter, suite, tests_root, False, work / "original.json", verbose)
    ours = run_suite(interpreter, suite, tests_root, True, work / "ours.json", verbose)
    roots = (suite.name.split(".")[0],)
    modules = {m for m in _module_names(sdist, roots[0])}
    public = set(original["public"])
    verdict = classify_tests(tests_root / "tests", roots, public, modules)
    network = {_base_id(t) for t in original["network"] + ours["network"]}
    passed_original, passed_ours = _outcomes(original), _outcomes(ours)
    report = {"library": suite.name}
    for kind, wanted in (("public", True), ("internal", False)):
        tests = [t for t in passed_original if verdict.get(_base_id(t), False) == wanted
                 and _base_id(t) not in network and t != "<collection>"]
        tests = [t for t in tests if _base_id(t) not in suite.deliberate and t not in suite.deliberate]
        held_original = [k for k, v in original["checks"].items() if v and k.split("|")[0] in tests
                         and k.split("|")[0] + "|" + k.split("|")[1] not in suite.deliberate]
        report[kind] = {
            "tests": len(tests),
            "passed_original": sum(passed_original[t] for t in tests),
            "passed_ours": sum(passed_ours.get(t, False) for t in tests),
            "passed_both": sum(passed_original[t] and passed_ours.get(t, False) for t in tests),
            "checks_original": len(held_original),
            "checks_ours": sum(ours["checks"].get(k, False) for k in held_original),
        }
        if kind == "public":
            report["failing"] = sorted({k.rsplit("|", 1)[0] for k in held_original if not ours["checks"].get(k)}
                                       | {t for t in tests if passed_original[t] and not passed_ours.get(t)})
    public_tests = {t for t in passed_original if verdict.get(_base_id(t), False) and _base_id(t) not in network}
    held_all = [k for k, v in original["checks"].items() if v and k.split("|")[0] in public_tests]
    report["all_checks"] = (sum(ours["checks"].get(k, False) for k in held_all), len(held_all))
    report["network"] = len(network)
    report["deliberate"] = len(suite.deliberate)
    if keep is None:
        shutil.rmtree(work, ignore_errors=True)
    return report


def _module_names(sdist: Path, root: str) -> set[str]:
    """Every module path of the original package (``courlan``, ``courlan.core``, ...)."""
    package = sdist / root
    if not package.is_dir():
        package = sdist / "src" / root
    names = {root}
    for path in package.rglob("*.py"):
        rel = path.relative_to(package.parent).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        names.add(".".join(parts))
    return names


def _ratio(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", choices=sorted(SUITES), help="run these libraries only")
    parser.add_argument("--python", help="an interpreter with the originals and pytest installed (no venv)")
    parser.add_argument("--no-venv", action="store_true",
                        help="use this interpreter (the originals, pytest and hypothesis installed: the bench extra)")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "turbohtml-compat-sdists")
    parser.add_argument("--keep", type=Path, help="keep the work directories under this directory")
    parser.add_argument("--failing", action="store_true", help="list the public checks that fail with ours")
    parser.add_argument("-v", "--verbose", action="store_true", help="show pytest's output")
    args = parser.parse_args()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    if args.no_venv:
        args.python = sys.executable
    reports = [measure(SUITES[name], args.cache, args.python, args.keep, args.verbose)
               for name in (args.only or list(SUITES))]
    print("| library | public-API tests | passed (original) | passed (ours) | checks held (original) "
          "| of those held (ours) | same, deliberate differences counted | internal tests: passed original / ours "
          "| network tests | deliberate |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for report in reports:
        pub, internal = report["public"], report["internal"]
        print(f"| {report['library']} | {pub['tests']} | {pub['passed_original']} | {pub['passed_ours']} | "
              f"{pub['checks_original']} | {pub['checks_ours']} "
              f"({_ratio(pub['checks_ours'], pub['checks_original'])}) | "
              f"{report['all_checks'][0]}/{report['all_checks'][1]} "
              f"({_ratio(report['all_checks'][0], report['all_checks'][1])}) | "
              f"{internal['passed_original']} / {internal['passed_ours']} of {internal['tests']} | "
              f"{report['network']} | {report['deliberate']} |")
    if args.failing:
        for report in reports:
            for check in report["failing"]:
                print(f"{report['library']}: {check}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
