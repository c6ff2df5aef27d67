"""Labels in every language the templates speak: English (default) and Finnish.

A table maps a key to one text per language, in the order of :data:`LANGUAGES`.
Templates add their own table to :data:`COMMON`; defined names never change with
the language, only what a director reads.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from ..engine import OptionError

LANGUAGES = ("en", "fi")

LabelTable = Mapping[str, tuple[str, str]]

# Labels shared by several templates. Seats stay N/E/S/W in every language: they are
# what directors type, and Finnish letters (P/I/E/L) would swap E and S.
COMMON: LabelTable = {
    "event": ("Event", "Kilpailu"),
    "date": ("Date", "Päivämäärä"),
    "date_short": ("Date", "Pvm"),
    "board": ("Board", "Jako"),
    "boards": ("Boards", "Jakoja"),
    "table": ("Table", "Pöytä"),
    "tables": ("Tables", "Pöytiä"),
    "pair": ("Pair", "Pari"),
    "name": ("Name", "Nimi"),
    "ns": ("NS", "NS"),
    "ew": ("EW", "EW"),
    "contract": ("Contract", "Sopimus"),
    "declarer": ("By", "Pelaaja"),
    "declarer_long": ("Declarer", "Pelinviejä"),
    "tricks": ("Tricks", "Tikit"),
    "score": ("Score", "Pisteet"),
    "matchpoints": ("Matchpoints", "MP-pisteet"),
    "check": ("Check", "Tarkista"),
    "dealer": ("Dealer", "Jakaja"),
    "vul": ("Vul", "Vaara"),
    "vulnerable": ("Vulnerable", "Vaarassa"),
    # A vulnerability as shown (tblVulText, travellers, cards): NS and EW as the seats are.
    "vul_None": ("None", "Ei"),
    "vul_NS": ("NS", "NS"),
    "vul_EW": ("EW", "EW"),
    "vul_All": ("All", "Kaikki"),
    "scale": ("MP scale", "MP-asteikko"),
    "scale_note": ("2 = 2/1/0, 1 = 1/½/0", "2 = 2/1/0, 1 = 1/½/0"),
    "top": ("Top", "Huippu"),
    "page": ("Page &P of &N", "Sivu &P / &N"),
    "legend": (
        "Type in the white cells; grey cells compute themselves.",
        "Kirjoita valkoisiin soluihin; harmaat solut laskevat itsensä.",
    ),
    # Row flags: short, so that they fit the Check column.
    "flag_board": ("board?", "jako?"),
    "flag_pair": ("pair?", "pari?"),
    "flag_contract": ("contract?", "sopimus?"),
    "flag_declarer": ("declarer?", "pelinviejä?"),
    "flag_tricks": ("tricks?", "tikit?"),
    "flag_twice": ("twice?", "kahdesti?"),
    "flag_adjusted": ("adjusted?", "keinotulos?"),
    # Data-validation messages (Excel: title at most 32, text at most 255 characters).
    "err_title": ("Check the entry", "Tarkista syöte"),
    "err_contract": (
        "Choose a contract from the list: level 1-7, strain C D H S NT, then X if doubled "
        "or XX if redoubled, e.g. 4S, 3NTX, 2HXX. Passed out: PASS.",
        "Valitse sopimus listasta: taso 1-7, maa C D H S NT, sitten X jos kahdennettu tai "
        "XX jos vastakahdennettu, esim. 4S, 3NTX, 2HXX. Passattu jako: PASS.",
    ),
    "err_entry": (
        "Choose from the list: a contract (4S, 3NTX, 2HXX, 3N; passed out PASS), NP for a board "
        "not played, or an adjusted score A60/40 (NS % / EW %: 40, 50 or 60), A60, A50, A40.",
        "Valitse listasta: sopimus (4S, 3NTX, 2HXX, 3N; passattu PASS), NP pelaamattomalle jaolle "
        "tai keinotulos A60/40 (NS % / EW %: 40, 50 tai 60), A60, A50, A40.",
    ),
    "err_declarer": (
        "Type the declarer's seat: N, E, S or W.",
        "Kirjoita pelinviejän paikka: N, E, S tai W (pohjoinen, itä, etelä, länsi).",
    ),
    "err_tricks": (
        "Type the tricks declarer took: a whole number 0-13 (4S made exactly is 10).",
        "Kirjoita pelinviejän tikit: kokonaisluku 0-13 (4S tasan on 10).",
    ),
    "err_board": (
        "Type a board number, a whole number {low}-{high}.",
        "Kirjoita jaon numero, kokonaisluku {low}-{high}.",
    ),
    "err_pair": (
        "Type a pair number, a whole number {low}-{high}.",
        "Kirjoita parin numero, kokonaisluku {low}-{high}.",
    ),
    "err_count": (
        "Type a whole number {low}-{high}.",
        "Kirjoita kokonaisluku {low}-{high}.",
    ),
    "err_scale": (
        "Choose 2 (matchpoints 2/1/0) or 1 (1/0.5/0, as in the ACBL).",
        "Valitse 2 (MP-pisteet 2/1/0) tai 1 (1/0,5/0, kuten ACBL:ssä).",
    ),
    "err_text": ("At most {high} characters.", "Enintään {high} merkkiä."),
    "err_date": (
        "Type a date, e.g. 2025-03-14.",
        "Kirjoita päivämäärä, esim. 14.3.2025.",
    ),
}


# One form of a date per language, everywhere: the sheets' number format, and the same
# form as text in page headers.
DATE_FORMATS = {"en": "yyyy-mm-dd", "fi": "d.m.yyyy"}
_DATE_TEXTS = {"en": "{0.year:04d}-{0.month:02d}-{0.day:02d}", "fi": "{0.day}.{0.month}.{0.year}"}


def date_text(date: datetime.date, lang: str) -> str:
    """A date as the sheets of ``lang`` show it.

    >>> date_text(datetime.date(2025, 3, 14), "en"), date_text(datetime.date(2025, 3, 14), "fi")
    ('2025-03-14', '14.3.2025')
    """
    return _DATE_TEXTS[language(lang)].format(date)


def language(lang: object) -> str:
    """Parse a language code: ``en`` or ``fi``.

    >>> language("FI")
    'fi'
    """
    code = str(lang).strip().lower()
    if code not in LANGUAGES:
        raise OptionError(f"language {lang!r}: must be one of {', '.join(LANGUAGES)}")
    return code


class Labels:
    """The texts of one language, from a template's own table and :data:`COMMON`.

    >>> Labels("fi", {"title": ("Traveller", "Tuloslappu")})("title")
    'Tuloslappu'
    >>> Labels("en")("err_board", low=1, high=36)
    'Type a board number, a whole number 1-36.'
    """

    def __init__(self, lang: str, own: LabelTable | None = None) -> None:
        self.lang = language(lang)
        self._index = LANGUAGES.index(self.lang)
        self._tables = (own or {}, COMMON)

    def vulnerability(self, vul: object) -> str:
        """A vulnerability (``None``, ``NS``, ``EW``, ``All``) as this language shows it.

        >>> Labels("fi").vulnerability("All"), Labels("en").vulnerability("None")
        ('Kaikki', 'None')
        """
        return self(f"vul_{vul}")

    def __call__(self, key: str, **values: object) -> str:
        """The label for ``key``, with ``{placeholders}`` filled from ``values``."""
        for table in self._tables:
            if key in table:
                text = table[key][self._index]
                return text.format(**values) if values else text
        raise KeyError(f"no label {key!r}")
