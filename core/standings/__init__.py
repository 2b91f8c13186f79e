"""Live standings: one public face for totals, places, tiebreaks, stages and teams.

`compute_standings(games, roster, config)` ranks finished games (see `compute`); the settings
that steer it are a `StandingsConfig` (see `config`). `mjevent.core.state_standings` does the same
straight from a folded `EventState` (`standings_from_state`, `standings_update`); it stands
outside this package because it reads the fold, and the fold reads the event's settings, which
read this package's `config`. The modules behind this face:

- `config`: the `[standings]` settings, validated (tiebreak chains, withdrawals, stages, teams);
- `model`: the frozen results (`Standings` rows, `StandingRow`, `TeamRow`, breakdowns);
- `compute`: the computation, snapshots after each round, one more game incrementally;
- `tiebreaks`: the tiebreak chain and the seeded lot;
- `teams`: team rows; `ingest`: the arrays the computation works on.
"""

from __future__ import annotations

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
    standings_config_from_dict,
)
from mjevent.core.standings.tiebreaks import lot_key

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
    "lot_key",
    "standings_config_from_dict",
]
