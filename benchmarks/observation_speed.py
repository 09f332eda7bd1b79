"""What a learner's view of a position costs: observation, tensor and information state.

For each game, the states of seeded random games (the test kit's ``sample_states``:
every stage of a game, start and end included) are read by every seat three ways:

* ``observation``: ``state.observation(seat)``, the choke point the other two read;
* ``tensor``: ``state.observation_tensor(seat)``, the observation written as floats;
* ``information state``: ``state.information_state_string(seat)`` asked of a state that
  has recorded nothing yet, so the seat's whole game is replayed (what the first call
  of a new state costs; later calls add one step).

Each is timed over every (state, seat) pair, best of ``--repeats`` passes, in
microseconds a call::

    python benchmarks/observation_speed.py
    python benchmarks/observation_speed.py whale-riders --states 60 --repeats 5
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import whaletable.games as games
from whaletable.core.errors import WhaletableError
from whaletable.core.state import State
from whaletable.core.testing import sample_states


def best_microseconds(
    pairs: list[tuple[State, int]], call: Callable[[State, int], object], repeats: int
) -> float:
    """The fastest of ``repeats`` passes of ``call`` over ``pairs``, per call."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for state, seat in pairs:
            call(state, seat)
        best = min(best, time.perf_counter() - start)
    return best / len(pairs) * 1e6


def replayed(state: State, seat: int) -> str:
    state._recall = None  # nothing recorded: the seat's whole game is replayed
    return state.information_state_string(seat)


def measure(game_id: str, states: int, repeats: int, seed: int) -> dict[str, Any]:
    samples = sample_states(games.get(game_id), states, seed=seed)
    pairs = [(s.state, seat) for s in samples for seat in range(s.state.num_players)]
    return {
        "game": game_id,
        "pairs": len(pairs),
        "observation_us": best_microseconds(pairs, State.observation, repeats),
        "tensor_us": best_microseconds(pairs, State.observation_tensor, repeats),
        "information_state_us": best_microseconds(pairs, replayed, repeats),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--states", type=int, default=40, help="sampled states a game")
    parser.add_argument("--repeats", type=int, default=3, help="passes; the best is kept")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if args.states < 1 or args.repeats < 1:
        print("observation_speed: --states and --repeats must be at least 1", file=sys.stderr)
        return 2
    try:
        ids = [games.get(g).spec.id for g in args.games] or [g.spec.id for g in games.all()]
    except WhaletableError as e:
        print(f"observation_speed: {e}", file=sys.stderr)
        return 2
    rows = [measure(g, args.states, args.repeats, args.seed) for g in ids]
    if args.json:
        print(json.dumps({"states": args.states, "seed": args.seed, "games": rows}, indent=2))
        return 0
    print(f"{'game':<16}{'observation µs':>16}{'tensor µs':>12}{'information state µs':>22}")
    for r in rows:
        print(
            f"{r['game']:<16}{r['observation_us']:>16,.1f}{r['tensor_us']:>12,.1f}"
            f"{r['information_state_us']:>22,.0f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
