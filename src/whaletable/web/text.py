"""Text from strangers: what a name may hold, checked once at the edge.

A name is shown to everyone at the table and in the lobby, so it is held to what every
page can print: valid Unicode (no lone surrogates, which no encoder can write), NFC, no
control or format characters that hide or reorder text (bidirectional overrides), and a
length counted after normalisation. Joiners (ZWJ, ZWNJ) stay: Persian names and emoji
sequences need them.
"""

from __future__ import annotations

import unicodedata

from whaletable.core.errors import WhaletableError

MAX_NAME = 40  # characters, after normalisation
MAX_FIELD = 1_000  # characters in any other text field (game ids, kinds, option words)

_JOINERS = frozenset("\u200c\u200d")
# Categories no name needs: controls, format characters (bidi overrides, invisible
# operators), surrogates, private use, unassigned code points, and line/paragraph breaks.
_REFUSED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class BadText(WhaletableError):
    """A text field that cannot be accepted; the message names the field and the reason."""


def refused_character(text: str) -> str | None:
    """The first character a name may not hold, as ``U+`` and its code; None if all are fine."""
    for ch in text:
        if ch in _JOINERS:
            continue
        if unicodedata.category(ch) in _REFUSED:
            return f"U+{ord(ch):04X}"
    return None


def clean_name(raw: object, field: str) -> str:
    """A name as it will be stored: NFC, trimmed, checked; raises :class:`BadText`."""
    if not isinstance(raw, str):
        raise BadText(f"{printable(field)} must be text, not {type(raw).__name__}")
    if len(raw) > MAX_NAME * 8:
        # Refused before normalising: NFC of a huge string is work a stranger should not buy.
        raise BadText(f"{printable(field)} is too long: at most {MAX_NAME} characters")
    bad = refused_character(raw)
    if bad is not None:
        raise BadText(f"{printable(field)} holds a character that cannot be shown ({bad})")
    name = unicodedata.normalize("NFC", raw).strip()
    if len(name) > MAX_NAME:
        raise BadText(
            f"{printable(field)} is too long: at most {MAX_NAME} characters, not {len(name)}"
        )
    return name


def clean_word(raw: object, field: str) -> str:
    """A short identifier-like field (game id, seat kind, bot level); raises :class:`BadText`."""
    if not isinstance(raw, str):
        raise BadText(f"{printable(field)} must be text, not {type(raw).__name__}")
    if len(raw) > MAX_FIELD:
        raise BadText(f"{printable(field)} is too long: at most {MAX_FIELD} characters")
    bad = refused_character(raw)
    if bad is not None:
        raise BadText(f"{printable(field)} holds a character that cannot be shown ({bad})")
    return raw


def printable(written: str) -> str:
    """A name someone else wrote (a database row, an uploaded record), made a valid name.

    Rows written before names were checked (or by hand) and records saved elsewhere may
    hold anything; a page must still render, so refused characters become U+FFFD and the
    name is cut to the length every name has, instead of failing the response.
    """
    out = []
    for ch in unicodedata.normalize("NFC", written):
        if ch not in _JOINERS and unicodedata.category(ch) in _REFUSED:
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out).strip()[:MAX_NAME]
