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


def exact_buckets(num_buckets: int, bidirectional: bool) -> int:
    """How many buckets of one direction hold one distance each (the rest are logarithmic)."""
    return (num_buckets // 2 if bidirectional else num_buckets) // 2


def bucket_starts(num_buckets: int, max_distance: int, bidirectional: bool) -> list[int]:
    """The first distance of each bucket of one direction (the past, for the decoder), found
    by a bisection per bucket over the distances up to max_distance (the bucket grows with
    the distance), never a table of them: max_distance may be 10^12."""
    per_side = num_buckets // 2 if bidirectional else num_buckets

    def bucket(n: NDArray[np.int64]) -> NDArray[np.int64]:
        return relative_buckets(-n, num_buckets, max_distance, bidirectional)

    wanted = np.arange(per_side, dtype=np.int64)
    low = np.zeros(per_side, dtype=np.int64)  # bucket(low) < wanted, or low = 0
    high = np.full(per_side, max_distance + 1, dtype=np.int64)  # bucket(high) >= wanted
    while np.any(high - low > 1):
        middle = (low + high) // 2
        reached = bucket(middle) >= wanted
        high = np.where(reached, middle, high)
        low = np.where(reached, low, middle)
    first = np.where(bucket(low) >= wanted, low, high)  # the smallest n in its bucket
    # A bucket no distance falls in shares its first distance with the next: listed once.
    return sorted({int(n) for n, b in zip(first, bucket(first), strict=True) if b == wanted[b]})
