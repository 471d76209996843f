"""``python -m turbohtml.compat.trafilatura``: trafilatura's command line."""

import sys

from turbohtml.compat.trafilatura.cli import main

sys.exit(main())
