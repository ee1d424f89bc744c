"""A model's layers grouped by the position scheme they share, and a learned table's size."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray


@dataclass(frozen=True)
class LayerGroup:
    """Layers that share one position scheme, with that scheme's numbers (None where they do
    not apply). inv_freq is θ′ of every pair at initialisation (longrope: its short factors;
    inv_freq_long its long ones), float64 from the formulas (transformers stores float32)."""

    layers: tuple[int, ...]
    scheme: str
    rope_theta: float | None = None
    head_dim: int | None = None
    rotary_dim: int | None = None
    rope_type: str | None = None
    factor: float | None = None
    original_max_position_embeddings: int | None = None
    attention_factor: float | None = None
    sliding_window: int | None = None
    inv_freq: NDArray[np.float64] | None = None
    inv_freq_long: NDArray[np.float64] | None = None
    slopes: NDArray[np.float64] | None = None
    #: The rope_scaling block's other numbers as read (beta_fast, low_freq_factor, …).
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def drawn_base(self) -> float | None:
        """The base at which θ_i = base^(−2i/rotary_dim) gives this group's θ: rope_theta,
        or rope_theta^(rotary_dim/d) where the exponents run over another d (proportional
        RoPE's whole head, GLM-4-MoE's odd part), so the RoPE tab draws its pairs exactly."""
        over = self.details.get("exponent_dim")
        if self.rope_theta is None or not isinstance(over, int) or self.rotary_dim is None:
            return self.rope_theta
        return float(self.rope_theta ** (self.rotary_dim / over))

    @property
    def drawn_type(self) -> str | None:
        """The rope type the views draw: proportional RoPE divides every θ by its factor, as
        linear scaling does (none at factor 1)."""
        if self.rope_type == "proportional":
            return "default" if self.factor in (None, 1.0) else "linear"
        return self.rope_type

    @property
    def local(self) -> bool:
        """Whether its layers attend locally: in a sliding window, or within chunks (Llama 4's
        RoPE layers; its layers without positions attend to everything: they are global)."""
        return self.sliding_window is not None or "attention_chunk_size" in self.details


@dataclass(frozen=True)
class LearnedSize:
    """A learned absolute table's size as the config gives it: positions × width."""

    positions: int
    width: int
    #: The end of the tensor's name that holds it where the weights hold more than one table
    #: of positions (Whisper's decoder's, beside its encoder's fixed sinusoids); "" for any.
    tensor: str = ""


@dataclass(frozen=True)
class Read:
    """What a scheme's reader found: its groups of layers, a learned table's size, and
    whether the config's longest length means one (T5's buckets reach any length: its
    n_positions is a leftover transformers does not read), and the layers of both stacks."""

    groups: tuple[LayerGroup, ...]
    learned: LearnedSize | None = None
    reads_max_positions: bool = True
    #: The layers of both stacks of an encoder-decoder (Whisper's encoder_layers +
    #: decoder_layers), where the config's layer count is the encoder's alone.
    num_layers: int | None = None
