"""Import turbohtml under atheris' coverage instrumentation: its Python layers (the
compiled modules are not instrumented, see docs/reliability.md), and the input
builder, so the fuzzer also steers towards the generator's untried branches."""

import atheris

with atheris.instrument_imports(include=["turbohtml", "common", "hostile", "contract"]):
    import turbohtml  # noqa: F401
    import turbohtml.extract  # noqa: F401
    import turbohtml.extract.article  # noqa: F401
    import turbohtml.extract.boilerplate  # noqa: F401
    import turbohtml.extract.dates  # noqa: F401
    import turbohtml.extract.microdata  # noqa: F401
    import turbohtml.extract.opengraph  # noqa: F401
    import turbohtml.extract.structured  # noqa: F401
    import turbohtml.extract.urls  # noqa: F401
    import common  # noqa: F401
