"""``whaletable play``: scripted games, bad input, hot-seat privacy, records."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from whaletable import games, i18n, rulebook
from whaletable.cli.render import seat_words
from whaletable.core.record import Record

GAME = ["play", "whale-to-look", "--option", "area_layout=ordered"]


def test_scripted_game_against_bots_reaches_the_end(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    # The human always takes the first action offered; bots answer; the game must end.
    run = cli(
        [*GAME, "--seats", "human,random,random", "--seed", "11", "--record", str(path)],
        ["1"] * 400,
    )
    assert run.code == 0, run.out[-2000:]
    assert "Game over" in run.out
    assert run.out.count("Round 1 scored") == run.out.count("Round 2 scored") == 1  # summaries
    assert run.out.count("· Round 1 is scored: the whale surfaced at area") == 1  # the log
    final = Record.load(path).replay()
    assert final.is_terminal()
    # The result table: one row per seat, in final order, its total last.
    assert "Final scores" in run.out
    rows = re.findall(r"│ (Seat \d \(\w+\))( ★)? *│.*│ +(\d+) │", run.out)
    result = final.result()
    assert result is not None
    assert [(name, bool(star), int(total)) for name, star, total in rows] == [
        (f"Seat {s.seat + 1} ({['human', 'random', 'random'][s.seat]})", s.winner, s.score)
        for s in result.standings
    ]
    assert [s.score for s in result.standings] == sorted(final.scores(), reverse=True)
    assert "Seat 2 (random) investigated fish card F" in run.out  # bots' moves are logged


def test_short_forms_play_the_named_action(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = [*GAME, "--seats", "human,random", "--seed", "3", "--option", "start_player=0"]
    run = cli([*args, "--record", str(path)], ["i 5", "m 2 4 a", "q"])
    assert run.code == 0
    actions = Record.load(path).actions
    human = [a for a in actions if a["type"] in ("investigate", "move_boat")][:2]
    assert human == [
        {"type": "investigate", "fish": 4},
        {"type": "move_boat", "boat": 1, "area": 4, "anchor": True},
    ]
    assert "Seat 1 (human) moved the 2-tourist boat to area 4 and dropped the anchor." in run.out


def test_bad_input_reprompts_and_changes_nothing(cli, tmp_path: Path) -> None:
    args = [*GAME, "--seats", "human,random,random", "--seed", "5", "--option", "start_player=0"]
    clean, messy = tmp_path / "clean.json", tmp_path / "messy.json"
    cli([*args, "--record", str(clean)], ["q"])
    bad = ["99", "0", "hello", "i 13", "i x", "m 1 0", "m 7 0", "m 1 9", "f now", ""]
    run = cli([*args, "--record", str(messy)], [*bad, "q"])
    assert run.code == 0
    assert run.inputs_used == len(bad) + 1  # every bad line was answered by a new prompt
    assert run.out.count("your move:") == len(bad) + 1
    shown = " ".join(run.out.split())  # the console wraps long lines
    for message in (
        "there is no action 99: choose from 1 to 25",
        "there is no action 0",
        "'hello' is not a command",
        "write 'i N' with a fish card N from 1 to 12",
        "expected numbers after 'i'",
        "now: see “Your turn” in the rules (whaletable rules whale-to-look --section turn)",
        "there is no boat 7",
        "there is no area 9: the areas are 0, 1, 2, 3, 4, 5",
        "'f' (finish) takes nothing after it",
        "choose one of the actions 1–25",
    ):
        assert message in shown
    assert Record.load(messy).actions == Record.load(clean).actions


def test_illegal_move_names_the_rule(cli) -> None:
    args = [*GAME, "--seats", "human,random", "--seed", "2", "--option", "start_player=0"]
    # Anchor boat 1 in area 0, then (next turn) try to move that anchored boat.
    run = cli(args, ["i 1", "m 1 0 a", "i 2", "m 1 1", "q"])
    refused = " ".join(run.out.split("✗ ")[-1].split())  # the console wraps long lines
    assert refused.startswith("you cannot Move the 1-tourist boat from area 0 to area 1 now")
    assert refused.endswith(
        "now: see “Your turn” in the rules (whaletable rules whale-to-look --section turn) "
        "Seat 1 (human), your move: Game stopped."
    )


def test_hot_seat_hand_over_hides_the_previous_players_peek(cli) -> None:
    args = [*GAME, "--seats", "human,human", "--seed", "9", "--option", "start_player=0"]
    # Enter at the hand-over, Seat 1 peeks at F1 and moves; Enter at the hand-over to Seat 2.
    run = cli(args, ["", "i 1", "m 1 0", "", "q"], terminal=True)
    assert run.code == 0
    assert "Pass the device to Seat 2 (human) — press Enter" in run.out
    before, _, after = run.out.rpartition("Pass the device to Seat 2")
    peeked = re.search(r"F1 \[(\d)\]", before)
    assert peeked is not None, "Seat 1 saw the value of F1 on its own turn"
    # The screen is cleared after the hand-over prompt, before Seat 2's board is drawn.
    assert "\x1b[2J" in after
    seat2_screen = after.split("\x1b[2J")[-1]
    assert "Seat 2 (human)'s view" in seat2_screen
    assert "F1 [?]" in seat2_screen
    assert f"F1 [{peeked.group(1)}]" not in seat2_screen
    assert re.search(r"F1 \[\d\]", seat2_screen) is None


def test_one_human_sees_no_hand_over(cli) -> None:
    run = cli([*GAME, "--seats", "human,random", "--seed", "4"], ["q"], terminal=True)
    assert "Pass the device" not in run.out
    assert "\x1b[2J" not in run.out


def test_record_is_saved_when_input_ends(cli, tmp_path: Path) -> None:
    path = tmp_path / "partial.json"
    args = [*GAME, "--seats", "human,random", "--seed", "6", "--option", "start_player=1"]
    run = cli([*args, "--record", str(path)], ["i 3"])
    assert run.code == 1
    assert "Input ended before the game did" in run.out
    record = Record.load(path)
    assert record.actions[-1] == {"type": "investigate", "fish": 2}
    assert not record.replay().is_terminal()


@pytest.mark.slow
def test_same_seed_same_game(cli, tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    args = [*GAME, "--seats", "human,random,random", "--seed", "21"]
    cli([*args, "--record", str(a)], ["1"] * 400)
    cli([*args, "--record", str(b)], ["1"] * 400)
    assert Record.load(a).actions == Record.load(b).actions
    assert Record.load(a).meta["seed"] == 21


@pytest.mark.parametrize("lang", ["vi", "fa"])
def test_the_log_speaks_the_language_asked_for(cli, tmp_path: Path, lang: str) -> None:
    """The terminal log is the game's own sentences (its words.py), in the reader's language."""
    path = tmp_path / "game.json"
    seats = ["random", "random", "random"]
    args = [*GAME, "--seats", ",".join(seats), "--seed", "4", "--record", str(path)]
    run = cli([*args, "--lang", lang])
    assert run.code == 0, run.err
    english = cli([*args])
    final = Record.load(path).replay(events=True)
    tr = i18n.translator(lang)
    # The log names the seats in the reader's language too ("Seat 2 (random)").
    names = [seat_words(s, seats, tr) for s in range(len(seats))]
    assert names[0] != "Seat 1 (random)"
    shown = " ".join(run.out.split())  # the console wraps long lines
    said = 0
    for step, action in enumerate(final.history):
        events = final.step_events(None, step)
        for line in final.game.step_lines(events, action, -1, names, tr):
            assert f"· {line}" in shown
            said += 1
    assert said > 20
    first = next(line for line in run.out.splitlines() if line.startswith("· "))
    assert first not in english.out  # the same step in English reads otherwise
    assert "Seat " not in run.out  # not in the log, the header or the boards either


@pytest.mark.parametrize("lang", ["vi", "fa"])
def test_the_result_speaks_the_language_asked_for(cli, tmp_path: Path, lang: str) -> None:
    """The result table at the end is the rules' result in the game's words, in the
    reader's language: its title, headings, headline and the ranking rule."""
    path = tmp_path / "game.json"
    args = [*GAME, "--seats", "random,random,random", "--seed", "4", "--record", str(path)]
    run = cli([*args, "--lang", lang])
    assert run.code == 0, run.err
    tr = i18n.translator(lang)
    result = Record.load(path).replay().result()
    assert result is not None
    shown = " ".join(run.out.replace("│", " ").split())  # the console wraps long lines
    for english in ("Game over", "Final scores", "Player", "Round 1", "Round 2", "Total"):
        assert tr(english) != english and tr(english) in shown, english
    winner = result.winners[0]
    seat = tr("Seat {number}").format(number=winner + 1)
    headline = tr("Game over: {name} wins with {points} points.").format(
        name=f"{seat} (random)", points=result.standing(winner).score
    )
    assert headline in shown
    rule = tr(
        "The most points wins; ties go to the higher round 2 score, then to whoever took "
        "their turn later in round 2."
    )
    assert " ".join(rule.split()) in shown
    assert "Final scores" not in run.out and "Player" not in run.out


def test_the_reduced_table_is_drawn_two_by_two_and_plays_to_the_end(cli, tmp_path: Path) -> None:
    """The research table (option table=reduced) is drawn with its nine fish cards and four
    areas, and a fish card beyond F9 is refused by name."""
    path = tmp_path / "game.json"
    args = [*GAME, "--option", "table=reduced", "--seats", "human,heuristic", "--seed", "4"]
    run = cli([*args, "--record", str(path)], ["i 10", *["1"] * 200])
    assert run.code == 0, run.out[-2000:]
    assert "with a fish card N from 1 to 9" in run.out
    assert "F9 " in run.out and "F10 " not in run.out
    assert "Game over" in run.out
    final = Record.load(path).replay()
    assert final.is_terminal() and final.options.table == "reduced"


@pytest.mark.parametrize(
    ("seats", "told"), [("human,random", True), ("human,human", False)], ids=["alone", "hot-seat"]
)
def test_the_log_tells_a_lone_human_what_it_saw_and_nobody_else(
    cli, seats: str, told: bool
) -> None:
    args = [*GAME, "--seats", seats, "--seed", "9", "--option", "start_player=0"]
    handover = [] if told else [""]  # Enter at each hand-over of the shared device
    run = cli(args, [*handover, "i 1", "m 1 0", *handover, "q"], terminal=True)
    assert run.code == 0
    line = re.search(r"Seat 1 \(human\) investigated fish card F1( and saw (\d+))?\.", run.out)
    assert line is not None, run.out[-2000:]
    # Alone at the screen the human reads its own card's value; at a shared screen the
    # log says only what every player may know.
    assert (line.group(1) is not None) == told


def test_bad_input_is_told_in_the_readers_language(cli, tmp_path: Path) -> None:
    """The terminal's own sentences around the game speak Vietnamese too: the prompt,
    what was wrong with a line, the end of the input and where the record went."""
    path = tmp_path / "game.json"
    args = [*GAME, "--seats", "human,random,random", "--seed", "5", "--option", "start_player=0"]
    bad = ["99", "hello", "", "h"]
    run = cli([*args, "--lang", "vi", "--record", str(path)], bad)
    assert run.code == 1
    tr = i18n.translator("vi")
    shown = " ".join(run.out.split())  # the console wraps long lines
    seat = seat_words(0, ["human"], tr)
    said = [
        tr("{seat}, your move:").format(seat=seat),
        tr("there is no action {number}: choose from 1 to {count}").format(number=99, count=25),
        tr("{command} is not a command; {short_forms}")
        .format(command="'hello'", short_forms="")
        .strip(" ;"),
        tr("choose one of the actions 1–{count} (or type 'help')").format(count=25),
        tr("a (advice: what your seat can tell from what it sees)"),
        tr("Input ended before the game did."),
        tr("Saved {count} actions to {path} (replay with: {command})").split("{")[0].strip(),
    ]
    for sentence in said:
        assert " ".join(sentence.split()) in shown, sentence
    assert run.out.count(tr("{seat}, your move:").format(seat=seat)) == len(bad) + 1
    for english in (
        "your move:",
        "there is no action",
        "is not a command",
        "choose one of the actions",
        "what your seat can tell",
        "Input ended",
        "Saved ",
        "replay with",
    ):
        assert english not in shown, english


def test_an_illegal_move_is_refused_in_the_readers_language_naming_its_rule(cli) -> None:
    args = [*GAME, "--seats", "human,random", "--seed", "2", "--option", "start_player=0"]
    run = cli([*args, "--lang", "vi"], ["i 1", "m 1 0 a", "i 2", "m 1 1", "q"])
    assert run.code == 0
    tr = i18n.translator("vi")
    template = (
        "you cannot {action} now: see “{section}” in the rules "
        "(whaletable rules {game} --section {id})"
    )
    refusal = tr(template)
    words = [w.strip() for w in re.split(r"\{\w+\}", refusal) if w.strip()]
    assert refusal != template and words
    refused = " ".join(run.out.split("✗ ")[-1].split())  # the console wraps long lines
    assert all(w in refused for w in words), refused
    # The section that governs moving a boat, in Vietnamese, and its id for `whaletable rules`.
    turn = rulebook.rules_of(games.get("whale-to-look"), "vi").section("turn")
    assert f"“{turn.title}”" in refused
    assert "whaletable rules whale-to-look --section turn" in refused
    assert "you cannot" not in run.out and "anchored boat" not in run.out
    assert tr("Game stopped.") in run.out and "Game stopped" not in run.out


def test_hot_seat_hand_over_is_asked_in_persian(cli) -> None:
    args = [*GAME, "--seats", "human,human", "--seed", "9", "--option", "start_player=0"]
    run = cli([*args, "--lang", "fa"], ["", "i 1", "m 1 0", "", "q"], terminal=True)
    assert run.code == 0
    tr = i18n.translator("fa")
    for seat in (0, 1):
        name = seat_words(seat, ["human", "human"], tr)
        ask = tr("Pass the device to {name} — press Enter").format(name=name)
        assert ask != f"Pass the device to Seat {seat + 1} (human) — press Enter"
        assert ask in run.out
    assert "Pass the device" not in run.out and "press Enter" not in run.out
