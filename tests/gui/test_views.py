"""gui/views.py: every view registered once, named and titled alike."""


def test_every_registered_view_is_named_alike_and_titled_in_both_languages():
    """Registry name, module file and class agree (heatmap -> heatmap.py -> HeatmapView)."""
    from pe_clock.core import i18n
    from pe_clock.gui.views import REGISTRY

    for spec in REGISTRY:
        module, _, cls = spec.target.partition(":")
        assert module.rsplit(".", 1)[1] == spec.name
        assert cls == spec.name.title() + "View"
        assert spec.load().__name__ == cls
        assert i18n.has(f"view.{spec.name}")
        assert not spec.tab or i18n.has(f"tab.{spec.name}")
