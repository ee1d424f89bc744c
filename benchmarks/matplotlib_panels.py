"""The baseline of the step benchmark: PE Clock's three panels drawn by matplotlib (Agg).

The same content as the window at 1600x900 with the defaults (50 x 512, base 10000): the heatmap
with the pos / pos+k rows outlined and its colour bar, one dial per pair with its index plus a
three-handed clock and its legend, R(k) with its zoom and numbers, the three vectors and the
text of the block and vectors. Artists are created once and only their data change per frame,
as matplotlib recommends for animation.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import numpy as np

from pe_clock.core.encoding import inverse_frequencies, positional_encoding, wavelengths
from pe_clock.core.rotation import relative_rotation, rotate

WIDTH, HEIGHT = 1600, 900


def median_ms(func, frames: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def matplotlib_figure(frames: int) -> float:
    """The median ms of one frame of matplotlib_panels at 1600 x 900."""
    step, close = matplotlib_panels()
    for _ in range(3):
        step()
    result = median_ms(step, frames)
    close()
    return result


def matplotlib_panels(
    width: int = WIDTH, height: int = HEIGHT
) -> tuple[Callable[[], None], Callable[[], None]]:
    """The panels in a figure of width x height pixels: (step, close). step moves pos on by
    one and draws the whole frame into its pixel buffer."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Rectangle

    d, n, base, k = 512, 50, 10000.0, 1
    table = positional_encoding(n, d, base)
    omega = inverse_frequencies(d, base)
    waves = wavelengths(d, base)
    pairs = d // 2
    cols = 16
    centres = np.stack([(np.arange(pairs) % cols) * 2.5, -(np.arange(pairs) // cols) * 2.9], 1)
    t = np.linspace(0, 2 * np.pi, 49)
    ring = np.stack([np.sin(t), np.cos(t)], 1)

    fig = plt.figure(figsize=(width / 100, height / 100), dpi=100)
    grid = fig.add_gridspec(2, 4)
    ax_heat = fig.add_subplot(grid[0, 0])
    image = ax_heat.imshow(table, cmap="coolwarm", vmin=-1, vmax=1, aspect="auto")
    fig.colorbar(image, ax=ax_heat)
    ax_heat.set_xlabel("dimension (pair i = columns 2i: sin, 2i+1: cos)")
    ax_heat.set_ylabel("position")
    ax_heat.set_title(f"PE(pos, dim) · d_model {d} · base {base:g}")
    readout = fig.text(0.02, 0.51, "", fontsize=8)
    pos_box = ax_heat.add_patch(Rectangle((-0.5, -0.5), d, 1, fill=False, lw=2, ec="k"))
    off_box = ax_heat.add_patch(Rectangle((-0.5, 0.5), d, 1, fill=False, lw=2, ec="g"))

    ax_grid = fig.add_subplot(grid[0, 1:3])
    ax_grid.set_aspect("equal")
    ax_grid.axis("off")
    ax_grid.add_collection(LineCollection([c + ring for c in centres], colors="#bbbbbb", lw=0.6))
    hands = LineCollection([], colors="k", lw=1.2)
    ghosts = LineCollection([], colors="g", lw=1, linestyles="--")
    ax_grid.add_collection(hands)
    ax_grid.add_collection(ghosts)
    for i, (x, y) in enumerate(centres):
        ax_grid.text(x, y - 1.3, str(i), fontsize=5, ha="center")
    selected = ax_grid.plot(*(centres[0] + 1.08 * ring).T, color="#f28e00", lw=2)[0]
    ax_grid.set_title(f"{pairs} clock hands, one per pair i · dashed: pos + k", fontsize=9)
    ax_grid.set_xlim(-1.5, cols * 2.5)
    ax_grid.set_ylim(centres[:, 1].min() - 2, 1.5)

    ax_clock = fig.add_subplot(grid[0, 3])
    ax_clock.set_aspect("equal")
    ax_clock.axis("off")
    ax_clock.plot(ring[:, 0], ring[:, 1], "k")
    ticks = np.arange(60) * (2 * np.pi / 60)
    inner = np.where(np.arange(60) % 5 == 0, 0.86, 0.94)
    ax_clock.add_collection(
        LineCollection(
            np.stack(
                [
                    np.stack([inner * np.sin(ticks), inner * np.cos(ticks)], 1),
                    np.stack([np.sin(ticks), np.cos(ticks)], 1),
                ],
                1,
            ),
            colors="#444444",
            lw=1.5,
        )
    )
    ax_clock.text(0, 0.78, "12", ha="center", va="top")
    ax_clock.plot([0], [0], "o", color="#222222")
    clock_pairs = (0, pairs // 4, pairs // 2)
    clock_hands = [
        ax_clock.plot([0, 0], [0, 1], lw=w, color=c)[0]
        for w, c in zip((2, 4, 6), ("r", "b", "k"), strict=True)
    ]
    legend = ax_clock.text(-1, -1.4, "", fontsize=8)

    ax_matrix = fig.add_subplot(grid[1, 0])
    ax_matrix.imshow(relative_rotation(k, d, base), cmap="coolwarm", vmin=-1, vmax=1)
    ax_zoom = fig.add_subplot(grid[1, 1])
    zoom = relative_rotation(k, d, base)[:4, :4]
    ax_zoom.imshow(zoom, cmap="coolwarm", vmin=-1, vmax=1)
    for r in range(4):
        for c in range(4):
            if r // 2 == c // 2:
                ax_zoom.text(c, r, f"{zoom[r, c]:.3f}", ha="center", va="center", fontsize=8)
    ax_vec = fig.add_subplot(grid[1, 2:])
    strips = ax_vec.imshow(np.zeros((3, d)), cmap="coolwarm", vmin=-1, vmax=1, aspect="auto")
    ax_vec.set_yticks([0, 1, 2], ["PE(pos)", "R(k)·PE(pos)", "PE(pos+k)"])
    error_text = ax_vec.set_title("")
    phi = k * omega[0]
    block = (
        f"Block of pair 0 = [[cos φ, sin φ], [−sin φ, cos φ]]\n"
        f"{np.cos(phi):.6f}  {np.sin(phi):.6f}\n{-np.sin(phi):.6f}  {np.cos(phi):.6f}\n"
        f"φ = k·ω0 = {phi:.6f} rad = {np.degrees(phi):.4f}°"
    )
    fig.text(0.76, 0.40, block, fontsize=8, va="top")
    vectors = fig.text(0.76, 0.25, "", fontsize=8, va="top")

    state = {"pos": 0}

    def step() -> None:
        pos = state["pos"] = (state["pos"] + 1) % n
        theta = pos * omega
        tips = centres + np.stack([np.sin(theta), np.cos(theta)], 1)
        hands.set_segments(np.stack([centres, tips], 1))
        ghost_theta = (pos + k) * omega
        ghost_tips = centres + np.stack([np.sin(ghost_theta), np.cos(ghost_theta)], 1)
        ghosts.set_segments(np.stack([centres, ghost_tips], 1))
        pos_box.set_y(pos - 0.5)
        off_box.set_y(pos + k - 0.5)
        lines = []
        for line, pair, length in zip(clock_hands, clock_pairs, (0.95, 0.8, 0.55), strict=True):
            a = pos * omega[pair]
            line.set_data([0, length * np.sin(a)], [0, length * np.cos(a)])
            lines.append(f"pair {pair}: {waves[pair]:.5g} positions per turn")
        legend.set_text("\n".join(lines))
        pe = table[pos]
        turned = rotate(pe, k, d, base)
        target = positional_encoding(1, d, base, start=pos + k)[0]
        strips.set_data(np.stack([pe, turned, target]))
        error_text.set_text(f"max diff {np.abs(turned - target).max():.2e}")
        vectors.set_text(
            "\n".join(
                f"{name}: ({v[0]:.6f}, {v[1]:.6f})"
                for name, v in (("PE(pos)", pe), ("R(k)·PE(pos)", turned), ("PE(pos+k)", target))
            )
        )
        readout.set_text(f"pos {pos} (black outline) · pos + k = {pos + k} (green) · pair 0")
        selected.set_data(*(centres[0] + 1.08 * ring).T)
        fig.canvas.draw()
        np.asarray(fig.canvas.buffer_rgba())

    return step, lambda: plt.close(fig)
