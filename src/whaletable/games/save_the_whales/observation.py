"""What a viewer of Save the Whales is told: everything, since nothing in the game is hidden.

Every seat and the spectator read the same observation but for ``seat``. Whales are named
by species (``"gray"``, ``"blue"``, …), spaces by their number on the main track (POW is
0, counting clockwise); a place on the ENDANGERED SPECIES path is named by the track space
it lies above.
"""

from __future__ import annotations

from typing import TypedDict

from whaletable.core.observation import Observation


class PlayerRow(TypedDict):
    """One seat's Survival Points and whale."""

    sp: int
    exchange_pieces: int
    """How many Exchange Pieces (5 SP each) ``sp`` makes."""
    loose_sp: int
    """The SP left over beside the Exchange Pieces."""
    whale: str | None
    """The whale this seat plays, or None between a save or extinction and its next choice."""


class WhaleRow(TypedDict):
    """One of the eight whales."""

    name: str
    value: int
    """What saving it costs, in SP."""
    home: int
    """Its own whale space on the track."""
    status: str
    """``"box"`` (not yet in play), ``"track"``, ``"path"``, ``"saved"`` or ``"extinct"``."""
    space: int | None
    """The track space it is on, or (on the path) the track space its path space lies
    above; None off the board."""
    owner: int | None
    """The seat playing it, if any."""
    barnacle: bool
    """It holds the Magic Barnacle."""


class DeckCount(TypedDict):
    left: int
    discarded: int


class DrawnCard(TypedDict):
    """The card drawn this turn."""

    deck: str
    """``"dawn"`` (DAWN O'DAY) or ``"neptune"`` (OLD FATHER NEPTUNE)."""
    card: int
    """Its number in its deck."""
    bad: bool
    text: dict[str, str]
    """Its words in the table's wording, by language (``"en"``, ``"vi"``, ``"fa"``)."""


class Payment(TypedDict):
    """A save or a penalty the team is paying, each seat from its own SPs."""

    whale: str
    amount: int
    """What is owed in all; 0 for a landing that only asks whether to save the whale."""
    paid: int
    reason: str
    """The kind of space that asks for it, or ``"save"``."""
    save: bool
    """It is a save, not a penalty."""
    may_refuse: bool
    """A penalty nothing has been paid of yet may be refused."""
    may_save_instead: bool
    """The whale may be saved instead of paying (an option of the table)."""


class SaveTheWhalesObservation(Observation):
    """Save the Whales as every viewer sees it. ``scores`` is the team's whales saved, the
    same for every seat and never hidden."""

    wording: str
    """The cards' wording of the table: ``"standard"`` or ``"gentle"``."""
    turn_seat: int
    """The seat whose turn it is (another seat may be choosing a whale or paying)."""
    turns: int
    """The throws of the dice so far."""
    moving_whale: str | None
    """The whale named to move this turn."""
    players: list[PlayerRow]
    pool: int
    """The team's SP together: what it can pay."""
    whales: list[WhaleRow]
    """The eight whales in the order of the NATURAL HABITATS."""
    ship: int | None
    """The path space (by the track space below it) of the Catcher Ship; None in port."""
    port: int
    """The path space the Catcher Ship sails out to from the WHALING PORT."""
    barnacle: str | None
    """The whale holding the Magic Barnacle; None while it lies on its own space."""
    dice: list[int] | None
    """The last throw, two faces; 0 is the Catcher Ship."""
    decks: dict[str, DeckCount]
    card: DrawnCard | None
    payment: Payment | None
    payments_waiting: int
    """Payments queued after the one under way."""
    owing: list[str]
    """The whales those queued payments are for, in the order they will be asked (a whale
    saved or lost meanwhile is not asked)."""
    offer: list[str]
    """The whales that may take the Magic Barnacle, leave the path or trade places now."""
    leaving_to: dict[str, int]
    """Where each whale offered to leave the path would come out on the track."""
    moratorium: bool
    """A whale occupies MORATORIUM: no other whale can become extinct."""
    protection_act: bool
    """A whale occupies MARINE MAMMAL PROTECTION ACT: whales may be saved."""
    saved: list[str]
    """The whales saved, in order."""
    extinct: list[str]
    """The extinct whales, in order."""
    whales_saved: int


__all__ = [
    "DeckCount",
    "DrawnCard",
    "Payment",
    "PlayerRow",
    "SaveTheWhalesObservation",
    "WhaleRow",
]
