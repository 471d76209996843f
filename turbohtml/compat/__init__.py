"""Drop-in call shapes of the libraries turbohtml replaces, powered by its engine.

Change the import, keep the call sites:

- ``turbohtml.compat.justext`` (jusText 3.0.2: ``justext()``, ``get_stoplist()``,
  ``get_stoplists()``, and ``.core``/``.paragraph``/``.utils``)
- ``turbohtml.compat.trafilatura`` (trafilatura 2.3.1: ``extract()``, ``bare_extraction()``,
  ``extract_metadata()``, ``fetch_url()``, ``baseline()``, ..., ``.settings``, ``.downloads``,
  ``.cli`` and the other modules its users import)
- ``turbohtml.compat.htmldate`` (htmldate 1.11.0: ``find_date()``, and ``.core``, ``.utils``,
  ``.validators``)
- ``turbohtml.compat.courlan`` (courlan 1.4.0: every name of its ``__all__``, ``check_url()``,
  ``UrlStore``, ..., and ``.core``/``.clean``/``.filters``/``.urlutils``/``.sampling``/``.urlstore``)
- ``turbohtml.compat.w3lib.url`` (w3lib 2.5.0: every ``w3lib.url`` function, ``safe_url_string()``,
  ``canonicalize_url()``, ...)

Each accepts the peer's arguments and returns the peer's shapes; options turbohtml
cannot honour raise ``TypeError`` or are documented no-ops (docs/migration/).
The submodules are imported on demand, so importing this package costs nothing.
"""

#: the version of each library the compat modules mirror (each module's ``__version__``)
MIRRORED = {"courlan": "1.4.0", "htmldate": "1.11.0", "justext": "3.0.2", "trafilatura": "2.3.1", "w3lib": "2.5.0"}

__all__ = ["MIRRORED", "courlan", "htmldate", "justext", "trafilatura", "w3lib"]
