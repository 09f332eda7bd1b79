"""Every game's rules come in English, Vietnamese and Persian with the same anchored sections,
its design notes apart, and every kind of move a player makes names a section that exists."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from template_game import template_registered
from whaletable import games, rulebook
from whaletable.core.game import Game
from whaletable.i18n import CODES


@pytest.fixture(params=[*(g.spec.id for g in games.all()), "template"])
def game(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Game[Any]]:
    if request.param == "template":
        with template_registered(tmp_path) as template:
            yield template
    else:
        yield games.get(request.param)


def test_every_game_has_its_rules_in_every_language_with_the_same_sections(
    game: Game[Any],
) -> None:
    english = rulebook.rules_of(game, "en")
    ids = [s.id for s in english.sections]
    assert ids, "the rules have no ## sections"
    assert all(ids), f"a ## heading without its {{#anchor}}: {english.sections}"
    assert len(set(ids)) == len(ids), f"an anchor used twice: {ids}"
    for lang in CODES:
        rules = rulebook.rules_of(game, lang)
        assert [s.id for s in rules.sections] == ids, lang
        assert all(s.title for s in rules.sections), lang
        if lang != "en":
            # Translated, not copied: no heading is left in English.
            assert not {s.title for s in rules.sections} & {s.title for s in english.sections}


def test_the_design_notes_are_kept_out_of_the_players_rules(game: Game[Any]) -> None:
    assert resources.files(rulebook.package_of(game)).joinpath("notes.md").is_file()
    titles = " ".join(s.title for s in rulebook.rules_of(game).sections)
    for engine_word in ("Coverage", "Readings", "Observation", "Tuning", "Events"):
        assert engine_word not in titles


def test_every_kind_of_player_move_names_a_section_of_the_rules(game: Game[Any]) -> None:
    ids = {s.id for s in rulebook.rules_of(game).sections}
    chance = {t.kind for t in game.chance_action_types}
    kinds = {t.kind for t in game.action_types} - chance
    assert game.turn_section in ids, "no section for a turn, nor a move of no kind the game has"
    assert set(game.rule_sections) <= kinds, set(game.rule_sections) - kinds
    assert set(game.rule_sections.values()) <= ids
    assert game.turn_section not in game.rule_sections.values(), "list only the exceptions"
    # A forged move's kind may be anything JSON holds: it gets the turn's section.
    for forged in (None, 7, ["move"], "no-such-kind", *chance):
        assert game.rule_section(forged) == game.turn_section
    for lang in CODES:
        for kind in kinds:
            clause = rulebook.clause_of(game, kind, lang)
            assert clause is not None
            assert clause.id == game.rule_sections.get(kind, game.turn_section)


def test_a_section_is_shown_alone_without_its_anchor(game: Game[Any]) -> None:
    rules = rulebook.rules_of(game, "vi")
    last = rules.sections[-1]
    text = rules.markdown(last.id)
    heading = next(line for line in rules.text.splitlines() if line.endswith(f"{{#{last.id}}}"))
    assert text.splitlines()[0] == heading.removesuffix(f" {{#{last.id}}}")
    assert sum(line.startswith("## ") for line in text.splitlines()) == 1
    assert "{#" not in text and "{#" not in rules.markdown()


def test_the_html_anchors_every_section_and_drops_the_braces(game: Game[Any]) -> None:
    rules = rulebook.rules_of(game, "fa")
    html = rules.html()
    for section in rules.sections:
        assert f'<h2 id="{section.id}">' in html
    assert "{#" not in html
    panel = rules.html(id_prefix="rules-", shift=1, title=False)
    assert "<h1" not in panel and "<h2" not in panel
    assert all(f'<h3 id="rules-{s.id}">' in panel for s in rules.sections)


def test_raw_html_in_the_rules_is_shown_as_text_never_run() -> None:
    rules = rulebook.Rules(
        "test", "en", "# T\n\n## A {#a}\n<script>alert(1)</script>\n[x](javascript:alert(1))\n"
    )
    html = rules.html()
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert 'href="javascript:' not in html
    assert '<h2 id="a">A</h2>' in html


def test_an_unknown_language_is_named_with_the_languages() -> None:
    with pytest.raises(
        rulebook.NoSuchRules, match=r"no rules in 'de': the languages are en, vi, fa"
    ):
        rulebook.rules_of(games.get("survive"), "de")
