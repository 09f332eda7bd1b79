"""whaletable: whale board games to play, study and train AI on."""

__version__ = "0.1.0"
