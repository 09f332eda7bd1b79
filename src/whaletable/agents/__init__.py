"""Bots by name: ``random``, ``mcts`` for every game, and each game's own heuristics.

A bot spec is a name with optional parameters, e.g. ``"mcts"`` or
``"mcts:iterations=2000,time=1.5"``.

>>> from whaletable import games
>>> from whaletable.agents import make_agent
>>> make_agent("random", games.get("whale-to-look"), seed=1).name
'random'
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from whaletable.core.agent import Agent
from whaletable.core.errors import WhaletableError
from whaletable.core.game import Game

AgentFactory = Callable[..., Agent]
"""``factory(game, seed, **params) -> Agent``."""

_GENERIC: dict[str, AgentFactory] = {}
_PER_GAME: dict[tuple[str, str], AgentFactory] = {}


class UnknownAgent(WhaletableError):
    """A bot name (or parameter) that does not exist for this game."""


def register_agent(name: str, factory: AgentFactory, game_id: str | None = None) -> None:
    """Register a bot for every game (``game_id=None``) or for one game."""
    if game_id is None:
        _GENERIC[name] = factory
    else:
        _PER_GAME[(game_id, name)] = factory


def available(game: Game[Any]) -> list[str]:
    _load_builtin()
    names = set(_GENERIC) | {n for g, n in _PER_GAME if g == game.spec.id}
    return sorted(names)


def has_agent(game: Game[Any], name: str) -> bool:
    """Whether bot ``name`` plays ``game``: :func:`available` without listing them all
    (asked at every move of a web table's bot)."""
    _load_builtin()
    return name in _GENERIC or (game.spec.id, name) in _PER_GAME


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    name, _, rest = spec.partition(":")
    params: dict[str, str] = {}
    for part in filter(None, rest.split(",")):
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise UnknownAgent(f"bad bot parameter {part!r} in {spec!r}: write key=value")
        params[key.strip()] = value.strip()
    return name.strip(), params


def make_agent(spec: str, game: Game[Any], seed: int = 0) -> Agent:
    """Build the bot named by ``spec`` for ``game``; its choices depend only on ``seed``."""
    _load_builtin()
    name, params = parse_spec(spec)
    factory = _PER_GAME.get((game.spec.id, name)) or _GENERIC.get(name)
    if factory is None:
        raise UnknownAgent(
            f"unknown bot {name!r} for {game.spec.id}; bots are: {', '.join(available(game))}"
        )
    _check_parameters(name, factory, params)
    return factory(game, seed, **params)


def _check_parameters(name: str, factory: AgentFactory, params: dict[str, str]) -> None:
    """Refuse a parameter the bot does not take, naming it and the ones it does.

    A factory taking ``**params`` checks its own (as ``mcts`` does); ``game`` and
    ``seed`` are :func:`make_agent`'s to give, never a spec's.
    """
    signature = inspect.signature(factory)
    taken = list(signature.parameters.values())[2:]  # after game and seed
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in taken):
        return
    accepted = [
        p.name
        for p in taken
        if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    ]
    for key in params:
        if key not in accepted:
            takes = f"parameters are: {', '.join(accepted)}" if accepted else "it takes none"
            raise UnknownAgent(f"bot {name!r}: unknown parameter {key!r}; {takes}")


def _load_builtin() -> None:
    """Import the generic bots.

    A game's own bots, evaluator and search settings are registered by the game's
    ``bots.py``, which its package imports: whoever holds a ``Game`` has them
    already, so this package never imports a game.
    """
    import whaletable.agents.mcts
    import whaletable.agents.random_agent  # noqa: F401


__all__ = [
    "Agent",
    "UnknownAgent",
    "available",
    "has_agent",
    "make_agent",
    "parse_spec",
    "register_agent",
]
