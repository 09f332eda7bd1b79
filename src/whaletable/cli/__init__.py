"""The ``whaletable`` command line: terminal play, replays, simulations and rules."""
