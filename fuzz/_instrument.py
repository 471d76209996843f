"""Import turbohtml under atheris' coverage instrumentation: its Python layers (the
compiled modules are not instrumented, see docs/reliability.md), and the input
builder, so the fuzzer also steers towards the generator's untried branches."""

import atheris

with atheris.instrument_imports(include=["turbohtml", "common", "hostile", "contract"]):
    import common  # noqa: F401

    import turbohtml
    import turbohtml.extract
    import turbohtml.extract.article
    import turbohtml.extract.boilerplate
    import turbohtml.extract.dates
    import turbohtml.extract.microdata
    import turbohtml.extract.opengraph
    import turbohtml.extract.structured
    import turbohtml.clean
    import turbohtml.extract.urls
    import turbohtml.render  # noqa: F401
