"""The generic reading of a game: observation fields as rows, actions and events in plain
words, the status line. The web's generic board and the terminal's generic view both draw it."""

from __future__ import annotations

from typing import Any

from toy_game import Pass, Peek, Roll, Step, ToyGame, play_to_turn

from whaletable.core.generic_view import (
    Row,
    game_over_line,
    observation_rows,
    screen,
    status_line,
)
from whaletable.core.result import Result
from whaletable.core.words import ITEMS_SHOWN, TEXT_SHOWN, english, plain_value

NAMES = ["Ana", "Bao"]


def finished(game: ToyGame, secrets: tuple[int, int] = (1, 2)) -> Any:
    state = play_to_turn(game, secrets, rounds=1)
    for action in (Step(2), Step(2), Pass(), Step(1), Pass(), Roll(3)):
        state.apply(action)
    assert state.is_terminal()
    return state


def test_every_field_but_the_common_ones_is_a_row_named_from_its_key() -> None:
    state = play_to_turn(ToyGame(), (1, 2))
    state.apply(Step(2))
    rows = observation_rows(state.observation(0), NAMES, english)
    assert rows == [
        Row("Secrets", "1, —"),
        Row("Tracks", "2, 0"),
        Row("Peeked", "no, no"),
        Row("Round", "1"),
        Row("Steps taken", "1"),
        Row("Tide", "0"),
    ]


def test_scores_name_their_seats_and_phase_and_turn_make_the_status() -> None:
    obs = {"seat": 1, "to_move": 1, "phase": "lay_areas", "scores": [3, 5], "result": None}
    assert observation_rows(obs, NAMES, english) == [Row("Scores", "Ana 3 · Bao 5")]
    assert status_line(obs, NAMES, english) == "Lay areas · Your turn"
    assert status_line({**obs, "seat": None}, NAMES, english) == "Lay areas · Bao to move"
    assert status_line({**obs, "to_move": None}, NAMES, english) == (
        "Lay areas · Waiting for the dice or the cards"
    )


def test_a_long_list_shows_its_first_items_and_counts_the_rest() -> None:
    value = list(range(ITEMS_SHOWN + 5))
    first = ", ".join(str(i) for i in range(ITEMS_SHOWN))
    assert plain_value(value, english) == f"{first} … ({ITEMS_SHOWN + 5} in all)"
    assert plain_value(value[:ITEMS_SHOWN], english) == first  # no count when all are shown
    many = {f"k{i}": i for i in range(ITEMS_SHOWN + 1)}
    assert plain_value(many, english).endswith(
        f"k{ITEMS_SHOWN - 1} {ITEMS_SHOWN - 1} … ({ITEMS_SHOWN + 1} in all)"
    )


def test_nested_values_stay_on_one_short_line() -> None:
    deep = {"hand": [[1, [2, [3]]]], "bag": {"red": 2, "blue_ones": 0}}
    assert plain_value(deep, english) == "hand [[1, […]]]; bag {red 2; blue ones 0}"
    long = "x" * (TEXT_SHOWN + 40)
    assert plain_value(long, english) == "x" * (TEXT_SHOWN - 1) + "…"
    assert plain_value(2.50, english) == "2.5"


def test_actions_are_listed_in_the_games_words_for_the_seat_to_move() -> None:
    game = ToyGame()
    state = play_to_turn(game)
    model = screen(game, state.observation(0), state.legal_actions(), NAMES, english)
    assert model.title == "Secret Steps"
    assert [(c.action, c.words) for c in model.choices] == [
        (Step(1), "Step (size 1)"),
        (Step(2), "Step (size 2)"),
        (Peek(), "Peek"),
    ]
    assert screen(game, state.observation(1), (), NAMES, english).choices == ()


def test_a_game_words_its_own_actions_where_it_has_words() -> None:
    class Worded(ToyGame):
        def describe_action(self, action: Any, tr: Any) -> str:
            return tr("Walk {n}").format(n=action.size) if isinstance(action, Step) else "?"

    game = Worded()
    state = play_to_turn(game)
    model = screen(game, state.observation(0), [Step(2)], NAMES, english)
    assert [c.words for c in model.choices] == ["Walk 2"]


def test_the_end_names_the_winner_or_nobody_on_a_tie() -> None:
    game = ToyGame()
    won = finished(game, (1, 2))  # Ana 4 + 1, Bao 1 + 2
    assert status_line(won.observation(None), NAMES, english) == "Game over: Ana won."
    state = play_to_turn(game, (0, 2), rounds=1)
    for action in (Step(2), Pass(), Step(2), Pass(), Roll(1)):
        state.apply(action)
    result = Result.from_observation(state.observation(None))
    assert result is not None
    assert game_over_line(result, NAMES, english) == "Game over: Bao won."
    state = play_to_turn(game, (2, 2), rounds=1)
    for action in (Step(1), Pass(), Step(1), Pass(), Roll(1)):
        state.apply(action)
    assert status_line(state.observation(0), NAMES, english) == "Game over: nobody won."


def test_hidden_values_read_as_not_known() -> None:
    state = play_to_turn(ToyGame(), (2, 0))
    for seat, secrets in ((0, "2, —"), (1, "—, 0"), (None, "—, —")):
        rows = observation_rows(state.observation(seat), NAMES, english)
        assert rows[0] == Row("Secrets", secrets)
    state.apply(Peek())
    assert observation_rows(state.observation(0), NAMES, english)[0] == Row("Secrets", "2, 0")
