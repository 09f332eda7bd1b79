"""``whaletable replay``: stepping through a record saved by ``play``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from whaletable.cli.replay import help_line
from whaletable.core.record import Record
from whaletable.i18n import translator


def saved_game(cli, path: Path) -> Record:
    args = ["play", "whale-to-look", "--seats", "human,random", "--seed", "8"]
    run = cli([*args, "--option", "start_player=0", "--record", str(path)], ["1"] * 400)
    assert run.code == 0
    return Record.load(path)


def test_record_then_replay_to_the_end(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = saved_game(cli, path)
    last = len(record.actions)
    run = cli(["replay", str(path)], [str(last - 1), "", ""])
    assert run.code == 0
    assert f"step {last - 1} of {last}" in run.out
    assert f"step {last} of {last}" in run.out
    assert "End of the record." in run.out
    assert "spectator view: public information only" in run.out
    winner = record.replay().winner()
    assert winner is not None
    assert re.search(rf"Game over: Seat {winner + 1} \(\w+\) wins with \d+ points\.", run.out)
    assert re.search(rf"│ Seat {winner + 1} \(\w+\) ★", run.out)  # first in the result table


def test_replay_steps_forward_back_and_jumps(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    saved_game(cli, path)
    run = cli(["replay", str(path)], ["", "", "b", "b", "b", "12", "nonsense", "q"])
    shown = re.findall(r"step (\d+) of \d+", run.out)
    assert shown == ["0", "1", "2", "1", "0", "12"]
    assert "already at the start" in run.out
    assert "'nonsense': Enter = next step" in run.out


def test_replay_as_a_seat_shows_that_seats_peeks_only(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = saved_game(cli, path)
    states = record.states()
    # The first step after Seat 1's first investigation, and the card it looked at.
    step = next(i for i, a in enumerate(record.actions, 1) if a["type"] == "investigate")
    fish = record.actions[step - 1]["fish"]
    value = states[step].observation(0)["fish"][fish]
    mine = cli(["replay", str(path), "--seat", "1"], [str(step), "q"])
    theirs = cli(["replay", str(path), "--seat", "2"], [str(step), "q"])
    spectator = cli(["replay", str(path)], [str(step), "q"])
    label = f"F{fish + 1} "
    assert label + f"[{value}]" in mine.out.split(f"step {step} of")[-1]
    assert label + "[?]" in theirs.out.split(f"step {step} of")[-1]
    assert label + "[?]" in spectator.out.split(f"step {step} of")[-1]


def test_replay_says_what_each_step_did_as_the_chosen_seat_knew_it(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = saved_game(cli, path)
    step = next(i for i, a in enumerate(record.actions, 1) if a["type"] == "investigate")
    fish = record.actions[step - 1]["fish"]
    before = record.states()[step - 1]
    seat = before.current_player()
    value = before.fish[fish]  # type: ignore[attr-defined]
    name = ["human", "random"][seat]
    did = f"last: Seat {seat + 1} ({name}) investigated fish card F{fish + 1}"
    # The seat that looked is told what it saw; the other seat and a spectator are not.
    mine = cli(["replay", str(path), "--seat", str(seat + 1)], [str(step), "q"])
    assert f"{did} and saw {value}.\n" in mine.out.split(f"step {step} of")[-1]
    for other in (["--seat", str(2 - seat)], []):
        run = cli(["replay", str(path), *other], [str(step), "q"])
        assert f"{did}.\n" in run.out.split(f"step {step} of")[-1]


def test_replay_speaks_the_language_asked_for(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = saved_game(cli, path)
    step = next(i for i, a in enumerate(record.actions, 1) if a["type"] == "investigate")
    template = translator("vi")("{name} investigated fish card {fish}.")
    words = re.split(r"\{\w+\}", template)  # the sentence's own words, between the fields
    assert template != "{name} investigated fish card {fish}."
    run = cli(["replay", str(path), "--lang", "vi"], [str(step), "q"])
    assert run.code == 0
    shown = run.out.split(f"step {step} of")[-1]
    assert all(w in shown for w in words if w.strip()), shown
    assert "investigated fish card" not in shown


def test_malformed_record_is_one_clear_line_and_exit_2(cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    run = cli(["replay", str(bad)])
    assert run.code == 2
    assert run.err.startswith("whaletable: error: record is not valid JSON")
    assert run.err.count("\n") == 1
    assert "Traceback" not in run.err


def test_record_that_does_not_replay_names_the_action(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = saved_game(cli, path)
    record.actions[3] = {"type": "finish"}
    record.save(path)
    run = cli(["replay", str(path)])
    assert run.code == 2
    assert "whaletable: error: action 3 of the record does not replay" in run.err


def test_replay_of_a_missing_file_and_a_bad_seat(cli, tmp_path: Path) -> None:
    run = cli(["replay", str(tmp_path / "nowhere.json")])
    assert run.code == 2
    assert "cannot read record" in run.err
    path = tmp_path / "game.json"
    saved_game(cli, path)
    run = cli(["replay", str(path), "--seat", "3"])
    assert run.code == 2
    assert "no seat 3 in this record: seats are 1..2" in run.err


def test_replay_steps_and_help_are_told_in_persian(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = saved_game(cli, path)
    last = len(record.actions)
    tr = translator("fa")
    run = cli(["replay", str(path), "--lang", "fa"], ["", "b", "b", "nonsense", str(last), ""])
    assert run.code == 0
    shown = " ".join(run.out.split())  # the console wraps long lines
    keys = help_line(tr)
    viewer = tr("a spectator")
    said = [
        tr("Replay of {game}: {steps} steps, seen as {viewer}.").format(
            game="Whale to Look", steps=last, viewer=viewer
        ),
        keys,
        tr("step {step} of {steps}").format(step=0, steps=last),
        tr("step {step} of {steps}").format(step=last, steps=last),
        tr("step {step}/{steps}").format(step=1, steps=last),
        tr("already at the start"),
        tr("{command}: {help} (steps 0–{last})").format(command="'nonsense'", help=keys, last=last),
        tr("last: {what}").format(what=""),
        tr("End of the record."),
    ]
    for sentence in said:
        assert " ".join(sentence.split()) in shown, sentence
    for english in ("Replay of", "step ", "Enter = next step", "already at", "last:", "End of"):
        assert english not in shown, english
    run = cli(["replay", str(path), "--lang", "fa", "--seat", "3"])
    assert run.code == 2
    assert tr("no seat {seat} in this record: seats are 1..{seats}").format(seat=3, seats=2) in (
        run.err
    )


def test_replay_plays_on_by_itself_then_steps_back_and_jumps(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    last = len(saved_game(cli, path).actions)
    run = cli(["replay", str(path)], ["10", "p 0", "b", "3", "p soon", "q"])
    assert run.code == 0
    shown = [int(s) for s in re.findall(r"step (\d+) of \d+", run.out)]
    assert shown == [0, *range(10, last + 1), last - 1, 3]
    assert "the delay must be a number of seconds from 0 to 60, not 'soon'" in run.out


def test_replay_autoplay_starts_at_the_step_asked_for(
    cli, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    last = len(saved_game(cli, path).actions)
    run = cli(["replay", str(path), "--step", "5", "--autoplay", "0"], ["q"])
    assert run.code == 0
    shown = [int(s) for s in re.findall(r"step (\d+) of \d+", run.out)]
    assert shown == list(range(5, last + 1))
    with pytest.raises(SystemExit) as refused:
        cli(["replay", str(path), "--autoplay", "-1"], ["q"])
    assert refused.value.code == 2
    assert "the delay must be a number of seconds from 0 to 60" in capsys.readouterr().err
    beyond = cli(["replay", str(path), "--step", str(last + 1)], ["q"])
    assert beyond.code != 0
    assert f"no step {last + 1} in this record: steps are 0..{last}" in beyond.out + beyond.err


def test_ctrl_c_pauses_a_replay_playing_by_itself(cli, tmp_path: Path) -> None:
    from rich.console import Console

    from whaletable.cli.replay import replay

    path = tmp_path / "game.json"
    saved_game(cli, path)
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        waits.append(seconds)
        if len(waits) == 4:
            raise KeyboardInterrupt

    inputs = iter(["b", "q"])
    console = Console(record=True, width=120)
    code = replay(
        path, seat=None, console=console, input_fn=lambda: next(inputs), autoplay=0.25, sleep=sleep
    )
    out = console.export_text()
    assert code == 0
    assert waits == [0.25] * 4
    shown = [int(s) for s in re.findall(r"step (\d+) of \d+", out)]
    assert shown == [0, 1, 2, 3, 2]  # paused at step 3, then one back
    assert "Paused." in out
