"""Pictures of a batch of games: how the scores fall, per bot or for the team; ratings.

Drawn with Matplotlib's Agg backend, so no screen is needed; Matplotlib is imported
when a picture is drawn, not with this module, so commands that draw none start fast.
The histogram counts each score value separately when scores are whole numbers (as
in every game here), so a bar is a score a player could actually have made.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from whaletable.sim.runner import GameResult

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def new_figure(width: float, height: float) -> Figure:
    """A figure on the Agg backend (no screen needed); closed by :func:`save`."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # after the backend is chosen

    return plt.figure(figsize=(width, height), dpi=110)


def picture_formats() -> list[str]:
    """The file extensions (without the dot) Matplotlib can save a picture as."""
    from matplotlib.backend_bases import FigureCanvasBase

    return sorted(FigureCanvasBase.get_supported_filetypes())


def save(fig: Figure, path: Path) -> None:
    import matplotlib.pyplot as plt

    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


def score_counts(results: list[GameResult], *, cooperative: bool) -> dict[str, Counter[float]]:
    """How often each score was made, per bot spec; a team game counts each game once.

    >>> r = GameResult(0, ("a", "b"), (3.0, 3.0), (1.0, 1.0), 10, 12, (1, 1))
    >>> score_counts([r, r], cooperative=True)
    {'team': Counter({3.0: 2})}
    >>> score_counts([r], cooperative=False)
    {'a': Counter({3.0: 1}), 'b': Counter({3.0: 1})}
    """
    if cooperative:
        return {"team": Counter(r.scores[0] for r in results)}
    counts: dict[str, Counter[float]] = {}
    for r in results:
        for seat, spec in enumerate(r.seats):
            counts.setdefault(spec, Counter())[r.scores[seat]] += 1
    return dict(sorted(counts.items()))


def score_histogram(
    results: list[GameResult],
    path: Path,
    *,
    title: str,
    cooperative: bool = False,
    score_name: str = "score",
) -> dict[str, Any]:
    """Write a PNG of the score distribution to ``path``; the counts drawn, as JSON-ready data."""
    counts = score_counts(results, cooperative=cooperative)
    values = sorted({v for c in counts.values() for v in c})
    whole = all(float(v).is_integer() for v in values)
    fig = new_figure(8, 4.5)
    ax = fig.subplots()
    width = 0.8 / max(1, len(counts))
    for i, (name, c) in enumerate(counts.items()):
        total = sum(c.values())
        if whole:
            xs = [v + (i - (len(counts) - 1) / 2) * width for v in values]
            ax.bar(xs, [c[v] / total for v in values], width=width, label=f"{name} (n={total})")
        else:
            ax.hist(list(c.elements()), bins=20, alpha=0.6, density=True, label=name)
    if whole and values:
        ax.set_xticks(values)
    ax.set_xlabel(score_name)
    ax.set_ylabel("share of games" if cooperative else "share of seats played")
    ax.set_title(title)
    ax.legend()
    ax.grid(axis="y", alpha=0.3)
    save(fig, path)
    return {name: {str(k): v for k, v in sorted(c.items())} for name, c in counts.items()}


def rating_plot(result: dict[str, Any], path: Path) -> None:
    """Write a PNG of a tournament's ratings (its JSON form): each bot's mu with its interval,
    best first, the ordinal marked."""
    rows = result["ratings"]
    fig = new_figure(8, 1.2 + 0.5 * len(rows))
    ax = fig.subplots()
    ys = list(range(len(rows)))[::-1]
    mus = [r["mu"] for r in rows]
    ax.errorbar(
        mus,
        ys,
        xerr=[[r["mu"] - r["low"] for r in rows], [r["high"] - r["mu"] for r in rows]],
        fmt="o",
        capsize=4,
        label=result["model"]["interval"],
    )
    ax.plot([r["ordinal"] for r in rows], ys, "k|", markersize=12, label="ordinal")
    ax.set_yticks(ys)
    ax.set_yticklabels([r["bot"] for r in rows])
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_xlabel("rating (openskill Plackett–Luce)")
    counts = ", ".join(str(k) for k in result["players"])
    ax.set_title(f"{result['title']}: {result['games']} games, {counts} players")
    ax.legend(loc="lower right")
    ax.grid(axis="x", alpha=0.3)
    save(fig, path)


__all__ = ["rating_plot", "score_counts", "score_histogram"]
