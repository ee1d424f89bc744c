"""T5's relative position buckets: the distance between a query and a key, binned as T5
bins it before it looks up one learned bias per head and bucket (Raffel et al. 2020, §2.1;
transformers' `T5Attention._relative_position_bucket`).

The encoder counts both directions (half the buckets each way); the decoder only the past.
Distances below half a direction's buckets each have their own bucket; farther ones share
logarithmic bins up to max_distance, and every distance beyond it shares the last.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray


def relative_buckets(
    distance: NDArray[np.int64], num_buckets: int, max_distance: int, bidirectional: bool
) -> NDArray[np.int64]:
    """The bucket of each relative position (key − query), as transformers computes it: the
    logarithm in float32, as PyTorch does for a float tensor, then truncated."""
    relative = np.asarray(distance, dtype=np.int64)
    out = np.zeros_like(relative)
    if bidirectional:
        num_buckets //= 2
        out += (relative > 0) * num_buckets
        n = np.abs(relative)
    else:
        n = -np.minimum(relative, 0)
    exact = num_buckets // 2
    far = np.maximum(n, exact).astype(np.float32)  # (the near ones take n itself)
    ratio = np.log(far / np.float32(exact)) / np.float32(np.log(max_distance / exact))
    large = exact + (ratio * np.float32(num_buckets - exact)).astype(np.int64)
    large = np.minimum(large, num_buckets - 1)
    return out + np.where(n < exact, n, large)


def bucket_starts(num_buckets: int, max_distance: int, bidirectional: bool) -> list[int]:
    """The first distance of each bucket of one direction (the past, for the decoder)."""
    n = np.arange(0, max_distance + 2, dtype=np.int64)
    buckets = relative_buckets(-n, num_buckets, max_distance, bidirectional)
    starts = np.flatnonzero(np.r_[True, buckets[1:] != buckets[:-1]])
    return [int(n[i]) for i in starts]
