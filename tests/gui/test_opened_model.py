"""gui.model.opened_model: what a model's scheme sets, and the view it opens on, from the
readers' and the views' own declarations."""

import pytest

from pe_clock.core.models.opened import open_model
from pe_clock.gui.model.opened_model import READERS, group_changes, lead_scheme, model_view
from pe_clock.gui.model.picture import PARAMETERS
from pe_clock.gui.views import REGISTRY
from tests.models import configs
from tests.models.files import write_model


@pytest.mark.parametrize("name", sorted(configs.CONFIGS))
def test_each_scheme_reader_sets_only_what_it_says_and_the_view_opened_draws_it(name, tmp_path):
    model = open_model(write_model(tmp_path / "model", configs.CONFIGS[name]))
    for group in model.config.groups:
        changes = group_changes(model, group)
        if changes is not None:
            assert set(changes) <= set(READERS[group.scheme].sets), (name, group.scheme)
    view = model_view(model)
    lead = lead_scheme(model)
    assert (view is None) == (lead is None)
    if view is not None:  # one view opens for it, and it draws the model's scheme
        spec = next(spec for spec in REGISTRY if spec.name == view)
        assert [s.name for s in REGISTRY if lead in s.opens] == [view]
        assert lead.split()[-1] in spec.schemes


def test_what_a_reader_sets_is_a_field_of_the_figure():
    for reader in READERS.values():
        assert set(reader.sets) <= set(PARAMETERS)
