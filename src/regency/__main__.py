"""``python -m regency``: the ``regency`` command."""

from __future__ import annotations

import sys

from regency.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
