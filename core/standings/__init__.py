"""Live standings: one public face for totals, places, tiebreaks, stages and teams.

`compute_standings(games, roster, config)` ranks finished games (see `compute`);
`standings_from_state(state)` does the same straight from a folded `EventState`, and
`standings_update(previous, before, after)` brings them up to date after a game ends; the
settings that steer it are a `StandingsConfig` (see `config`). The modules behind this face:

- `config`: the `[standings]` settings, validated (tiebreak chains, withdrawals, stages, teams);
- `model`: the frozen results (`Standings` rows, `StandingRow`, `TeamRow`, breakdowns);
- `compute`: the computation, snapshots after each round, one more game incrementally;
- `tiebreaks`: the tiebreak chain and the seeded lot;
- `teams`: team rows; `ingest`: the arrays the computation works on;
- `state`: the bridge from an `EventState`.

`state` imports `mjevent.core.state`, which imports `mjevent.core.event`, which reads the
standings settings from `config`: so `standings_from_state` and `standings_inputs` are loaded on
first use rather than when this package is imported.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mjevent.core.standings.compute import (
    Breakdown,
    ByeRecord,
    ChomboEntry,
    Entrant,
    GameLine,
    GameResultLike,
    PenaltyRecord,
    PlayedGame,
    StandingRow,
    Standings,
    StandingsError,
    Status,
    TeamRow,
    ZeroSum,
    compute_standings,
)
from mjevent.core.standings.config import (
    Bye,
    Carry,
    Criterion,
    StageConfig,
    StandingsConfig,
    StandingsConfigError,
    Substitutes,
    TeamConfig,
    TeamMode,
    Withdrawal,
    default_config,
    standings_config_from_dict,
)
from mjevent.core.standings.tiebreaks import lot_key

if TYPE_CHECKING:
    from mjevent.core.standings.state import (
        standings_from_state,
        standings_inputs,
        standings_update,
    )

__all__ = [
    "Breakdown",
    "Bye",
    "ByeRecord",
    "Carry",
    "ChomboEntry",
    "Criterion",
    "Entrant",
    "GameLine",
    "GameResultLike",
    "PenaltyRecord",
    "PlayedGame",
    "StageConfig",
    "StandingRow",
    "Standings",
    "StandingsConfig",
    "StandingsConfigError",
    "StandingsError",
    "Status",
    "Substitutes",
    "TeamConfig",
    "TeamMode",
    "TeamRow",
    "Withdrawal",
    "ZeroSum",
    "compute_standings",
    "default_config",
    "lot_key",
    "standings_config_from_dict",
    "standings_from_state",
    "standings_inputs",
    "standings_update",
]

_FROM_STATE = ("standings_from_state", "standings_inputs", "standings_update")


def __getattr__(name: str) -> Any:
    if name in _FROM_STATE:
        from mjevent.core.standings import state

        return getattr(state, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
