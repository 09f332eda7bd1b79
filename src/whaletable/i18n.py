"""Languages of whaletable: English, Vietnamese and Persian (right to left).

Catalogs are gettext ``.po`` files under ``locale/`` (extracted and updated with Babel):
``messages`` for the web pages and the table, and one catalog per game named after its
module (``whale_to_look``): the game's web board and the sentences of its ``words.py``,
which the terminal speaks too. A language's catalogs are merged and compiled in memory
when first used, so there is no build step.
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from importlib import resources

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from whaletable.core.words import Translate

LANGUAGES: list[tuple[str, str]] = [("en", "English"), ("vi", "Tiếng Việt"), ("fa", "فارسی")]
CODES = [code for code, _ in LANGUAGES]
RTL = {"fa"}
DEFAULT = "en"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogs of ``lang``, merged (English is the source language)."""
    folder = resources.files(__package__).joinpath(f"locale/{lang}/LC_MESSAGES")
    if lang == DEFAULT or not folder.is_dir():
        return gettext.NullTranslations()
    merged = Catalog(locale=lang)
    for po in sorted(folder.iterdir(), key=lambda p: p.name):
        if po.name.endswith(".po"):
            with po.open("rb") as f:
                for message in read_po(f, locale=lang):
                    if message.id:
                        merged[message.id] = message
    buf = io.BytesIO()
    write_mo(buf, merged)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def translator(lang: str) -> Translate:
    """The gettext of ``lang``; English for a code that is not one of :data:`CODES` (a
    language stored long ago, or sent by anyone), which is never looked for on disk.

    >>> translator("vi")("the game is over") != translator("../vi")("the game is over")
    True
    >>> kept = translations.cache_info().currsize
    >>> _ = [translator(f"x{n}") for n in range(3)]  # nothing more kept for them
    >>> translations.cache_info().currsize == kept
    True
    """
    return translations(lang if lang in CODES else DEFAULT).gettext


def direction(lang: str) -> str:
    return "rtl" if lang in RTL else "ltr"
