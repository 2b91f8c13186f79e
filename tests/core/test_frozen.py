"""`core.frozen`: quick_init makes the same objects as the dataclass's own `__init__`, faster;
unchecked_maker makes them without the checks."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any

import pytest

from mjevent.core.entries import HandRecorded
from mjevent.core.frozen import quick_init, unchecked_maker
from mjevent.core.game import GameState, new_game
from mjevent.core.outcomes import Draw, Hand
from mjevent.core.presets import preset
from mjevent.core.scoring import Settlement
from mjevent.core.state.values import HandPlayed


def _twins(**options: Any) -> tuple[type, type]:
    """The same class twice, the second given `quick_init`."""

    def make() -> type:
        @dataclass(frozen=True, **options)
        class Value:
            a: int
            b: tuple[int, ...]
            c: str = "c"

            def __post_init__(self) -> None:
                if self.a < 0:
                    raise ValueError(f"a = {self.a}")

        return Value

    return make(), quick_init(make())


def _shape(cls: type) -> list[tuple[str, Any, Any]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(cls).parameters.values()]


@pytest.mark.parametrize("options", [{}, {"slots": True}, {"kw_only": True}])
def test_quick_init_makes_the_same_object_as_the_dataclass(options: dict[str, Any]) -> None:
    plain, quick = _twins(**options)
    assert _shape(plain) == _shape(quick)
    made = quick(a=1, b=(2, 3))
    assert (
        dataclasses.asdict(made)
        == dataclasses.asdict(plain(a=1, b=(2, 3)))
        == {
            "a": 1,
            "b": (2, 3),
            "c": "c",
        }
    )
    assert quick(a=1, b=(), c="x").c == "x"
    assert dataclasses.replace(made, a=5).a == 5
    assert made == quick(a=1, b=(2, 3)) and hash(made) == hash(quick(a=1, b=(2, 3)))
    with pytest.raises(ValueError, match="a = -1"):
        quick(a=-1, b=())  # __post_init__ still runs
    with pytest.raises(FrozenInstanceError):
        made.a = 2
    if options.get("kw_only"):
        with pytest.raises(TypeError):
            quick(1, (2,))


def test_quick_init_keeps_an_inherited_keyword_only_field_order() -> None:
    @dataclass(frozen=True, kw_only=True)
    class Base:
        id: str

    @quick_init
    @dataclass(frozen=True, kw_only=True)
    class Child(Base):
        n: int = 0

    assert [p.name for p in inspect.signature(Child).parameters.values()] == ["id", "n"]
    assert Child(id="x") == Child(id="x", n=0)


def test_quick_init_refuses_what_it_cannot_write() -> None:
    @dataclass
    class Loose:
        a: int

    @dataclass(frozen=True)
    class Factory:
        a: list[int] = field(default_factory=list)

    @dataclass(frozen=True)
    class Hidden:
        a: int = field(default=0, init=False)

    for cls in (Loose, Factory, Hidden):
        with pytest.raises(TypeError):
            quick_init(cls)


@pytest.mark.parametrize("options", [{}, {"slots": True}])
def test_unchecked_maker_makes_the_same_object_without_its_checks(options: dict[str, Any]) -> None:
    plain, _quick = _twins(**options)
    make: Callable[..., Any] = unchecked_maker(plain)
    made: Any = make(1, (2, 3), "x")
    with pytest.raises(FrozenInstanceError):
        made.a = 2
    assert make(-1, (), "c").a == -1  # __post_init__ would refuse it: the caller vouches
    assert hash(made) == hash(plain(1, (2, 3), "x"))
    assert type(made) is plain and made == plain(1, (2, 3), "x")

    @dataclass
    class Loose:
        a: int

    with pytest.raises(TypeError):
        unchecked_maker(Loose)


def test_the_fold_values_are_made_by_quick_init() -> None:
    # The four values a fold makes per hand: exact fields in, exact fields out.
    rules = preset("ema2016").rules
    state = new_game(rules)
    assert state == GameState(rules, (30000,) * 4, 0, 1, 0, 0, 0, (0,) * 4, False, 0, None)
    assert state.hands == 0
    with pytest.raises(ValueError, match="3 scores for 4 seats"):
        GameState(rules, (30000,) * 3, 0, 1, 0, 0, 0, (0,) * 4, False, 0, None)
    settlement = Settlement((0, 0, 0, 0), (), 0, ())
    hand = Hand(Draw(tenpai=frozenset()), frozenset())
    played = HandPlayed("h1", hand, settlement, state)
    assert (played.entry, played.hand, played.settlement, played.after) == (
        "h1",
        hand,
        settlement,
        state,
    )
    entry = HandRecorded(id="h1", at="2026-03-14T10:00:00Z", round=2, table=3, hand=hand)
    assert entry.to_record() == {
        "id": "h1",
        "at": "2026-03-14T10:00:00Z",
        "kind": "hand",
        "round": 2,
        "table": 3,
        "outcome": "draw",
        "tenpai": [],
        "riichi": [],
    }
    for cls in (GameState, Settlement, HandPlayed, HandRecorded):
        assert cls.__init__.__qualname__ == f"{cls.__qualname__}.__init__"
