"""Live standings: one public face for totals, places, tiebreaks, stages and teams.

The settings that steer the standings are a `StandingsConfig` (see `config`); the results are
the frozen values of `model`. Both are exported here. The computation itself, numpy's, is
imported from its own module (`compute.compute_standings`, `compute.Standings`,
`tiebreaks.lot_key`): importing this package must not load numpy, so that a command which only
reads the settings (`mjevent record`, `check`) does not pay for it.
`mjevent.core.state_standings` computes them straight from a folded `EventState`
(`standings_from_state`, `standings_update`); it stands outside this package because it reads
the fold, and the fold reads the event's settings, which read this package's `config`.
The modules behind this face:

- `config`: the `[standings]` settings, validated (tiebreak chains, withdrawals, stages, teams);
- `model`: the frozen results (`Standings` rows, `StandingRow`, `TeamRow`, breakdowns);
- `compute`: the computation, snapshots after each round, one more game incrementally;
- `tiebreaks`: the tiebreak chain and the seeded lot;
- `teams`: team rows; `ingest`: the arrays the computation works on.
"""

from __future__ import annotations

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
from mjevent.core.standings.model import (
    Breakdown,
    ByeRecord,
    ChomboEntry,
    Entrant,
    GameLine,
    GameResultLike,
    PenaltyRecord,
    PlayedGame,
    StandingRow,
    StandingsError,
    Status,
    TeamRow,
    ZeroSum,
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
    "standings_config_from_dict",
]
