"""The figure a widget keeps laid out between frames (`LiveFigure`)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from pe_clock.core import i18n
from pe_clock.gui.model.picture import Picture
from pe_clock.gui.model.request import FigureRequest, Shown
from pe_clock.gui.views import VIEWS

if TYPE_CHECKING:
    from pe_clock.gui.export.render import Figure as Rendered


class LiveFigure:
    """A view laid out once by the export renderer and drawn again as its fields change.

    Its picture (Qt-free) holds the fields and the opened model, as the window's state does:
    a change is checked there, a model chosen sets its numbers over the fields, and closing
    it puts them back."""

    def __init__(
        self,
        view: str,
        size: tuple[int, int],
        look: dict[str, str],
        picture: Picture,
    ) -> None:
        """picture: a request's checked picture (the model's numbers and the fields given),
        its own from then on."""
        self.view, self.size, self.look = view, size, look
        self.picture = picture
        self._pending: dict[str, Any] = {}  # taken, not drawn yet
        self._rendered: Rendered | None = None

    @property
    def values(self) -> dict[str, Any]:
        """Every field of what the figure shows, by name."""
        return self.picture.parameters()

    @property
    def model(self) -> Shown | None:
        """The opened model and the group of its layers shown, or None."""
        model = self.picture.model
        return None if model is None else (model, self.picture.model_group)

    def _build(self) -> Rendered:
        from pe_clock.gui.export.render import Figure as Rendered
        from pe_clock.gui.export.render import request_state
        from pe_clock.gui.platform.app import notebook_application

        notebook_application()
        picture = self.picture.picture()
        picture.set(theme=self.look["theme"], language=self.look["lang"])
        request = FigureRequest(self.view, picture, self.values, self.size)
        return Rendered(self.view, request_state(request), *self.size, False)

    def png(self) -> bytes:
        """The figure at its values, as PNG bytes."""
        from pe_clock.gui.export.render import encode

        with i18n.speaking(self.look["lang"]):
            if self._rendered is None:
                self._rendered = self._build()
            elif self._pending:  # every change since the last frame, laid out once
                self._rendered.refit(**self._pending)
            self._pending.clear()
            return encode(self._rendered, ".png")

    def set(self, **values: Any) -> None:
        """Take new values for the next frame (ValueError, naming the field, leaves the
        figure as it was)."""
        self.picture.set(**values)  # as the window takes it: the pairs follow d_model, …
        if set(values) <= set(VIEWS[self.view].in_place):
            self._pending.update(values)
        else:
            self.close()  # built anew at the next frame, with every value so far

    def show_model(self, model: Shown | None) -> None:
        """Open model (its numbers set over the fields), or close the one open (None: the
        fields it set put back); laid out anew at the next frame."""
        if model is None:
            self.picture.close_model()
        else:
            self.picture.show_model(*model)
        self.close()

    def rebuild(self, **changes: Any) -> None:
        """A new view, look or size: laid out anew at the next frame."""
        for name, value in changes.items():
            setattr(self, name, value)
        self.close()

    @property
    def rendered(self) -> Rendered | None:
        """The figure laid out behind the last frame (None before it, or once it is closed)."""
        return self._rendered

    def close(self) -> None:
        self._pending.clear()
        rendered, self._rendered = self._rendered, None
        if rendered is not None:
            with contextlib.suppress(RuntimeError):  # Qt already gone: a kernel shutting down
                rendered.close()
