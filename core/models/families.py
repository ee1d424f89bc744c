"""What a family's config.json does not say of its positions, as data beside the scheme readers.

A config names RoPE, ALiBi, T5's buckets or a hybrid stack by its keys, and the readers in
`core.models.schemes` read those. A position table is another matter: BART's, Marian's and
BERT's configs all give max_position_embeddings and nothing else, though BART learns its
table with two rows before position 0, Marian computes fixed sinusoids in split halves and
BERT learns a plain table. Those facts, read from each family's modeling code in
transformers, are written here once; a family with a plain learned table (BERT's kin, CLIP's
text tower, OpenAI GPT) needs no line at all.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Table:
    """A family's position table.

    kind: "learned" or "sinusoidal". width and positions: the keys of its size, the first the
    config has. offset: rows the table holds beyond its positions, before position 0 (BART's
    learned table: max_position_embeddings + 2 rows, position 0 is row 2). padded: position 0
    is row pad_token_id + 1 of the table (RoBERTa's and fairseq's position ids count from
    there). layout: sinusoids with sin and cos of pair i in columns (2i, 2i + 1)
    ("interleaved") or sin in the first half and cos in the second ("split"). shifted:
    sinusoids whose pair i turns by 10000^(−i/(d/2 − 1)) (fairseq's, Whisper's), not the
    paper's 10000^(−2i/d). stacks: an encoder-decoder whose encoder and decoder each add a
    table of their own. flag: the config key and value that choose this table (DistilBERT's
    sinusoidal_pos_embds: true), the family's other table otherwise.
    """

    kind: str
    width: tuple[str, ...] = ("hidden_size", "d_model", "n_embd", "dim")
    positions: tuple[str, ...] = ("max_position_embeddings", "n_positions")
    offset: int = 0
    padded: bool = False
    layout: str = "interleaved"
    shifted: bool = False
    stacks: bool = False
    flag: tuple[str, object] | None = None
    #: The decoder's positions where they have a key of their own (LED's).
    decoder_positions: tuple[str, ...] = ()
    #: The depth's key where the config's first layer count is another stack's (PP-FormulaNet's
    #: text decoder beside its vision encoder's encoder_layers).
    depth: str = ""


#: A plain learned table: BERT's, GPT-2's, CLIP's text tower's.
LEARNED = Table("learned")
#: ALBERT's, ELECTRA's: the table is as wide as the factorised embedding, not the layers.
NARROW = Table("learned", width=("embedding_size", "hidden_size"))
#: RoBERTa's: position ids count from pad_token_id + 1 (row 2 with its pad 1).
ROBERTA = Table("learned", padded=True)
#: BART's: each stack learns max_position_embeddings + 2 rows, position 0 at row 2.
BART = Table("learned", width=("d_model",), offset=2, stacks=True)
#: Blenderbot's, LED's: each stack its own table, position 0 at row 0.
STACKED = Table("learned", width=("d_model",), stacks=True)
#: XLM's and FlauBERT's: the paper's sinusoids where sinusoidal_embeddings says so, else a
#: learned table, as wide as emb_dim.
XLM = (
    Table("sinusoidal", width=("emb_dim",), flag=("sinusoidal_embeddings", True)),
    Table("learned", width=("emb_dim",)),
)
#: Marian's, Pegasus's: the paper's sinusoids, sin in the first half of the columns.
SPLIT = Table("sinusoidal", width=("d_model",), layout="split", stacks=True)
#: fairseq's (M2M100, NLLB-MoE, FSMT; Speech2Text's with keys of its own): split halves, ω
#: over d/2 − 1, ids from pad_token_id + 1.
FAIRSEQ = Table(
    "sinusoidal", width=("d_model",), layout="split", shifted=True, padded=True, stacks=True
)

#: transformers' rope_parameters blocks that are not named after a kind of layer, by the
#: layers that take them: DeepSeek V4's sliding layers turn by "main", its compressed ones
#: by "compress" (DeepseekV4Attention's rope_layer_type).
ROPE_BLOCKS: dict[str, dict[str, str]] = {
    "deepseek_v4": {"sliding_attention": "main", "full_attention": "compress"},
}

#: Families whose attention turns by RoPE only where a switch of their config says so (its
#: key and the value that turns it on): Zamba2's shared blocks (use_mem_rope), Granite 4's
#: hybrid (position_embedding_type "rope"; None, its default, is no positions at all).
ROPE_SWITCHES: dict[str, tuple[str, object]] = {
    "zamba2": ("use_mem_rope", True),
    "granitemoehybrid": ("position_embedding_type", "rope"),
}

#: The families whose table their config does not describe, by model_type; where a flag
#: chooses, the first table whose flag the config sets, else the last.
TABLES: dict[str, tuple[Table, ...]] = {
    "albert": (NARROW,),
    "convbert": (NARROW,),
    "electra": (NARROW,),
    "squeezebert": (NARROW,),
    "rembert": (Table("learned", width=("input_embedding_size",)),),
    "deberta": (NARROW,),
    "deberta-v2": (NARROW,),
    "distilbert": (
        Table("sinusoidal", width=("dim",), flag=("sinusoidal_pos_embds", True)),
        Table("learned", width=("dim",)),
    ),
    "opt": (Table("learned", offset=2),),
    "biogpt": (Table("learned", offset=2),),
    # position ids from 2 in a table of max_position_embeddings + 2 rows
    **dict.fromkeys(("mra", "nystromformer", "yoso"), (Table("learned", offset=2),)),
    "bart": (BART,),
    "mbart": (BART,),
    "mvp": (BART,),
    "plbart": (BART,),
    "bigbird_pegasus": (STACKED,),
    "pp_formulanet_text": (Table("learned", width=("d_model",), offset=2, depth="decoder_layers"),),
    "led": (
        Table(
            "learned",
            width=("d_model",),
            positions=("max_encoder_position_embeddings",),
            decoder_positions=("max_decoder_position_embeddings",),
            stacks=True,
        ),
    ),
    "blenderbot": (STACKED,),
    "blenderbot-small": (STACKED,),
    "trocr": (
        Table(
            "learned", width=("d_model",), offset=2, flag=("use_learned_position_embeddings", True)
        ),
        Table("sinusoidal", width=("d_model",), layout="split", shifted=True, padded=True),
    ),
    "roberta": (ROBERTA,),
    "xlm-roberta": (ROBERTA,),
    "xlm-roberta-xl": (ROBERTA,),
    "camembert": (ROBERTA,),
    "roberta-prelayernorm": (ROBERTA,),
    "data2vec-text": (ROBERTA,),
    "xmod": (ROBERTA,),
    "longformer": (ROBERTA,),
    "ibert": (ROBERTA,),
    "luke": (ROBERTA,),
    "mpnet": (ROBERTA,),
    "markuplm": (ROBERTA,),
    "layoutlmv3": (ROBERTA,),
    "lilt": (ROBERTA,),
    "altclip_text_model": (ROBERTA,),
    "clap_text_model": (ROBERTA,),
    "bridgetower_text_model": (ROBERTA,),
    "esm": (ROBERTA,),
    **dict.fromkeys(("xlm", "flaubert"), XLM),
    "canine": (Table("learned", positions=("num_hash_buckets",)),),
    "marian": (SPLIT,),
    "pegasus_x": (
        Table("sinusoidal", width=("d_model",), layout="split", shifted=True, stacks=True),
    ),
    "pegasus": (SPLIT,),
    "ctrl": (Table("sinusoidal", width=("n_embd",), positions=("n_positions",), layout="split"),),
    "m2m_100": (FAIRSEQ,),
    "speech_to_text": (
        Table(
            "sinusoidal",
            width=("d_model",),
            positions=("max_source_positions",),
            decoder_positions=("max_target_positions",),
            layout="split",
            shifted=True,
            padded=True,
            stacks=True,
        ),
    ),
    "nllb-moe": (FAIRSEQ,),
    "fsmt": (FAIRSEQ,),
    **dict.fromkeys(
        ("qwen2_5_omni_audio_encoder", "qwen3_omni_moe_audio_encoder"),
        (
            Table(
                "sinusoidal",
                width=("d_model",),
                positions=("max_source_positions",),
                layout="split",
                shifted=True,
            ),
        ),
    ),
    "qwen3_asr_encoder": (Table("sinusoidal", width=("d_model",), layout="split", shifted=True),),
    "fun_asr_nano_encoder": (
        Table("sinusoidal", width=("input_size",), layout="split", shifted=True),
    ),
    "tipsv2_text_model": (Table("sinusoidal", layout="split", shifted=True),),
    "videoprism_text_model": (Table("sinusoidal", layout="split"),),
    "canary_decoder": (Table("sinusoidal", layout="split"),),
    **dict.fromkeys(
        ("kosmos_2_text_model", "kosmos_2_5_text_model"),
        (Table("sinusoidal", width=("embed_dim",), layout="split", shifted=True, padded=True),),
    ),
    "xglm": (Table("sinusoidal", width=("d_model",), layout="split", shifted=True, offset=2),),
}


def family_table(kind: str, values: dict[str, object]) -> Table | None:
    """The table of model_type kind as its config (values) chooses it, or None where its
    config says all there is to know."""
    tables = TABLES.get(kind)
    if not tables:
        return None
    for table in tables:
        if table.flag is not None and values.get(table.flag[0]) == table.flag[1]:
            return table
    return next((t for t in tables if t.flag is None), tables[-1])


#: Families whose positions PE Clock names but does not draw, where no key of their config
#: carries the scheme (`core.models.schemes.named` finds the others by their keys), by
#: model_type: relative positions inside a Conformer's attention (Parakeet's and NeMo's
#: Transformer-XL terms, Granite Speech's Shaw terms), DETR's and SAM's 2D sine positions of an
#: image's feature map, and ViT's learned table over a grid of image patches.
NAMED: dict[str, str] = {
    **dict.fromkeys(
        (
            "parakeet_encoder", "parakeet_ctc", "parakeet_rnnt", "parakeet_tdt",
            "fastspeech2_conformer", "fastspeech2_conformer_with_hifigan",
            "granite_speech_encoder", "granite_speech_plus_encoder", "granite_speech5_encoder",
            "granite_speech5_ctc", "nemotron_asr_streaming_encoder", "nemotron_asr_streaming",
            "nemotron3_5_asr", "cpmant",
        ),
        "relative",
    ),
    **dict.fromkeys(
        (
            "detr", "conditional_detr", "deformable_detr", "dab-detr", "table-transformer",
            "maskformer", "oneformer", "grounding-dino", "mm-grounding-dino", "sam2",
            "sam2_vision_model", "sam2_hiera_det_model", "sam2_video", "sam3", "sam3_tracker",
            "sam3_tracker_video", "sam3_video", "sam3_vision_model", "edgetam_video",
            "pp_doclayout_v2", "pp_doclayout_v3", "pp_doclayout_v4", "lw_detr",
        ),
        "sine_2d",
    ),
    **dict.fromkeys(
        ("yolos", "internvl_vision", "seggpt", "vitdet", "lw_detr_vit", "vitmatte", "zoedepth"),
        "patch_table",
    ),
    **dict.fromkeys(
        ("inkling_text", "inkling2_text", "inkling2_loop", "inkling2_loop_text",
         "inkling_mm_model", "inkling2"),
        "relative",
    ),
    **dict.fromkeys(
        ("musicgen", "musicgen_decoder", "musicgen_melody", "musicgen_melody_decoder"),
        "cos_first",
    ),
    **dict.fromkeys(("moshi_depth", "moonshine_streaming_encoder"), "no_positions"),
    **dict.fromkeys(
        ("qwen2_audio_encoder", "voxtral_encoder", "audioflamingo3_encoder",
         "moss_transcribe_diarize_audio"),
        "frozen_table",
    ),
    # 2D RoPE with angles of their own (`schemes.axial` draws transformers' axial halves)
    **dict.fromkeys(("efficientloftr", "pixtral", "minimax_m3_vl_vision"), "rope_2d"),
    **dict.fromkeys(("molmo2_vision", "florence_vision"), "patch_table"),
    "seamless_m4t": "speech_text",
    "seamless_m4t_v2": "speech_text",
}  # fmt: skip


#: Vision towers with 2D RoPE (`schemes.axial`) that also add a learned table of the patch
#: grid to each patch at their input, interpolated to the image's grid (Qwen3-VL's
#: pos_embed of num_position_embeddings rows, GLM-4V's, SigLIP-like towers').
GRID_TABLES = frozenset(
    {
        "cohere_compass_vision", "gemma4_vision", "glm4v_vision", "glm4v_moe_vision",
        "inkling2_vision", "kimi_k25_vision", "muse_glimmer_vision", "muse_spark_vision",
        "ovis2_5_vision", "paddleocr_vl_vision", "qwen3_5_vision", "qwen3_5_moe_vision",
        "qwen3_omni_moe_vision_encoder", "qwen3_vl_vision", "qwen3_vl_moe_vision",
        "qwen4_exp_vision", "sam3_vit_model", "step3p5_vision",
    }
)  # fmt: skip
