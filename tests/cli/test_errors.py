"""Bad command lines end with one clear line on stderr and exit code 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from whaletable.cli.main import parse_options, parse_seats
from whaletable.core.errors import BadOption

KNOWN = "save-the-whales, survive, whale-riders, whale-to-look"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'; games are: " + KNOWN),
        (["simulate", "chess", "--games", "1"], "unknown game 'chess'; games are: " + KNOWN),
        (
            ["play", "whale-to-look", "--seats", "human,grandmaster"],
            "unknown bot 'grandmaster' for whale-to-look; bots are: ",
        ),
        (
            ["play", "whale-to-look", "--edition", "fr"],
            "option 'edition' of whale-to-look must be one of 'en', 'vi'; got 'fr'",
        ),
        (
            ["play", "whale-to-look", "--option", "colour=blue"],
            "unknown option 'colour' for whale-to-look",
        ),
        (["play", "whale-to-look", "--option", "edition"], "an option is written key=value"),
        (
            ["play", "whale-to-look", "--seats", "human"],
            "whale-to-look is for 2–5 players, not 1",
        ),
        (
            ["simulate", "whale-to-look", "--games", "1", "--seats", "random," * 5 + "random"],
            "whale-to-look is for 2–5 players, not 6",
        ),
        (
            ["simulate", "whale-to-look", "--games", "1", "--seats", "human,random"],
            "simulate plays bots only",
        ),
        (
            ["play", "whale-to-look", "--edition", "vi", "--option", "edition=en"],
            "--edition vi contradicts --option edition=en",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(cli, args: list[str], message: str) -> None:
    run = cli(args)
    assert run.code == 2
    assert run.err.startswith("whaletable: error: ")
    assert message in run.err
    assert run.err.count("\n") == 1
    assert run.out == ""


def test_installed_command_exits_2_without_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "whaletable.cli", "play", "nowhere"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == ("whaletable: error: unknown game 'nowhere'; games are: " + KNOWN)


def test_help_names_every_command(capsys: pytest.CaptureFixture[str], cli) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli(["--help"])
    assert exit_.value.code == 0
    text = capsys.readouterr().out
    for command in ("play", "replay", "simulate", "rules", "whale-to-look"):
        assert command in text
    with pytest.raises(SystemExit):
        cli(["simulate", "--help"])
    assert "--no-rotate" in capsys.readouterr().out


def test_option_values_are_json_when_they_parse() -> None:
    options = parse_options(
        ["start_player=1", "flag=true", "none=null", "word=ordered", 'text="1"'], "vi"
    )
    assert options == {
        "start_player": 1,
        "flag": True,
        "none": None,
        "word": "ordered",
        "text": "1",
        "edition": "vi",
    }
    assert parse_options([]) is None
    with pytest.raises(BadOption):
        parse_options(["=3"])


def test_bot_parameters_stay_with_their_bot() -> None:
    assert parse_seats("human,mcts:iterations=200,time=1.5,random") == [
        "human",
        "mcts:iterations=200,time=1.5",
        "random",
    ]
