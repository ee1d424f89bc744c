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


def test_a_crafted_caches_links_lead_nowhere_outside_the_models_folder(hub, tmp_path):
    planted = tmp_path / "planted"
    planted.write_text(MAIN)  # a commit the cache holds, outside refs/
    os.symlink("/", hub / "models--org--two" / "refs" / "x")
    with pytest.raises(ValueError, match="not at revision"):
        locate(f"org/two@x{planted}", hub)
    outside = tmp_path / "outside.json"
    outside.write_text('{"model_type": "gpt2"}')
    snapshot = hub / "models--gpt2" / "snapshots" / MAIN
    os.remove(snapshot / "config.json")
    os.symlink(outside, snapshot / "config.json")
    with pytest.raises(ValueError, match="leads outside the model's folder, and is not read"):
        locate("gpt2", hub)


def test_a_deep_or_crowded_cache_is_listed_in_bounded_time(hub):
    deep = hub / "models--org--two" / "refs"
    for _ in range(50):  # read four levels deep, the rest left alone
        deep = deep / "d"
    deep.mkdir(parents=True)
    (deep / "v9").write_text(OTHER)
    assert "org/two@v1" in [name for name, _ in cached_models(hub)]
    with pytest.raises(ValueError, match="not at revision v9"):
        locate("org/two@v9", hub)
    many = hub / "models--org--many" / "snapshots"
    for index in range(1500):
        (many / f"{index:040x}").mkdir(parents=True)
    with pytest.raises(ValueError, match=r"no files|without its config"):
        locate("org/many", hub)  # 1,500 snapshots, none with a config: said at once


def test_names_that_would_break_a_line_or_alias_another_are_neither_listed_nor_echoed(hub):
    (hub / "models--org--x\nINJ" / "snapshots" / MAIN).mkdir(parents=True)
    (hub / "models--org--x\nINJ" / "snapshots" / MAIN / "config.json").write_text("{}")
    (hub / "models--org--two" / "refs" / "a\nb").write_text(OTHER)
    assert all("\n" not in name for name, _ in cached_models(hub))
    for text in ("org/m\nINJECTED line", "org\r/m"):
        with pytest.raises(ValueError) as refused:
            locate(text, hub)
        assert "\n" not in str(refused.value) and "\r" not in str(refused.value)
    with pytest.raises(ValueError, match="neither a file"):
        locate("org--two", hub)  # the cache's folder name, not an id


def test_an_address_and_a_padded_id_read_as_the_hub_writes_them():
    pr = model_reference("https://huggingface.co/org/name/tree/refs%2Fpr%2F1")
    assert pr.name == "org/name@refs/pr/1"
    assert model_reference("  org/name  ").name == "org/name"
    assert model_reference("org/name@main/").name == "org/name@main"
    assert model_reference("hf.co/" + "a" * 16000 + "#\nx") is None
