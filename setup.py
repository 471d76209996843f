"""Build: fetch lexbor (vendor/lexbor), compile it into a static library, link it into _core.

Every ``turbohtml/*.pyx`` becomes an extension module. Only ``_core`` links lexbor; the
other modules cimport ``_core``'s C functions and read lexbor's structs through its headers.

Switches (environment variables):
- ``TURBOHTML_DEBUG=1``: ``-O0 -g`` and Cython's bounds/wraparound checks back on.
- ``TURBOHTML_SANITIZE=1``: AddressSanitizer + UndefinedBehaviorSanitizer for lexbor and
  the extensions (run Python with ``LD_PRELOAD=$(gcc -print-file-name=libasan.so)``).
- ``TURBOHTML_BUILD_JOBS=N``: parallel C compiles, lexbor's and the extensions' (default:
  all cores; ``build_ext -jN`` wins).

lexbor and the extensions go through the same compiler object (build_ext's, so the same
executable and platform flags); lexbor's files compile with warnings off (``-w``: not our
code), the extensions with ``-Wall``.
"""

from __future__ import annotations

import os
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "vendor" / "lexbor"))
import fetch_lexbor  # noqa: E402

DEBUG = os.environ.get("TURBOHTML_DEBUG") == "1"
JOBS = max(1, int(os.environ.get("TURBOHTML_BUILD_JOBS", os.cpu_count() or 1)))
SANITIZE = os.environ.get("TURBOHTML_SANITIZE") == "1"

# lexbor modules turbohtml uses, with their dependencies (each module's #includes).
LEXBOR_MODULES = (
    "core", "dom", "html", "tag", "ns", "css", "selectors",
    "encoding", "url", "unicode", "punycode", "ports/posix",
)

OPT_FLAGS = ["-O0", "-g"] if DEBUG else ["-O3", "-g0"]
SANITIZER_FLAGS = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer"] if SANITIZE else []
# Under the sanitizers lexbor's freed blocks and documents are not reused (see _core.pyx).
SANITIZER_MACROS = [("TURBOHTML_NO_REUSE", None)] if SANITIZE else []
# Hidden visibility: lexbor links into _core alone, so its internal calls bind directly
# instead of through the PLT (a measurable share of parse time).
LEXBOR_FLAGS = ["-std=c99", "-fPIC", "-fvisibility=hidden", "-fno-semantic-interposition", "-w", *OPT_FLAGS, *SANITIZER_FLAGS]
EXT_FLAGS = ["-Wall", "-Wno-unused-function", "-Wno-unreachable-code", *OPT_FLAGS, *SANITIZER_FLAGS]

DIRECTIVES = {
    "language_level": 3,
    "embedsignature": True,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "cdivision": True,
    "initializedcheck": DEBUG,
    # Module state (the URL parser, hint tables) relies on the GIL: not free-threading safe.
    "freethreading_compatible": False,
}


# Pure-Python modules compiled as they are (the .py stays the source, mypy and ruff read
# it; the extension module shadows it on import): metadata()'s weighing is some forty
# small Python functions called a few times a page each, and the interpreter's dispatch
# and frames were a large share of its time. Annotations are read as Python's (no C
# types): the compiled module behaves exactly as the interpreted one.
COMPILED_PYTHON = {
    "turbohtml.extract.metadata": "turbohtml/extract/metadata.py",
    "turbohtml.extract._metadata_sources": "turbohtml/extract/_metadata_sources.py",
    "turbohtml.extract.dates": "turbohtml/extract/dates.py",
    "turbohtml.extract._date_patterns": "turbohtml/extract/_date_patterns.py",
    "turbohtml.extract.structured": "turbohtml/extract/structured.py",
}
PYTHON_DIRECTIVES = {**DIRECTIVES, "annotation_typing": False, "boundscheck": True, "wraparound": True,
                     "cdivision": False}


class build_lexbor_ext(build_ext):
    """build_ext that first obtains lexbor and compiles it, with the extensions' own
    compiler (same executable, flags and platform settings), into a static library."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = JOBS

    def build_extensions(self) -> None:
        lexbor_root = fetch_lexbor.ensure_source()
        include = str(lexbor_root / "source")
        library = self._build_lexbor(lexbor_root / "source")
        # cythonized here, not when setup.py is imported: an sdist (or egg_info) run
        # ships the .pyx sources and generates nothing
        walks = [ext for ext in self.extensions if ext.name not in COMPILED_PYTHON]
        weighing = [ext for ext in self.extensions if ext.name in COMPILED_PYTHON]
        generated = {ext.name: ext for ext in [
            *cythonize(walks, compiler_directives=DIRECTIVES, nthreads=JOBS),
            *cythonize(weighing, compiler_directives=PYTHON_DIRECTIVES, nthreads=JOBS)]}
        for ext in self.extensions:  # keep build_ext's own objects (finalize_options set them up)
            ext.sources = generated[ext.name].sources
        for ext in self.extensions:
            ext.include_dirs.append(include)
            # every extension reads lexbor's structs through its (patched) headers:
            # rebuild all of them when lexbor is rebuilt, not only _core, which links it
            ext.depends.append(library)
            if ext.name == "turbohtml._core":
                ext.extra_objects.append(library)
        super().build_extensions()
        self._ship_licence(lexbor_root)

    def _build_lexbor(self, source: Path) -> str:
        files = []
        for module in LEXBOR_MODULES:
            base = source / "lexbor" / module
            files.extend(sorted(str(p) for p in base.rglob("*.c")))
        # ports/posix sources live under ports/posix/lexbor/...; their headers resolve
        # relative to source/ like every other module.
        out_dir = Path(self.build_temp) / "lexbor"
        library = out_dir / "liblexbor_static.a"
        stamp = out_dir / "flags"
        pin = (source.parent / ".pin").read_text() if (source.parent / ".pin").is_file() else ""
        flags = " ".join(LEXBOR_FLAGS) + " " + pin.strip()  # rebuild on new flags or patches
        if library.is_file() and stamp.is_file() and stamp.read_text() == flags:
            return str(library)
        out_dir.mkdir(parents=True, exist_ok=True)
        compiler = self.compiler

        def compile_one(path: str) -> list[str]:
            return compiler.compile(
                [path],
                output_dir=str(out_dir),
                macros=[("LEXBOR_STATIC", None)],
                include_dirs=[str(source)],
                extra_postargs=LEXBOR_FLAGS,
            )

        with ThreadPoolExecutor(max_workers=max(1, self.parallel or 1)) as pool:
            objects = [obj for objs in pool.map(compile_one, files) for obj in objs]
        compiler.create_static_lib(objects, "lexbor_static", output_dir=str(out_dir))
        stamp.write_text(flags)
        return str(library)

    def _ship_licence(self, lexbor_root: Path) -> None:
        target = Path(self.build_lib) / "turbohtml" / "lexbor"
        target.mkdir(parents=True, exist_ok=True)
        for name in ("LICENSE", "NOTICE"):
            if (lexbor_root / name).is_file():
                shutil.copy(lexbor_root / name, target / name)


def extensions() -> list[Extension]:
    modules = []
    for pyx in sorted((ROOT / "turbohtml").glob("*.pyx")):
        name = f"turbohtml.{pyx.stem}"
        modules.append(
            Extension(
                name,
                [f"turbohtml/{pyx.name}"],
                define_macros=[("LEXBOR_STATIC", None), *SANITIZER_MACROS],
                extra_compile_args=EXT_FLAGS,
                extra_link_args=SANITIZER_FLAGS,
            )
        )
    for name, source in COMPILED_PYTHON.items():
        modules.append(Extension(name, [source], extra_compile_args=EXT_FLAGS, extra_link_args=SANITIZER_FLAGS))
    return modules


setup(ext_modules=extensions(), cmdclass={"build_ext": build_lexbor_ext})
