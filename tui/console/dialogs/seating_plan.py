"""`SeatingPlanDialog`: make a seating (or a swap) from a few fields, see its cost, confirm.

The seating screen's keys open one of these: generate, load a library block, import a file,
swap two players, re-seat the rounds not yet played, seat a round by the standings, seat the
next stage from the standings' cut, re-seat a table that played on the wrong winds. Each reads
its fields, asks `core/seating/event_plans.py` for the plan (the same functions `mjevent seat` and
`mjevent seating swap` call) and shows what it would write: the rounds and method, the cost
(new repeated pairs, wind spread, table-number repeats), byes when the players do not fill the
tables. Making a plan can take seconds, so it runs in a worker while the dialog says
"Working out the seating..."; it is worked out when the dialog opens and again on Enter or
`ctrl+s` after a field changed (not on every keystroke: a generation per letter of a draw text
would keep both cores busy for nothing). `ctrl+s` writes the plan that is shown, as one entry,
and never a plan the director has not seen.

The forms themselves (`generate_form`, `swap_form` ...) are plain functions of the state that
return the dialog; the screens only push it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from textual import on, work
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input, Static
from textual.worker import get_current_worker

from mjevent.core.drafts import draft_reseat
from mjevent.core.finish import planned_rounds
from mjevent.core.i18n import N_, _, listed, ngettext, pgettext, wind_name
from mjevent.core.scoring import IllegalHandError
from mjevent.core.seating.event_plans import (
    ByesNeeded,
    RoundsPlayed,
    left_out,
    plan_cost,
    plan_generated,
    plan_import,
    plan_library,
    plan_listed,
    plan_next_stage,
    plan_ranked,
    plan_regeneration,
    plan_swap,
)
from mjevent.core.seating.event_state import (
    ReseatNeeded,
    active_roster,
    draw_text,
    find_player,
    played_rounds,
    reseat_needed,
)
from mjevent.core.seating.imports import FORMATS, MAX_SEATING_BYTES
from mjevent.core.seating.library import block_names
from mjevent.core.seating.plan import Plan as SeatingPlan
from mjevent.core.standings.compute import Standings
from mjevent.core.state import EventState
from mjevent.events.commands import record_entry
from mjevent.events.files import FileRefusedError, read_regular
from mjevent.events.seating import write_plan, write_swap
from mjevent.tui.console.dialogs.command import CommandDialog, Field, Plan
from mjevent.tui.views.changes import ChangePreview
from mjevent.tui.views.seating import reseat_lines

__all__ = [
    "RESEAT_KEY",
    "SEATING_KEYS",
    "Proposal",
    "ReseatOffer",
    "SeatingPlanDialog",
    "generate_form",
    "import_form",
    "library_form",
    "ranked_form",
    "regenerate_form",
    "reseat_table_form",
    "seating_form",
    "stage_form",
    "swap_form",
]


@dataclass(frozen=True)
class Proposal:
    """What the dialog would write: the preview lines, and `write(app)` that writes it through
    the app (which shows the new state) and returns the new state."""

    lines: tuple[str, ...]
    write: Callable[[Any], EventState]


Proposer = Callable[[Mapping[str, str]], Proposal]
"""Reads the fields and makes the proposal (slow: runs in a worker); a `ValueError` (every
`CommandError` and `SeatingError` is one) says what is wrong, in words the director can act on."""


def _no_entry(values: Mapping[str, str]) -> Plan:
    raise ValueError("a seating dialog writes its proposal, not a single entry")


class SeatingPlanDialog(CommandDialog):
    """A `CommandDialog` whose preview is a seating plan worked out in a worker.

    The fields, buttons and keys are `CommandDialog`'s (`ctrl+s` confirms, Escape cancels); the
    preview and the confirmation are the plan's.
    """

    # Fields without the blank line between them or above the preview, and one-line buttons:
    # the preview (cost, byes) gets the rows, so that a re-seat with its byes fits 80x24 (28
    # players, one withdrawn, five rounds of byes: the buttons were one row below the screen).
    DEFAULT_CSS = """
    SeatingPlanDialog .dialog-field {
        margin-top: 0;
    }
    SeatingPlanDialog #dialog-changes {
        max-height: 14;
        margin-top: 0;
        color: $text;
    }
    SeatingPlanDialog #dialog-buttons Button {
        height: 1;
        border: none;
        min-width: 10;
        margin: 0 0 0 1;
    }
    """

    def __init__(
        self,
        title: str,
        about: str,
        fields: Sequence[Field],
        proposer: Proposer,
        *,
        state: EventState,
    ) -> None:
        super().__init__(title, about, fields, _no_entry, state=state)
        self.proposer = proposer
        self.proposal: Proposal | None = None
        self.shown_for: dict[str, str] | None = None
        """The field values the preview shown was made from (None: nothing shown yet)."""
        self.working_for: dict[str, str] | None = None
        """The values a worker is making a proposal for now."""

    # ----- preview (CommandDialog calls `preview` on mount and on every change of a field)

    def preview(self) -> None:
        """Work out the plan when the dialog opens; after a change, say how to see it again."""
        values = self.values()
        if self.shown_for is None and self.working_for is None:
            self.work_out(values)
        elif values == self.shown_for:
            self._show_lines(self.proposal, self._last_message)
        elif values != self.working_for:
            self._say(_("Fields changed: Enter or ctrl+s works out the seating for them."))

    _last_message = ""

    def work_out(self, values: dict[str, str]) -> None:
        """Start making the proposal for `values` in a worker (the event loop stays free)."""
        self.working_for = values
        self.query_one("#dialog-error", Static).update("")
        self._say(_("Working out the seating..."))
        self.make_proposal(values)

    @work(thread=True, exclusive=True, group="seating-plan", description="work out a seating")
    def make_proposal(self, values: dict[str, str]) -> None:
        """Call the proposer off the event loop; hand the result (or what is wrong) back."""
        try:
            proposal, message = self.proposer(values), ""
        except (ValueError, IllegalHandError) as error:
            proposal, message = None, str(error)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show_proposal, values, proposal, message)

    def show_proposal(
        self, values: dict[str, str], proposal: Proposal | None, message: str
    ) -> None:
        """Show the proposal made for `values` (dropped if newer values are being worked on)."""
        if values != self.working_for:
            return
        self.working_for = None
        self.shown_for, self.proposal, self._last_message = values, proposal, message
        self.query_one("#dialog-error", Static).update("")  # "still working" no longer holds
        if values == self.values():
            self._show_lines(proposal, message)
        else:
            self._say(_("Fields changed: Enter or ctrl+s works out the seating for them."))

    def _show_lines(self, proposal: Proposal | None, message: str) -> None:
        if proposal is None:
            self._say(_("Not possible: {message}").format(message=message))
        else:
            # The buttons under it say ctrl+s confirms and Esc cancels.
            self._say("\n".join(proposal.lines))

    def _say(self, text: str) -> None:
        self.query_one("#dialog-changes", Static).update(text)

    # ----- confirm

    @on(Input.Submitted)
    def _enter(self, event: Input.Submitted) -> None:
        # Replaces CommandDialog's Enter: the next field, or (last field) confirm; either way
        # the plan is worked out again when the fields changed.
        event.prevent_default()
        inputs = list(self.query(Input))
        if event.input is inputs[-1]:
            self.action_confirm()
            return
        inputs[inputs.index(event.input) + 1].focus()
        values = self.values()
        if values not in (self.shown_for, self.working_for):
            self.work_out(values)

    def action_confirm(self) -> None:
        """Write the plan shown; if the fields changed since, work it out first (a second
        `ctrl+s` writes it once the director has seen it)."""
        values = self.values()
        error = self.query_one("#dialog-error", Static)
        if values == self.working_for:
            error.update(_("Still working out the seating: ctrl+s again when it is shown."))
            return
        if values != self.shown_for:
            self.work_out(values)
            return
        if self.proposal is None:
            error.update(_("Nothing written: see above what to change."))
            return
        try:
            self.proposal.write(cast(Any, self.app))
        except (ValueError, IllegalHandError) as exc:
            error.update(_("Not recorded: {error}").format(error=exc))
            return
        self.dismiss(True)


# ----- the fields ---------------------------------------------------------------------------


def _number(values: Mapping[str, str], name: str, label: str, what: str) -> int:
    """The whole number typed in field `name`; `label` and `what` (what to give) are shown,
    already in the language in use."""
    text = values.get(name, "")
    if not text.isdigit() or int(text) < 1:
        raise ValueError(_("{label}: give {what}").format(label=label, what=what))
    return int(text)


def _optional_number(values: Mapping[str, str], name: str, label: str, what: str) -> int | None:
    return _number(values, name, label, what) if values.get(name) else None


def _yes(values: Mapping[str, str], name: str, label: str) -> bool:
    text = values.get(name, "").casefold()
    if text not in ("yes", "no", "y", "n"):
        raise ValueError(_("{label}: type yes or no").format(label=label))
    return text.startswith("y")


# ----- plans into proposals ------------------------------------------------------------------


def _plan_proposal(state: EventState, plan: SeatingPlan, offer: Sequence[str] = ()) -> Proposal:
    """The preview of a seating plan and its write (`write_plan`, repeats recorded as
    accepted: the director saw them before confirming)."""
    cost = plan_cost(state, plan)
    last = plan.first_round + len(plan.rounds) - 1
    where = (
        _("round {round}").format(round=last) if last == plan.first_round
        else _("rounds {first}-{last}").format(first=plan.first_round, last=last)
    )
    tables = len(plan.rounds[0]) if plan.rounds else 0
    seed = dict(plan.params).get("seed_text")
    head = ngettext(
        "Seat {rounds} ({method}): {tables} table a round",
        "Seat {rounds} ({method}): {tables} tables a round",
        tables,
    ).format(rounds=where, method=method_name(plan.method), tables=tables)
    if isinstance(seed, str):
        head = _("{head}; draw text {seed!r}").format(head=head, seed=seed)
    lines = [head, *offer, *cost.lines(state.name)]
    # A ranked round leaves the lowest placed out; a stage leaves out those cut (said by its
    # own offer line, as a count: they can be most of the event).
    out = left_out(state, plan) if plan.method in ("ranked", "swiss") else []
    if out:
        lines.append(_("sit out (lowest placed): {players}").format(
            players=listed([state.name(p) for p in out])))
    if cost.new_repeats:
        count = len(cost.new_repeats)
        lines.append(ngettext(
            "Confirming accepts this {count} repeated pair (kept in the entry).",
            "Confirming accepts these {count} repeated pairs (kept in the entry).",
            count,
        ).format(count=count))
    repeats = cost.new_repeats
    return Proposal(tuple(lines), lambda app: app.run_command(write_plan, plan, accepted=repeats))


def _again(key: str) -> str:
    """What the director does once the players fill the tables, by dialog (`_offering_byes`)."""
    words = {
        "generate": pgettext("seating again", "generate"),
        "re-seat": pgettext("seating again", "re-seat"),
        "seat": pgettext("seating again", "seat"),
    }
    return words[key]


def method_name(method: str) -> str:
    """How a seating was made (the entry's `method`), for people to read."""
    names = {
        "generated": pgettext("seating method", "generated"),
        "library": pgettext("seating method", "library"),
        "imported": pgettext("seating method", "imported"),
        "regenerated": pgettext("seating method", "regenerated"),
        "ranked": pgettext("seating method", "ranked"),
        "swiss": pgettext("seating method", "swiss"),
        "stage": pgettext("seating method", "stage"),
        "listed": pgettext("seating method", "as listed"),
    }
    return names.get(method, method)


def _offering_byes(
    state: EventState, make: Callable[[bool], SeatingPlan], again: str
) -> Proposal:
    """The plan without byes; when the players do not fill the tables, the plan with byes and
    the other way out (a substitute or a late player on the players screen, F4); `again` is a
    key of `_again`."""
    try:
        return _plan_proposal(state, make(False))
    except ByesNeeded as short:
        need = short.table_size - short.over
        offer = (
            ngettext(
                "{short}; byes offered below (ctrl+s accepts them), or add {need} player (a "
                "substitute) on the players screen (F4), then {again}.",
                "{short}; byes offered below (ctrl+s accepts them), or add {need} players (a "
                "substitute) on the players screen (F4), then {again}.",
                need,
            ).format(short=short, need=need, again=_again(again)),
        )
        return _plan_proposal(state, make(True), offer)


def _whole_event_only(make: Callable[[], Proposal]) -> Proposal:
    try:
        return make()
    except RoundsPlayed as played:
        raise ValueError(_("{reason} (r re-seats from round {round})").format(
            reason=played, round=played.next_round)) from None


def _seed_field(state: EventState) -> Field:
    return Field("seed", pgettext("seating field", "Draw text"), draw_text(state),
                 _("announced, so anyone can redo the draw"))


def _seed(state: EventState, values: Mapping[str, str]) -> str:
    return values.get("seed") or draw_text(state)


def _has_teams(state: EventState) -> bool:
    return any(p.team for p in state.players.values())


# ----- the forms -----------------------------------------------------------------------------


def generate_form(state: EventState) -> SeatingPlanDialog:
    """`g` on the seating screen: generate the whole event's seating (`mjevent seat FILE
    --rounds R --seed TEXT`)."""
    teams = _has_teams(state)
    # One table: offered as the players are listed, for a director copying a score sheet.
    one_table = active_roster(state).size == state.rules.players

    def propose(v: Mapping[str, str]) -> Proposal:
        rounds = _number(v, "rounds", pgettext("seating field", "Rounds"),
                         _("how many rounds to seat, such as 7"))
        if one_table and _yes(v, "listed", pgettext("seating field", "As listed")):
            return _whole_event_only(lambda: _plan_proposal(state, plan_listed(state, rounds)))
        keep = teams and _yes(v, "teams", pgettext("seating field", "Teams apart"))
        return _whole_event_only(lambda: _offering_byes(
            state,
            lambda byes: plan_generated(
                state, rounds, seed=_seed(state, v), teams=keep, byes=byes
            ),
            "generate",
        ))

    fields = [
        # What is seated, else what the event plans (`[event] rounds`), else for the director.
        Field("rounds", pgettext("seating field", "Rounds"),
              str(len(state.seating) or planned_rounds(state.settings) or ""),
              _("how many rounds, such as 7")),
        _seed_field(state),
    ]
    if teams:
        fields.append(
            Field("teams", pgettext("seating field", "Teams apart"), "yes", _("yes or no")))
    if one_table:
        fields.append(
            Field("listed", pgettext("seating field", "As listed"), "no",
                  _("yes: E S W N as the players are listed, every round (no draw)")))
    return SeatingPlanDialog(
        _("Generate the seating"),
        _("Every active player, by the seeded draw; replaces any seating of rounds not played."),
        fields,
        propose,
        state=state,
    )


def library_form(state: EventState) -> SeatingPlanDialog:
    """`l`: the first rounds of a block of the built-in library (`--from-library NAME`)."""
    k = state.rules.players
    active = len(active_roster(state).players)
    names = [n for n in block_names() if n.startswith(f"k{k}-")]
    fit = f"k{k}-p{active}"

    def propose(v: Mapping[str, str]) -> Proposal:
        block = v.get("block", "")
        if not block:
            raise ValueError(_("Block: give a block name such as {block}").format(block=fit))
        rounds = _optional_number(v, "rounds", pgettext("seating field", "Rounds"),
                                  _("a number, or nothing for all"))
        return _whole_event_only(lambda: _plan_proposal(
            state, plan_library(state, block, rounds, seed=_seed(state, v))
        ))

    return SeatingPlanDialog(
        _("Seat from the block library"),
        _("{active} active players; blocks for tables of {size}: {blocks}.").format(
            active=active, size=k, blocks=", ".join(names)),
        [
            Field("block", pgettext("seating field", "Block"), fit if fit in names else "",
                  _("such as {block}").format(block=fit)),
            Field("rounds", pgettext("seating field", "Rounds"), "", _("all of the block's")),
            _seed_field(state),
        ],
        propose,
        state=state,
    )


def import_form(state: EventState) -> SeatingPlanDialog:
    """`i`: an organiser's own seating file (`--import PATH`): one round a line, the
    catalogue's grid, letters, or `a-b-c-d` scripts; players by id, name or number."""

    def propose(v: Mapping[str, str]) -> Proposal:
        name = v.get("path", "")
        if not name:
            raise ValueError(_("File: give the path of the seating file"))
        path = Path(name).expanduser()
        try:
            data = read_regular(path, limit=MAX_SEATING_BYTES, what=_("a seating file"))
        except FileRefusedError as error:
            raise ValueError(str(error)) from None
        except OSError as error:
            raise ValueError(
                _("cannot read {path}: {error}; give the path of the seating file").format(
                    path=path, error=error.strerror)
            ) from None
        fmt = v.get("format") or "auto"
        return _whole_event_only(lambda: _plan_proposal(
            state, plan_import(state, data, str(path), fmt=fmt)
        ))

    return SeatingPlanDialog(
        _("Import a seating file"),
        _("The file's rounds replace the seating; the entry keeps the file's sha256."),
        [
            Field("path", pgettext("seating field", "File"), "", _("path of the seating file")),
            Field("format", pgettext("seating field", "Format"), "auto", ", ".join(FORMATS)),
        ],
        propose,
        state=state,
    )


def swap_form(state: EventState, round_: int | None = None) -> SeatingPlanDialog:
    """`s`: two players trade seats in a round not yet played (`mjevent seating swap`)."""

    def propose(v: Mapping[str, str]) -> Proposal:
        rnd = _number(v, "round", pgettext("seating field", "Round"), _("a round not yet played"))
        a, b = v.get("a", ""), v.get("b", "")
        if not a or not b:
            raise ValueError(
                _("Player, With: give the two players (an id, a name or a number)"))
        swap = plan_swap(state, rnd, a, b)
        lines = [*swap.lines(state)]
        if swap.created:
            count = len(swap.created)
            lines.append(ngettext(
                "Confirming accepts the {count} repeated pair it makes.",
                "Confirming accepts the {count} repeated pairs it makes.",
                count,
            ).format(count=count))
        return Proposal(tuple(lines), lambda app: app.run_command(write_swap, swap))

    return SeatingPlanDialog(
        _("Swap two players' seats"),
        _("Only in a round whose tables of theirs have no results yet."),
        [
            Field("round", pgettext("seating field", "Round"), str(round_ or state.current_round)),
            Field("a", pgettext("seating field", "Player"), "", _("id, name or number")),
            Field("b", pgettext("seating field", "With"), "", _("id, name or number")),
        ],
        propose,
        state=state,
    )


def regenerate_form(state: EventState) -> SeatingPlanDialog:
    """`r` (and the players screen's offer): re-seat the rounds not yet played around the
    played ones (`mjevent seat FILE --from-round N`)."""
    needed = reseat_needed(state)
    start = needed.from_round if needed else max(played_rounds(state), default=0) + 1
    why = pgettext("seating screen sentences", "; ").join(
        needed.lines(state.name, most=2)
    ) if needed else _("The rounds played stay exactly as they are.")

    def propose(v: Mapping[str, str]) -> Proposal:
        first = _number(v, "from_round", pgettext("seating field", "From round"),
                        _("the first round to re-seat"))
        last = _optional_number(v, "last", pgettext("seating field", "Last round"),
                                _("a round, or nothing for the last seated"))
        try:
            return _offering_byes(
                state,
                lambda byes: plan_regeneration(
                    state, first, last, seed=_seed(state, v), byes=byes
                ),
                "re-seat",
            )
        except RoundsPlayed as played:
            raise ValueError(_("{reason}: give From round {round}").format(
                reason=played, round=played.next_round)) from None

    return SeatingPlanDialog(
        _("Re-seat the rounds not yet played"),
        why,
        [
            Field("from_round", pgettext("seating field", "From round"), str(start)),
            Field("last", pgettext("seating field", "Last round"), "", _("the last seated round")),
            _seed_field(state),
        ],
        propose,
        state=state,
    )


def ranked_form(state: EventState, standings: Callable[[], Standings]) -> SeatingPlanDialog:
    """`k`: seat one round by the standings (`standings` gives the session's), ranked (1-4,
    5-8 ...) or Swiss (`mjevent seat FILE --ranked | --swiss`)."""

    def propose(v: Mapping[str, str]) -> Proposal:
        rnd = _number(v, "round", pgettext("seating field", "Round"), _("the round to seat"))
        style = v.get("style", "").casefold()
        if style not in ("ranked", "swiss"):
            raise ValueError(_("Style: type ranked (1-4, 5-8 ...) or swiss"))
        return _offering_byes(
            state,
            lambda byes: plan_ranked(state, standings, rnd, swiss=style == "swiss", byes=byes),
            "seat",
        )

    return SeatingPlanDialog(
        _("Seat a round by the standings"),
        _("ranked: 1-4, 5-8 ...; swiss: near places together, avoiding repeats, winds kept "
          "fair."),
        [
            Field("round", pgettext("seating field", "Round"),
                  str(max(played_rounds(state), default=0) + 1)),
            Field("style", pgettext("seating field", "Style"), "ranked", _("ranked or swiss")),
        ],
        propose,
        state=state,
    )


def stage_form(state: EventState, standings: Callable[[], Standings]) -> SeatingPlanDialog:
    """`n`: seat the next stage of `[[standings.stages]]` from the standings' cut (`standings`
    gives the session's), bracket by bracket (`mjevent seat FILE --next-stage`)."""

    def propose(v: Mapping[str, str]) -> Proposal:
        plan = plan_next_stage(state, standings, seed=_seed(state, v))
        brackets = str(plan.params["brackets"]).split("|")
        seated = sum(len(b.split()) for b in brackets)
        sizes = pgettext("seating screen sentences", "; ").join(
            ngettext("{bracket}: {count} player", "{bracket}: {count} players", len(b.split()))
            .format(bracket=chr(65 + i), count=len(b.split()))
            for i, b in enumerate(brackets)
        )
        offer = [_("stage {stage}: brackets {sizes}").format(
            stage=plan.params.get("stage", "?"), sizes=sizes)]
        cut = len(active_roster(state).players) - seated
        if cut > 0:
            offer.append(ngettext(
                "cut: {count} player is not seated in this stage",
                "cut: {count} players are not seated in this stage",
                cut,
            ).format(count=cut))
        return _plan_proposal(state, plan, offer)

    return SeatingPlanDialog(
        _("Seat the next stage"),
        _("From the standings' cut ([[standings.stages]]): each bracket seated on its own "
          "around the earlier rounds, bracket A at the first tables."),
        [_seed_field(state)],
        propose,
        state=state,
    )


def _real_seats(state: EventState, text: str) -> list[str]:
    """The players typed for the seats in wind order: ids or numbers separated by spaces, or
    names (which may hold spaces) separated by commas."""
    parts = text.split(",") if "," in text else text.split()
    return [find_player(state, part.strip()) for part in parts if part.strip()]


def reseat_table_form(
    state: EventState, trial: ChangePreview, round_: int | None = None
) -> SeatingPlanDialog:
    """`w`: a table that played on the wrong winds is re-seated as it sat; its logged hands are
    re-applied under those seats, nothing deleted (`mjevent seating reseat FILE ROUND TABLE E S
    W N`). `trial` folds the `table_reseated` entry onto the log to show the scores after."""
    winds = " ".join(wind_name(w) for w in "ESWN"[: state.rules.players])

    def propose(v: Mapping[str, str]) -> Proposal:
        rnd = _number(v, "round", pgettext("seating field", "Round"),
                      _("the round the table played"))
        table = _number(v, "table", pgettext("seating field", "Table"),
                        _("the table that sat on other winds"))
        typed = v.get("seats", "")
        if not typed.strip():
            raise ValueError(
                _("Sat as: give the players as they sat ({winds})").format(winds=winds))
        real = _real_seats(state, typed)
        entry = draft_reseat(trial.session.stamp(), rnd, table, real)
        planned = state.table_seats(rnd, table)
        after = trial.after(entry) if planned is not None and sorted(planned) == sorted(real) \
            else state
        lines = reseat_lines(state, after, rnd, table, real)
        return Proposal(
            tuple(lines), lambda app: app.run_command(record_entry, entry)
        )

    return SeatingPlanDialog(
        _("Re-seat a table that sat on the wrong winds"),
        _("Give the players as they really sat ({winds}): ids or numbers separated by spaces, "
          "or names separated by commas.").format(winds=winds),
        [
            Field("round", pgettext("seating field", "Round"), str(round_ or state.current_round)),
            Field("table", pgettext("seating field", "Table"), "1"),
            Field("seats", pgettext("seating field", "Sat as"), "", winds),
        ],
        propose,
        state=state,
    )


_FORMS: dict[str, Callable[[EventState, int], SeatingPlanDialog]] = {
    "generate": lambda state, _: generate_form(state),
    "library": lambda state, _: library_form(state),
    "import": lambda state, _: import_form(state),
    "swap": swap_form,
    "regenerate": lambda state, _: regenerate_form(state),
}


def seating_form(
    form: str, state: EventState, shown_round: int, standings: Callable[[], Standings]
) -> SeatingPlanDialog:
    """The dialog of one of the seating screen's keys; `shown_round` is the round on screen
    (a swap starts there); `standings` gives the session's standings of `state` (the ranked
    round and the next stage seat by them)."""
    if form == "ranked":
        return ranked_form(state, standings)
    if form == "stage":
        return stage_form(state, standings)
    return _FORMS[form](state, shown_round)


SEATING_KEYS: tuple[Binding, ...] = (
    Binding("g", "plan('generate')", N_("Generate"), id="seating.generate",
            tooltip=N_("Generate the event's seating: rounds and draw text, cost shown first")),
    Binding("l", "plan('library')", N_("Library"), id="seating.library",
            tooltip=N_("Seat the event from a block of the built-in library")),
    Binding("i", "plan('import')", N_("Import"), id="seating.import",
            tooltip=N_("Import a seating file (lines, catalogue grid, letters, a-b-c-d script)")),
    Binding("s", "plan('swap')", N_("Swap"), id="seating.swap",
            tooltip=N_("Two players trade seats in a round not yet played; consequences first")),
    Binding("r", "plan('regenerate')", N_("Re-seat"), id="seating.regenerate",
            tooltip=N_("Re-seat the rounds not yet played around the played ones")),
    Binding("k", "plan('ranked')", N_("Ranked"), id="seating.ranked",
            tooltip=N_("Seat one round by the standings: ranked (1-4, 5-8 ...) or Swiss")),
    Binding("n", "plan('stage')", N_("Next stage"), id="seating.next_stage",
            tooltip=N_("Seat the next stage from the standings' cut, bracket by bracket")),
    Binding("w", "reseat_table", N_("Wrong winds"), id="seating.reseat_table",
            tooltip=N_(
                "A table played on other winds: re-seat it as it sat, its hands re-applied"
            )),
)
"""The seating screen's keys that open these dialogs (`SeatingScreen.action_plan`)."""


# ----- the players screen's offer --------------------------------------------------------------

RESEAT_KEY = Binding(
    "r", "reseat", N_("Re-seat"), id="players.reseat",
    tooltip=N_("The seating no longer fits the players: re-seat the rounds not yet played"),
)
"""The players screen's key for the re-seat dialog, shown while `reseat_needed` says so."""


class ReseatOffer:
    """Follows whether the seated rounds still fit the players, for the players screen.

    `update(state)` after each change: True when this change broke the seating (or broke it
    further), so the screen says so at once (`tell`); an event opened already broken only shows
    the key. `needed` is the latest `reseat_needed`.
    """

    def __init__(self) -> None:
        self.needed: ReseatNeeded | None = None
        self._seen = False

    def update(self, state: EventState) -> bool:
        """Recompute `needed`; whether to tell the director now."""
        needed = reseat_needed(state)
        newly = self._seen and needed is not None and needed != self.needed
        self.needed, self._seen = needed, True
        return newly

    def tell(self, screen: Screen[Any], state: EventState) -> None:
        """Say what no longer fits and that `r` re-seats (a notice, not a modal: the director
        may have more changes to make first, such as a second withdrawal or a substitute)."""
        if self.needed is None:
            return
        body = "\n".join([
            *self.needed.lines(state.name),
            _("r re-seats rounds {first}-{last} (the rounds played stay as they are); you see "
              "the new seating and its cost first.").format(
                first=self.needed.from_round, last=self.needed.last_round),
        ])
        screen.notify(body, title=_("The seating no longer fits the players"),
                      severity="warning", timeout=20)
