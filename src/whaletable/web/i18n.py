"""The web table's choice of language; the languages and catalogs are :mod:`whaletable.i18n`."""

from __future__ import annotations

from whaletable.i18n import CODES, DEFAULT, LANGUAGES, RTL, direction, translations, translator


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


__all__ = [
    "CODES",
    "DEFAULT",
    "LANGUAGES",
    "RTL",
    "direction",
    "negotiate",
    "translations",
    "translator",
]
