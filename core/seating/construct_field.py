"""Finite fields GF(q) for the seating constructions: just enough arithmetic, as lookup tables.

An element of GF(p^k) is an int in ``range(q)`` read as the base-p digits of a polynomial (digit
i is the coefficient of x^i). The field is built from the first primitive polynomial in
lexicographic order, so `field(q).gen` (the class of x, or the least primitive root when k = 1)
generates the multiplicative group and ``exp``/``log`` turn products into sums.

>>> f = field(9)
>>> f.mul(f.gen, f.gen), f.add(4, 5), f.neg(4)
(7, 6, 8)
>>> sorted(f.exp) == list(range(1, 9))
True
>>> prime_power(12), prime_power(49)
(None, (7, 2))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from dataclasses import field as dataclass_field


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, k) with q = p**k and p prime, or None when q is not a prime power (q >= 2)."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    k = 0
    while q % p == 0:
        q //= p
        k += 1
    return (p, k) if q == 1 else None


def factorize(n: int) -> list[tuple[int, int]]:
    """The prime-power factors of n as (p, k) pairs, smallest p first (empty for n = 1)."""
    out: list[tuple[int, int]] = []
    p = 2
    while p * p <= n:
        if n % p == 0:
            k = 0
            while n % p == 0:
                n //= p
                k += 1
            out.append((p, k))
        p += 1
    if n > 1:
        out.append((n, 1))
    return out


@dataclass(frozen=True, slots=True)
class Field:
    """GF(q) as tables: ``exp[i]`` is gen**i (i < q-1), ``log`` its inverse (``log[0] == -1``)."""

    q: int
    p: int
    gen: int
    exp: tuple[int, ...]
    log: tuple[int, ...]
    _add: tuple[tuple[int, ...], ...] = dataclass_field(repr=False)

    def add(self, a: int, b: int) -> int:
        """a + b."""
        return self._add[a][b]

    def neg(self, a: int) -> int:
        """-a."""
        return self._add[a].index(0)

    def sub(self, a: int, b: int) -> int:
        """a - b."""
        return self._add[a][self.neg(b)]

    def mul(self, a: int, b: int) -> int:
        """a * b."""
        if a == 0 or b == 0:
            return 0
        return self.exp[(self.log[a] + self.log[b]) % (self.q - 1)]

    def power(self, i: int) -> int:
        """gen**i for any integer i."""
        return self.exp[i % (self.q - 1)]


def _digits(a: int, p: int, k: int) -> list[int]:
    return [(a // p**i) % p for i in range(k)]


def _number(digits: list[int], p: int) -> int:
    return sum(d * p**i for i, d in enumerate(digits))


@functools.cache
def field(q: int) -> Field:
    """GF(q) for a prime power q; ValueError otherwise."""
    pk = prime_power(q)
    if pk is None:
        raise ValueError(f"GF({q}) does not exist: {q} is not a prime power")
    p, k = pk
    digits = [_digits(a, p, k) for a in range(q)]
    add = tuple(
        tuple(_number([(x + y) % p for x, y in zip(da, db, strict=True)], p) for db in digits)
        for da in digits
    )
    if q == 2:
        return Field(2, 2, 1, (1,), (-1, 0), add)
    for tail in range(p**k):  # monic x^k + (tail as digits); the first primitive one wins
        low = _digits(tail, p, k)
        if k > 1 and low[0] == 0:
            continue
        exp = _powers(p, k, low) if k > 1 else None
        if k == 1:
            gen = next(g for g in range(2, p) if len(_cycle(g, p)) == p - 1)
            exp = _cycle(gen, p)
            gen_value = gen
        elif exp is None:
            continue
        else:
            gen_value = p  # the class of x
        log = [-1] * q
        for i, a in enumerate(exp):
            log[a] = i
        return Field(q, p, gen_value, tuple(exp), tuple(log), add)
    raise AssertionError(f"no primitive polynomial found for GF({q})")  # pragma: no cover


def _cycle(g: int, p: int) -> list[int]:
    out = [1]
    x = g % p
    while x != 1:
        out.append(x)
        x = x * g % p
    return out


def _powers(p: int, k: int, low: list[int]) -> list[int] | None:
    """Powers of x modulo x^k + low(x) over GF(p) if x has order p^k - 1, else None."""
    q = p**k
    cur = [1] + [0] * (k - 1)
    out: list[int] = []
    for _ in range(q - 1):
        value = _number(cur, p)
        if out and value == 1:
            return None
        out.append(value)
        top = cur[-1]
        cur = [0, *cur[:-1]]
        cur = [(c - top * lo) % p for c, lo in zip(cur, low, strict=True)]
    return out if _number(cur, p) == 1 and len(set(out)) == q - 1 else None
