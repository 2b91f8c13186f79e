"""The players screen (mode "players", F4): search, the roll call, and every change to a player.

The list shows each player's id, name, team, status (active, withdrawn from a round, back from
a round, substitute), seat in the current round and the round's roll call (here / absent). `/`
searches by name or id (case and accents ignored); Enter or Down goes back to the list.

Each change is one command of `events/commands.py` in a `CommandDialog` that shows what the
entry would change before it is confirmed with `ctrl+s` (or Enter in its last field): `c`
check in / `x` mark absent for a round (`check_in_player`), `a` add a late player
(`add_player`), `n` rename (`rename_player`), `w` withdraw (`withdraw_player`), `b` bring back
(`return_player`), `u` substitute for the player at their table (`substitute_player`), `p` a
penalty (`add_late_penalty`, `add_score_sheet_penalty`, `add_penalty`: EMA 2025 §7.2, §7.5). A
refused command says why in the dialog; nothing is written. When a change breaks the seating
(`core.seating.event_state.reseat_needed`), the screen offers the re-seat dialog (`r`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import Static

from mjevent.core.drafts import (
    draft_check_in,
    draft_late_penalty,
    draft_penalty,
    draft_player,
    draft_rename,
    draft_return,
    draft_score_sheet_penalty,
    draft_substitute,
    draft_withdrawal,
)
from mjevent.core.i18n import N_, _, pgettext
from mjevent.core.penalties import PenaltyKind, parse_lateness
from mjevent.core.state import EventState
from mjevent.tui.console.dialogs.command import CommandDialog, Field, Plan
from mjevent.tui.console.dialogs.seating_plan import RESEAT_KEY, ReseatOffer, regenerate_form
from mjevent.tui.console.screens.base import ListScreen
from mjevent.tui.console.widgets.sheet_table import SheetTable
from mjevent.tui.views.changes import ChangePreview
from mjevent.tui.views.players import PlayerRow, next_player_id, player_rows, seat_of
from mjevent.tui.views.sheets import Column

__all__ = ["PlayersScreen"]

_COLUMNS = (
    Column(N_("Id"), lambda r: r.id, lambda r: r.id),
    Column(N_("Name"), lambda r: r.name, lambda r: r.name.casefold()),
    Column(N_("Team"), lambda r: r.team, lambda r: r.team.casefold()),
    Column(N_("Status"), lambda r: r.status, lambda r: r.status),
    Column(N_("Seated"), lambda r: r.seat, lambda r: r.seat),
    Column(N_("Here"), lambda r: r.here, lambda r: r.here),
)
"""The list's columns: English headers, shown in the language in use (`Column.label`)."""

def _field(name: str) -> str:
    # A field as an error about it names it ("from round: give ...").
    names = {
        "id": pgettext("field", "id"),
        "name": pgettext("field", "name"),
        "round": pgettext("field", "round"),
        "from_round": pgettext("field", "from round"),
        "table": pgettext("field", "table"),
        "substitute": pgettext("field", "substitute"),
        "kind": pgettext("field", "kind"),
        "during_game": pgettext("field", "in play"),
        "value": pgettext("field", "minutes or points"),
        "reason": pgettext("field", "reason"),
    }
    return names.get(name, name.replace("_", " "))


def _number(values: Mapping[str, str], name: str, what: str = "") -> int:
    # `what` is the number it wants, translated (default: a round number).
    text = values.get(name, "")
    if not text.isdigit() or int(text) < 1:
        raise ValueError(_("{field}: give {what}").format(
            field=_field(name), what=what or _("a round number such as 3")))
    return int(text)


def _yes_no(values: Mapping[str, str], name: str) -> bool | None:
    # y / n (the keys, as in every language's placeholder); empty: None.
    text = values.get(name, "").strip().casefold()
    if not text:
        return None
    if text in ("y", "yes"):
        return True
    if text in ("n", "no"):
        return False
    raise ValueError(_("{field}: give {what}").format(
        field=_field(name), what=_("y or n, or leave it empty")))


def _needed(values: Mapping[str, str], name: str, what: str) -> str:
    text = values.get(name, "")
    if not text:
        raise ValueError(_("{field}: give {what}").format(field=_field(name), what=what))
    return text


class PlayersScreen(ListScreen):
    """Every player with their status and seat; each change through a confirming dialog."""

    FOOTER_KEYS: ClassVar[tuple[str, ...]] = (
        "players.check_in",
        "players.absent",
        "players.search",
        "players.add",
        "players.withdraw",
        "players.substitute",
    )
    """The keys the footer keeps first when 80 columns cannot show them all."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "slash", "search", N_("Search"),
            tooltip=N_("Search players by name or id"), id="players.search",
        ),
        Binding(
            "escape", "clear_search", N_("Clear"),
            tooltip=N_("Show every player again"), id="players.clear_search",
        ),
        Binding("a", "add", N_("Add"), tooltip=N_("Add a late player"), id="players.add"),
        Binding(
            "n", "rename", N_("Rename"),
            tooltip=N_("Correct the selected player's name"), id="players.rename",
        ),
        Binding(
            "c", "check_in(True)", N_("Check in"),
            tooltip=N_("The selected player is here for the round (the roll call)"),
            id="players.check_in",
        ),
        Binding(
            "x", "check_in(False)", N_("Absent"),
            tooltip=N_("Mark the selected player absent for the round"), id="players.absent",
        ),
        Binding(
            "w", "withdraw", N_("Withdraw"),
            tooltip=N_("Withdraw the selected player from a round on"), id="players.withdraw",
        ),
        Binding(
            "b", "return", N_("Return"),
            tooltip=N_("Bring a withdrawn player back from a round on"), id="players.return",
        ),
        Binding(
            "u", "substitute", N_("Substitute"),
            tooltip=N_("Someone plays the selected player's seat in one round"),
            id="players.substitute",
        ),
        Binding(
            "p", "penalty", N_("Penalty"),
            tooltip=N_("Take points off the selected player: late, score sheet, or an amount"),
            id="players.penalty",
        ),
        RESEAT_KEY,
    ]

    HELP = N_(
        "/ searches by name or id. c checks the player in for the round, x marks them absent. "
        "a adds a late player, n renames, w withdraws, b brings a "
        "withdrawn player back, u seats a substitute: each dialog shows what the entry changes "
        "before ctrl+s records it. When a change leaves the seating unfit (a withdrawn player "
        "still seated, an active one not seated), a notice says so and r opens the dialog that "
        "re-seats the rounds not yet played."
    )

    PLACEHOLDER = N_("/ search a name or id")

    def __init__(self) -> None:
        super().__init__()
        self.rows: tuple[PlayerRow, ...] = ()
        self.search = ""
        self.reseat = ReseatOffer()

    def show_state(self, state: EventState) -> None:
        self.rows = player_rows(state, state.current_round)
        self.show_rows()
        if self.reseat.update(state):
            self.reseat.tell(self, state)
        self.refresh_bindings()

    def show_rows(self) -> None:
        """The players that match the search, in the file's order (or the chosen sort)."""
        shown = [r for r in self.rows if r.matches(self.search)]
        columns = _COLUMNS if any(r.team for r in self.rows) else tuple(
            c for c in _COLUMNS if c.header != "Team"
        )
        self.query_one(SheetTable).show(columns, shown, lambda r: r.id)
        state = self.console.state
        active = sum(1 for r in self.rows if not r.withdrawn)
        count = _("{n} players, {active} active; seats of round {round}").format(
            n=len(self.rows), active=active, round=state.current_round)
        if self.search:
            count = _("{n} of {total} players match {search!r}").format(
                n=len(shown), total=len(self.rows), search=self.search)
        self.query_one("#count", Static).update(count)
        self.update_detail()
        self.refresh_bindings()

    # ----- search

    def search_changed(self, text: str) -> None:
        self.search = text.strip()
        self.show_rows()

    def show_detail(self, row: object) -> str:
        assert isinstance(row, PlayerRow)
        state = self.console.state
        seat = (
            _("seated {seat} in round {round}").format(seat=row.seat, round=state.current_round)
            if row.seat
            else _("not seated in round {round}").format(round=state.current_round)
        )
        if row.team:
            return _("{name} ({id}), team {team}: {status}; {seat}").format(
                name=row.name, id=row.id, team=row.team, status=row.status, seat=seat)
        return _("{name} ({id}): {status}; {seat}").format(
            name=row.name, id=row.id, status=row.status, seat=seat)

    # ----- changes

    def selected(self) -> PlayerRow | None:
        """The player under the cursor."""
        row = self.query_one(SheetTable).current_item() if self.is_mounted else None
        return row if isinstance(row, PlayerRow) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        row = self.selected()
        if action in ("rename", "withdraw", "substitute", "check_in", "penalty") and row is None:
            return None
        if action == "withdraw" and row is not None and row.withdrawn:
            return None
        if action == "return" and (row is None or not row.withdrawn):
            return None
        if action == "clear_search":
            return True if self.search else None
        if action == "reseat":
            # Hidden (not dimmed) while the seating fits: the key showing up is the signal.
            return self.reseat.needed is not None
        return True

    def _open(
        self,
        title: str,
        about: str,
        fields: Sequence[Field],
        planner: Callable[[Mapping[str, str]], Plan],
    ) -> None:
        self.app.push_screen(
            CommandDialog(
                title, about, fields, planner, state=self.console.state,
                changes=ChangePreview(self.console.session),
            )
        )

    def action_reseat(self) -> None:
        self.app.clear_notifications()  # the notice would cover the dialog's preview
        self.app.push_screen(regenerate_form(self.console.state))

    def action_add(self) -> None:
        state = self.console.state

        def plan(v: Mapping[str, str]) -> Plan:
            pid = _needed(v, "id", _("the new player's id"))
            name = _needed(v, "name", _("the player's name"))
            team = v.get("team") or None
            return Plan(draft_player(self.console.session.stamp(), pid, name, team=team))

        self._open(
            _("Add a late player"),
            _("The player joins with no games; seat them in the next round's seating."),
            [
                Field("id", _("Id"), next_player_id(state.players)),
                Field("name", _("Name"), placeholder=_("as it goes on the standings")),
                Field("team", _("Team"), placeholder=_("team id (optional)")),
            ],
            plan,
        )

    def action_rename(self) -> None:
        row = self.selected()
        if row is None:
            return

        def plan(v: Mapping[str, str]) -> Plan:
            name = _needed(v, "name", _("the corrected name"))
            return Plan(draft_rename(self.console.session.stamp(), row.id, name))

        self._open(
            _("Rename {name} ({id})").format(name=row.name, id=row.id),
            _("The id, results and seats stay; every screen shows the new name."),
            [Field("name", _("Name"), row.name)],
            plan,
        )

    def action_check_in(self, present: bool) -> None:
        row = self.selected()
        if row is None:
            return
        state = self.console.state

        def plan(v: Mapping[str, str]) -> Plan:
            rnd = _number(v, "round")
            return Plan(draft_check_in(self.console.session.stamp(), row.id, rnd, present))

        title = _("{name} ({id}) is here") if present else _("{name} ({id}) is absent")
        self._open(
            title.format(name=row.name, id=row.id),
            _("The roll call of the round; the last call for a player counts.") if present
            else _("The roll call of the round; the last call for a player counts. Seat a "
                   "substitute (u) or re-seat the round."),
            [Field("round", _("Round"), str(state.current_round))],
            plan,
        )

    def action_withdraw(self) -> None:
        row = self.selected()
        if row is None:
            return
        state = self.console.state

        def plan(v: Mapping[str, str]) -> Plan:
            rnd = _number(v, "from_round")
            reason = v.get("reason", "")
            return Plan(draft_withdrawal(self.console.session.stamp(), row.id, rnd, reason))

        self._open(
            _("Withdraw {name} ({id})").format(name=row.name, id=row.id),
            _("Results so far stay; the player is not seated from that round on."),
            [
                Field("from_round", _("From round"), str(state.current_round)),
                Field("reason", _("Reason"), placeholder=_("optional, kept in the log")),
            ],
            plan,
        )

    def action_return(self) -> None:
        row = self.selected()
        if row is None or not row.withdrawn:
            return
        state = self.console.state

        def plan(v: Mapping[str, str]) -> Plan:
            rnd = _number(v, "from_round")
            return Plan(draft_return(self.console.session.stamp(), row.id, rnd))

        self._open(
            _("Bring back {name} ({id})").format(name=row.name, id=row.id),
            _("The player may be seated again from that round on."),
            [Field("from_round", _("From round"), str(state.current_round))],
            plan,
        )

    def action_substitute(self) -> None:
        row = self.selected()
        if row is None:
            return
        state = self.console.state
        rnd = state.current_round
        where = seat_of(state, row.id, rnd)

        def plan(v: Mapping[str, str]) -> Plan:
            r = _number(v, "round")
            table = _number(v, "table", _("a table number such as 2"))
            name = _needed(v, "substitute", _("the substitute's name"))
            during = _yes_no(v, "during_game")
            return Plan(draft_substitute(
                self.console.session.stamp(), r, table, row.id, name, during_game=during
            ))

        self._open(
            _("Substitute for {name} ({id})").format(name=row.name, id=row.id),
            _("The substitute plays the seat; the seat scores the rules' substitute result."),
            [
                Field("round", _("Round"), str(rnd)),
                Field("table", _("Table"), "" if where is None else str(where[0])),
                Field("substitute", _("Substitute"), placeholder=_("who plays the seat")),
                # EMA 2025 §7.3: the uma may depend on it; empty: after a recorded hand.
                Field(
                    "during_game", _("In play"),
                    placeholder=_("y: after the start, n: before; empty: from the hands"),
                ),
            ],
            plan,
        )

    def action_penalty(self) -> None:
        row = self.selected()
        if row is None:
            return
        state = self.console.state
        rules = state.rules
        kinds = ", ".join([PenaltyKind.LATE, PenaltyKind.SCORE_SHEET, "points"])

        def plan(v: Mapping[str, str]) -> Plan:
            rnd = _number(v, "round")
            kind = v.get("kind", "").strip()
            detail = v.get("reason", "").strip()

            stamp = self.console.session.stamp()
            if kind == PenaltyKind.LATE:
                # A ValueError (PenaltyRuleError) is shown in the dialog: too late, no such rule.
                seconds = parse_lateness(_needed(v, "value", _("the minutes late, e.g. 3:20")))
                return Plan(draft_late_penalty(stamp, rules, row.id, seconds, round=rnd))
            if kind == PenaltyKind.SCORE_SHEET:
                return Plan(
                    draft_score_sheet_penalty(stamp, rules, row.id, detail=detail, round=rnd)
                )
            if kind == "points":
                text = _needed(v, "value", _("the points to take off, e.g. 5000")).replace(",", "")
                if not text.isdigit():
                    raise ValueError(_("{field}: give {what}").format(
                        field=_field("value"), what=_("the points to take off, e.g. 5000")))
                amount, reason = int(text), _needed(v, "reason", _("the reason"))
                return Plan(draft_penalty(stamp, row.id, amount, reason, round=rnd))
            raise ValueError(_("{field}: give one of {kinds}").format(
                field=_field("kind"), kinds=kinds))

        self._open(
            _("Penalty for {name} ({id})").format(name=row.name, id=row.id),
            _("Kind: late (give the minutes late, e.g. 3:20; the rules size it), sheet (a score "
              "sheet; the rules size it) or points (give the amount and a reason)."),
            [
                Field("kind", _("Kind"), PenaltyKind.LATE),
                Field("value", _("How much"), placeholder=_("3:20, or 5000")),
                Field("reason", _("Reason"), placeholder=_("sheet: optional; points: needed")),
                Field("round", _("Round"), str(state.current_round)),
            ],
            plan,
        )
