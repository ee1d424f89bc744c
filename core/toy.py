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

#: Width of the toy embeddings (and of PE added to them).
TOY_DIM = 8
#: Two sentences per language, the second the first's words swapped; Korean is split into
#: morphemes (나 | 는 | 너 | 를 | 사랑해) so that both sentences hold the same tokens.
SENTENCES = {
    "en": (("dog", "bites", "man"), ("man", "bites", "dog")),
    "ko": (("나", "는", "너", "를", "사랑해"), ("너", "는", "나", "를", "사랑해")),
}


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
    a, b = SENTENCES[language]
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
