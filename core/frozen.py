"""A quicker `__init__` for the frozen dataclasses a fold makes for every hand.

`dataclass(frozen=True)` writes an `__init__` that stores each field with `object.__setattr__`
(its own `__setattr__` refuses): on Python 3.11 some 0.3 µs a field, so a game state of twelve
fields costs more to make than to work out. A fold of 18,000 hands makes four such values per
hand (the entry read, the settlement, the state after it, the hand played), about 0.15 s of a
`mjevent record` at 500 players (bench/commands.py). `quick_init` gives such a class an
`__init__` that stores the fields straight into their slots (or the instance's dict): the same
signature, the same `__post_init__` call, the same object; the class stays frozen.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["quick_init", "unchecked_maker"]

_T = TypeVar("_T")


def _shape(function: Any) -> list[tuple[str, Any, Any]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


def _frozen_fields(cls: type[Any]) -> tuple[dataclasses.Field[Any], ...]:
    """The fields of the frozen dataclass `cls`; `TypeError` for any other class."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen:
        raise TypeError(f"{cls.__name__} is not a frozen dataclass")
    return dataclasses.fields(cls)


def _stores(cls: type[Any], fields: list[str], names: dict[str, Any]) -> list[str]:
    """The lines of a generated function that store each of `fields` (its local variables) on
    `self`, an instance of the frozen dataclass `cls`, without asking the frozen class's
    `__setattr__`: through each slot's own descriptor (put in `names`), or the instance's
    `__dict__`."""
    if "__slots__" in cls.__dict__:
        for name in fields:
            names[f"_set_{name}"] = getattr(cls, name).__set__
        return [f"    _set_{name}(self, {name})" for name in fields]
    return ["    state = self.__dict__", *(f"    state[{name!r}] = {name}" for name in fields)]


def quick_init(cls: type[_T]) -> type[_T]:
    """Give the frozen dataclass `cls` an `__init__` that skips `object.__setattr__`.

    Fields with a plain default, keyword-only fields and `__post_init__` are kept as the
    dataclass wrote them; a class whose `__init__` has anything else (a default factory, an
    `InitVar`, a field left out of `__init__`) is refused with `TypeError`, as is a class that
    is not a frozen dataclass.

    >>> from dataclasses import dataclass, FrozenInstanceError
    >>> @quick_init
    ... @dataclass(frozen=True, slots=True)
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> Point(1), Point(1, y=2) == Point(1, 2)
    (Point(x=1, y=0), True)
    >>> try:
    ...     Point(1).x = 5
    ... except FrozenInstanceError:
    ...     print("still frozen")
    still frozen
    """
    fields = _frozen_fields(cls)
    names: dict[str, Any] = {}
    positional: list[str] = []
    keyword: list[str] = []
    for f in fields:
        if not f.init or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init takes plain fields only")
        name = f.name
        parameter = name
        if f.default is not dataclasses.MISSING:
            names[f"_default_{name}"] = f.default
            parameter = f"{name}=_default_{name}"
        (keyword if f.kw_only else positional).append(parameter)
    body = _stores(cls, [f.name for f in fields], names)
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    star = ["*", *keyword] if keyword else []
    source = f"def __init__({', '.join(['self', *positional, *star])}):\n" + "\n".join(body)
    exec(source, names)  # the way dataclasses itself writes __init__
    init = names["__init__"]
    if _shape(init) != _shape(cls.__init__):
        raise TypeError(f"{cls.__name__}: its __init__ takes more than fields")
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    setattr(cls, "__init__", init)  # noqa: B010 - a method replaced on the class
    return cls


def unchecked_maker(cls: type[_T]) -> Callable[..., _T]:
    """A function that makes the frozen dataclass `cls` from every field, positionally, without
    its `__post_init__`.

    For a value worked out from values that passed the checks, by steps that keep every check
    true (`game.apply_hand`'s next state): the checks would cost more than the step. A value
    built any other way goes through the class itself.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Positive:
    ...     n: int
    ...     def __post_init__(self) -> None:
    ...         if self.n <= 0:
    ...             raise ValueError(self.n)
    >>> make = unchecked_maker(Positive)
    >>> make(2) == Positive(2), type(make(2)) is Positive
    (True, True)
    """
    fields = [f.name for f in _frozen_fields(cls)]
    names: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    body = ["    self = _new(_cls)", *_stores(cls, fields, names), "    return self"]
    exec(f"def make({', '.join(fields)}):\n" + "\n".join(body), names)
    make: Callable[..., _T] = names["make"]
    make.__qualname__ = f"unchecked_maker({cls.__qualname__})"
    return make
