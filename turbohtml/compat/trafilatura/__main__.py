"""``python -m turbohtml.compat.trafilatura``: trafilatura's command line."""

from turbohtml.compat.trafilatura.cli import main

main()
