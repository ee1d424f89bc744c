"""Context extension: how RoPE's frequencies are rescaled to run past the trained length.

Each method returns the new inverse frequencies θ′_i and an attention factor, with the
semantics of Hugging Face transformers' rope initialisation functions
(`modeling_rope_utils._compute_*_parameters`):

- "default": θ_i = base^(−2i/d) unchanged.
- "linear": Position Interpolation, θ_i / s.
- "ntk": NTK-aware scaling of the base, base′ = base·s^(d/(d−2)).
- "dynamic": the base grows with the sequence, base′ = base·((s·L/L0) − (s − 1))^(d/(d−2)),
  L = max(seq_len, L0).
- "yarn": pairs turning often (β_fast turns within L0) are kept, pairs turning rarely
  (β_slow turns) are divided by s, with a linear ramp over the pair index between (the
  reference code's ramp; the paper writes it over r = L0/λ); attention factor 0.1·ln s + 1.
- "llama3": Llama 3.1: wavelengths below L0/high_freq_factor kept, above L0/low_freq_factor
  divided by s, a smooth blend between; attention factor 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from pe_clock.core.i18n import tr
from pe_clock.core.rope import rope_inverse_frequencies

METHODS = ("default", "linear", "ntk", "dynamic", "yarn", "llama3")


def yarn_correction_range(
    head_dim: int,
    base: float,
    original_max_len: int,
    beta_fast: float,
    beta_slow: float,
    truncate: bool = True,
) -> tuple[float, float]:
    """The pair indices (low, high) between which YaRN ramps, floored and ceiled unless
    truncate is false (a config's rope_scaling.truncate): the pair that turns beta turns
    within original_max_len positions is d·ln(L0 / (2π·beta)) / (2·ln base)."""

    def pair_turning(turns: float) -> float:
        return head_dim * math.log(original_max_len / (turns * 2 * math.pi)) / (2 * math.log(base))

    low, high = pair_turning(beta_fast), pair_turning(beta_slow)
    if truncate:
        low, high = math.floor(low), math.ceil(high)
    return max(low, 0), min(high, head_dim - 1)


def scaled_inverse_frequencies(
    method: str,
    head_dim: int,
    base: float,
    factor: float,
    original_max_len: int,
    *,
    seq_len: int | None = None,
    beta_fast: float = 32.0,
    beta_slow: float = 1.0,
    low_freq_factor: float = 1.0,
    high_freq_factor: float = 4.0,
    truncate: bool = True,
) -> tuple[NDArray[np.float64], float]:
    """(θ′ of every pair, attention factor) for a context-extension method.

    Parameters
    ----------
    method : one of METHODS
    head_dim : int
        Even; θ has head_dim/2 entries.
    base : float
        rope_theta.
    factor : float
        s, the extension factor (>= 1).
    original_max_len : int
        L0, the trained context length.
    seq_len : int, optional
        The current sequence length, for "dynamic" (L0 when not given).
    beta_fast, beta_slow : float
        YaRN's turn counts.
    low_freq_factor, high_freq_factor : float
        Llama 3.1's wavelength thresholds (L0 / factor). When they are equal (Llama 4 Scout)
        no wavelength lies between them: each pair is kept or divided by s.
    truncate : bool
        YaRN: floor and ceil the ramp's ends (transformers' default).
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}; got {method!r}")
    if not factor > 0 or not math.isfinite(factor):
        raise ValueError(f"factor must be a finite number > 0; got {factor!r}")
    if original_max_len < 1:
        raise ValueError(f"original_max_len must be >= 1; got {original_max_len!r}")
    inv = rope_inverse_frequencies(head_dim, base)
    d = head_dim
    if method == "default":
        return inv, 1.0
    if method == "linear":
        return inv / factor, 1.0
    if method in ("ntk", "dynamic") and d == 2:
        return inv, 1.0  # one pair, θ_0 = base⁰ = 1 whatever the base: nothing to scale
    if method == "ntk":
        return rope_inverse_frequencies(d, base * factor ** (d / (d - 2))), 1.0
    if method == "dynamic":
        length = max(seq_len or original_max_len, original_max_len)
        grown = base * ((factor * length / original_max_len) - (factor - 1)) ** (d / (d - 2))
        return rope_inverse_frequencies(d, grown), 1.0
    if method == "yarn":
        low, high = yarn_correction_range(d, base, original_max_len, beta_fast, beta_slow, truncate)
        # As the reference code does: a ramp of width 0 becomes 0.001 wide.
        width = (high - low) or 0.001
        ramp = np.clip((np.arange(d // 2, dtype=np.float64) - low) / width, 0, 1)
        keep = 1 - ramp
        scaled = inv / factor * (1 - keep) + inv * keep
        attention = 0.1 * math.log(factor) + 1 if factor > 1 else 1.0
        return scaled, attention
    # llama3
    wavelength = 2 * math.pi / inv
    low_wave = original_max_len / low_freq_factor
    high_wave = original_max_len / high_freq_factor
    out = np.where(wavelength > low_wave, inv / factor, inv)
    medium = ~(wavelength < high_wave) & ~(wavelength > low_wave)
    if high_freq_factor == low_freq_factor:
        return out, 1.0  # no band between (transformers divides 0 by 0 there and drops it)
    smooth = (original_max_len / wavelength - low_freq_factor) / (
        high_freq_factor - low_freq_factor
    )
    blended = (1 - smooth) * out / factor + smooth * out
    return np.where(medium, blended, out), 1.0


def yarn_paper_frequencies(
    head_dim: int,
    base: float,
    factor: float,
    original_max_len: int,
    beta_fast: float = 32.0,
    beta_slow: float = 1.0,
) -> NDArray[np.float64]:
    """θ′ by YaRN's paper (§3.2, "NTK-by-parts"): the ramp γ runs over r = L0/λ_i, the turns
    pair i makes within L0, from r = β_slow (divided by s) to r = β_fast (kept), where the
    reference code (`scaled_inverse_frequencies("yarn", …)`) ramps linearly over the pair index
    between the same two pairs, floored and ceiled."""
    inv = rope_inverse_frequencies(head_dim, base)
    turns = original_max_len * inv / (2 * math.pi)
    gamma = np.clip((turns - beta_slow) / (beta_fast - beta_slow), 0, 1)
    out: NDArray[np.float64] = (1 - gamma) * inv / factor + gamma * inv
    return out


#: Gaps in θ′/θ (at most 1) up to this are float64's rounding, not a difference.
SAME_WITHIN = 16 * float(np.finfo(np.float64).eps)


@dataclass(frozen=True)
class PairSplit:
    """Where a method leaves each pair: θ kept, θ divided by the whole s, or in between.

    Each is an array of pair indices (ascending); for the ramped methods (YaRN, Llama 3.1)
    each is one run of neighbouring pairs, or empty."""

    kept: NDArray[np.intp]
    divided: NDArray[np.intp]
    between: NDArray[np.intp]


def pair_run(at: NDArray[np.intp]) -> str:
    """'pair 5' or 'pairs 0…17' for a run of neighbouring pairs."""
    first, last = int(at[0]), int(at[-1])
    if first == last:
        return tr("scaling.at_pair", pair=first)
    return tr("scaling.at_pairs", first=first, last=last)


def split_parts(split: PairSplit) -> list[str]:
    """'θ kept on pairs 0…23', 'between θ and θ/s on pairs 24…39', 'θ/s on pairs 40…63':
    each part the split has, in that order."""
    return [
        tr(key, pairs=pair_run(at))
        for key, at in (
            ("scaling.split_kept", split.kept),
            ("scaling.split_between", split.between),
            ("scaling.split_divided", split.divided),
        )
        if at.size
    ]


def split_pairs(ratio: NDArray[np.float64], factor: float) -> PairSplit:
    """Classify θ′/θ per pair against 1 (kept) and 1/factor (divided by s), within float64's
    rounding; at factor 1 every pair is kept."""
    kept = np.abs(ratio - 1) <= SAME_WITHIN
    divided = ~kept & (np.abs(ratio * factor - 1) <= SAME_WITHIN * factor)
    return PairSplit(
        np.flatnonzero(kept), np.flatnonzero(divided), np.flatnonzero(~kept & ~divided)
    )


@dataclass(frozen=True)
class ModelRope:
    """RoPE as a model's configuration sets it (Hugging Face config.json)."""

    name: str
    base: float
    head_dim: int
    original_max_len: int
    #: (method, factor) when the configuration rescales, else None.
    scaling: tuple[str, float] | None = None
    #: Which of the model's layers these numbers are ("local": the sliding-window ones,
    #: "global": full attention; "" all of them), named in the catalogue as
    #: scaling.layers_<kind>.
    layers: str = ""

    @property
    def title(self) -> str:
        """The name as the list shows it, with its layers in the current language."""
        return (
            self.name if not self.layers else f"{self.name}, {tr(f'scaling.layers_{self.layers}')}"
        )


#: Presets from published configurations: rope_theta, head_dim, the trained context length,
#: and rope_scaling where there is one.
MODELS = (
    ModelRope("Llama 2 7B", 10000.0, 128, 4096),
    ModelRope("Llama 3 8B", 500000.0, 128, 8192),
    ModelRope("Llama 3.1 8B", 500000.0, 128, 8192, ("llama3", 8.0)),
    ModelRope("Qwen2 7B", 1000000.0, 128, 32768),
    ModelRope("Mistral 7B v0.2", 1000000.0, 128, 32768),
    ModelRope("Gemma 3 4B", 1000000.0, 256, 32768, ("linear", 8.0), "global"),
    ModelRope("Gemma 3 4B", 10000.0, 256, 32768, layers="local"),
)
