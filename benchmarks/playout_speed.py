"""Random-playout speed of every registered game (or those named), on one core.

The same measurement as ``whaletable bench`` (``whaletable.sim.bench``), kept
under this name so existing scripts go on working; it takes the same arguments.

    python benchmarks/playout_speed.py                 # every game, 3 s per measurement
    python benchmarks/playout_speed.py whale-to-look --seconds 10 --json
"""

from __future__ import annotations

import sys

from whaletable.cli.main import main

if __name__ == "__main__":
    sys.exit(main(["bench", *sys.argv[1:]]))
