"""Every figure's code: a short NumPy script that recomputes what a view shows.

The scripts follow the course's `positional_encoding` (its names and its comment style), take
the figure's parameters as literals, and need NumPy alone. Their comments are catalogue
messages (``code.*``), so each language writes its own. Each writer is registered in `WRITERS`
with the arrays its script leaves behind: the tests run every script in a fresh interpreter
and compare them with this package's core.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from pe_clock.core.alibi import SHOWN_LENGTH
from pe_clock.core.encoding import MAX_TABLE_VALUES, check_table_size
from pe_clock.core.i18n import tr
from pe_clock.core.models.learned import BERT_BASE_SIZE, MAX_COMPARED
from pe_clock.core.rope import SCORE_LENGTH
from pe_clock.core.similarity import DISTANCE_REACH


@dataclass(frozen=True)
class Written:
    """A script writer: write(w, values[, torch]), the arrays its script leaves behind (the
    tests run each script and compare them with this package's core), and whether it also
    writes the table in PyTorch, as the course's blog does."""

    write: Callable[..., None]
    arrays: tuple[str, ...]
    torch: bool


#: Every script writer, by its name (its function's, without the underscore): a view names
#: the one that writes its script (`gui.views.ViewSpec.script`).
WRITERS: dict[str, Written] = {}

F = TypeVar("F", bound=Callable[..., None])


def _writes(*arrays: str, torch: bool = False) -> Callable[[F], F]:
    """Register the decorated writer in WRITERS: its script leaves arrays behind; torch: it
    can write the table in PyTorch."""

    def register(write: F) -> F:
        WRITERS[write.__name__.lstrip("_")] = Written(write, arrays, torch)
        return write

    return register


def _number(value: float) -> str:
    """A literal that reads back as exactly value: 10000 rather than 10000.0 where whole."""
    value = float(value)
    return str(int(value)) if value.is_integer() and abs(value) < 1e16 else repr(value)


def _one_line(words: str) -> str:
    """words as comment text that cannot end its comment: every character Python or an editor
    could read as a line break (\\n, \\r, \\f, U+2028 …), or that does not print, escaped."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in words)


class _Writer:
    """Lines of a script, with comments looked up in one language.

    Comments are catalogue messages only, made one line (`_one_line`); a value from a file (a
    path, a tensor's name, a dtype) never goes into a comment: it is written as a literal
    (``repr``) in code.
    """

    def __init__(self, language: str) -> None:
        self.language = language
        self.lines: list[str] = []

    def say(self, key: str, **values: object) -> str:
        return _one_line(tr(f"code.{key}", self.language, **values))

    def comment(self, key: str, **values: object) -> None:
        self.lines.append(f"# {self.say(key, **values)}")

    def code(self, *lines: str) -> None:
        self.lines.extend(lines)

    def gap(self) -> None:
        if self.lines and self.lines[-1]:
            self.lines.append("")


def _table_function(w: _Writer, torch: bool) -> None:
    """The course's function, with the base as a parameter (10000 in the paper)."""
    if torch:
        w.code(
            "def positional_encoding(seq_len, d_model, base=10000):",
            "    f64 = torch.float64",
            "    pos = torch.arange(seq_len, dtype=f64).unsqueeze(1)        # (seq_len, 1)",
            "    i = torch.arange(d_model // 2, dtype=f64).unsqueeze(0)     # (1, d_model/2)",
            "    angle = pos / (base ** (2 * i / d_model))                  # (seq_len, d_model/2)",
            "    pe = torch.zeros(seq_len, d_model, dtype=f64)",
            f"    pe[:, 0::2] = torch.sin(angle)  # {w.say('even')}",
            f"    pe[:, 1::2] = torch.cos(angle)  # {w.say('odd')}",
            "    return pe",
        )
        return
    w.code(
        "def positional_encoding(max_len, d_model, base=10000):",
        f"    # {w.say('pe_shape')}",
        "    pos = np.arange(max_len)[:, None]",
        "    i = np.arange(d_model // 2)[None, :]",
        "    angle = pos / (base ** (2 * i / d_model))",
        "    pe = np.zeros((max_len, d_model))",
        f"    pe[:, 0::2] = np.sin(angle)   # {w.say('even')}",
        f"    pe[:, 1::2] = np.cos(angle)   # {w.say('odd')}",
        "    return pe",
    )


def _speeds(w: _Writer) -> None:
    w.comment("speed")
    w.code("w = 1 / base ** (2 * np.arange(d_model // 2) / d_model)")


@_writes("pe", torch=True)
def _heatmap(w: _Writer, v: Mapping[str, Any], torch: bool = False) -> None:
    check_table_size(int(v["max_len"]), int(v["d_model"]))  # the script builds it whole
    w.comment("table")
    convert = ".numpy()" if torch else ""
    w.code(f"pe = positional_encoding(max_len, d_model, base){convert}")
    if v["layout"] == "split":
        w.comment("split")
        w.code("pe = np.concatenate([pe[:, 0::2], pe[:, 1::2]], axis=1)")
    w.code("print(pe.shape, pe.min().round(3), pe.max().round(3))")
    w.comment("outlined")
    w.code("print(pe[pos].round(3))", "if pos + k < max_len:", "    print(pe[pos + k].round(3))")


def _angles(w: _Writer) -> None:
    _speeds(w)
    w.comment("angle")
    w.code("theta = pos * w")


@_writes("w", "theta", "tips", "degrees")
def _clock(w: _Writer, v: Mapping[str, Any]) -> None:
    _angles(w)
    w.comment("tip")
    w.code("tips = np.stack([np.sin(theta), np.cos(theta)], axis=1)")
    w.comment("degrees")
    w.code("degrees = np.degrees(theta) % 360", "print(degrees[:8].round(1))")


@_writes("w", "theta", "hand_degrees", "turn_positions")
def _bigclock(w: _Writer, v: Mapping[str, Any]) -> None:
    _angles(w)
    w.comment("hands")
    w.code(
        f"hands = [{', '.join(str(int(p)) for p in v['clock_pairs'])}]",
        "hand_degrees = np.degrees(theta[hands]) % 360",
        "turn_positions = 2 * np.pi / w[hands]",
        "print(hand_degrees.round(1), turn_positions.round(1))",
    )


def _pe_row(w: _Writer) -> None:
    w.code(
        "def pe_row(p):",
        f"    # {w.say('row')}",
        "    row = np.empty(d_model)",
        "    row[0::2], row[1::2] = np.sin(p * w), np.cos(p * w)",
        "    return row",
        "",
    )


@_writes("phi", "R")
def _rotation(w: _Writer, v: Mapping[str, Any], speeds: bool = True) -> None:
    """R(k) and its check; speeds: write w first (the window's script has it already)."""
    if speeds:
        _speeds(w)
    w.comment("phi")
    w.code("phi = k * w")
    w.comment("block")
    w.code(
        "R = np.zeros((d_model, d_model))",
        "for i, (c, s) in enumerate(zip(np.cos(phi), np.sin(phi))):",
        "    R[2 * i : 2 * i + 2, 2 * i : 2 * i + 2] = [[c, s], [-s, c]]",
        "",
    )
    _pe_row(w)
    if v["layout"] == "split":
        w.comment("split")
        w.code(
            "order = np.r_[0:d_model:2, 1:d_model:2]",
            "R = R[np.ix_(order, order)]",
            "print(np.allclose(R @ pe_row(pos)[order], pe_row(pos + k)[order]))  "
            f"# {w.say('check_rotation')}",
        )
    else:
        w.code(f"print(np.allclose(R @ pe_row(pos), pe_row(pos + k)))  # {w.say('check_rotation')}")


@_writes("pe", "theta", "R")
def _window(w: _Writer, v: Mapping[str, Any]) -> None:
    _heatmap(w, v)
    w.gap()
    _clock(w, v)
    w.gap()
    _rotation(w, v, speeds=False)


@_writes("E", "pe", "x", "norm_e", "norm_pe", "norm_x")
def _embedding(w: _Writer, v: Mapping[str, Any]) -> None:
    w.comment("embeddings")
    w.code(
        "E = np.stack([np.random.default_rng(2017 + row).normal(0.0, 0.5, d_model)",
        "              for row in range(3)])",
    )
    if v["scale_embeddings"]:
        w.comment("scaled")
        w.code("E = E * np.sqrt(d_model)")
    w.comment("input")
    w.code("pe = positional_encoding(pos + len(E), d_model, base)[pos:]", "x = E + pe")
    w.comment("norms")
    w.code(
        "norm_e, norm_pe, norm_x = (np.linalg.norm(a, axis=1) for a in (E, pe, x))",
        "print(norm_e.round(2), norm_pe.round(2), norm_x.round(2))",
    )


@_writes("positions", "denominators", "values", torch=True)
def _worked(w: _Writer, v: Mapping[str, Any], torch: bool = False) -> None:
    w.comment("worked")
    convert = ".numpy()" if torch else ""
    w.code(
        "positions = np.arange(pos, pos + 4)",
        "denominators = base ** (np.arange(2) * 2 / 4)",
        f"values = positional_encoding(pos + 4, 4, base){convert}[pos:]",
        "print(denominators)",
        "print(values.round(3))",
    )


@_writes("distances", "nearest", "at", "distinct")
def _unique(w: _Writer, v: Mapping[str, Any]) -> None:
    check_table_size(int(v["max_len"]), int(v["d_model"]))  # the script builds it whole
    _speeds(w)
    w.comment("distances")
    w.code(
        "offsets = np.arange(1, max(max_len, 2))",
        "distances = 2 * np.sqrt((np.sin(np.outer(offsets, w) / 2) ** 2).sum(axis=1))",
    )
    w.comment("nearest")
    w.code("nearest, at = distances.min(), offsets[distances.argmin()]", "print(nearest, at)")
    w.comment("distinct")
    w.code(
        "pe = positional_encoding(max_len, d_model, base)",
        "distinct = len(np.unique(pe.round(6), axis=0))",
        "print(distinct, max_len)",
    )


@_writes("offsets", "dots", "measured")
def _distance(w: _Writer, v: Mapping[str, Any]) -> None:
    _speeds(w)
    reach = max(1, min(DISTANCE_REACH, int(v["max_len"]) - 1))
    w.comment("offsets")
    w.code(f"reach = {reach}", "offsets = np.arange(-reach, reach + 1)")
    w.comment("dots")
    w.code("dots = np.cos(np.outer(offsets, w)).sum(axis=1)")
    _pe_row(w)
    w.comment("measured")
    w.code(
        "measured = np.array([pe_row(pos + o) @ pe_row(pos) if pos + o >= 0 else np.nan",
        "                     for o in offsets])",
        "print(np.nanmax(np.abs(measured - dots)))",
    )


@_writes("wavelengths")
def _wavelength(w: _Writer, v: Mapping[str, Any]) -> None:
    _speeds(w)
    w.comment("wavelengths")
    w.code("wavelengths = 2 * np.pi / w", "print(wavelengths[[0, -1]].round(1))")


@_writes("pe", torch=True)
def _beyond(w: _Writer, v: Mapping[str, Any], torch: bool = False) -> None:
    span, d_model = max(int(v["max_len"]), 2 * int(v["train_len"])), int(v["d_model"])
    if span > int(v["max_len"]) and span * d_model > MAX_TABLE_VALUES:  # train_len's doing
        total, limit = f"{span * d_model:,}", f"{MAX_TABLE_VALUES:,}"
        raise ValueError(tr("code.beyond_table", n=f"{span:,}", d=d_model, total=total,
                            limit=limit))  # fmt: skip
    check_table_size(span, d_model)  # the script builds it whole
    convert = ".numpy()" if torch else ""
    w.comment("beyond")
    w.code(
        f"train_len, span = {int(v['train_len'])}, {span}",
        f"pe = positional_encoding(span, d_model, base){convert}",
        "print(pe[:train_len].shape, pe[train_len:].shape)",
    )


@_writes("weights_a", "weights_b", "outputs_a", "outputs_b")
def _why(w: _Writer, v: Mapping[str, Any]) -> None:
    from pe_clock.core.toy import TOY_DIM, sentences, written

    first, second = sentences(w.language)
    a, b = written(w.language)
    w.comment("toy")
    w.code(
        f"a = {list(first)!r}  # {_one_line(a)}",
        f"b = {list(second)!r}  # {_one_line(b)}",
        f"d = {TOY_DIM}",
    )
    w.comment("weights_seed")
    w.code(
        "rng = np.random.default_rng(2017)",
        "W_q, W_k, W_v = (rng.normal(size=(d, d)) / np.sqrt(d) for _ in range(3))",
        "vocabulary = sorted(set(a))",
        "table = np.random.default_rng(1).normal(size=(len(vocabulary), d))",
        "",
        "def attention(tokens, with_pe):",
        "    x = table[[vocabulary.index(t) for t in tokens]]",
        "    if with_pe:",
        f"        # {w.say('with_pe')}",
        "        x = x + positional_encoding(len(tokens), d, base)",
        "    q, k, v = x @ W_q, x @ W_k, x @ W_v",
        f"    # {w.say('attention')}",
        "    scores = q @ k.T / np.sqrt(d)",
        "    weights = np.exp(scores - scores.max(axis=1, keepdims=True))",
        "    weights /= weights.sum(axis=1, keepdims=True)",
        "    return weights, weights @ v",
        "",
        f"with_pe = {bool(v['why_pe'])}",
        "weights_a, outputs_a = attention(a, with_pe)",
        "weights_b, outputs_b = attention(b, with_pe)",
        "order = [a.index(t) for t in b]",
    )
    w.comment("same")
    w.code("print(np.abs(outputs_b - outputs_a[order]).max())")


def _rope_rotate(w: _Writer, v: Mapping[str, Any]) -> None:
    half = v["rope_layout"] == "half"
    w.code(
        "def rope(x, position):",
        f"    # {w.say('rope')}",
        f"    # {w.say('rope_pairs_half' if half else 'rope_pairs_interleaved')}",
        "    phi = position * theta",
        "    first = np.arange(head_dim // 2)" if half else "    first = np.arange(0, head_dim, 2)",
        "    second = first + head_dim // 2" if half else "    second = first + 1",
        "    out = np.empty_like(x)",
        "    out[first] = x[first] * np.cos(phi) - x[second] * np.sin(phi)",
        "    out[second] = x[second] * np.cos(phi) + x[first] * np.sin(phi)",
        "    return out",
    )


@_writes("theta", "scores")
def _rope(w: _Writer, v: Mapping[str, Any]) -> None:
    w.code(f"head_dim = {int(v['head_dim'])}")
    w.comment("rope_theta")
    w.code("theta = base ** (-np.arange(0, head_dim, 2) / head_dim)", "")
    _rope_rotate(w, v)
    w.gap()
    w.comment("qk")
    w.code(
        "rng = np.random.default_rng(2021)",
        "q, k = rng.normal(size=head_dim), rng.normal(size=head_dim)",
    )
    w.comment("scores")
    w.code(
        f"length = {SCORE_LENGTH}",
        "scores = np.array([[rope(q, m) @ rope(k, n) for n in range(length)]",
        "                   for m in range(length)])",
        "print(np.isclose(scores[10, 3], scores[30, 23]))",
    )
    _model_theta(w, v)


@_writes("inv_freq", "theta_prime")
def _scaling(w: _Writer, v: Mapping[str, Any]) -> None:
    factor, original = float(v["scaling_factor"]), int(v["original_len"])
    w.code(
        f"head_dim, factor, original_max_len = {int(v['head_dim'])}, {_number(factor)}, {original}",
        f"seq_len = {round(factor * original)}  # s · L0",
    )
    w.comment("rope_theta")
    w.code(
        "def rope_theta(base):",
        "    return base ** (-np.arange(0, head_dim, 2) / head_dim)",
        "",
        "inv_freq = rope_theta(base)",
        "d = head_dim",
        "",
    )
    w.comment("scaling")
    w.code(
        "def yarn(beta_fast=32.0, beta_slow=1.0):",
        "    def pair_turning(turns):",
        "        return d * np.log(original_max_len / (turns * 2 * np.pi)) / (2 * np.log(base))",
        "    low = max(int(np.floor(pair_turning(beta_fast))), 0)",
        "    high = min(int(np.ceil(pair_turning(beta_slow))), d - 1)",
        "    ramp = np.clip((np.arange(d // 2) - low) / ((high - low) or 0.001), 0, 1)",
        "    keep = 1 - ramp",
        "    return inv_freq / factor * (1 - keep) + inv_freq * keep",
        "",
        "def llama3(low_freq_factor=1.0, high_freq_factor=4.0):",
        "    wavelength = 2 * np.pi / inv_freq",
        "    low_wave = original_max_len / low_freq_factor",
        "    high_wave = original_max_len / high_freq_factor",
        "    out = np.where(wavelength > low_wave, inv_freq / factor, inv_freq)",
        "    smooth = (original_max_len / wavelength - low_freq_factor) / (",
        "        high_freq_factor - low_freq_factor)",
        "    blended = (1 - smooth) * out / factor + smooth * out",
        "    medium = ~(wavelength < high_wave) & ~(wavelength > low_wave)",
        "    return np.where(medium, blended, out)",
        "",
        "grown = max(seq_len, original_max_len) * factor / original_max_len - (factor - 1)",
        "theta_prime = {",
        '    "linear": inv_freq / factor,',
        '    "ntk": rope_theta(base * factor ** (d / (d - 2))) if d > 2 else inv_freq,',
        '    "dynamic": rope_theta(base * grown ** (d / (d - 2))) if d > 2 else inv_freq,',
        '    "yarn": yarn(),',
        '    "llama3": llama3(),',
        "}",
        "for method, scaled in theta_prime.items():",
        "    print(method, (scaled / inv_freq)[[0, -1]].round(4))",
    )
    _model_theta(w, v)


def _model_theta(w: _Writer, v: Mapping[str, Any]) -> None:
    """The opened model's own θ′ per pair (and its factors, attention factor), recomputed
    from its config's numbers as transformers' `modelling_rope_utils` computes them: what
    `pe-clock model --json` gives as inv_freq, whatever the figure's fields were set to."""
    shown = v.get("model_group")
    if shown is None:
        return
    name, group = shown
    kind = group.rope_type or "default"
    w.gap()
    w.comment("model_theta")
    # The model's name from its files: a literal, never code nor a comment.
    w.code(
        f"model_name, rope_type = {name!r}, {kind!r}",
        f"model_layers = {list(group.layers)!r}",
        f"model_base, rotary_dim = {_number(group.rope_theta)}, {int(group.rotary_dim)}",
        "model_inv_freq = model_base ** (-np.arange(0, rotary_dim, 2) / rotary_dim)",
    )
    factor, l0, d = group.factor, group.original_max_position_embeddings, group.details
    if kind in ("linear", "yarn", "llama3"):
        w.code(f"model_factor = {_number(factor)}")
    if kind in ("yarn", "llama3"):
        w.code(f"model_l0 = {int(l0)}")
    if kind == "linear":
        w.code("model_inv_freq = model_inv_freq / model_factor")
    elif kind == "yarn":
        w.code(
            f"beta_fast, beta_slow = {_number(d['beta_fast'])}, {_number(d['beta_slow'])}",
            "def turning(turns):",
            "    ratio = np.log(model_l0 / (turns * 2 * np.pi)) / np.log(model_base)",
            "    return rotary_dim * ratio / 2",
            "low, high = turning(beta_fast), turning(beta_slow)",
        )
        if d["truncate"]:
            w.code("low, high = np.floor(low), np.ceil(high)")
        w.code(
            "low, high = max(low, 0), min(high, rotary_dim - 1)",
            "pair = np.arange(rotary_dim // 2)",
            "ramp = np.clip((pair - low) / ((high - low) or 0.001), 0, 1)",
            "model_inv_freq = model_inv_freq / model_factor * ramp + model_inv_freq * (1 - ramp)",
        )
    elif kind == "llama3":
        w.code(
            f"low_freq_factor = {_number(d['low_freq_factor'])}",
            f"high_freq_factor = {_number(d['high_freq_factor'])}",
            "wavelength = 2 * np.pi / model_inv_freq",
            "long_wave = wavelength > model_l0 / low_freq_factor",
            "out = np.where(long_wave, model_inv_freq / model_factor, model_inv_freq)",
            f"# {w.say('model_bands')}",
            "with np.errstate(divide='ignore', invalid='ignore'):",
            "    smooth = (model_l0 / wavelength - low_freq_factor) / (",
            "        high_freq_factor - low_freq_factor)",
            "    blended = (1 - smooth) * out / model_factor + smooth * out",
            "medium = (wavelength >= model_l0 / high_freq_factor) & ~long_wave",
            "model_inv_freq = np.where(medium, blended, out)",
        )
    elif kind == "longrope":
        w.comment("model_longrope")
        w.code(
            f"short_factor = np.array({[float(x) for x in d['short_factor']]!r})",
            f"long_factor = np.array({[float(x) for x in d['long_factor']]!r})",
            "model_inv_freq_long = model_inv_freq / long_factor",
            "model_inv_freq = model_inv_freq / short_factor",
        )
    if group.attention_factor not in (None, 1.0):
        w.comment("model_attention")
        w.code(f"attention_factor = {group.attention_factor!r}")
    if "softmax_scale_factor" in d:
        w.comment("model_softmax")
        w.code(f"softmax_scale_factor = {d['softmax_scale_factor']!r}")
    if "mrope_section" in d:
        w.comment("model_mrope")
        w.code(f"mrope_section = {list(d['mrope_section'])!r}")
    w.code("print(model_name, rope_type, model_inv_freq[[0, -1]])")


@_writes("slopes", "bias")
def _alibi(w: _Writer, v: Mapping[str, Any]) -> None:
    w.code(f"num_heads, length = {int(v['alibi_heads'])}, {SHOWN_LENGTH}")
    w.comment("slopes")
    w.code(
        "def power_of_two(n):",
        "    start = 2 ** (-(2 ** -(np.log2(n) - 3)))",
        "    return [start * start**i for i in range(n)]",
        "",
        "def alibi_slopes(n):",
        "    if np.log2(n).is_integer():",
        "        return np.array(power_of_two(n))",
        "    closest = 2 ** int(np.floor(np.log2(n)))",
        "    rest = alibi_slopes(2 * closest)[0::2][: n - closest]",
        "    return np.concatenate([power_of_two(closest), rest])",
        "",
        "slopes = alibi_slopes(num_heads)",
    )
    w.comment("bias")
    w.code(
        "i, j = np.arange(length)[:, None], np.arange(length)[None, :]",
        "bias = -slopes[:, None, None] * np.abs(i - j)",
    )
    if v["causal"]:
        w.comment("causal")
        w.code("masked = np.where(j <= i, bias, -np.inf)")
    w.code("print(slopes.round(4))")


@_writes("sinusoids", "sinusoid_similarity", "sinusoid_nearest", "sinusoid_share")
def _learned(w: _Writer, v: Mapping[str, Any]) -> None:
    source = v.get("learned_table")
    if source is None:
        w.comment("learned_size")
        w.code("positions, width = {}, {}".format(*BERT_BASE_SIZE))
    else:
        npy = source["dtype"] == "npy"
        # The file's path and its tensor's name as literals: a name may hold anything.
        w.comment("learned_read_npy" if npy else "learned_read", dtype=source["dtype"])
        w.code(f"path = {source['path']!r}")
        if npy:
            w.code("learned = np.load(path).astype(np.float64)")
        elif source["dtype"] == "BF16":
            w.code(
                f"tensor = {source['tensor']!r}",
                "import json, struct",
                "with open(path, 'rb') as f:",
                "    (length,) = struct.unpack('<Q', f.read(8))",
                "    entry = json.loads(f.read(length))[tensor]",
                "begin, end = entry['data_offsets']",
                "words = np.fromfile(path, dtype='<u2', count=(end - begin) // 2,",
                "                    offset=8 + length + begin).reshape(entry['shape'])",
                f"# {w.say('bf16')}",
                "learned = (words.astype(np.uint32) << 16).view(np.float32).astype(np.float64)",
            )
        else:
            w.code(
                f"tensor = {source['tensor']!r}",
                "from safetensors import safe_open",
                "with safe_open(path, framework='numpy') as f:",
                "    learned = f.get_tensor(tensor).astype(np.float64)",
            )
        w.code("positions, width = learned.shape")
    w.comment("learned_sample", n=MAX_COMPARED)
    w.code(
        f"at = np.arange(positions) if positions <= {MAX_COMPARED} else np.unique(",
        f"    np.round(np.linspace(0, positions - 1, {MAX_COMPARED})).astype(int))",
        f"# {w.say('learned_sinusoids')}",
        "sinusoids = positional_encoding(positions, width + width % 2, base)[at, :width]",
        "",
        "def similarity(rows):",
        "    norms = np.linalg.norm(rows, axis=1)",
        "    unit = rows / np.where(norms > 0, norms, 1)[:, None]",
        "    return np.clip(unit @ unit.T, -1, 1)",
        "",
        f"# {w.say('learned_nearest')}",
        "def nearest(rows):",
        "    sq = (rows**2).sum(axis=1)",
        "    d = np.sqrt(np.maximum(sq[:, None] + sq[None, :] - 2 * rows @ rows.T, 0))",
        "    np.fill_diagonal(d, np.inf)",
        "    return d.min(axis=1) / np.median(np.linalg.norm(rows, axis=1))",
        "",
        "def variance_share(rows, count=3):",
        "    s = np.linalg.svd(rows - rows.mean(axis=0), compute_uv=False)",
        "    return s[:count] ** 2 / (s**2).sum()",
        "",
        "sinusoid_similarity = similarity(sinusoids)",
        "sinusoid_nearest = nearest(sinusoids)",
        "sinusoid_share = variance_share(sinusoids)",
        "print(sinusoid_share.round(3))",
    )
    if source is not None:
        w.comment("learned_measures")
        w.code(
            "learned_similarity = similarity(learned[at])",
            "learned_nearest = nearest(learned[at])",
            "learned_share = variance_share(learned[at])",
            "print(learned.size, learned_share.round(3))",
        )


def script(
    writer: str,
    values: Mapping[str, Any],
    language: str,
    torch: bool = False,
    view: str = "",
) -> str:
    """The script WRITERS[writer] writes at these values (the state's fields by name), its
    comments in language, its header naming view (default: writer); torch: the table in
    PyTorch, as the course's blog writes it (a writer that has it). A view names its writer
    (`gui.views.ViewSpec.script`), which checks the torch option in its caller's terms."""
    written = WRITERS[writer]
    assert written.torch or not torch, writer
    w = _Writer(language)
    w.comment("header_torch" if torch else "header", view=view or writer)
    w.code("import numpy as np")
    if torch:
        w.code("import torch")
    w.gap()
    w.comment("parameters")
    w.code(
        f"max_len, d_model, base = {int(values['max_len'])}, {int(values['d_model'])}, "
        f"{_number(values['base'])}",
        f"pos, k = {int(values['pos'])}, {_number(values['k'])}",
        "",
    )
    _table_function(w, torch)
    w.gap()
    if written.torch:
        written.write(w, values, torch)
    else:
        written.write(w, values)
    return "\n".join(w.lines).rstrip("\n") + "\n"
