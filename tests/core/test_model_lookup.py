"""Finding a model in the local Hugging Face cache as its users name it: org/name, a name
alone (the Hub's first models), @revision (a branch, a tag, a commit), the model's page's
address; and what is said when it is not there (with the command that fetches it)."""

from __future__ import annotations

import os

import pytest

from pe_clock.core.models.files import cached_models, locate, model_reference
from pe_clock.core.models.opened import open_model
from tests.models import configs
from tests.models.files import write_cache

MAIN = "0123456789abcdef0123456789abcdef01234567"
OTHER = "fedcba9876543210fedcba9876543210fedcba98"


@pytest.fixture
def hub(tmp_path):
    """A cache with gpt2 (no org), bert-base-uncased, and org/two at main and at tag v1."""
    root = tmp_path / "hub"
    write_cache(root, "gpt2", configs.GPT_2)
    write_cache(root, "bert-base-uncased", configs.BERT_BASE)
    write_cache(root, "org/two", configs.LLAMA_2_7B)
    snapshot = root / "models--org--two" / "snapshots" / OTHER
    snapshot.mkdir()
    (snapshot / "config.json").write_text('{"model_type": "llama", "num_hidden_layers": 3}')
    (root / "models--org--two" / "refs" / "v1").write_text(OTHER)
    return root


@pytest.mark.parametrize("name", ["gpt2", "https://huggingface.co/gpt2", "hf.co/gpt2/"])
def test_an_id_without_an_org_opens_as_the_hub_caches_it(hub, name):
    found = locate(name, hub)
    assert found.name == "gpt2" and found.folder.name == MAIN
    assert open_model("bert-base-uncased", hub).config.learned.positions == 512


@pytest.mark.parametrize(
    ("name", "shown", "commit"),
    [
        ("org/two", "org/two", MAIN),
        ("org/two@main", "org/two@main", MAIN),
        ("org/two@v1", "org/two@v1", OTHER),
        ("org/two@fedcba9", "org/two@fedcba9", OTHER),
        (f"org/two@{OTHER}", f"org/two@{OTHER}", OTHER),
        ("https://huggingface.co/org/two", "org/two", MAIN),
        ("https://huggingface.co/org/two/tree/v1", "org/two@v1", OTHER),
        ("huggingface.co/org/two/blob/main/config.json", "org/two@main", MAIN),
    ],
)
def test_a_revision_is_a_branch_a_tag_or_a_commit_and_a_url_names_one(hub, name, shown, commit):
    found = locate(name, hub)
    assert (found.name, found.folder.name) == (shown, commit)


def test_the_cache_menu_names_models_by_id_and_the_revision_only_where_there_are_several(hub):
    names = [name for name, _ in cached_models(hub)]
    assert names == ["bert-base-uncased", "gpt2", "org/two@main", "org/two@v1"]
    for name, folder in cached_models(hub):  # every entry opens what it names
        assert locate(name, hub).folder == folder


def test_a_snapshot_no_ref_names_is_listed_by_its_short_commit(hub):
    os.remove(hub / "models--org--two" / "refs" / "v1")
    names = [name for name, _ in cached_models(hub)]
    assert "org/two@fedcba987654" in names and "org/two@main" in names


def test_what_is_not_cached_is_named_with_the_command_that_fetches_it(hub):
    with pytest.raises(ValueError) as missing:
        locate("meta-llama/Llama-3.1-8B", hub)
    said = str(missing.value)
    assert "not in the local Hugging Face cache" in said and "never downloads" in said
    assert "huggingface-cli download meta-llama/Llama-3.1-8B config.json" in said
    assert "gated" in said and "huggingface-cli login" in said
    with pytest.raises(ValueError, match=r"huggingface-cli download t5-small config\.json \("):
        locate("t5-small", hub)
    with pytest.raises(ValueError, match=r"config\.json --revision v9 \("):
        locate("org/absent@v9", hub)


def test_a_revision_the_cache_does_not_hold_names_those_it_does(hub):
    with pytest.raises(ValueError) as missing:
        locate("org/two@v2", hub)
    said = str(missing.value)
    assert "not at revision v2" in said and "main, v1" in said and "--revision v2" in said


def test_a_gated_models_stopped_download_is_named_with_how_to_get_access(hub):
    (hub / "models--org--gated" / "snapshots").mkdir(parents=True)  # the folder, no files
    with pytest.raises(ValueError, match=r"no files in .*gated model.*huggingface-cli login"):
        locate("org/gated", hub)
    snapshot = hub / "models--org--half" / "snapshots" / MAIN
    snapshot.mkdir(parents=True)
    (snapshot / "tokenizer.json").write_text("{}")
    with pytest.raises(ValueError, match=r"org/half is in .* without its config\.json.*download"):
        locate("org/half", hub)


@pytest.mark.parametrize(
    "text",
    ["org/two@../../etc", "org/two@", "../org/two", "org/two/extra", "a@b@c", "x.json", "t.npy"],
)
def test_what_is_no_model_id_is_said_to_be_none(hub, text):
    with pytest.raises(ValueError, match="neither a file, a folder nor a model id"):
        locate(text, hub)


def test_a_reference_reads_as_the_hub_spells_it():
    assert model_reference("org/name@v1.0").name == "org/name@v1.0"
    assert model_reference("org/name@refs/pr/1") is not None
    assert model_reference("https://huggingface.co/datasets/org/name") is None
    assert model_reference("https://huggingface.co/org/name?library=transformers").name == (
        "org/name"
    )
