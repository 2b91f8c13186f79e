"""The rule presets: one record each, with its rules, its default tiebreak chain and its sources.

An event file names a preset (`[rules] preset = "wrc"`), and so do `mjevent new --rules` and
`mjevent calc --rules`; every one of them is looked up here, and a name that is not a preset is
refused with the closest name and the list of presets (`UnknownPresetError`). The help of those
commands lists `PRESET_NAMES`; docs/rules.md has every setting of every preset with its sources.

>>> wrc = preset("wrc")
>>> wrc.name, wrc.rules.kiriage, wrc.rules.start_points, wrc.tiebreaks
('wrc', True, 30000, (<Criterion.TOTAL: 'total'>, <Criterion.SHARED: 'shared'>))
>>> preset("mleague").standings_config().tiebreaks[:3]
(<Criterion.TOTAL: 'total'>, <Criterion.FIRSTS: 'firsts'>, <Criterion.BEST_GAME: 'best_game'>)
>>> try:
...     preset("mleage")
... except UnknownPresetError as error:
...     print(error.problem)
unknown rule preset 'mleage'; did you mean 'mleague'?
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from mjevent.core.i18n import _
from mjevent.core.rules import (
    Bust,
    Chombo,
    Extension,
    Kazoe,
    Leftover,
    MultiRon,
    MultiRonDeposits,
    MultiRonHonba,
    Nagashi,
    PaoScope,
    Rounding,
    RulesError,
    RuleSet,
    SanmaTsumo,
    TieRule,
    TimeCall,
)
from mjevent.core.standings.config import Criterion, StandingsConfig
from mjevent.core.text import suggest


@dataclass(frozen=True)
class Preset:
    """One rule preset: what it plays, how its standings break ties, and where that comes from."""

    rules: RuleSet
    """Every setting of the game (`rules.name` is the preset's name)."""
    title: str
    """What it is, in a few words (the first table of docs/rules.md)."""
    tiebreaks: tuple[Criterion, ...]
    """The standings' tiebreak chain when the event file's `[standings]` table names none
    (docs/standings.md explains each choice)."""
    sources: tuple[str, ...]
    """Where the rules come from: repository and path, or page (docs/rules.md quotes them)."""
    tiebreak_source: str
    """Why this tiebreak chain."""

    @property
    def name(self) -> str:
        """The name an event file and `--rules` give (`ema2016`)."""
        return self.rules.name

    def standings_config(self) -> StandingsConfig:
        """The standings config an event with this preset gets when its `[standings]` table is
        empty: the tiebreak chain, every other setting at its default."""
        return StandingsConfig(tiebreaks=self.tiebreaks)


class UnknownPresetError(RulesError):
    """`preset(name)` for a name that is not a preset: `problem` says so (with the closest
    name, when one is close), `known` lists the presets; the message is both."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        self.name = name
        self.known = known
        self.problem = _("unknown rule preset {name!r}").format(name=name) + suggest(name, known)
        super().__init__(
            _("{problem} (known: {known})").format(problem=self.problem, known=", ".join(known))
        )


# --- The rule sets ---------------------------------------------------------------------------
# Every value is sourced in docs/rules.md (repository + path, or page + address); values that no
# primary source confirmed are marked "unverified" there. tests/core/test_presets.py pins them.

_EMA2016 = RuleSet(name="ema2016")

# WRC (current rules, with the 2022 changes) as Pantheon's wrc preset encodes it; the World Riichi
# League plays it with a 30-point chombo.
_WRC = dataclasses.replace(
    _EMA2016,
    name="wrc",
    kiriage=True,
    multiple_yakuman=True,
    multi_ron=MultiRon.HEAD_BUMP,
    time_call=TimeCall.END_AFTER_HAND,
    chombo_ends_game=True,
)

# Online platforms: nobody substitutes (a disconnected player is replaced by a bot whose result
# counts) and a chombo cannot happen; the reverse mangan is what both platforms' own false-win
# payment is.
_TENHOU = RuleSet(
    name="tenhou",
    start_points=25000,
    return_points=30000,
    uma=(20000, 10000, -10000, -20000),
    oka=20000,
    ties=TieRule.SEAT_ORDER,
    goal_points=30000,
    extension=Extension.SUDDEN_DEATH,
    bust=Bust.BELOW_ZERO,
    agariyame=True,
    tenpaiyame=True,
    kazoe=Kazoe.YAKUMAN,
    multiple_yakuman=True,
    multi_ron=MultiRon.DOUBLE_ONLY,
    multi_ron_honba=MultiRonHonba.FIRST_WINNER,
    multi_ron_deposits=MultiRonDeposits.FIRST_WINNER,
    abortive_draws=True,
    nagashi=Nagashi.DRAW_PAYMENT,
    leftover=Leftover.FIRST,
    chombo=Chombo.REVERSE_MANGAN,
    time_call=TimeCall.NONE,
    substitute_points=None,
    substitute_uma=None,
    substitute_uma_after_start=None,
    rounding=Rounding.NEAREST_1000_HALF_AWAY,
    rounding_rest_to_first=True,
    riichi_needs_points=True,
)

_MAJSOUL = dataclasses.replace(
    _TENHOU,
    name="majsoul",
    return_points=25000,
    uma=(15000, 5000, -5000, -15000),
    oka=0,
    double_yakuman=frozenset(
        {"daisuushii", "junsei_chuuren_poutou", "kokushi_musou_13", "suuankou_tanki"}
    ),
    multi_ron=MultiRon.ALLOWED,
    rounding=Rounding.UP_1000,
    rounding_rest_to_first=False,
    pao_scope=PaoScope.PAO_YAKUMAN,
)

# Sanma: no North seat, so neither suufon renda nor suucha riichi can happen.
_SANMA_ABORTIVE = frozenset({"kyuushu_kyuuhai", "suukaikan"})

# EMA Riichi Rules 2025: Pantheon's ema2025 (kiriage, chombo_ends_game) and the rule text's
# §7.2 lateness, §7.3 substitutes, §7.4 time call and §7.5 score sheets (docs/rules.md).
_EMA2025 = dataclasses.replace(
    _EMA2016,
    name="ema2025",
    kiriage=True,
    chombo_ends_game=True,
    time_call_minutes=15,
    chombo_counts_after_call=True,
    substitute_uma_after_start=None,
    late_penalty_per_minute=1000,
    late_limit_minutes=10,
    score_sheet_penalty=2000,
)

_WRL = dataclasses.replace(_WRC, name="wrl", chombo_penalty=30000)

_MLEAGUE = RuleSet(
    name="mleague",
    start_points=25000,
    return_points=30000,
    uma=(30000, 10000, -10000, -30000),
    oka=20000,
    kiriage=True,
    multiple_yakuman=True,
    multi_ron=MultiRon.HEAD_BUMP,
    nagashi=Nagashi.DRAW_PAYMENT,
    time_call=TimeCall.NONE,
    substitute_points=None,
    substitute_uma=None,
    substitute_uma_after_start=None,
    pao_yaku=frozenset({"daisangen", "daisuushii", "suukantsu"}),
)

_JPML_A = dataclasses.replace(
    _EMA2016,
    name="jpml-a",
    uma=(8000, 4000, -4000, -8000),
    uma_floating=((1, (8000, 3000, 1000, -12000)), (3, (12000, -1000, -3000, -8000))),
    multi_ron=MultiRon.HEAD_BUMP,
    abortive_draws=True,
    leftover=Leftover.NOBODY,
    time_call=TimeCall.END_AFTER_HAND,
    pao_yaku=frozenset({"daisangen", "daisuushii", "suukantsu"}),
)

_SANMA_CLUB = RuleSet(
    name="sanma-club",
    players=3,
    start_points=35000,
    return_points=35000,
    uma=(15000, 0, -15000),
    goal_points=40000,
    extension=Extension.NEXT_ROUND,
    bust=Bust.BELOW_ZERO,
    kazoe=Kazoe.YAKUMAN,
    multiple_yakuman=True,
    multi_ron_honba=MultiRonHonba.FIRST_WINNER,
    multi_ron_deposits=MultiRonDeposits.FIRST_WINNER,
    abortive_draws=True,
    abortive_draw_kinds=_SANMA_ABORTIVE,
    nagashi=Nagashi.DRAW_PAYMENT,
    honba_ron=200,
    honba_tsumo_each=100,
    noten_total=3000,
    sanma_tsumo=SanmaTsumo.LOSS,
    leftover=Leftover.FIRST,
    chombo=Chombo.FLAT_EACH,
    chombo_penalty=6000,
    time_call=TimeCall.NONE,
    substitute_points=None,
    substitute_uma=None,
    substitute_uma_after_start=None,
    riichi_needs_points=True,
    pao_scope=PaoScope.PAO_YAKUMAN,
)

_MAJSOUL3 = dataclasses.replace(
    _MAJSOUL,
    name="majsoul3",
    players=3,
    start_points=35000,
    return_points=35000,
    uma=(15000, 0, -15000),
    goal_points=40000,
    abortive_draw_kinds=_SANMA_ABORTIVE,
    honba_ron=200,
    noten_total=2000,
)

_TENHOU3 = dataclasses.replace(
    _TENHOU,
    name="tenhou3",
    players=3,
    start_points=35000,
    return_points=40000,
    uma=(20000, 0, -20000),
    oka=15000,
    goal_points=40000,
    abortive_draw_kinds=_SANMA_ABORTIVE,
    honba_ron=200,
    noten_total=2000,
)


# --- The tiebreak chains ------------------------------------------------------------------------

_SHARED = (Criterion.TOTAL, Criterion.SHARED)
_EMA_CHAIN = "EMA and WRC publish no event tiebreak; the World Riichi app shares the rank"
_AVG_PLACE = (Criterion.TOTAL, Criterion.AVG_PLACE, Criterion.SHARED)
_ONLINE_CHAIN = "online-style rankings: points, then average place (Pantheon's rating sort)"

# --- The presets --------------------------------------------------------------------------------

PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            _EMA2016,
            "EMA Riichi Competition Rules 2016",
            _SHARED,
            (
                "MahjongPantheon/pantheon Common/rulesets/ema.php",
                "MahjongRepository/mahjong_wiki content/english/riichi/rules/variations/"
                "ema-riichi-competition-rules.md",
                'EMA announcement "Revised EMA Riichi rules are ready" (mahjong-europe.org)',
                "ooyamaneko.net book comparison of RCR 2016 with RCR 2012 and WRC 2015",
            ),
            _EMA_CHAIN,
        ),
        Preset(
            _EMA2025,
            "EMA rules as revised for 2025 (Pantheon's `ema2025` preset)",
            _SHARED,
            (
                "MahjongPantheon/pantheon Common/rulesets/ema2025.php",
                "EMA Riichi Rules 2025 §7.2-§7.5, as issue 23 quotes them",
            ),
            _EMA_CHAIN,
        ),
        Preset(
            _WRC,
            "World Riichi Championship rules, current (2022 changes included)",
            _SHARED,
            ("MahjongPantheon/pantheon Common/rulesets/wrc.php",),
            _EMA_CHAIN,
        ),
        Preset(
            _WRL,
            "World Riichi League: WRC rules, chombo -30",
            _SHARED,
            ("ApplySci/aim server/forms/tournament_forms.py (validate_chombo)",),
            _EMA_CHAIN,
        ),
        Preset(
            _MLEAGUE,
            "M.League",
            (Criterion.TOTAL, Criterion.FIRSTS, Criterion.BEST_GAME, Criterion.SHARED),
            ('riichi.wiki "M.League" (https://riichi.wiki/M.League)',),
            "league formats rank by points, then firsts, then the best game",
        ),
        Preset(
            _JPML_A,
            "Japan Professional Mahjong League, A rules (floating uma)",
            _AVG_PLACE,
            ("MahjongPantheon/pantheon Common/rulesets/jpmlA.php",),
            "Pantheon's rating sort: points, then lower average place",
        ),
        Preset(
            _TENHOU,
            "Tenhou.net ranked hanchan",
            _AVG_PLACE,
            (
                'arcturus.su "Tenhou.net rules" '
                "(http://arcturus.su/mjw/index.php?title=Tenhou.net_rules)",
            ),
            _ONLINE_CHAIN,
        ),
        Preset(
            _MAJSOUL,
            "Mahjong Soul ranked hanchan (room rank points left out)",
            _AVG_PLACE,
            ('riichi.wiki "Majsoul" (https://riichi.wiki/Majsoul)',),
            _ONLINE_CHAIN,
        ),
        Preset(
            _SANMA_CLUB,
            "The online club's sanma rules (`../shared/seeds/004_46c9778ed7896629.txt`)",
            (Criterion.TOTAL, Criterion.FIRSTS, Criterion.AVG_PLACE, Criterion.SHARED),
            ("../shared/seeds/004_46c9778ed7896629.txt",),
            "a club ladder: points, then wins, then average place",
        ),
        Preset(
            _MAJSOUL3,
            "Mahjong Soul ranked sanma hanchan",
            _AVG_PLACE,
            ('riichi.wiki "Majsoul", 3-player section (https://riichi.wiki/Majsoul)',),
            _ONLINE_CHAIN,
        ),
        Preset(
            _TENHOU3,
            "Tenhou.net ranked sanma hanchan",
            _AVG_PLACE,
            (
                'mjstars.net "Rules for 3-player Ranking Match" '
                "(https://www.mjstars.net/rules-for-3-player-ranking-match)",
            ),
            _ONLINE_CHAIN,
        ),
    )
}
"""Every preset by name, in the order docs/rules.md lists them."""

PRESET_NAMES: tuple[str, ...] = tuple(sorted(PRESETS))
"""The presets' names in alphabetical order: what help and error messages list."""


def preset(name: str) -> Preset:
    """The named preset, or `UnknownPresetError` (a `RulesError`) naming the closest preset when
    the name is unknown.

    >>> rules = preset("tenhou3").rules
    >>> rules.start_points, rules.return_points, rules.oka
    (35000, 40000, 15000)
    """
    try:
        return PRESETS[name]
    except KeyError:
        raise UnknownPresetError(name, PRESET_NAMES) from None
