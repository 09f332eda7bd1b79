"""``whaletable rules``: the game's rules as players read them, in their language, whole or
one section; a wrong game, language or section is named with the choices."""

from __future__ import annotations

import dataclasses
import json

import pytest

from whaletable import games, rulebook

GAME_IDS = ["save-the-whales", "survive", "whale-riders", "whale-to-look"]


def test_rules_print_the_games_rules_rendered(cli) -> None:
    rules = rulebook.rules_of(games.get("whale-to-look"))
    run = cli(["rules", "whale-to-look"])
    assert run.code == 0
    assert rules.title in run.out
    for section in rules.sections:
        assert section.title in run.out
    assert "#" not in run.out.splitlines()[0]  # Markdown is rendered, not echoed
    assert "{#" not in run.out  # the anchors are for links, not for reading


@pytest.mark.parametrize("lang", ["vi", "fa"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rules_print_in_the_readers_language(cli, game_id: str, lang: str) -> None:
    rules = rulebook.rules_of(games.get(game_id), lang)
    english = rulebook.rules_of(games.get(game_id))
    run = cli(["rules", game_id, "--lang", lang])
    assert run.code == 0
    out = " ".join(run.out.split())
    for section, source in zip(rules.sections, english.sections, strict=True):
        assert " ".join(section.title.split()) in out
        assert source.title not in out or source.title == section.title


def test_one_section_is_printed_alone(cli) -> None:
    rules = rulebook.rules_of(games.get("whale-to-look"), "vi")
    run = cli(["rules", "whale-to-look", "--lang", "vi", "--section", "radar"])
    assert run.code == 0
    assert rules.section("radar").title in run.out
    others = [s.title for s in rules.sections if s.id != "radar"]
    assert not any(title in run.out for title in others)
    assert "Options of" not in run.out  # the options table ends the whole rules only


def test_an_unknown_section_is_named_with_the_sections_there_are(cli) -> None:
    run = cli(["rules", "whale-riders", "--section", "pearls"])
    assert run.code == 2
    assert run.err.strip() == (
        "whaletable: error: the rules of whale-riders have no section 'pearls'; "
        "the sections are: coast, setup, turn, end, gaps"
    )


def test_a_heading_without_its_anchor_is_refused_naming_it() -> None:
    rules = rulebook.Rules("whale-riders", "en", "# Whale Riders\n\n## A turn {#turn}\n\n## Gaps\n")
    with pytest.raises(rulebook.NoSuchRules, match="'## Gaps' has no anchor"):
        rules.sections  # noqa: B018 (a property that checks the headings)
    with pytest.raises(rulebook.NoSuchRules):
        rules.markdown("gaps")


def test_an_unknown_language_is_named_with_the_languages_there_are(
    cli, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli(["rules", "whale-riders", "--lang", "de"])
    assert exit_.value.code == 2
    assert "invalid choice: 'de' (choose from 'en', 'vi', 'fa')" in capsys.readouterr().err


def test_an_unknown_game_is_named_with_the_games_there_are(cli) -> None:
    run = cli(["rules", "whale-spotter"])
    assert run.code == 2
    assert run.err.strip() == (
        "whaletable: error: unknown game 'whale-spotter'; games are: " + ", ".join(GAME_IDS)
    )


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rules_end_with_every_option_and_its_default(cli, game_id: str) -> None:
    game = games.get(game_id)
    run = cli(["rules", game_id])
    assert run.code == 0
    table = run.out[run.out.index(f"Options of {game_id}") :].splitlines()
    for field in dataclasses.fields(game.spec.options):
        row = next(line for line in table if line.startswith(f"│ {field.name} "))
        assert f" {json.dumps(field.default)} " in row, row
