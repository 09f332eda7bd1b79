"""``python -m whaletable.cli`` runs the same command as ``whaletable``."""

import sys

from whaletable.cli.main import main

sys.exit(main())
