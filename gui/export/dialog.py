"""File ▸ Export… and File ▸ Export animation…: what to draw, at which size, into which file."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from pe_clock.core.i18n import tr
from pe_clock.gui.export.options import (
    ANIMATION_SUFFIXES,
    DEFAULT_FPS,
    MAX_FPS,
    MIN_FPS,
    STILL_SUFFIXES,
    max_fps,
)
from pe_clock.gui.model.choices import THEME_NAMES
from pe_clock.gui.model.request import MAX_SIDE, MIN_SIDE
from pe_clock.gui.platform.file_dialog import choose_file
from pe_clock.gui.views import REGISTRY

SIZE_PRESETS = ((1920, 1080), (3840, 2160))


@dataclass(frozen=True)
class ExportRequest:
    view: str
    path: Path
    width: int
    height: int
    caption: bool
    start: int = 0
    stop: int = 0
    fps: float = DEFAULT_FPS
    theme: str = "light"


class ExportDialog(QDialog):
    """Collects an export request; checks the file name before it closes."""

    def __init__(
        self,
        screen_sizes: dict[str, tuple[int, int]],
        animation: tuple[int, int, int] | None = None,
        parent: QWidget | None = None,
        recall: Callable[[str], ExportRequest | None] | None = None,
        view: str | None = None,
        fitting: Callable[[str, tuple[int, int]], tuple[int, int]] | None = None,
    ) -> None:
        """screen_sizes: each view's size on screen. animation: (first, last, most frames)
        positions for File ▸ Export animation…, or None for a still figure. recall: the last
        request of this kind for a view (or None), whose choices the dialog starts from when
        that view is chosen. view: the view chosen first. fitting: the smallest size at least
        a size at which a view draws (the first size proposed is one the export draws)."""
        super().__init__(parent)
        self._screen_sizes = screen_sizes
        self._fitting = fitting
        self._recall = recall
        self._animated = animation is not None
        self.setWindowTitle(tr("export.title_animation" if self._animated else "export.title"))

        self.view_combo = QComboBox()
        for spec in REGISTRY:
            self.view_combo.addItem(spec.title, spec.name)
        self.size_combo = QComboBox()
        self.width_spin = QSpinBox()
        self.height_spin = QSpinBox()
        for spin in (self.width_spin, self.height_spin):
            spin.setRange(MIN_SIDE, MAX_SIDE)
            spin.setSuffix(" px")
        self.caption_check = QCheckBox(tr("export.caption"))
        self.theme_combo = QComboBox()
        for name in THEME_NAMES:
            self.theme_combo.addItem(tr(f"export.theme_{name}"), name)
        self.path_edit = QLineEdit()
        self.path_edit.setPlaceholderText("figure.png" if not self._animated else "animation.gif")
        browse = QPushButton(tr("export.browse"))
        self.error_label = QLabel()
        self.error_label.setStyleSheet("color: #b00020")
        self.error_label.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )

        form = QFormLayout(self)
        form.addRow(tr("export.view_label"), self.view_combo)
        form.addRow(tr("export.size_label"), self.size_combo)
        size_row = QHBoxLayout()
        size_row.addWidget(self.width_spin)
        size_row.addWidget(QLabel("×"))
        size_row.addWidget(self.height_spin)
        form.addRow("", size_row)
        if self._animated:
            first, last, frames = animation  # type: ignore[misc]
            self.start_spin = QSpinBox()
            self.stop_spin = QSpinBox()
            for spin in (self.start_spin, self.stop_spin):
                spin.setRange(first, last)
            # The whole table (up to the frame limit), not from wherever pos happens to be.
            self.start_spin.setValue(first)
            self.stop_spin.setValue(min(last, first + frames - 1))
            self.fps_spin = QDoubleSpinBox()
            self.fps_spin.setRange(MIN_FPS, MAX_FPS)
            self.fps_spin.setValue(DEFAULT_FPS)
            self.fps_spin.setSuffix(tr("export.rate_suffix"))
            form.addRow(tr("export.from"), self.start_spin)
            form.addRow(tr("export.to"), self.stop_spin)
            form.addRow(tr("export.rate"), self.fps_spin)
        form.addRow(tr("export.theme"), self.theme_combo)
        form.addRow("", self.caption_check)
        file_row = QHBoxLayout()
        file_row.addWidget(self.path_edit, 1)
        file_row.addWidget(browse)
        form.addRow(tr("export.file"), file_row)
        form.addRow(self.error_label)
        form.addRow(self.buttons)

        # Every control named and explained for a screen reader and the mouse (a combo box
        # is otherwise read by its current item alone).
        named = [
            (self.view_combo, "export.view_label", "tip.export_view"),
            (self.size_combo, "export.size_label", "tip.export_size"),
            (self.width_spin, "export.width", "tip.export_width"),
            (self.height_spin, "export.height", "tip.export_height"),
            (self.theme_combo, "export.theme", "tip.export_theme"),
            (self.path_edit, "export.file", "tip.export_file"),
            (self.caption_check, "", "tip.export_caption"),
            (browse, "", "tip.export_browse"),
            (self.buttons.button(QDialogButtonBox.StandardButton.Save), "", "tip.export_save"),
            (self.buttons.button(QDialogButtonBox.StandardButton.Cancel), "", "tip.cancel"),
        ]
        if self._animated:
            named += [
                (self.start_spin, "export.from", "tip.export_from"),
                (self.stop_spin, "export.to", "tip.export_to"),
                (self.fps_spin, "export.rate", "tip.export_rate"),
            ]
        for widget, name, tip in named:
            if name:
                widget.setAccessibleName(tr(name))
            widget.setToolTip(tr(tip))

        self.view_combo.currentIndexChanged.connect(self._on_view_combo_current_index_changed)
        self.size_combo.currentIndexChanged.connect(self._on_size_combo_current_index_changed)
        browse.clicked.connect(self._on_browse_clicked)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        index = self.view_combo.findData(view)
        if index > 0:
            self.view_combo.setCurrentIndex(index)  # which starts from what it recalls
        else:
            self._on_view_combo_current_index_changed()

    def _start_from(self, previous: ExportRequest) -> None:
        """A view's last size, caption, file and range, where they still apply."""
        sizes = [self.size_combo.itemData(i) for i in range(self.size_combo.count())]
        wanted = (previous.width, previous.height)
        self.size_combo.setCurrentIndex(
            sizes.index(wanted) if wanted in sizes else self.size_combo.count() - 1
        )
        self.width_spin.setValue(previous.width)
        self.height_spin.setValue(previous.height)
        self.caption_check.setChecked(previous.caption)
        self.theme_combo.setCurrentIndex(max(0, self.theme_combo.findData(previous.theme)))
        self.path_edit.setText(str(previous.path))
        if self._animated:
            low, high = self.start_spin.minimum(), self.start_spin.maximum()
            if low <= previous.start <= previous.stop <= high:
                self.start_spin.setValue(previous.start)
                self.stop_spin.setValue(previous.stop)
            self.fps_spin.setValue(previous.fps)

    @property
    def allowed_suffixes(self) -> tuple[str, ...]:
        return ANIMATION_SUFFIXES if self._animated else STILL_SUFFIXES

    def _on_view_combo_current_index_changed(self, *_: object) -> None:
        view = self.view_combo.currentData()
        screen = self._screen_sizes[view]
        width, height = self._fitting(view, screen) if self._fitting else screen
        keep = self.size_combo.currentIndex()
        self.size_combo.clear()
        first = "export.on_screen" if (width, height) == screen else "export.smallest"
        self.size_combo.addItem(tr(first, width=width, height=height), (width, height))
        for w, h in SIZE_PRESETS:
            self.size_combo.addItem(f"{w} × {h}", (w, h))
        self.size_combo.addItem(tr("export.custom"), None)
        self.size_combo.setCurrentIndex(max(0, keep))
        self._on_size_combo_current_index_changed()
        previous = self._recall(self.view_combo.currentData()) if self._recall else None
        if previous is not None:
            self._start_from(previous)

    def _on_size_combo_current_index_changed(self, *_: object) -> None:
        size = self.size_combo.currentData()
        custom = size is None
        for spin in (self.width_spin, self.height_spin):
            spin.setEnabled(custom)
        if not custom:
            self.width_spin.setValue(size[0])
            self.height_spin.setValue(size[1])

    def _on_browse_clicked(self) -> None:
        filters = tr("export.filter_gif" if self._animated else "export.filter_still")
        path = choose_file(self, self.windowTitle(), self.path_edit.text(), filters, save=True)
        if path:
            self.path_edit.setText(path)

    def request(self) -> ExportRequest:
        request = ExportRequest(
            view=self.view_combo.currentData(),
            path=Path(self.path_edit.text().strip()).expanduser(),
            width=self.width_spin.value(),
            height=self.height_spin.value(),
            caption=self.caption_check.isChecked(),
            theme=self.theme_combo.currentData(),
        )
        if not self._animated:
            return request
        return replace(
            request,
            start=self.start_spin.value(),
            stop=self.stop_spin.value(),
            fps=self.fps_spin.value(),
        )

    def problem(self) -> str:
        """Why the request cannot be saved as it stands, or '' if it can."""
        text = self.path_edit.text().strip()
        if not text:
            return tr("export.need_file")
        path = Path(text).expanduser()
        if path.suffix.lower() not in self.allowed_suffixes:
            return tr("export.need_suffix", suffixes=", ".join(self.allowed_suffixes))
        if path.is_dir():
            return tr("export.folder_given")
        if not path.parent.is_dir():
            return tr("export.folder_missing", path=path.parent)
        if self._animated and self.stop_spin.value() < self.start_spin.value():
            return tr("export.order_dialog")
        top = max_fps(path.suffix.lower())
        if self._animated and self.fps_spin.value() > top:
            return tr("export.fps_dialog", suffix=path.suffix.lower(), hi=top)
        return ""

    def accept(self) -> None:
        problem = self.problem()
        self.error_label.setText(problem)
        if not problem:
            super().accept()
