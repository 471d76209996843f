"""``python -m turbohtml``: the command-line tool (see ``turbohtml.cli``)."""

import sys

from turbohtml.cli import main

if __name__ == "__main__":
    sys.exit(main())
