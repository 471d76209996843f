"""Drop-in call shapes of the libraries turbohtml replaces, powered by its engine.

Change the import, keep the call sites:

- ``turbohtml.compat.justext``: ``justext()``, ``get_stoplist()``, ``get_stoplists()``
- ``turbohtml.compat.trafilatura``: ``extract()``, ``bare_extraction()``, ``extract_metadata()``
- ``turbohtml.compat.htmldate``: ``find_date()`` (and ``.core``, ``.utils``, ``.validators``)
- ``turbohtml.compat.courlan``: every name of courlan's ``__all__`` (``check_url()``, ``UrlStore``, ...)
- ``turbohtml.compat.w3lib.url``: every ``w3lib.url`` function (``safe_url_string()``, ``canonicalize_url()``, ...)

Each accepts the peer's arguments and returns the peer's shapes; options turbohtml
cannot honour raise ``TypeError`` or are documented no-ops (docs/migration/).
The submodules are imported on demand, so importing this package costs nothing.
"""

__all__ = ["courlan", "htmldate", "justext", "trafilatura", "w3lib"]
