"""Batch simulation: many seeded games across processes, and their statistics."""

from whaletable.sim.batch import GameResult, GameTask, simulate, summarize, wilson

__all__ = ["GameResult", "GameTask", "simulate", "summarize", "wilson"]
