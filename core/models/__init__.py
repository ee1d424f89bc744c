"""A model's own files: what its config.json says about positions, layer by layer, as
Hugging Face transformers reads it; its learned position table from safetensors (never a
pickle); the local Hugging Face cache, offline.

`files` opens what a path names (a folder, a config.json, a model id in the cache) and reads
nothing unchecked; `config` turns a config into groups of layers that share a scheme; `weights`
reads one tensor of a safetensors file or a .npy table; `learned` measures a table beside the
sinusoids of its size.
"""
