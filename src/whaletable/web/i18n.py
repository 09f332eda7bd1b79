"""Languages of the web table: English, Vietnamese and Persian (right to left).

Catalogs are gettext ``.po`` files under ``locale/`` (extracted and updated with Babel):
``messages`` for the pages and the table, and one catalog per game board named after its
module (``whale_to_look``), so a game's words live beside each other. A language's
catalogs are merged and compiled in memory when first used, so there is no build step.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Callable
from functools import cache
from importlib import resources

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

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


def translator(lang: str) -> Callable[[str], str]:
    return translations(lang).gettext


def direction(lang: str) -> str:
    return "rtl" if lang in RTL else "ltr"


def negotiate(query_lang: str | None, cookie_lang: str | None, accept: str | None) -> str:
    """The page language: ``?lang=``, then the ``lang`` cookie, then the browser's preference."""
    for choice in (query_lang, cookie_lang):
        if choice in CODES:
            return choice
    if accept:
        prefs: list[tuple[float, str]] = []
        for part in accept.split(","):
            tag, _, params = part.strip().partition(";")
            q = 1.0
            if params.strip().startswith("q="):
                try:
                    q = float(params.strip()[2:])
                except ValueError:
                    q = 0.0
            prefs.append((q, tag.strip().lower().split("-")[0]))
        for _, code in sorted(prefs, key=lambda p: -p[0]):
            if code in CODES:
                return code
    return DEFAULT
