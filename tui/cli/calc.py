"""`mjevent calc`: the hand calculator at the command line, for people and for scripts.

Every number comes from `mjevent.core.scoring` (hands) and `mjevent.core.results` (finished
games); this module only reads the input, picks the rule set and prints. The format of
`--jsonl` is documented in docs/calc.md.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, TextIO

import typer

from mjevent.core.i18n import N_, _, format_number, ngettext, pgettext
from mjevent.core.notation import limit_value
from mjevent.core.outcomes import HandValue
from mjevent.core.presets import PRESET_NAMES, preset
from mjevent.core.results import check_final_scores, game_result
from mjevent.core.rules import Kazoe, RulesError, RuleSet, SanmaTsumo
from mjevent.core.scoring import IllegalHandError, Limit, Quote, describe, limit_name, quote
from mjevent.core.text import suggest
from mjevent.tui.cli.localize import command_help, filled_help
from mjevent.tui.views.cells import pad

__all__ = ["CalcInputError", "calc", "chart_text", "run_jsonl", "score_line"]

DEFAULT_PRESET: dict[int, str] = {4: "ema2016", 3: "sanma-club"}
"""The rule set used when none is named: by number of players."""

_WIN_KEYS = (
    "players",
    "rules",
    "win",
    "han",
    "fu",
    "yakuman",
    "dealer",
    "honba",
    "deposits",
    "kiriage",
    "kazoe",
    "sanma_tsumo",
)
_FINAL_KEYS = ("players", "rules", "final", "deposits_left")
_KAZOE = tuple(k.value for k in Kazoe)
_CHART_FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


class CalcInputError(ValueError):
    """A calculator input that cannot be read; the message names the input and the fix."""


# --- Rule sets ------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def rules_for(
    name: str | None,
    players: int | None = None,
    kiriage: bool | None = None,
    kazoe: str | None = None,
    sanma_tsumo: str | None = None,
) -> RuleSet:
    """The preset `name` (or the default for `players`) with the given overrides.

    Raises `RulesError` for an unknown preset or value, `CalcInputError` when `players` does not
    match the preset.
    """
    if players is not None and players not in DEFAULT_PRESET:
        raise CalcInputError(
            _("players={players!r}: expected 3 (sanma) or 4").format(players=players))
    rules = preset(name if name is not None else DEFAULT_PRESET[players or 4]).rules
    if players is not None and players != rules.players:
        raise CalcInputError(
            _(
                "players={players} but rule set {name!r} is for {rules_players} players; "
                "drop one of them, or name a {players}-player rule set"
            ).format(players=players, name=rules.name, rules_players=rules.players)
        )
    overrides: dict[str, Any] = {}
    if kiriage is not None:
        overrides["kiriage"] = kiriage
    if kazoe is not None:
        overrides["kazoe"] = kazoe
    if sanma_tsumo is not None:
        overrides["sanma_tsumo"] = sanma_tsumo
    return rules.with_overrides(overrides) if overrides else rules


# --- JSON lines -----------------------------------------------------------------------------


def _int(obj: Mapping[str, Any], key: str, default: int | None, minimum: int | None) -> int | None:
    raw = obj.get(key, default)
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise CalcInputError(f"{key}={json.dumps(raw)}: expected a whole number")
    if minimum is not None and raw < minimum:
        raise CalcInputError(f"{key}={raw}: expected a whole number, {minimum} or more")
    return raw


def _bool(obj: Mapping[str, Any], key: str) -> bool | None:
    raw = obj.get(key)
    if raw is not None and not isinstance(raw, bool):
        raise CalcInputError(f"{key}={json.dumps(raw)}: expected true or false")
    return raw


def _choice(obj: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str | None:
    raw = obj.get(key)
    if raw is not None and raw not in choices:
        hint = suggest(raw, list(choices)) if isinstance(raw, str) else ""
        raise CalcInputError(
            f"{key}={json.dumps(raw)}: expected one of {', '.join(map(json.dumps, choices))}{hint}"
        )
    return raw


def _name(obj: Mapping[str, Any]) -> str | None:
    raw = obj.get("rules")
    if raw is not None and not isinstance(raw, str):
        raise CalcInputError(f'rules={json.dumps(raw)}: expected a preset name, e.g. "wrc"')
    return raw


def _check_keys(obj: Mapping[str, Any], known: tuple[str, ...], kind: str) -> None:
    for key in obj:
        if key not in known:
            raise CalcInputError(
                f"unknown key {key!r} for a {kind}{suggest(key, list(known))} "
                f"(keys: {', '.join(known)})"
            )


def _limit(limit: Limit | None) -> str | None:
    return None if limit is None else limit.value


def score_line(obj: Any) -> dict[str, Any]:
    """The output object for one parsed `--jsonl` input object (see docs/calc.md).

    >>> score_line({"win": "ron", "han": 3, "fu": 30, "dealer": True, "honba": 1})
    {'base': 960, 'limit': None, 'ron': 6100, 'tsumo_dealer': None, 'tsumo_non_dealer': None, \
'total': 6100}
    """
    if not isinstance(obj, dict):
        raise CalcInputError(
            f'expected a JSON object such as {{"win": "ron", "han": 3, "fu": 30}}, '
            f"got {json.dumps(obj)[:60]}"
        )
    if "final" in obj:
        return _score_final(obj)
    _check_keys(obj, _WIN_KEYS, 'hand (or give "final" scores for a game)')
    win = _choice(obj, "win", ("ron", "tsumo"))
    if win is None:
        raise CalcInputError('missing "win": give "ron" or "tsumo"')
    rules = rules_for(
        _name(obj),
        _int(obj, "players", None, 0),
        _bool(obj, "kiriage"),
        _choice(obj, "kazoe", _KAZOE),
        _choice(obj, "sanma_tsumo", ("loss", "bisection")),
    )
    yakuman = _int(obj, "yakuman", None, 1)
    # han and fu are checked by the calculator, whose messages say what a hand can score.
    han = _int(obj, "han", None, None)
    fu = _int(obj, "fu", 0, None) or 0
    if yakuman is not None:
        if han is not None or "fu" in obj:
            raise CalcInputError("give han and fu, or yakuman, not both")
        value = HandValue(yakuman=yakuman)
    elif han is None:
        raise CalcInputError('missing "han": give "han" (and "fu" below 5 han), or "yakuman"')
    else:
        value = HandValue(han=han, fu=fu)
    q = quote(
        value,
        tsumo=win == "tsumo",
        dealer=bool(_bool(obj, "dealer")),
        honba=_int(obj, "honba", 0, 0) or 0,
        deposits=_int(obj, "deposits", 0, 0) or 0,
        rules=rules,
    )
    return {
        "base": q.base,
        "limit": _limit(q.limit),
        "ron": q.ron,
        "tsumo_dealer": q.tsumo_dealer,
        "tsumo_non_dealer": q.tsumo_non_dealer,
        "total": q.total,
    }


def _score_final(obj: Mapping[str, Any]) -> dict[str, Any]:
    _check_keys(obj, _FINAL_KEYS, "finished game")
    final = obj["final"]
    if not isinstance(final, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in final
    ):
        raise CalcInputError(
            f"final={json.dumps(final)}: expected the final scores in seat order, "
            "e.g. [45000, 30000, 30000, 15000]"
        )
    players = _int(obj, "players", None, 0)
    name = _name(obj)
    if players is None and name is None and len(final) in DEFAULT_PRESET:
        players = len(final)
    rules = rules_for(name, players)
    deposits_left = _int(obj, "deposits_left", 0, 0) or 0
    check_final_scores(final, rules, deposits_left=deposits_left)
    result = game_result(final, rules, deposits_left=deposits_left)
    return {
        "places": list(result.places),
        "uma": list(result.uma),
        "oka": list(result.oka),
        "total": list(result.total),
        "rounded": list(result.rounded),
    }


def run_jsonl(lines: Iterable[str], out: TextIO) -> int:
    """Score every JSON line of `lines` onto `out`, one output line per input line, in order.

    A line that cannot be scored gives `{"error": "line N: ..."}` and the rest go on. Blank
    lines are skipped. Returns the number of error lines.

    The output is for scripts: its error messages are English whatever language the user
    reads, so a script that matches them works everywhere.
    """
    from mjevent.tui.views import language

    with language.english():
        return _run_jsonl(lines, out)


def _run_jsonl(lines: Iterable[str], out: TextIO) -> int:
    errors = 0
    buffer: list[str] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            result = score_line(json.loads(line))
        except json.JSONDecodeError as error:
            result = {"error": f"line {number}: not JSON ({error}); give one object per line"}
        except ValueError as error:  # CalcInputError, IllegalHandError, RulesError, ScoreSumError
            result = {"error": f"line {number}: {error}"}
        if "error" in result:
            errors += 1
        buffer.append(json.dumps(result))
        if len(buffer) >= 512:
            out.write("\n".join(buffer) + "\n")
            buffer.clear()
    if buffer:
        out.write("\n".join(buffer) + "\n")
    return errors


# --- The chart ------------------------------------------------------------------------------


def _limit_name(name: str) -> str:
    """A limit as people read it (`mangan` in English, 満貫 in Japanese; `scoring.limit_name`);
    the Latin names stay what the command line and the entry line take."""
    if name in Limit.__members__.values():
        return limit_name(Limit(name))
    return pgettext("hand value", "double yakuman") if name == "double yakuman" else name


def _rules_lines(rules: RuleSet) -> list[str]:
    if rules.players != 3:
        kind = pgettext("calc", "{players} players").format(players=rules.players)
    elif rules.sanma_tsumo is SanmaTsumo.LOSS:
        kind = _("3 players, tsumo loss")
    else:
        kind = _("3 players, north bisection")
    described = (
        _("Rules: {name} ({kind}, kiriage on, 13+ han = {kazoe})")
        if rules.kiriage
        else _("Rules: {name} ({kind}, kiriage off, 13+ han = {kazoe})")
    )
    return [
        described.format(name=rules.name, kind=kind, kazoe=_limit_name(rules.kazoe.value)),
        _("Honba: {ron} per ron, {tsumo} per tsumo payer").format(
            ron=rules.honba_ron, tsumo=rules.honba_tsumo_each
        ),
    ]


def _cell(rules: RuleSet, value: HandValue, *, dealer: bool) -> str:
    try:
        ron: str = str(quote(value, tsumo=False, dealer=dealer, rules=rules).ron)
    except IllegalHandError:
        ron = "-"
    try:
        q = quote(value, tsumo=True, dealer=dealer, rules=rules)
    except IllegalHandError:
        return ron
    return f"{ron} ({_tsumo_text(q)})"


def _tsumo_text(q: Quote) -> str:
    if q.tsumo_dealer is None:
        return pgettext("calc", "{amount} all").format(amount=q.tsumo_non_dealer)
    return f"{q.tsumo_non_dealer}/{q.tsumo_dealer}"


def chart_text(rules: RuleSet) -> str:
    """The full score chart for `rules`: han x fu for non-dealer and dealer, ron and tsumo,
    then the limits. Fits 80 columns; no honba or sticks included."""
    width = 18
    lines = [_("SCORE CHART (no honba, no riichi sticks)"), *_rules_lines(rules), ""]
    for dealer in (False, True):
        lines.append(
            _("DEALER: ron (tsumo: each pays)")
            if dealer
            else _("NON-DEALER: ron (tsumo: non-dealer/dealer)")
        )
        heads = "".join(
            pad(pgettext("calc", "{han} han").format(han=h), width) for h in (1, 2, 3, 4)
        )
        lines.append((pad(pgettext("calc", "fu"), 6) + heads).rstrip())
        for fu in _CHART_FU:
            cells = [_cell(rules, HandValue(han, fu), dealer=dealer) for han in (1, 2, 3, 4)]
            lines.append(f"{fu:<6}" + "".join(pad(c, width) for c in cells).rstrip())
        lines.append("")
    lines.append(
        _(
            "- no such hand: 20 fu is a tsumo (pinfu), 25 fu chiitoitsu (tsumo from 3 han),\n"
            "  1 han 110 fu a closed ron only"
        )
    )
    lines.append("")
    lines.append(
        pad(pgettext("calc", "LIMITS"), 16)
        + pad(pgettext("calc", "han"), 10)
        + pad(pgettext("calc", "non-dealer ron (tsumo)"), 26)
        + pgettext("calc", "dealer ron (tsumo)")
    )
    sanbaiman = "11-12" if rules.kazoe is Kazoe.YAKUMAN else "11+"
    yakuman = "13+" if rules.kazoe is Kazoe.YAKUMAN else pgettext("calc", "yaku only")
    rows = [
        ("mangan", "5", HandValue(5)),
        ("haneman", "6-7", HandValue(6)),
        ("baiman", "8-10", HandValue(8)),
        ("sanbaiman", sanbaiman, HandValue(11)),
        ("yakuman", yakuman, HandValue(yakuman=1)),
    ]
    if rules.multiple_yakuman:
        rows.append(("double yakuman", "-", HandValue(yakuman=2)))
    for label, han, value in rows:
        non_dealer = _cell(rules, value, dealer=False)
        dealer_cell = _cell(rules, value, dealer=True)
        line = pad(_limit_name(label), 16) + pad(han, 10) + pad(non_dealer, 26) + dealer_cell
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


# --- Human output ---------------------------------------------------------------------------


def _parse_value(han: str, fu: int | None) -> HandValue:
    if han.lower() in ("yakuman", "ykm"):
        return HandValue(yakuman=1 if fu is None else fu)
    try:
        limit = limit_value(han)
    except ValueError as error:
        raise CalcInputError(_("han {error}").format(error=error)) from None
    if limit is not None:
        if fu is not None:
            raise CalcInputError(_("han {han!r} is a limit: give no fu with it").format(han=han))
        return limit
    try:
        count = int(han)
    except ValueError:
        raise CalcInputError(
            _(
                "han {han!r}: expected a number of han (1, 2, ... 13), a limit (mangan, 4/mgn, "
                "haneman, baiman, sanbaiman) or 'yakuman', e.g. mjevent calc ron 3 30"
            ).format(han=han)
        ) from None
    return HandValue(han=count, fu=fu or 0)


def _n(amount: int | None) -> int:
    # `quote` leaves the amounts of the other win kind at None; the caller asks for its own kind.
    return 0 if amount is None else amount


def _with_honba(total: int, plain: int) -> str:
    if total == plain:
        return format_number(total)
    return _("{total} ({plain} + {honba} honba)").format(
        total=format_number(total), plain=format_number(plain), honba=format_number(total - plain)
    )


def _win_kind(*, tsumo: bool, dealer: bool) -> str:
    if dealer:
        return pgettext("calc", "Dealer tsumo") if tsumo else pgettext("calc", "Dealer ron")
    return pgettext("calc", "Non-dealer tsumo") if tsumo else pgettext("calc", "Non-dealer ron")


def describe_win(
    value: HandValue, *, tsumo: bool, dealer: bool, honba: int, deposits: int, rules: RuleSet
) -> str:
    """What a person asked `mjevent calc ron 3 30 ...` reads: who pays what, base, limit."""
    q = quote(value, tsumo=tsumo, dealer=dealer, honba=honba, deposits=deposits, rules=rules)
    plain = quote(value, tsumo=tsumo, dealer=dealer, rules=rules)
    parts = [_win_kind(tsumo=tsumo, dealer=dealer), describe(value)]
    if honba:
        parts.append(pgettext("calc", "{honba} honba").format(honba=honba))
    if deposits:
        parts.append(
            ngettext(
                "{count} riichi stick on the table", "{count} riichi sticks on the table", deposits
            ).format(count=deposits)
        )
    # A list of facts, not a sentence: each language's list separator joins them.
    lines = [pgettext("list", ", ").join(parts), *_rules_lines(rules)]
    limit = _limit_name(q.limit.value) if q.limit else pgettext("calc", "no limit")
    base = pgettext("calc", "{base} ({limit})").format(base=format_number(q.base), limit=limit)
    rows = [(pgettext("calc", "Base points:"), base)]
    others = rules.players - 2
    if not tsumo:
        rows.append((pgettext("calc", "Discarder pays:"), _with_honba(_n(q.ron), _n(plain.ron))))
    elif dealer:
        each = _with_honba(_n(q.tsumo_non_dealer), _n(plain.tsumo_non_dealer))
        rows.append((pgettext("calc", "Each player pays:"), f"{each} x {rules.players - 1}"))
    else:
        dealer_pays = _with_honba(_n(q.tsumo_dealer), _n(plain.tsumo_dealer))
        rows.append((pgettext("calc", "Dealer pays:"), dealer_pays))
        each = _with_honba(_n(q.tsumo_non_dealer), _n(plain.tsumo_non_dealer))
        if others > 1:
            rows.append((pgettext("calc", "Each non-dealer pays:"), f"{each} x {others}"))
        else:
            rows.append((pgettext("calc", "Non-dealer pays:"), each))
    gains = (
        _("{total} (with {sticks} in riichi sticks)").format(
            total=format_number(q.total), sticks=format_number(deposits * rules.riichi_value)
        )
        if deposits
        else format_number(q.total)
    )
    rows.append((pgettext("calc", "Winner gains:"), gains))
    lines += [pad(label, 22) + text for label, text in rows]
    return "\n".join(lines) + "\n"


# --- The command ----------------------------------------------------------------------------


def _fail(message: str) -> typer.Exit:
    typer.echo(f"mjevent calc: {message}", err=True)
    return typer.Exit(2)


@command_help(
    N_(
        "The hand calculator: who pays what for a hand, a printable score chart, or batch JSON."
        "\n\n\b\nExamples:\n"
        "  mjevent calc ron 3 30 --dealer --honba 1\n"
        "  mjevent calc tsumo 4 30 --rules sanma-club\n"
        "  mjevent calc ron yakuman\n"
        "  mjevent calc tsumo 7 --deposits 2\n"
        "  mjevent calc --chart --rules wrc\n"
        "  echo '{\"win\": \"ron\", \"han\": 2, \"fu\": 40}' | mjevent calc --jsonl"
    )
)
def calc(
    win: str | None = typer.Argument(
        None, metavar="ron|tsumo", help=N_("How the hand was won."), show_default=False
    ),
    han: str | None = typer.Argument(
        None,
        metavar="HAN|LIMIT|yakuman",
        help=N_(
            "Han (13+ per kazoe), a limit (mangan, 4/mgn, haneman, baiman, sanbaiman), or "
            "'yakuman'."
        ),
        show_default=False,
    ),
    fu: int | None = typer.Argument(
        None,
        metavar="FU|N",
        help=N_(
            "Fu (20, 25, 30, 40 ... 110); not needed from 5 han; after 'yakuman', how many."
        ),
        show_default=False,
    ),
    dealer: bool = typer.Option(False, "--dealer", help=N_("The winner is the dealer.")),
    honba: int = typer.Option(0, "--honba", min=0, help=N_("Counters on the table.")),
    deposits: int = typer.Option(
        0,
        "--deposits",
        min=0,
        help=N_("Riichi sticks already on the table (the winner takes them)."),
    ),
    rules_name: str | None = typer.Option(
        None,
        "--rules",
        help=filled_help(N_("A rules preset: {presets}."), presets=", ".join(PRESET_NAMES)),
    ),
    players: int | None = typer.Option(
        None,
        "--players",
        help=N_("3 or 4; without --rules picks sanma-club (3) or ema2016 (4)."),
        show_default=False,
    ),
    kiriage: bool | None = typer.Option(
        None, "--kiriage/--no-kiriage", help=N_("Override kiriage mangan."), show_default=False
    ),
    kazoe: str | None = typer.Option(
        None,
        "--kazoe",
        metavar="yakuman|sanbaiman",
        help=N_("Override what 13+ han count as."),
    ),
    sanma_tsumo: str | None = typer.Option(
        None,
        "--sanma-tsumo",
        metavar="loss|bisection",
        help=N_("Override the sanma tsumo payment."),
    ),
    chart: bool = typer.Option(False, "--chart", help=N_("Print the full score chart.")),
    jsonl: bool = typer.Option(
        False,
        "--jsonl",
        help=N_("Read JSON lines on stdin, write results on stdout (docs/calc.md)."),
    ),
) -> None:
    if jsonl:
        if win is not None or chart:
            raise _fail(_("--jsonl reads its hands from stdin; give no hand and no --chart"))
        errors = run_jsonl(sys.stdin, sys.stdout)
        if errors:
            raise typer.Exit(1)
        return
    try:
        rules = rules_for(rules_name, players, kiriage, kazoe, sanma_tsumo)
    except (RulesError, CalcInputError) as error:
        raise _fail(str(error)) from None
    if chart:
        if win is not None:
            raise _fail(_("--chart prints every hand; give no hand with it"))
        typer.echo(chart_text(rules), nl=False)
        return
    if win is None or han is None:
        raise _fail(
            _(
                "give how the hand was won and its value, e.g. 'mjevent calc ron 3 30' or "
                "'mjevent calc tsumo yakuman' (see --help)"
            )
        )
    if win not in ("ron", "tsumo"):
        raise _fail(
            _("{win!r}: expected ron or tsumo{hint}").format(
                win=win, hint=suggest(win, ["ron", "tsumo"])
            )
        )
    try:
        value = _parse_value(han, fu)
        text = describe_win(
            value, tsumo=win == "tsumo", dealer=dealer, honba=honba, deposits=deposits, rules=rules
        )
    except (CalcInputError, IllegalHandError) as error:
        raise _fail(str(error)) from None
    typer.echo(text, nl=False)
