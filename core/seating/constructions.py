"""Mathematical constructions of repeat-free seating, and the one entry point that picks the best.

Every construction returns plain nested lists: rounds -> tables -> players (0-based). Inside a
table the order means nothing, except for one-on-one games (table size 2) where the first
player has White. `best_construction` gives the longest repeat-free schedule these
constructions reach for a size (None when none applies); `construction_name` says which one.

Sources, in the order `best_construction` tries them (details and references in
docs/seating-constructions.md):

1. designs where everybody meets everybody exactly once (the most rounds possible):
   FIDE Berger tables (table size 2), Kirkman triple systems (size 3, P = 3 mod 6),
   resolvable 2-(P,4,1) designs (size 4, P = 4 mod 12), affine geometries AG(n, q)
   (size q a prime power, P = q**n);
2. "k teams + intra-team": P = K*T players as K groups of T; a resolvable transversal design
   (difference matrix of order T, `construct_teams`) seats one player of each group per table
   for T rounds, then every group plays the best schedule for T players inside itself;
3. inflation: every player of a smaller schedule becomes a group of g, every table a
   resolvable TD(k, g), then the groups play inside (84 sanma players = KTS(21) x 4: 40);
4. the longest of the stored resolvable 4-GDDs of type q^u (`construct_rgdd`), then the
   groups play inside: 32 = 2^16: 10; 3u players = 3^u: u - 1; 44, 56, 80 = 2^u: 14, 18, 26
   (each the bound floor((P-1)/3));
5. Dutch cycles (seed 003) up to their first repeated pair, when 2-4 give nothing.

Teams (`team_size`: teams are consecutive blocks, players 0..team_size-1 are team 0...):

- team_size = P/K (K teams, one player of each at every table): the transversal design alone,
  T rounds (the maximum; it exists iff K-1 MOLS of order T do), else Dutch cycles;
- team_size = K: the best schedule minus one round, renumbered so that the tables of the
  dropped round are the teams; or K teams + intra when that is longer;
- team_size dividing T: K groups of T (each a union of teams) + intra with the same teams;
- team_size = q of a stored resolvable 4-GDD of type q^u: its groups are the teams.

>>> len(best_construction(16, 4)), construction_name(16, 4)
(5, 'affine geometry AG(2,4) lines')
>>> len(best_construction(21, 3)), construction_name(21, 3)
(10, 'kirkman triple system KTS(3q), q=7')
>>> len(best_construction(48, 4, team_size=12)), best_construction(6, 2)[1]
(12, [[5, 3], [4, 2], [0, 1]])
>>> best_construction(10, 4) is None
True
"""

from __future__ import annotations

import functools

from mjevent.core.seating.construct_designs import (
    _freeze,
    _integer_root,
    _thaw,
    affine_space,
    inflate,
    kirkman,
    kirkman_name,
    rbibd4,
    rbibd4_name,
)
from mjevent.core.seating.construct_field import prime_power
from mjevent.core.seating.construct_pairs import berger_rounds
from mjevent.core.seating.construct_rgdd import has_rgdd4, rgdd4, rgdd4_name
from mjevent.core.seating.construct_teams import (
    dutch_cycles,
    has_team_rounds,
    team_rounds,
    team_rounds_name,
)

Rounds = list[list[list[int]]]
_Frozen = tuple[tuple[tuple[int, ...], ...], ...]

__all__ = ["best_construction", "construction_name", "is_repeat_free"]


def best_construction(
    players: int, table_size: int, *, team_size: int | None = None
) -> Rounds | None:
    """The largest repeat-free schedule mathematics gives for this size, or None when no
    construction applies.

    team_size: teams are consecutive blocks of team_size players (0..team_size-1 is team 0,
    ...); teammates never share a table. For table size 2 the first player of a pair has White.
    """
    found = _best(players, table_size, team_size)
    return None if found is None else [[list(t) for t in r] for r in found[0]]


def construction_name(players: int, table_size: int, *, team_size: int | None = None) -> str | None:
    """Which construction `best_construction` uses for this size (for the quality summary)."""
    found = _best(players, table_size, team_size)
    return None if found is None else found[1]


def is_repeat_free(rounds: Rounds, players: int, table_size: int) -> bool:
    """Every round seats all players once at tables of `table_size`, and no pair meets twice.

    >>> is_repeat_free([[[0, 1], [2, 3]], [[0, 2], [1, 3]]], 4, 2)
    True
    """
    met: set[tuple[int, int]] = set()
    for rnd in rounds:
        if sorted(p for t in rnd for p in t) != list(range(players)):
            return False
        for table in rnd:
            if len(table) != table_size:
                return False
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    pair = (min(a, b), max(a, b))
                    if pair in met:
                        return False
                    met.add(pair)
    return True


@functools.cache
def _best(players: int, k: int, team_size: int | None) -> tuple[_Frozen, str] | None:
    if k < 2 or players < k or players % k:
        return None
    if team_size is not None and team_size <= 1:
        team_size = None
    if team_size is None:
        return _best_individual(players, k)
    if players % team_size:
        return None
    groups = players // k
    options: list[tuple[_Frozen, str]] = []
    if team_size == groups:
        found = _teams(k, groups)
        if found is not None:
            options.append(found)
    elif groups % team_size == 0:
        found = _teams_plus_intra(k, groups, team_size)
        if found is not None:
            options.append(found)
    if k == 4 and has_rgdd4(players // team_size, team_size):
        # The groups of a resolvable 4-GDD are the teams (32 players in 16 pairs: 10 rounds).
        u = players // team_size
        options.append((_freeze(rgdd4(u, team_size)), rgdd4_name(u, team_size)))
    if team_size == k:
        whole = _best_individual(players, k)
        if whole is not None and len(whole[0]) > 1:
            options.append(_drop_round(whole, k))
    if not options:
        return None
    return max(options, key=lambda o: len(o[0]))


def _best_individual(players: int, k: int) -> tuple[_Frozen, str] | None:
    """Constructions without teams, longest first."""
    design = _design(players, k)
    if design is not None:
        return design
    options = []
    found = _teams_plus_intra(k, players // k, None)
    if found is not None:
        options.append(found)
    for found in (_inflated(players, k), _rgdd(players, k)):
        if found is not None:
            options.append(found)
    if not options or len(options[0][0]) < players // k:
        dutch = dutch_cycles(players, k)
        if len(dutch) > 1:
            options.append((_freeze(dutch), _dutch_name(players // k)))
    if not options:
        return None
    return max(options, key=lambda o: len(o[0]))


def _design(players: int, k: int) -> tuple[_Frozen, str] | None:
    """A design in which every pair meets exactly once, when one of ours exists."""
    if k == 2:
        rounds, _ = berger_rounds(players)
        return _freeze(rounds), f"FIDE Berger table for {players} (round robin, White first)"
    if k == 3 and players % 6 == 3:
        try:
            return _freeze(kirkman(players)), kirkman_name(players)
        except ValueError:
            pass
    if k == 4 and players % 12 == 4:
        try:
            return _freeze(rbibd4(players)), rbibd4_name(players)
        except ValueError:
            pass
    if prime_power(k):
        dim = _integer_root(players, k)
        if dim is not None and dim >= 2:
            return _freeze(affine_space(k, dim)), f"affine geometry AG({dim},{k}) lines"
    return None


def _dutch_name(tables: int) -> str:
    return f"Dutch cycles of {tables} tables, cut before the first repeat"


def _teams(k: int, groups: int) -> tuple[_Frozen, str] | None:
    """k teams of `groups` players, one of each per table: the transversal design or Dutch."""
    if has_team_rounds(k, groups):
        rounds = team_rounds(k, groups)
        if k == 2:  # alternate colours round by round
            rounds = [[t[::-1] if r % 2 else t for t in rnd] for r, rnd in enumerate(rounds)]
        return _freeze(rounds), team_rounds_name(k, groups)
    dutch = dutch_cycles(k * groups, k)
    if dutch:
        return _freeze(dutch), _dutch_name(groups)
    return None  # pragma: no cover


def _teams_plus_intra(k: int, groups: int, team_size: int | None) -> tuple[_Frozen, str] | None:
    """k groups of `groups` players met across by a transversal design, then inside each group."""
    across = _teams(k, groups)
    if across is None or "Dutch" in across[1]:
        return None
    return _then_inside_groups(_thaw(across[0]), across[1], groups, k, team_size)


def _inflated(players: int, k: int) -> tuple[_Frozen, str] | None:
    """The longest schedule from a smaller one whose every player becomes a group of g.

    P = w*g: the best schedule for w players is inflated (`inflate`) by a resolvable TD(k, g),
    len(outer) * g rounds, then every group of g plays inside itself when g is a multiple of
    k. One table of w = k players is `_teams_plus_intra`; this covers w > k.

    >>> found = _inflated(84, 3)  # KTS(21), each player a group of 4: 10 * 4 rounds
    >>> len(found[0]), found[1].split(" (")[0]
    (40, 'kirkman triple system KTS(3q), q=7, every player a group of 4')
    """
    best: tuple[_Frozen, str] | None = None
    for g in range(2, players // (2 * k) + 1):
        w = players // g
        if players % g or w % k or not has_team_rounds(k, g):
            continue
        outer = _best(w, k, None)
        if outer is None:
            continue
        inner = _inside(g, k, None)
        inside = len(inner[0]) if inner is not None else 0
        if best is not None and len(outer[0]) * g + inside <= len(best[0]):
            continue
        rounds = inflate(_thaw(outer[0]), team_rounds(k, g))
        name = f"{outer[1]}, every player a group of {g} ({team_rounds_name(k, g)})"
        best = _then_inside_groups(rounds, name, g, k)
    return best


def _rgdd(players: int, k: int) -> tuple[_Frozen, str] | None:
    """The longest schedule from a stored resolvable 4-GDD of type q^u (P = u*q), then each
    group of q plays inside.

    >>> found = _rgdd(56, 4)  # type 2^28: 18; type 8^7: 16 + 1 round inside the groups of 8
    >>> len(found[0]), found[1].split(",")[0]
    (18, '1-rotational resolvable 4-GDD of type 2^28 over Z_18 x 3 + 2 inf')
    """
    if k != 4:
        return None
    options = [
        _then_inside_groups(rgdd4(players // q, q), rgdd4_name(players // q, q), q, k)
        for q in range(2, players // k + 1)
        if players % q == 0 and has_rgdd4(players // q, q)
    ]
    return max(options, key=lambda o: len(o[0]), default=None)


def _then_inside_groups(
    rounds: Rounds, name: str, g: int, k: int, team_size: int | None = None
) -> tuple[_Frozen, str]:
    """Rounds where players g*i .. g*i + g-1 never meet, then the best schedule for g players
    (teams of `team_size` kept apart) inside every such group at once, when k divides g."""
    frozen = [tuple(tuple(t) for t in r) for r in rounds]
    inner = _inside(g, k, team_size)
    if inner is not None:
        groups = sum(len(t) for t in rounds[0]) // g
        for rnd in inner[0]:
            frozen.append(tuple(
                tuple(group * g + p for p in table) for group in range(groups) for table in rnd
            ))
        name += f", then inside each group of {g}: {inner[1]}"
    return tuple(frozen), name


def _inside(g: int, k: int, team_size: int | None) -> tuple[_Frozen, str] | None:
    """What a group of g players plays among itself: the best construction, else (with no
    teams to keep apart) the one round that always exists; None when k does not divide g."""
    if g % k:
        return None
    inner = _best(g, k, team_size)
    if inner is None and team_size is None:
        # No construction for g players (8 at tables of 4), but one round always exists.
        return (tuple(tuple(range(t, t + k)) for t in range(0, g, k)),), "one round"
    return inner


def _drop_round(found: tuple[_Frozen, str], k: int) -> tuple[_Frozen, str]:
    """Renumber so that the first round's tables are the teams 0..k-1, k..2k-1, ...; drop it."""
    rounds, name = found
    new = {p: t * k + i for t, table in enumerate(rounds[0]) for i, p in enumerate(table)}
    rest = tuple(tuple(tuple(new[p] for p in table) for table in rnd) for rnd in rounds[1:])
    return rest, f"{name}, less one round whose tables are the teams"
