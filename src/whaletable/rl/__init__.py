"""Adapters for learning: OpenSpiel, PettingZoo and Gymnasium (``pip install whaletable[rl]``).

Each adapter lives in its own module and imports its library only there, so
``import whaletable`` never needs them:

* :mod:`whaletable.rl.openspiel_game` registers every game with OpenSpiel's Python games
  (``pyspiel.load_game("whaletable_whale_to_look")``);
* :mod:`whaletable.rl.pettingzoo_env` is a PettingZoo AEC environment;
* :mod:`whaletable.rl.gymnasium_env` is a Gymnasium environment for one agent: the
  Save the Whales team, or one seat of any game against fixed bots;
* :mod:`whaletable.rl.dataset` writes played games as Parquet rows.

All of them speak the integer API of :class:`whaletable.core.state.State` (player codes,
chance codes, masks) and read observations through ``observation_tensor(seat)``.
"""
