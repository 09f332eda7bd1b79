"""The ``whaletable`` command: play, serve, replay, simulate, tournament, bench, rules.

Bad input of any kind (an unknown game or bot, a bad option, a wrong number of
seats, a malformed record) ends with one line on stderr and exit code 2, never
a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import datetime
import importlib
import importlib.util
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from whaletable import i18n, rulebook
from whaletable.cli import serve
from whaletable.cli.play import InputFn, play
from whaletable.cli.replay import delay_of, replay
from whaletable.core import registry
from whaletable.core.errors import BadOption, WhaletableError
from whaletable.core.game import Game
from whaletable.sim import (
    BACKENDS,
    HUMAN,
    LOCAL,
    RAY,
    GameResult,
    PlanRunner,
    bench,
    make_runner,
    make_seats,
    picture_formats,
    rating_plot,
    score_histogram,
    simulate,
    tournament,
)

EXIT_BAD_INPUT = 2


class CommandError(WhaletableError):
    """A command-line mistake that no lower layer names (e.g. a human seat in a simulation)."""


# ------------------------------------------------------------------ parsing helpers


def get_game(game_id: str) -> Game[Any]:
    import whaletable.games  # noqa: F401 - importing registers every game

    return registry.get(game_id)


def parse_value(text: str) -> Any:
    """JSON when it parses (numbers, true/false, null), else the text itself."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_options(pairs: Sequence[str], edition: str | None = None) -> dict[str, Any] | None:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise BadOption(f"an option is written key=value, not {pair!r}")
        options[key.strip()] = parse_value(value.strip())
    if edition is not None:
        if "edition" in options and options["edition"] != edition:
            raise BadOption(
                f"--edition {edition} contradicts --option edition={options['edition']}"
            )
        options["edition"] = edition
    return options or None


def parse_seats(text: str) -> list[str]:
    """Split ``human,mcts:iterations=200,time=1.5,random`` into seats.

    A bot's parameters are separated by commas too, so a piece of the form
    ``key=value`` without a bot name continues the bot spec before it.
    """
    seats: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            raise CommandError(f"empty seat in --seats {text!r}")
        if "=" in piece and ":" not in piece and seats and ":" in seats[-1]:
            seats[-1] += "," + piece
        else:
            seats.append(piece)
    return seats


# ------------------------------------------------------------------ commands


def cmd_play(args: argparse.Namespace, console: Console, input_fn: InputFn) -> int:
    game = get_game(args.game)
    options = parse_options(args.option, args.edition)
    specs = parse_seats(args.seats)
    record = Path(args.record) if args.record else None
    return play(
        game,
        specs,
        options=options,
        seed=args.seed,
        console=console,
        input_fn=input_fn,
        record_path=record,
        tr=i18n.translator(args.lang),
        lang=args.lang,
        advice=args.advice,
    )


def seconds(text: str) -> float:
    """``--autoplay``'s delay, checked as the replay's ``p`` command checks it."""
    try:
        return delay_of(text, i18n.translator(i18n.DEFAULT))
    except WhaletableError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def cmd_replay(args: argparse.Namespace, console: Console, input_fn: InputFn) -> int:
    seat = None if args.seat is None else args.seat - 1
    return replay(
        Path(args.file),
        seat=seat,
        console=console,
        input_fn=input_fn,
        tr=i18n.translator(args.lang),
        start=args.step,
        autoplay=args.autoplay,
    )


def check_batch(args: argparse.Namespace) -> None:
    """The checks every batch command makes of ``--games``, ``--jobs`` and ``--address``."""
    if args.games < 1:
        raise CommandError(f"--games must be at least 1, not {args.games}")
    if args.jobs is not None and args.jobs < 1:
        raise CommandError(f"--jobs must be at least 1, not {args.jobs}")
    if args.address is not None and args.backend != RAY:
        raise CommandError("--address joins a Ray cluster: use it with --backend ray")


def export_folder(path: str | None) -> Path | None:
    """The folder ``--export`` writes to, made ready before any game is played."""
    if path is None:
        return None
    if importlib.util.find_spec("pyarrow") is None:
        raise CommandError(
            "--export writes Parquet and needs the rl extra: pip install 'whaletable[rl]'"
        )
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise CommandError(f"--export {path}: cannot make the folder: {e.strerror}") from e
    return folder


def output_file(flag: str, path: str | None, *, picture: bool = False) -> None:
    """Check a file a batch command writes when its games are over, before any is played:
    an error found only then would throw the whole batch away."""
    if path is None:
        return
    target = Path(path)
    if target.is_dir():
        raise CommandError(f"{flag} {path}: is a folder, not a file")
    for parent in target.parents:
        if parent.exists():
            if not parent.is_dir():
                raise CommandError(f"{flag} {path}: {parent} is a file, not a folder")
            break
    if picture:
        # Matplotlib would add ".png" to a name without an extension, and refuses an
        # extension it cannot draw only when the picture is saved.
        suffix = target.suffix.lower()
        if not suffix:
            raise CommandError(f"{flag} {path}: name its format by its extension, e.g. .png")
        formats = picture_formats()
        if suffix[1:] not in formats:
            raise CommandError(
                f"{flag} {path}: cannot draw a {suffix!r} picture; formats are: "
                + ", ".join(formats)
            )


@contextlib.contextmanager
def running(
    args: argparse.Namespace, err: Console, verb: str
) -> Iterator[tuple[PlanRunner, Callable[[list[GameResult]], None]]]:
    """A batch's runner on its ``--backend`` and the progress its finished chunks advance: a
    bar on a terminal, else (a log file, a pipe) :class:`ProgressLines`.

    The workers start before the progress bar's thread (see :class:`whaletable.sim.Runner`).
    Locally ``--jobs`` defaults to this machine's CPUs, on Ray to the cluster's.
    """
    jobs = args.jobs
    if args.backend == LOCAL:
        jobs = min(jobs or os.cpu_count() or 1, args.games)
    with make_runner(args.backend, jobs, args.address) as runner:
        if not err.is_terminal:
            yield runner, ProgressLines(err, verb, args.games).advance
            return
        with progress_bar(err, verb) as bar:
            task = bar.add_task("games", total=args.games)
            yield runner, lambda chunk: bar.advance(task, len(chunk))


class ProgressLines:
    """Progress where a bar cannot be redrawn: a line each time another tenth of the games
    is done, so a long batch written to a log shows it is moving well before its end."""

    def __init__(self, err: Console, verb: str, total: int) -> None:
        self.err, self.verb, self.total = err, verb, total
        self.done = 0
        self.tenths = 0
        self.start = time.monotonic()

    def advance(self, chunk: list[GameResult]) -> None:
        self.done += len(chunk)
        tenths = self.done * 10 // self.total
        if tenths > self.tenths:
            self.tenths = tenths
            elapsed = datetime.timedelta(seconds=int(time.monotonic() - self.start))
            line = f"{self.verb} {self.done}/{self.total} {elapsed}"
            self.err.print(line, markup=False, highlight=False)


def progress_bar(err: Console, verb: str) -> Progress:
    return Progress(
        TextColumn(f"[bold]{verb}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=False,
    )


def cmd_simulate(args: argparse.Namespace, console: Console, err: Console) -> int:
    game = get_game(args.game)
    options = parse_options(args.option, args.edition)
    specs = parse_seats(args.seats)
    if HUMAN in specs:
        raise CommandError("simulate plays bots only; 'human' seats belong to `whaletable play`")
    check_batch(args)
    # Check the game, options, player count and every bot here, before any worker starts.
    game.new_state(len(specs), options)
    make_seats(game, specs, args.seed)
    output_file("--plot", args.plot, picture=True)
    if args.export is not None and args.address is not None:
        raise CommandError(
            "--export writes each shard on the machine that played it: with --address those "
            "are the cluster's; export with a local backend"
        )
    export = export_folder(args.export)

    with running(args, err, "simulating") as (runner, advance):
        results, summary = simulate(
            game.spec.id,
            specs,
            args.games,
            seed=args.seed,
            options=options,
            rotate=args.rotate,
            on_results=advance,
            runner=runner,
            export=export,
        )
    summary = {
        "game": game.spec.id,
        "seats": specs,
        "seed": args.seed,
        "rotate": args.rotate,
        "options": game.options_to_json(game.make_options(options)),
        "jobs": runner.jobs,
        **summary,
    }
    if args.plot:
        score_histogram(
            results,
            Path(args.plot),
            title=f"{game.spec.title}: {len(results)} games, seats {', '.join(specs)}",
            cooperative=game.spec.cooperative,
        )
        summary["plot"] = args.plot
    if export is not None:
        summary["export"] = str(export)
    if args.json:
        console.file.write(json.dumps(summary, indent=2) + "\n")
        console.file.flush()
    else:
        console.print(stats_table(summary))
    return 0


def stats_table(summary: dict[str, Any]) -> Table:
    table = Table(
        title=f"{summary['game']} · {summary['games']} games · seats {', '.join(summary['seats'])}"
        f" · seed {summary['seed']}" + (" · rotated" if summary["rotate"] else ""),
        caption=(
            f"mean game length: {summary['decisions_mean']:.1f} decisions, "
            f"{summary['steps_mean']:.1f} steps · "
            f"{summary['games_per_second']:.1f} games/s on {summary['jobs']} process(es)\n"
            "win rate by seat: "
            + ", ".join(f"{i + 1}: {r:.1%}" for i, r in enumerate(summary["seat_win_rate"]))
        ),
    )
    table.add_column("bot", no_wrap=True)
    for name in ("games", "wins", "win %", "95% CI", "score", "sd", "range"):
        table.add_column(name, justify="right", no_wrap=True)
    team = [summary["team"]] if "team" in summary else []
    for b in [*team, *summary["bots"]]:
        lo, hi = b["win_rate_ci95"]
        table.add_row(
            b["bot"],
            str(b["games"]),
            str(b["wins"]),
            f"{b['win_rate']:.1%}",
            f"{lo:.1%}–{hi:.1%}",
            f"{b['score_mean']:.2f}",
            f"{b['score_sd']:.2f}",
            f"{b['score_min']:g}–{b['score_max']:g}",
        )
    return table


def parse_players(text: str) -> list[int] | None:
    """``all`` (None: every count the game allows) or one player count."""
    if text == "all":
        return None
    try:
        count = int(text)
    except ValueError:
        raise CommandError(f"--players must be a player count or 'all', not {text!r}") from None
    return [count]


def cmd_tournament(args: argparse.Namespace, console: Console, err: Console) -> int:
    game = get_game(args.game)
    options = parse_options(args.option, args.edition)
    bots = parse_seats(args.bots)
    if HUMAN in bots:
        raise CommandError(
            "a tournament rates bots only; 'human' seats belong to `whaletable play`"
        )
    twice = sorted({b for b in bots if bots.count(b) > 1})
    if twice:
        raise CommandError(f"--bots names {', '.join(twice)} more than once")
    if len(bots) < 2:
        raise CommandError(f"a tournament needs at least two bots, not {len(bots)}")
    check_batch(args)
    if game.spec.cooperative and args.games < len(bots):
        raise CommandError(
            f"in a team game each deal is one table per bot: --games must be at least "
            f"{len(bots)} to compare them, not {args.games}"
        )
    players = parse_players(args.players)
    # Check the game, options, every player count and every bot before any worker starts.
    counts = players or range(game.spec.min_players, game.spec.max_players + 1)
    for count in counts:
        game.new_state(count, options)
    make_seats(game, bots, args.seed)
    output_file("--json", None if args.json == "-" else args.json)
    output_file("--plot", args.plot, picture=True)

    with running(args, err, "playing") as (runner, advance):
        _, result = tournament(
            game.spec.id,
            bots,
            args.games,
            seed=args.seed,
            players=players,
            options=options,
            on_results=advance,
            runner=runner,
        )
    result["jobs"] = runner.jobs
    if args.plot:
        rating_plot(result, Path(args.plot))
        result["plot"] = args.plot
    text = json.dumps(result, indent=2, ensure_ascii=False) + "\n"
    if args.json == "-":
        console.file.write(text)
        console.file.flush()
        return 0
    if args.json:
        out = Path(args.json)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
    for table in tournament_tables(result):
        console.print(table)
    return 0


def tournament_tables(result: dict[str, Any]) -> list[Table]:
    """Ratings, win rates by seat position (team games: by player count), head-to-head."""
    team = result["team"]
    counts = ", ".join(str(k) for k in result["players"])
    if team:
        balance = (
            "every player count had the same number of whole deals"
            if result["balanced"]
            else f"player counts are balanced exactly every {result['balanced_every']} games"
        )
    else:
        balance = (
            "every bot sat in every seat equally often"
            if result["balanced"]
            else f"seats are balanced exactly every {result['balanced_every']} games"
        )
    ratings = Table(
        title=f"{result['title']} · {result['games']} games · {counts} players · "
        f"seed {result['seed']}",
        caption=f"{result['model']['name']}: {result['model']['ranking']}; "
        f"interval {result['model']['interval']}, ordinal {result['model']['ordinal']}\n"
        f"{balance} · {result['seconds']:.1f} s on {result['jobs']} process(es)",
    )
    ratings.add_column("#", justify="right")
    ratings.add_column("bot", no_wrap=True)
    for name in ("rating", "± 2σ", "interval", "ordinal", "tables" if team else "seats", "win %"):
        ratings.add_column(name, justify="right", no_wrap=True)
    for place, r in enumerate(result["ratings"], 1):
        ratings.add_row(
            str(place),
            r["bot"],
            f"{r['mu']:.1f}",
            f"{2 * r['sigma']:.1f}",
            f"{r['low']:.1f}–{r['high']:.1f}",
            f"{r['ordinal']:.1f}",
            str(r["games"]),
            f"{r['win_rate']:.1%}",
        )
    order = [r["bot"] for r in result["ratings"]]

    # Per seat position over every player count; a team table's seats are all alike.
    key = "players" if team else "seat"
    columns = sorted({row[key] for row in result["seats"]})
    tallies: dict[tuple[str, int], list[int]] = {}
    for row in result["seats"]:
        t = tallies.setdefault((row["bot"], row[key]), [0, 0])
        t[0] += row["wins"]
        t[1] += row["games"]
    seats = Table(
        title="team win rate by player count" if team else "win rate by seat position",
        caption=None if team else "seats as the game numbers them; every player count together",
    )
    seats.add_column("bot", no_wrap=True)
    for c in columns:
        seats.add_column(f"{c} players" if team else f"seat {c}", justify="right")
    for bot in order:
        cells = []
        for c in columns:
            wins, games = tallies.get((bot, c), [0, 0])
            cells.append(f"{wins / games:.1%} ({games})" if games else "–")
        seats.add_row(bot, *cells)

    shares = {(m["bot"], m["opponent"]): m for m in result["head_to_head"]}
    head = Table(
        title="head-to-head",
        caption="share of meetings the row's bot finished ahead, ties half: "
        + ("tables of one deal" if team else "pairs of seats at one table"),
    )
    head.add_column("bot", no_wrap=True)
    for bot in order:
        head.add_column(bot, justify="right")
    for bot in order:
        cells = []
        for other in order:
            m = shares.get((bot, other))
            cells.append(f"{m['share']:.1%}" if m else "–")
        head.add_row(bot, *cells)
    return [ratings, seats, head]


def cmd_rules(args: argparse.Namespace, console: Console) -> int:
    game = get_game(args.game)
    rules = rulebook.rules_of(game, args.lang)
    console.print(Markdown(rules.markdown(args.section)))
    if args.section is None:
        console.print(options_table(game))
    return 0


def options_table(game: Game[Any]) -> Table:
    """Every option of ``game`` with its default and allowed values (--option key=value)."""
    table = Table(title=f"Options of {game.spec.id} (--option key=value)")
    for name in ("option", "default", "allowed values"):
        table.add_column(name)
    choices = game.option_choices()
    for f in dataclasses.fields(game.spec.options):
        allowed = choices.get(f.name)
        table.add_row(
            f.name,
            json.dumps(f.default),
            ", ".join(json.dumps(v) for v in allowed) if allowed else "see the rules summary",
        )
    return table


def cmd_bench(args: argparse.Namespace, console: Console, err: Console) -> int:
    import whaletable.games as games

    chosen = [get_game(g) for g in args.games] if args.games else games.all()
    if not args.seconds > 0:
        raise CommandError(f"--seconds must be positive, not {args.seconds}")
    with err.status("measuring") as status:
        report = bench.run(
            chosen,
            seconds=args.seconds,
            seed=args.seed,
            players=args.players,
            on_game=lambda g: status.update(f"measuring {g.spec.id}"),
        )
    data = report.to_json()
    if args.output:
        out = Path(args.output)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    if args.json:
        console.file.write(json.dumps(data, indent=2) + "\n")
        console.file.flush()
    else:
        console.print(bench_table(data))
    return 0


BENCH_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("players", "seats", "{}"),
    ("games_per_s", "games\n/s", "{:,.0f}"),
    ("steps_per_s", "steps\n/s", "{:,.0f}"),
    ("actions_per_game", "steps\n/game", "{:.1f}"),
    ("clone_us", "clone\nµs", "{:.2f}"),
    ("determinize_us", "det.\nµs", "{:.2f}"),
    ("legal_actions_us", "legal\nµs", "{:.2f}"),
    ("mcts_iterations_per_s", "MCTS\nit/s", "{:,.0f}"),
)
"""The benchmark table's columns: field, heading (two lines), format."""


def bench_table(data: dict[str, Any]) -> Table:
    """The rows of a benchmark report (its JSON form) as a table."""
    m = data["machine"]
    table = Table(
        box=box.SIMPLE_HEAD,
        title=f"Engine speed, one core, {data['seconds']:g} s per measurement",
        caption="a step is one applied action, chance included; det. = determinize(), "
        "legal = legal_actions(); MCTS at the default bot settings\n"
        f"{m['implementation']} {m['python']} · {m['cpu']} · {m['platform']}",
    )
    rows = [[fmt.format(row[key]) for key, _, fmt in BENCH_COLUMNS] for row in data["games"]]
    table.add_column("game", no_wrap=True)
    for i, (_, heading, _) in enumerate(BENCH_COLUMNS):
        # Numbers are never cut short: a column is at least as wide as its widest number.
        width = max((len(cells[i]) for cells in rows), default=1)
        table.add_column(heading, justify="right", no_wrap=True, min_width=width)
    for row, cells in zip(data["games"], rows, strict=True):
        table.add_row(row["game"], *cells)
    return table


# ------------------------------------------------------------------ the parser


def game_ids() -> str:
    import whaletable.games as games

    return ", ".join(g.spec.id for g in games.all())


Subparsers = argparse._SubParsersAction  # the type argparse gives no public name


def add_batch_arguments(p: argparse.ArgumentParser, *, default_games: int) -> None:
    """What every batch command takes: the game, how many games, processes, seed."""
    p.add_argument("game", help=f"the game id ({game_ids()})")
    p.add_argument(
        "--games",
        type=int,
        default=default_games,
        help=f"number of games (default {default_games})",
    )
    p.add_argument(
        "--jobs",
        type=int,
        help="worker processes, or with --backend ray chunks of games played at once "
        "(default: the number of CPUs of this machine, or of the Ray cluster)",
    )
    p.add_argument("--seed", type=int, default=0, help="batch seed (default 0)")
    p.add_argument(
        "--backend",
        choices=BACKENDS,
        default=LOCAL,
        help="where the games are played: this machine's processes (local, the default) or "
        "Ray (ray: a local Ray, or the cluster at --address; needs whaletable[cluster]); "
        "the same seed gives the same results on either",
    )
    p.add_argument(
        "--address",
        metavar="ADDR",
        help="with --backend ray, join the Ray cluster at ADDR (e.g. ray://head:10001 or "
        "auto) instead of starting a local one",
    )


def add_simulate_parser(
    sub: Subparsers[argparse.ArgumentParser],
    add_options: Callable[[argparse.ArgumentParser], None],
) -> argparse.ArgumentParser:
    sim_p = sub.add_parser(
        "simulate",
        help="play many bot games in parallel and print statistics",
        description="Play many seeded bot games across processes and print, per bot, wins, "
        "win rate with a 95% Wilson interval, and score mean and sd; plus mean game length. "
        "The same seed gives the same results whatever --jobs and --backend are.",
        epilog="Example: whaletable simulate whale-to-look --games 500 "
        "--seats heuristic,random,random --jobs 2 --seed 1",
    )
    add_batch_arguments(sim_p, default_games=100)
    sim_p.add_argument(
        "--seats",
        default="random,random,random",
        help="comma-separated bot specs, one per seat (default: random,random,random)",
    )
    add_options(sim_p)
    sim_p.add_argument(
        "--rotate",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="rotate the seats from game to game so every bot plays every seat equally "
        "(default: on)",
    )
    sim_p.add_argument("--json", action="store_true", help="print the statistics as JSON")
    sim_p.add_argument(
        "--plot",
        metavar="FILE.png",
        help="also draw how the scores fall (per bot; the team's in a cooperative game)",
    )
    sim_p.add_argument(
        "--export",
        metavar="DIR",
        help="also write every game to DIR as Parquet rows for learning (one row per "
        "decision: observation tensor, legal mask, action, reward-to-go; needs the rl extra)",
    )
    return sim_p


def add_tournament_parser(
    sub: Subparsers[argparse.ArgumentParser],
    add_options: Callable[[argparse.ArgumentParser], None],
) -> argparse.ArgumentParser:
    tour_p = sub.add_parser(
        "tournament",
        help="rate bots against each other (openskill, Plackett–Luce)",
        description="Play seeded games between bots, rotating seats and player counts so every "
        "bot sits in every seat equally often, and rate them with openskill's Plackett–Luce "
        "model from each game's ranking. Prints ratings with their 95% interval and ordinal, "
        "win rates by seat position and head-to-head. In a team game (save-the-whales) each "
        "deal is one table per bot, on the same seed, ranked by the team's result. The same "
        "seed gives the same results whatever --jobs and --backend are.",
        epilog="Example: whaletable tournament whale-to-look --bots random,heuristic,mcts "
        "--games 1000 --jobs 2 --json wtl.json --plot wtl.png",
    )
    add_batch_arguments(tour_p, default_games=100)
    tour_p.add_argument(
        "--bots",
        required=True,
        help="comma-separated bot specs to rate, e.g. random,heuristic,mcts:iterations=500",
    )
    tour_p.add_argument(
        "--players",
        default="all",
        metavar="K|all",
        help="play only K-player games (default: every player count the game allows)",
    )
    add_options(tour_p)
    tour_p.add_argument(
        "--json", metavar="PATH", help="write the result as JSON here ('-': print it instead)"
    )
    tour_p.add_argument("--plot", metavar="FILE.png", help="draw the ratings with intervals")
    return tour_p


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="whaletable",
        description="Whale board games in the terminal: play against bots or friends, "
        "replay saved games, simulate bot matches, rate bots in tournaments, read the rules.",
        epilog=f"Games: {game_ids()}. Run 'whaletable COMMAND --help' for each command.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add_options(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help="a game option, repeatable; VALUE is read as JSON when it parses "
            "(numbers, true/false, null), otherwise as text, e.g. --option area_layout=ordered",
        )
        p.add_argument(
            "--edition",
            help="the rulebook edition, shorthand for --option edition=… (whale-to-look: en, vi)",
        )

    play_p = sub.add_parser(
        "play",
        help="play a game at this terminal",
        description="Play a game at this terminal. Each seat is 'human' or a bot spec; the "
        "number of seats is the number of players. Humans choose from a numbered list of "
        "legal actions or type a short form (whale-to-look: i 5, r 3, m 2 4, m 2 4 a, f). "
        "With two or more humans the screen is cleared between their turns.",
        epilog="Example: whaletable play whale-to-look --seats human,mcts:iterations=200,random "
        "--seed 7 --record game.json",
    )
    play_p.add_argument("game", help=f"the game id ({game_ids()})")
    play_p.add_argument(
        "--seats",
        default="human,random,random",
        help="comma-separated seats: 'human' or a bot spec such as random, heuristic, "
        "mcts:iterations=200 (default: human,random,random)",
    )
    add_options(play_p)
    play_p.add_argument("--seed", type=int, help="seed for chance and bots (default: a new one)")
    play_p.add_argument(
        "--record", metavar="FILE", help="save the game record (JSON) here at the end or on Ctrl-C"
    )
    play_p.add_argument(
        "--advice",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="let a human seat type 'a' for advice from what it sees (default: on)",
    )
    play_p.add_argument(
        "--lang",
        choices=i18n.CODES,
        default=i18n.DEFAULT,
        help="the language of the log and the result (default: en)",
    )

    replay_p = sub.add_parser(
        "replay",
        help="step through a saved game record",
        description="Step through a saved record: Enter = next step, b = back, a number = jump "
        "to that step, p = play on by itself, q = quit. The board shows what the chosen seat "
        "knew at each step.",
    )
    replay_p.add_argument("file", help="a record saved by 'whaletable play --record'")
    replay_p.add_argument(
        "--seat", type=int, help="see the game as this seat (1..n); default: a spectator"
    )
    replay_p.add_argument(
        "--step", type=int, default=0, help="start at this step (default: 0, the start)"
    )
    replay_p.add_argument(
        "--autoplay",
        type=seconds,
        metavar="SECONDS",
        help="play on by itself from the start step, a step every SECONDS (Ctrl-C pauses)",
    )
    replay_p.add_argument(
        "--lang",
        choices=i18n.CODES,
        default=i18n.DEFAULT,
        help="the language of the board and the log (default: en)",
    )

    add_simulate_parser(sub, add_options)
    add_tournament_parser(sub, add_options)

    rules_p = sub.add_parser(
        "rules",
        help="print a game's rules",
        description="Print a game's rules as its players read them, and its options. A refused "
        "move names the section of the rules that governs it: --section prints that one.",
        epilog="Example: whaletable rules whale-to-look --lang vi --section radar",
    )
    rules_p.add_argument("game", help=f"the game id ({game_ids()})")
    rules_p.add_argument(
        "--lang",
        choices=i18n.CODES,
        default=i18n.DEFAULT,
        help="the language of the rules (default: en)",
    )
    rules_p.add_argument(
        "--section", metavar="ID", help="print only this section (its id, e.g. turn)"
    )

    bench_p = sub.add_parser(
        "bench",
        help="measure engine speed per game on one core",
        description="For each game (default: every registered game), on one core: random "
        "playouts (games/s, steps/s, where a step is one applied action, chance included, and "
        "steps per game), the cost of clone(), determinize() and legal_actions() on sampled "
        "positions, and MCTS iterations/s at the default bot settings. Each measurement runs "
        "for --seconds (the per-call timings for a quarter of it).",
        epilog="Example: whaletable bench whale-to-look --seconds 5 --json",
    )
    bench_p.add_argument("games", nargs="*", metavar="GAME", help=f"game ids ({game_ids()})")
    bench_p.add_argument(
        "--seconds", type=float, default=3.0, help="time per measurement (default 3)"
    )
    bench_p.add_argument(
        "--players", type=int, help="players per game (default: 3, or the nearest allowed)"
    )
    bench_p.add_argument("--seed", type=int, default=0, help="seed of the games (default 0)")
    bench_p.add_argument("--json", action="store_true", help="print the results as JSON")
    bench_p.add_argument("--output", metavar="FILE", help="also write the results (JSON) here")

    serve.add_parser(sub)
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    console: Console | None = None,
    err_console: Console | None = None,
    input_fn: InputFn | None = None,
) -> int:
    """Run the command; returns the exit code (the console script exits with it)."""
    console = console or Console()
    err = err_console or Console(stderr=True)
    read: InputFn = input_fn or input
    args = build_parser().parse_args(argv)
    try:
        if args.command == "play":
            return cmd_play(args, console, read)
        if args.command == "replay":
            return cmd_replay(args, console, read)
        if args.command == "simulate":
            return cmd_simulate(args, console, err)
        if args.command == "tournament":
            return cmd_tournament(args, console, err)
        if args.command == "bench":
            return cmd_bench(args, console, err)
        if args.command == "serve":
            return serve.run(args)
        return cmd_rules(args, console)
    except WhaletableError as e:
        err.print(f"whaletable: error: {e}", markup=False, highlight=False, soft_wrap=True)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
