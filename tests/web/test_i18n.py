"""Languages of the web table: complete catalogs, placeholders, choice of language, RTL pages.

The catalogs are checked against what Babel extracts from the code right now (with the
project's babel.cfg), so a new string without a translation fails here.
"""

from __future__ import annotations

import ast
import re
import string
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from whaletable.web import i18n
from whaletable.web.app import create_app

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "whaletable"
WEB = SRC / "web"
LOCALE = SRC / "locale"
TRANSLATED = ("vi", "fa")
PERSIAN_LETTER = re.compile("[\u0600-\u06ff]")
LATIN_LETTER = re.compile("[A-Za-z]")
CLI_WORDS = [
    SRC / "cli" / name
    for name in ("play.py", "replay.py", "render/__init__.py", "render/advice.py")
]
"""The terminal's own sentences around the games, which go to ``messages`` (the Makefile's
``CLI_WORDS``); each game's terminal view goes to that game's catalog."""


def domains() -> list[str]:
    """``messages`` (pages and table) and one catalog per game board, named after its module."""
    boards = sorted(p.stem for p in (WEB / "boards").glob("[!_]*.py"))
    return ["messages", *boards]


KEYWORDS = {**DEFAULT_KEYWORDS, "tr": None, "TableError": None}


def _ids(messages: Iterable[object]) -> frozenset[str]:
    ids: set[str] = set()
    for message in messages:
        assert isinstance(message, str), f"plural or empty message {message!r}"
        ids.add(message)
    return frozenset(ids)


@cache
def extracted(domain: str = "messages") -> frozenset[str]:
    """Every msgid Babel finds for ``domain``, as `make catalogs` extracts them."""
    if domain != "messages":
        # A game's catalog: its web board, its terminal view and its words module.
        paths = [
            WEB / "boards" / f"{domain}.py",
            SRC / "games" / domain / "words.py",
            SRC / "cli" / "render" / f"{domain}.py",
        ]
        return _ids(
            m[1]
            for path in paths
            if path.exists()
            for m in extract_from_file("python", str(path), keywords=KEYWORDS)
        )
    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        # Babel's own reader of babel.cfg (it has no type annotations).
        method_map, options_map = parse_mapping_cfg(f)  # type: ignore[no-untyped-call]
    from_dirs = (
        m[2]
        for folder in (WEB, SRC / "core")
        for m in extract_from_dir(str(folder), method_map, options_map, keywords=KEYWORDS)
    )
    from_cli = (
        m[1]
        for path in CLI_WORDS
        for m in extract_from_file("python", str(path), keywords=KEYWORDS)
    )
    return _ids([*from_dirs, *from_cli])


@cache
def catalog(lang: str, domain: str = "messages") -> Catalog:
    with (LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return read_po(f, locale=lang)


def template(domain: str) -> Catalog:
    with (LOCALE / f"{domain}.pot").open("rb") as f:
        return read_po(f)


def fields(text: str) -> Counter[str]:
    """The ``str.format`` fields of ``text`` (with repeats)."""
    return Counter(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)


def tr_literals() -> Iterator[tuple[str, int, str]]:
    """Every ``tr("...")``, ``_("...")`` and ``TableError("...")`` literal in the web code,
    found by walking the syntax tree (so calls inside f-strings count too)."""
    for path in sorted(WEB.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("tr", "_", "TableError")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                yield path.name, node.lineno, node.args[0].value


# ------------------------------------------------------------------- the catalogs


def test_extraction_finds_the_strings_of_code_and_templates() -> None:
    assert "whale_to_look" in domains()
    ids = extracted()
    assert len(ids) > 90
    assert "Create the table" in ids  # templates/lobby.html
    assert "Pass the device to {name}" in ids  # templates/table.html
    assert "it is not your turn" in ids  # TableError in tables.py
    assert "there is no action {number}: choose from 1 to {count}" in ids  # cli/play.py
    assert "step {step} of {steps}" in ids  # cli/replay.py
    board = extracted("whale_to_look")
    assert "Game over: {name} wins with {points} points." in board
    assert not board & {"Create the table"}


@pytest.mark.parametrize("domain", domains())
def test_template_matches_the_code(domain: str) -> None:
    ids = {m.id for m in template(domain) if m.id}
    assert ids == extracted(domain), "run `make catalogs` to extract the strings again"


@pytest.mark.parametrize("domain", domains())
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_extracted_string_is_translated(lang: str, domain: str) -> None:
    cat = catalog(lang, domain)
    assert str(cat.locale) == lang
    assert not cat.fuzzy
    missing = sorted(i for i in extracted(domain) if i not in cat or not cat[i].string)
    assert not missing, f"{lang}/{domain}: no translation for {missing}"
    fuzzy = sorted(m.id for m in cat if m.id and m.fuzzy)
    assert not fuzzy, f"{lang}/{domain}: fuzzy entries {fuzzy}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_tr_call_in_the_code_is_translated(lang: str) -> None:
    translated = {m.id for d in domains() for m in catalog(lang, d) if m.id and m.string}
    missing = [
        f"{name}:{line} {text!r}" for name, line, text in tr_literals() if text not in translated
    ]
    assert not missing, f"{lang}: no translation for {missing}"


@pytest.mark.parametrize("domain", domains())
@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_are_kept_exactly(lang: str, domain: str) -> None:
    wrong = []
    for m in catalog(lang, domain):
        if not m.id:
            continue
        assert isinstance(m.id, str) and isinstance(m.string, str)
        if fields(m.string) != fields(m.id):
            wrong.append((m.id, m.string))
            continue
        values = {name: "x" for name in fields(m.id)}
        m.string.format(**values)  # braces balanced, nothing else to fill in
    assert not wrong, f"{lang}/{domain}: placeholders differ in {wrong}"


@pytest.mark.parametrize("domain", domains())
def test_persian_strings_are_written_in_persian(domain: str) -> None:
    """A Persian msgstr holds Persian words wherever its msgid holds English ones."""
    english = []
    for m in catalog("fa", domain):
        assert isinstance(m.id, str) and isinstance(m.string, str)
        words = re.sub(r"\{[^}]*\}|JSON", "", m.id)
        if m.id and LATIN_LETTER.search(words) and not PERSIAN_LETTER.search(m.string):
            english.append((m.id, m.string))
    assert not english


def test_the_rulebooks_words() -> None:
    vi, fa = i18n.translator("vi"), i18n.translator("fa")
    # The Vietnamese rulebook: the whale is the White whale, the orca the Black whale;
    # one investigates ("khảo sát") with markers ("Con dấu") and says "Hoàn thành".
    assert vi("The whale surfaces here").startswith("Cá voi Trắng")
    assert vi("The orca surfaces here").startswith("Cá voi Đen")
    assert vi("Orca-watching season") == "Mùa ngắm cá voi Đen"
    assert vi("Markers") == "Con dấu"
    assert vi("Done!") == "Hoàn thành!"
    assert "Khảo sát" in vi("Investigate fish card {fish} (a secret look)")
    assert "Cần thủ" in vi("Put the fisher on {boat}")
    # Persian: نهنگ is the whale; the orca is the killer whale.
    assert "نهنگ" in fa("The whale surfaces here")
    assert "نهنگ قاتل" in fa("The orca surfaces here")
    assert fa("Anchor") == "لنگر"


# ------------------------------------------------------------------ the translators


def test_translators() -> None:
    assert i18n.translator("vi")("Game over.") == "Trò chơi kết thúc."
    assert i18n.translator("fa")("Game over.") == "بازی تمام شد."
    assert i18n.translator("vi")("Round {round} of {rounds}").format(round=1, rounds=2) == (
        "Vòng 1/2"
    )
    assert i18n.translator("fa")("Player {number}").format(number=3) == "بازیکن 3"
    assert i18n.translator("en")("Game over.") == "Game over."
    assert i18n.translator("vi")("a string no catalog has") == "a string no catalog has"


def test_direction() -> None:
    assert i18n.direction("fa") == "rtl"
    assert i18n.direction("vi") == "ltr"
    assert i18n.direction("en") == "ltr"


@pytest.mark.parametrize(
    ("query", "cookie", "accept", "expected"),
    [
        ("fa", "vi", "vi", "fa"),  # ?lang= first
        ("xx", "vi", "fa", "vi"),  # an unknown ?lang= is ignored: the cookie
        (None, "vi", "fa", "vi"),  # the cookie before the browser
        (None, "xx", "fa", "fa"),  # an unknown cookie is ignored: the browser
        (None, None, "fa-IR,fa;q=0.9,en;q=0.8", "fa"),
        (None, None, "vi-VN", "vi"),  # region tags
        (None, None, "VI-vn", "vi"),
        (None, None, "en;q=0.5, vi-VN;q=0.9", "vi"),  # q-values, not order
        (None, None, "de-DE, fr;q=0.9, fa;q=0.2", "fa"),  # unknown languages skipped
        (None, None, "vi;q=abc, fa;q=0.5", "fa"),  # a malformed q counts as 0
        (None, None, "de-DE,fr;q=0.9", "en"),  # nothing known: English
        (None, None, "*", "en"),
        (None, None, "", "en"),
        (None, None, None, "en"),
    ],
)
def test_negotiate(
    query: str | None, cookie: str | None, accept: str | None, expected: str
) -> None:
    assert i18n.negotiate(query, cookie, accept) == expected


# ---------------------------------------------------------------------- the pages


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app("sqlite:///" + str(tmp_path / "t.db"))) as c:
        yield c


def test_persian_lobby_is_right_to_left_and_the_choice_sticks(client: TestClient) -> None:
    page = client.get("/?lang=fa")
    assert page.status_code == 200
    assert '<html lang="fa" dir="rtl"' in page.text
    assert "بازی تازه" in page.text  # New game
    assert "ساختن میز" in page.text  # Create the table
    assert "Create the table" not in page.text
    assert page.cookies.get("lang") == "fa"

    again = client.get("/")  # the cookie remembers the choice
    assert '<html lang="fa" dir="rtl"' in again.text
    assert "ساختن میز" in again.text


def test_vietnamese_lobby_and_switching(client: TestClient) -> None:
    page = client.get("/?lang=vi")
    assert '<html lang="vi" dir="ltr"' in page.text
    assert "Ván mới" in page.text  # New game
    assert "Tạo bàn chơi" in page.text  # Create the table
    assert "Mùa ngắm cá voi Trắng" in page.text  # a trending card among the options
    assert "Create the table" not in page.text
    assert '<html lang="vi"' in client.get("/").text

    switched = client.get("/?lang=en")  # switching back overrides the cookie
    assert '<html lang="en" dir="ltr"' in switched.text
    assert "Create the table" in switched.text
    assert '<html lang="en"' in client.get("/").text


def test_browser_preference_without_a_choice(client: TestClient) -> None:
    vi = client.get("/", headers={"accept-language": "vi-VN,vi;q=0.9,en;q=0.8"})
    assert '<html lang="vi" dir="ltr"' in vi.text
    assert "Tạo bàn chơi" in vi.text
    assert "lang" not in vi.cookies  # only an explicit choice is remembered

    fa = client.get("/", headers={"accept-language": "fa-IR"})
    assert '<html lang="fa" dir="rtl"' in fa.text

    other = client.get("/", headers={"accept-language": "de-DE,de;q=0.9"})
    assert '<html lang="en" dir="ltr"' in other.text
    assert "Create the table" in other.text


def test_error_page_in_persian(client: TestClient) -> None:
    page = client.get("/t/no-such-token?lang=fa")
    assert page.status_code == 404
    assert '<html lang="fa" dir="rtl"' in page.text
    assert "مشکلی پیش آمد" in page.text  # Something went wrong
    assert "بازگشت به لابی" in page.text  # Back to the lobby
