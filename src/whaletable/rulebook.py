"""A game's rules as its players read them, in each language whaletable speaks.

Every game keeps its rules beside its code: ``rules.md`` in English, ``rules.vi.md`` and
``rules.fa.md`` translated (its design notes, read by developers and tests, are
``notes.md``). Each ``## `` section ends with an anchor, ``## A turn {#turn}``, the same in
every language, so a link, the terminal's ``--section`` and a refused move's clause name a
section whatever the reader's language. The anchor is stripped before the text is shown:
the terminal renders the rest with Rich, the web with markdown-it-py (raw HTML off), the
anchor becoming the heading's ``id``.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from markdown_it import MarkdownIt

from whaletable.core.errors import WhaletableError
from whaletable.core.game import Game
from whaletable.i18n import CODES, DEFAULT

HEADING = re.compile(r"^## (?P<title>.+?)\s*\{#(?P<id>[a-z0-9-]+)\}\s*$")
"""A section's heading with its anchor: ``## A turn {#turn}``."""

ANCHOR = re.compile(r"\s*\{#[a-z0-9-]+\}\s*$")


class NoSuchRules(WhaletableError):
    """A language or a section the game's rules do not have."""


def file_name(lang: str) -> str:
    """The file of the rules in ``lang``: ``rules.md`` (English) or ``rules.<lang>.md``."""
    return "rules.md" if lang == DEFAULT else f"rules.{lang}.md"


def package_of(game: Game[Any]) -> str:
    """The package a game's files live in (its module's package)."""
    module = importlib.import_module(type(game).__module__)
    return module.__package__ or module.__name__


@dataclass(frozen=True)
class Section:
    id: str
    title: str


@dataclass(frozen=True)
class Rules:
    """One game's rules in one language: the Markdown as written, anchors included."""

    game: str
    lang: str
    text: str

    @property
    def sections(self) -> tuple[Section, ...]:
        """Every ``## `` section, in order; a heading without its anchor is refused (a link
        could not name it)."""
        found = []
        for line in self.text.splitlines():
            if line.startswith("## "):
                m = HEADING.match(line)
                if m is None:
                    raise NoSuchRules(
                        f"the rules of {self.game}: the heading {line!r} has no anchor {{#id}}"
                    )
                found.append(Section(m["id"], plain(m["title"])))
        return tuple(found)

    def section(self, id: str) -> Section:
        """The section anchored ``id``; an unknown id is refused naming the ids there are."""
        for s in self.sections:
            if s.id == id:
                return s
        raise self._no_section(id)

    def _no_section(self, id: str) -> NoSuchRules:
        return NoSuchRules(
            f"the rules of {self.game} have no section {id!r}; the sections are: "
            + ", ".join(s.id for s in self.sections)
        )

    def markdown(self, section: str | None = None) -> str:
        """The rules (or the one section anchored ``section``) with the anchors taken out."""
        lines = self.text.splitlines()
        if section is not None:
            start = next((i for i, line in enumerate(lines) if _anchor(line) == section), None)
            if start is None:
                raise self._no_section(section)
            end = next(
                (i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
                len(lines),
            )
            lines = lines[start:end]
        return "\n".join(ANCHOR.sub("", line) if line.startswith("## ") else line for line in lines)

    @property
    def title(self) -> str:
        """The rules' own title, their ``# `` heading."""
        return next(
            (plain(line[2:]) for line in self.text.splitlines() if line.startswith("# ")),
            self.game,
        )

    def html(self, *, id_prefix: str = "", shift: int = 0, title: bool = True) -> str:
        """The rules as HTML, each section's heading carrying ``id_prefix`` + its anchor as
        ``id``; headings ``shift`` levels deeper, and without the title unless ``title``
        (a panel that shows the title in its own heading)."""
        md = _markdown()
        tokens = md.parse(self.text)
        kept = []
        skip = 0
        for i, token in enumerate(tokens):
            if skip:
                skip -= 1
                continue
            if token.type == "heading_open" and token.tag == "h1" and not title:
                skip = 2  # its text and its closing tag
                continue
            if token.type in ("heading_open", "heading_close"):
                if token.type == "heading_open" and token.tag == "h2":
                    inline = tokens[i + 1]
                    id = _anchor("## " + inline.content)
                    if id is not None:
                        token.attrSet("id", id_prefix + id)
                        last = inline.children[-1] if inline.children else None
                        if last is not None and last.type == "text":
                            last.content = ANCHOR.sub("", last.content)
                token.tag = f"h{min(int(token.tag[1]) + shift, 6)}"
            kept.append(token)
        return str(md.renderer.render(kept, md.options, {}))


def plain(title: str) -> str:
    """A heading as words in a sentence: its anchor, code ticks and emphasis taken out."""
    return ANCHOR.sub("", title).replace("`", "").replace("*", "").strip()


def _anchor(line: str) -> str | None:
    m = HEADING.match(line)
    return m["id"] if m else None


@cache
def _markdown() -> MarkdownIt:
    # CommonMark with tables; raw HTML in the source is shown as text, never run.
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def rules_of(game: Game[Any], lang: str = DEFAULT) -> Rules:
    """``game``'s rules in ``lang``; a language whaletable does not speak is refused."""
    if lang not in CODES:
        raise NoSuchRules(f"no rules in {lang!r}: the languages are {', '.join(CODES)}")
    try:
        source = resources.files(package_of(game)).joinpath(file_name(lang))
    except TypeError:  # a game written as one module, not a package: no file beside it
        raise NoSuchRules(f"no rules of {game.spec.id}: it is not a package") from None
    if not source.is_file():
        raise NoSuchRules(
            f"no rules of {game.spec.id} in {lang!r}: {package_of(game)} has no {file_name(lang)}"
        )
    return Rules(game.spec.id, lang, source.read_text(encoding="utf-8"))


def clause_of(game: Game[Any], kind: object, lang: str = DEFAULT) -> Section | None:
    """The section of ``game``'s rules in ``lang`` that governs an action of ``kind``
    (:meth:`Game.rule_section`), or None when the game names none."""
    id = game.rule_section(kind)
    if id is None:
        return None
    return rules_of(game, lang).section(id)
