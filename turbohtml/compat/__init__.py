"""Drop-in call shapes of the libraries turbohtml replaces, powered by its engine.

Change the import, keep the call sites:

- ``turbohtml.compat.justext`` (jusText 3.0.2: ``justext()``, ``get_stoplist()``,
  ``get_stoplists()``, and ``.core``/``.paragraph``/``.utils``)
- ``turbohtml.compat.trafilatura`` (trafilatura 2.3.1: ``extract()``, ``bare_extraction()``,
  ``extract_metadata()``, ``fetch_url()``, ``baseline()``, ..., ``.settings``, ``.downloads``,
  ``.cli`` and the other modules its users import)
- ``turbohtml.compat.htmldate``: ``find_date()``
- ``turbohtml.compat.courlan``: ``clean_url()``, ``normalize_url()``, ``extract_links()``
- ``turbohtml.compat.w3lib``: ``canonicalize_url()``, ``url_query_cleaner()``

Each accepts the peer's arguments and returns the peer's shapes; options turbohtml
cannot honour raise ``TypeError`` or are documented no-ops (docs/migration/).
The submodules are imported on demand, so importing this package costs nothing.
"""

__all__ = ["courlan", "htmldate", "justext", "trafilatura", "w3lib"]
