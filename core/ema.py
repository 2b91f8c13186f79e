"""The EMA pack's rules: EMA numbers and member countries, the MERS weight, base ranks, and the
pre-flight of an event against the EMA's requirements for MERS tournaments.

Where each rule comes from (docs/export.md has the full list):

* **MERS weight** (confirmed): the EMA's "Basics for ranking system" page
  (mahjong-europe.org/ranking/Basicsranking.html, EMA General Assembly of 25 May 2017, in force
  from 1 January 2018): TOTAL_MERS = Weight_duration + Weight_players + Weight_countries +
  Weight_qualif, with 1, 2 or 3 days giving +1, +2 or +3; more than 40 players +0.5, more than
  80 players +1 ("substitute players (maximum 3) are accounted in the calculation of
  participating players"); more than 5 countries +0.5, 10 or more +1; a qualification +1. The
  older copy of the page (Basicsranking2018.html) puts exactly 10 countries at +0.5 ("6 <= X <=
  10"); this module follows the current page and docs/export.md names the disagreement.
* **Base rank** (confirmed): the EMA's ranking pages: "the number of players you have beaten
  (number of players minus your position), divided by the number of players minus 1, times
  1000"; their example: "number 75 out of 100 gets a base rank of 252" (252.52 cut to a whole
  number). How tied players share a position is not stated there (unconfirmed: the shared
  position's base rank is used).
* **The requirements** (ERGMT, "EMA requirements and guidelines for MERS tournaments"): the EMA
  names the document and what it covers (referees, substitute players, observer), but its text
  was not available to confirm the thresholds. Every threshold here is in `THRESHOLDS`, each
  requirement says it is unconfirmed, and `mjevent ema check` prints that beside it.

Pure: no file I/O. `mjevent.core.settings` reads the `[ema]` table into `EmaSettings`.

>>> mers_weight(days=2, players=52, countries=7, qualification=False).total
3.0
>>> base_rank(100, 75)
252
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from mjevent.core.i18n import N_, _

__all__ = [
    "BASE_RANK_SOURCE",
    "EMA_COUNTRIES",
    "MERS_SOURCE",
    "REQUIREMENT_NAMES",
    "THRESHOLDS",
    "EmaFacts",
    "EmaSettings",
    "MersWeight",
    "Participant",
    "Requirement",
    "Thresholds",
    "base_rank",
    "code_problem",
    "country_problem",
    "ema_number",
    "ema_number_problem",
    "facts",
    "mers_weight",
    "requirements",
]

MERS_SOURCE = (
    "EMA, Basics for ranking system (mahjong-europe.org/ranking/Basicsranking.html; "
    "General Assembly 25 May 2017, from 1 January 2018)"
)
"""Where the MERS weight formula is published."""

BASE_RANK_SOURCE = (
    "EMA ranking pages (mahjong-europe.org: base rank = 1000 x (players - position) / "
    "(players - 1); 75th of 100 gets 252)"
)
"""Where the base rank formula is published."""

ERGMT = "ERGMT"
"""The document the requirements come from, "EMA requirements and guidelines for MERS
tournaments"; its text was not available to confirm them."""

# EMA member countries by three-letter code (ISO 3166-1 alpha-3), with the EMA's member
# number. Source: the EMA membership list as given by riichi.wiki's "European Mahjong
# Association" page (revisions of 2014 and 2019: [01] Austria ... [22] Czech Republic). That
# list is cut short in the copy read and may miss later members; `[ema] extra_countries` adds
# codes for an event. Whether the EMA's own sheets use these ISO codes or codes of their own
# is unconfirmed (docs/export.md).
EMA_COUNTRIES: Mapping[str, str] = {
    "AUT": "Austria",  # [01]
    "BEL": "Belgium",  # [02]
    "DNK": "Denmark",  # [03]
    "FRA": "France",  # [04]
    "DEU": "Germany",  # [05]
    "HUN": "Hungary",  # [06]
    "ITA": "Italy",  # [07]
    "NLD": "Netherlands",  # [08]
    "SWE": "Sweden",  # [09]
    "ESP": "Spain",  # [10]
    "GBR": "United Kingdom",  # [11]
    "PRT": "Portugal",  # [12]
    "FIN": "Finland",  # [14]
    "RUS": "Russia",  # [15]
    "CHE": "Switzerland",  # [16]
    "SVK": "Slovakia",  # [17]
    "POL": "Poland",  # [19]
    "CZE": "Czech Republic",  # [22]
}

_EMA_NUMBER = re.compile(r"\d{8}")
# A player id that is an EMA number: 8 digits ("04120001"), or "ema-" and digits (zero-padded).
_EMA_ID = re.compile(r"^(?:ema-?)?(\d{5,8})$", re.IGNORECASE)
_CODE = re.compile(r"[A-Z]{3}")


@dataclass(frozen=True)
class Thresholds:
    """The ERGMT thresholds the pre-flight applies; all unconfirmed (module docstring)."""

    min_sessions: Mapping[int, int] = field(default_factory=lambda: {1: 4, 2: 7, 3: 10})
    """Fewest sessions (hanchan) for an event of 1, 2 or 3 days."""
    max_sessions_per_day: int = 5
    min_session_minutes: int = 90
    min_break_minutes: int = 10
    min_ema_share: float = 0.5
    """Share of the players that must come from EMA member countries (more than this)."""
    players_per_referee: int = 32
    max_ranked_substitutes: int = 3
    """Confirmed (Basicsranking.html): at most 3 substitutes count as participants."""


THRESHOLDS = Thresholds()


def ema_number_problem(text: str) -> str | None:
    """Why `text` is not an EMA number, or None: an EMA number is 8 digits (`04120001`).

    >>> ema_number_problem("04120001") is None, ema_number_problem("4120001")
    (True, 'an EMA number has 8 digits (e.g. 04120001), got 7')
    """
    if _EMA_NUMBER.fullmatch(text):
        return None
    if text.isdigit():
        return _("an EMA number has 8 digits (e.g. 04120001), got {count}").format(count=len(text))
    return _("an EMA number is 8 digits (e.g. 04120001), got {text!r}").format(text=text)


def ema_number(player_id: str, ema_id: str | None = None) -> str:
    """The player's EMA number: `ema_id` when the file gives one, else the player id when it
    is one (8 digits, or `ema-` and digits, zero-padded to 8), else empty.

    >>> ema_number("p01", "04120001"), ema_number("ema-05123"), ema_number("p01")
    ('04120001', '00005123', '')
    """
    if ema_id is not None:
        return ema_id
    match = _EMA_ID.match(player_id)
    return match.group(1).zfill(8) if match else ""


def country_problem(code: str, extra: Sequence[str] = ()) -> str | None:
    """Why `code` is not an EMA member country's code, or None.

    >>> country_problem("NLD") is None, country_problem("nld")
    (True, "'nld' is not an EMA member country code; did you mean 'NLD'?")
    """
    if code in EMA_COUNTRIES or code in extra:
        return None
    problem = _("{code!r} is not an EMA member country code").format(code=code)
    if code.upper() in EMA_COUNTRIES:
        return problem + _("; did you mean {close!r}?").format(close=code.upper())
    return problem


def code_problem(code: str) -> str | None:
    """Why `code` cannot be a three-letter country code, or None (`[ema] extra_countries`)."""
    if _CODE.fullmatch(code):
        return None
    return _("expected three capital letters, got {code!r}").format(code=code)


@dataclass(frozen=True)
class EmaSettings:
    """The `[ema]` table: the facts of a MERS event the log cannot know (docs/event-file.md)."""

    days: int
    sessions: tuple[int, ...]
    """Sessions (hanchan) played on each day, day 1 first."""
    referees: int
    session_minutes: int | None = None
    """None: `[timer] round_minutes`."""
    break_minutes: int | None = None
    """None: `[timer] break_minutes`."""
    rank_substitutes: bool | None = None
    """Whether the organiser asks for the substitutes to be ranked; None: not said."""
    qualification: bool = False
    """Players had to qualify (MERS weight +1)."""
    mers: bool = True
    """The event applies for MERS ranking; False: the pre-flight is for information."""
    country: str | None = None
    """The host country's code."""
    city: str | None = None
    observer: str | None = None
    """The EMA observer's name."""
    extra_countries: tuple[str, ...] = ()
    """Member country codes missing from `EMA_COUNTRIES` (members that joined later)."""


@dataclass(frozen=True)
class MersWeight:
    """The MERS weight and its four parts (`MERS_SOURCE`)."""

    duration: float
    players: float
    countries: float
    qualification: float

    @property
    def total(self) -> float:
        """TOTAL_MERS, the sum of the parts."""
        return self.duration + self.players + self.countries + self.qualification


def mers_weight(*, days: int, players: int, countries: int, qualification: bool) -> MersWeight:
    """The MERS weight of an event (`MERS_SOURCE`).

    `players` counts the participants, substitutes included (at most 3 of them); `countries`
    the participating countries. The published table stops at 3 days; a longer event is
    weighted as 3 days (unconfirmed).

    Worked example: a two-day event, 52 players from 7 countries, no qualification:
    2 (two days) + 0.5 (41 to 80 players) + 0.5 (6 to 9 countries) + 0 = 3.0.

    >>> w = mers_weight(days=2, players=52, countries=7, qualification=False)
    >>> (w.duration, w.players, w.countries, w.qualification, w.total)
    (2.0, 0.5, 0.5, 0.0, 3.0)
    >>> mers_weight(days=3, players=81, countries=10, qualification=True).total
    6.0
    >>> mers_weight(days=1, players=40, countries=5, qualification=False).total
    1.0
    """
    duration = float(min(max(days, 1), 3))
    by_players = 1.0 if players > 80 else 0.5 if players > 40 else 0.0
    by_countries = 1.0 if countries >= 10 else 0.5 if countries > 5 else 0.0
    return MersWeight(duration, by_players, by_countries, 1.0 if qualification else 0.0)


def base_rank(players: int, position: int) -> int:
    """A player's base rank: 1000 x (players - position) / (players - 1), cut to a whole
    number (`BASE_RANK_SOURCE`). The winner gets 1000, the last 0; alone, 1000.

    Worked example (the EMA's): 75th of 100 beat 25 players: 1000 x 25 / 99 = 252.52, so 252.

    >>> base_rank(100, 75), base_rank(100, 1), base_rank(100, 100), base_rank(16, 3)
    (252, 1000, 0, 866)
    """
    if players <= 1:
        return 1000
    # Whole-number arithmetic: no float rounding on the cut.
    return 1000 * (players - position) // (players - 1)


@dataclass(frozen=True)
class EmaFacts:
    """What the pre-flight and the observer report are computed from."""

    settings: EmaSettings
    session_minutes: int
    break_minutes: int
    players: int
    """Ranked players (withdrawn players who played included)."""
    substitutes: int
    """Substitutes who played."""
    countries: Mapping[str, int]
    """Players by country code (ranked players and counted substitutes)."""
    without_country: int
    without_ema_number: int
    rounds_played: int

    @property
    def counted_substitutes(self) -> int:
        """Substitutes counted as participants: at most 3, and only when they are to be
        ranked (the link to `rank_substitutes` is unconfirmed)."""
        if not self.settings.rank_substitutes:
            return 0
        return min(self.substitutes, THRESHOLDS.max_ranked_substitutes)

    @property
    def participants(self) -> int:
        """The player count of the MERS weight and of the base ranks."""
        return self.players + self.counted_substitutes

    @property
    def from_ema_countries(self) -> int:
        """Participants whose country is an EMA member (with `extra_countries`)."""
        extra = self.settings.extra_countries
        return sum(n for c, n in self.countries.items() if country_problem(c, extra) is None)

    def weight(self) -> MersWeight:
        """The MERS weight this event would get."""
        return mers_weight(
            days=self.settings.days,
            players=self.participants,
            countries=len(self.countries),
            qualification=self.settings.qualification,
        )


@dataclass(frozen=True)
class Requirement:
    """One requirement of the pre-flight: met or not, with its clause and what was found."""

    key: str
    clause: str
    """What the requirement asks, with its source."""
    met: bool
    found: str
    """What the event has."""
    confirmed: bool = False
    """True when the threshold was confirmed from a primary source."""


# The requirement names, marked for translation; shown in `mjevent ema check`.
REQUIREMENT_NAMES = {
    "sessions": N_("sessions for the event's days"),
    "session_length": N_("session length"),
    "sessions_per_day": N_("sessions a day"),
    "breaks": N_("breaks between sessions"),
    "countries": N_("players from EMA countries"),
    "referees": N_("referees for the player count"),
    "substitutes": N_("substitutes to be ranked"),
}


def requirements(facts: EmaFacts) -> list[Requirement]:
    """Each requirement of the pre-flight, in a fixed order (`REQUIREMENT_NAMES`).

    Worked example: 2 days of 4 and 4 sessions of 90 minutes, 15-minute breaks, 36 players (30
    from EMA countries), 2 referees: every requirement is met (7 sessions or more for 2 days, at
    most 5 a day, 90 minutes or more, 10-minute breaks or more, more than half from EMA
    countries, one referee per 32 players).
    """
    s, t = facts.settings, THRESHOLDS
    need = t.min_sessions[min(max(s.days, 1), 3)]
    total = sum(s.sessions)
    referees_needed = max(1, math.ceil(facts.participants / t.players_per_referee))
    share = facts.from_ema_countries / facts.participants if facts.participants else 0.0
    subs_met, subs_found = _substitutes(facts)
    return [
        Requirement(
            "sessions",
            _("{source}: at least {count} sessions for {days} day(s) (unconfirmed)").format(
                source=ERGMT, count=need, days=s.days
            ),
            total >= need,
            _("{total} sessions ({per_day})").format(
                total=total, per_day=" + ".join(str(n) for n in s.sessions)
            ),
        ),
        Requirement(
            "session_length",
            _("{source}: sessions of at least {minutes} minutes (unconfirmed)").format(
                source=ERGMT, minutes=t.min_session_minutes
            ),
            facts.session_minutes >= t.min_session_minutes,
            _("{minutes} minutes").format(minutes=facts.session_minutes),
        ),
        Requirement(
            "sessions_per_day",
            _("{source}: at most {count} sessions a day (unconfirmed)").format(
                source=ERGMT, count=t.max_sessions_per_day
            ),
            max(s.sessions, default=0) <= t.max_sessions_per_day,
            _("at most {count} on a day").format(count=max(s.sessions, default=0)),
        ),
        Requirement(
            "breaks",
            _("{source}: breaks of at least {minutes} minutes (unconfirmed)").format(
                source=ERGMT, minutes=t.min_break_minutes
            ),
            facts.break_minutes >= t.min_break_minutes,
            _("{minutes} minutes").format(minutes=facts.break_minutes),
        ),
        Requirement(
            "countries",
            _(
                "{source}: more than half of the players from EMA member countries (unconfirmed)"
            ).format(source=ERGMT),
            share > t.min_ema_share,
            _("{count} of {players}").format(
                count=facts.from_ema_countries, players=facts.participants
            ),
        ),
        Requirement(
            "referees",
            _(
                "{source}: one referee per {players} players, at least {count} here (unconfirmed)"
            ).format(source=ERGMT, players=t.players_per_referee, count=referees_needed),
            s.referees >= referees_needed,
            _("{count} referee(s)").format(count=s.referees),
        ),
        Requirement(
            "substitutes",
            _(
                "{source}: say whether substitutes are to be ranked; at most {count} count "
                "(the limit: {mers})"
            ).format(source=ERGMT, count=t.max_ranked_substitutes, mers=MERS_SOURCE),
            subs_met,
            subs_found,
        ),
    ]


def _substitutes(facts: EmaFacts) -> tuple[bool, str]:
    ranked = facts.settings.rank_substitutes
    if facts.substitutes == 0:
        return True, _("no substitute played")
    if ranked is None:
        return False, _("{count} substitute(s) played; [ema] rank_substitutes is not set").format(
            count=facts.substitutes
        )
    if ranked and facts.substitutes > THRESHOLDS.max_ranked_substitutes:
        return False, _("{count} substitutes to be ranked").format(count=facts.substitutes)
    if ranked:
        return True, _("{count} substitute(s) to be ranked").format(count=facts.substitutes)
    return True, _("{count} substitute(s), not ranked").format(count=facts.substitutes)


@dataclass(frozen=True)
class Participant:
    """What the EMA pack needs of one player: EMA number (may be empty) and country code."""

    ema_number: str
    country: str | None


def facts(
    settings: EmaSettings,
    *,
    ranked: Sequence[Participant],
    substitutes: Sequence[Participant],
    session_minutes: int,
    break_minutes: int,
    rounds_played: int,
) -> EmaFacts:
    """The facts of an event: `ranked` are the players in the standings, `substitutes` those
    who played only in another's place. `session_minutes` and `break_minutes` are the `[timer]`
    values, used when `[ema]` does not set its own.

    >>> s = EmaSettings(days=1, sessions=(4,), referees=1)
    >>> f = facts(s, ranked=[Participant("04120001", "NLD"), Participant("", None)],
    ...           substitutes=[Participant("", "DEU")], session_minutes=90, break_minutes=15,
    ...           rounds_played=4)
    >>> f.participants, dict(f.countries), f.without_country, f.without_ema_number
    (2, {'NLD': 1}, 1, 1)
    """
    probe = EmaFacts(settings, 0, 0, len(ranked), len(substitutes), {}, 0, 0, rounds_played)
    counted = [*ranked, *substitutes[: probe.counted_substitutes]]
    countries: dict[str, int] = {}
    for p in counted:
        if p.country is not None:
            countries[p.country] = countries.get(p.country, 0) + 1
    return EmaFacts(
        settings,
        settings.session_minutes if settings.session_minutes is not None else session_minutes,
        settings.break_minutes if settings.break_minutes is not None else break_minutes,
        len(ranked),
        len(substitutes),
        dict(sorted(countries.items())),
        sum(1 for p in counted if p.country is None),
        sum(1 for p in counted if not p.ema_number),
        rounds_played,
    )
