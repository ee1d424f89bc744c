"""A toy self-attention layer on two sentences with the same words in another order.

Self-attention is permutation-equivariant, Attention(PX) = P·Attention(X): without positions,
"dog bites man" and "man bites dog" give every word the same output row, so the layer cannot
tell who bites whom. Adding PE to the embeddings breaks that symmetry. Everything is seeded,
so the numbers shown are the same on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from pe_clock.core.attention import self_attention
from pe_clock.core.encoding import positional_encoding
from pe_clock.core.i18n import text

#: Width of the toy embeddings (and of PE added to them).
TOY_DIM = 8
#: In the catalogue's sentences, a token that is joined to the word before it (a particle).
JOINED = "~"


def sentences(language: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The language's two sentences as tokens, the second the first's tokens reordered.

    They are the catalogue's ``toy.sentences``, so a translation brings its own: two sentences
    split by " / ", tokens by spaces. Korean is split into morphemes (나 ~는 너 ~를 사랑해) so
    that both sentences hold the same tokens; ``written`` joins them again.
    """
    first, second = (
        tuple(token.removeprefix(JOINED) for token in part.split())
        for part in text("toy.sentences", language).split(" / ")
    )
    return first, second


def written(language: str) -> tuple[str, str]:
    """The two sentences as written: each ~token joined to the word before it."""
    first, second = (
        " ".join(part.split()).replace(f" {JOINED}", "")
        for part in text("toy.sentences", language).split(" / ")
    )
    return first, second


@dataclass(frozen=True)
class ToyRun:
    """The layer on sentence a and on sentence b (b[i] = a[order[i]])."""

    tokens: tuple[tuple[str, ...], tuple[str, ...]]
    weights: tuple[NDArray[np.float64], NDArray[np.float64]]
    outputs: tuple[NDArray[np.float64], NDArray[np.float64]]
    order: NDArray[np.intp]

    @property
    def gap(self) -> float:
        """max |output_b − P·output_a|: 0 up to rounding without PE, not with it."""
        return float(np.abs(self.outputs[1] - self.outputs[0][self.order]).max())


def _weights() -> tuple[NDArray[np.float64], ...]:
    rng = np.random.default_rng(2017)  # the year of the paper
    return tuple(rng.normal(size=(TOY_DIM, TOY_DIM)) / np.sqrt(TOY_DIM) for _ in range(3))


def toy_attention(language: str, with_pe: bool, base: float = 10000.0) -> ToyRun:
    """Run the seeded layer on the language's two sentences, with or without PE added."""
    a, b = sentences(language)
    vocabulary = sorted(set(a))
    table = np.random.default_rng(1).normal(size=(len(vocabulary), TOY_DIM))
    order = np.array([a.index(token) for token in b], dtype=np.intp)
    w_q, w_k, w_v = _weights()
    pe = positional_encoding(len(a), TOY_DIM, base) if with_pe else 0.0
    runs = [
        self_attention(table[[vocabulary.index(t) for t in tokens]] + pe, w_q, w_k, w_v)
        for tokens in (a, b)
    ]
    return ToyRun(
        (a, b),
        (runs[0][1], runs[1][1]),
        (runs[0][0], runs[1][0]),
        order,
    )
