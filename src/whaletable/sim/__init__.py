"""Batches of seeded bot games: simulations, rated tournaments, engine speed, pictures.

What the command line (and any other caller) uses is exported here; the modules
behind it are free to change.
"""

from whaletable.sim import bench
from whaletable.sim.backends import BACKENDS, LOCAL, RAY, BackendError, RayRunner, make_runner
from whaletable.sim.batch import SeatPlan, plan, simulate, summarize, wilson
from whaletable.sim.plots import picture_formats, rating_plot, score_histogram
from whaletable.sim.ratings import BotRating, GameRatings, RatingsError, bot_rating, load_ratings
from whaletable.sim.runner import (
    HUMAN,
    GameResult,
    GameTask,
    PlanRunner,
    Runner,
    make_seats,
    run_plan,
)
from whaletable.sim.tournament import TournamentPlan, tournament

__all__ = [
    "BACKENDS",
    "HUMAN",
    "LOCAL",
    "RAY",
    "BackendError",
    "BotRating",
    "GameRatings",
    "GameResult",
    "GameTask",
    "PlanRunner",
    "RatingsError",
    "RayRunner",
    "Runner",
    "SeatPlan",
    "TournamentPlan",
    "bench",
    "bot_rating",
    "load_ratings",
    "make_runner",
    "make_seats",
    "picture_formats",
    "plan",
    "rating_plot",
    "run_plan",
    "score_histogram",
    "simulate",
    "summarize",
    "tournament",
    "wilson",
]
