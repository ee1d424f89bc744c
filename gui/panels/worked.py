"""The course's worked example: d_model = 4, four positions, values to three decimals."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF, QGuiApplication, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pe_clock.core.examples import precise_worked_value, worked_denominators, worked_example
from pe_clock.core.format import fmt, fmt_base, fmt_derived
from pe_clock.core.i18n import tr
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.state import AppState
from pe_clock.gui.panels.panel import Panel
from pe_clock.gui.widgets.labels import INTERACTIVE, rich_label
from pe_clock.gui.widgets.lazy_view import lazy

DECIMALS = 3


class WorkedView(Panel):
    """A table of sin(pos/1), cos(pos/1), sin(pos/100), cos(pos/100), copyable as text or CSV."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        self._flat = False  # headers for a figure (see prepare_export)
        self.table = QTableWidget(4, 5)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.follow_check = QCheckBox()
        self.copy_text_button = QPushButton()
        self.copy_csv_button = QPushButton()
        controls = QWidget()
        controls.setProperty(INTERACTIVE, True)
        row = QHBoxLayout(controls)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.follow_check)
        row.addStretch(1)
        row.addWidget(self.copy_text_button)
        row.addWidget(self.copy_csv_button)
        layout = QVBoxLayout(self)
        self.formula = rich_label(selectable=True)
        self.hint = QLabel()  # an on-screen hint: not in exports
        self.hint.setProperty(INTERACTIVE, True)
        layout.addWidget(self.caption)
        layout.addSpacing(8)  # the caption's superscripts clear of the column headings
        layout.addWidget(self.table)
        layout.addWidget(self.formula)
        layout.addWidget(self.hint)
        layout.addStretch(1)
        layout.addWidget(controls)
        # The cells, made once: a step changes the texts of those whose value changed.
        self.cell_items = [[QTableWidgetItem() for _ in range(5)] for _ in range(4)]
        for r, items in enumerate(self.cell_items):
            for c, item in enumerate(items):
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(r, c, item)
        self._headers: list[str] = []
        self.table.setCurrentCell(1, 1)
        self.table.currentCellChanged.connect(self._on_table_current_cell_changed)

        self.follow_check.toggled.connect(self._sync_rows)
        self.copy_text_button.clicked.connect(self._on_copy_text_button_clicked)
        self.copy_csv_button.clicked.connect(self._on_copy_csv_button_clicked)
        state.observe(["base", "language", "font_scale"], self._request_sync)
        state.observe(["pos"], self._on_state_pos_changed)
        state.observe(["presenting"], self._sync_presenting)
        self._request_sync()

    def cells(self) -> tuple[list[str], list[list[float]]]:
        """Column headers and rows [position, four values] as shown."""
        s = self._state
        first = s.pos if self.follow_check.isChecked() else 0
        positions, _, values = worked_example(first, s.base)
        headers = [tr("worked.position")] + [
            f"{func}(pos/{d})" for d in ("1", self.denominator()) for func in ("sin", "cos")
        ]
        return headers, [[int(p), *row] for p, row in zip(positions, values.tolist(), strict=True)]

    def denominator(self, caption: bool = False) -> str:
        """Pair 1's denominator base^(2/4) as the table writes it: the number where that is
        √base exactly (100), else base^(2/4), since sin(999999/1.22474) is not PE(999999, 2)
        at base 1.5. For the caption, "= 100" or "≈ 707.107"."""
        s = self._state
        shown = fmt_derived(worked_example(0, s.base)[1][1], s.base)
        exact = Decimal(shown) == worked_denominators(s.base)[1]
        if caption:
            return f"{'=' if exact else '≈'} {shown}"
        return shown if exact else f"{fmt_base(s.base)}^(2/4)"

    def as_text(self, separator: str) -> str:
        """The table as lines of text; ',' gives CSV (ASCII minus signs, full precision kept
        to the three decimals shown)."""
        headers, rows = self.cells()
        csv = separator == ","
        lines = [separator.join(headers)]
        for pos, *values in rows:
            shown = [f"{v:.{DECIMALS}f}" if csv else fmt(v, DECIMALS) for v in values]
            lines.append(separator.join([str(pos), *shown]))
        return "\n".join(lines) + "\n"

    def _sync(self) -> None:
        s = self._state
        self.caption.setText(
            tr("worked.caption", base=fmt_base(s.base), d1=self.denominator(caption=True))
        )
        self.caption.setFont(scaled_font(s.font_scale, 1.1))
        self._size_table()
        self.formula.setFont(scaled_font(s.font_scale, 1.2))
        self.hint.setText(tr("worked.hint"))
        self.hint.setFont(scaled_font(s.font_scale))
        self.table.setAccessibleName(tr("worked.table"))
        self.table.setToolTip(tr("tip.worked_table"))
        self.follow_check.setText(tr("worked.follow"))
        self.follow_check.setToolTip(tr("tip.worked_follow"))
        self.copy_text_button.setText(tr("worked.copy_text"))
        self.copy_text_button.setToolTip(tr("tip.copy_text"))
        self.copy_csv_button.setText(tr("worked.copy_csv"))
        self.copy_csv_button.setToolTip(tr("tip.copy_csv"))
        self._sync_rows()

    @lazy
    def _sync_rows(self) -> None:
        """The cells: a step changes them only while the table follows pos."""
        headers, rows = self.cells()
        if headers != self._headers:
            self._headers = headers
            # Each value column named by its dimension, as the course's table does (칸 0 …).
            self.table.setHorizontalHeaderLabels(
                [headers[0]]
                + [tr("worked.column", dim=dim, expr=h) for dim, h in enumerate(headers[1:])]
            )
            self._size_table()  # the headers' type for the new formulas, the table's height
        for items, (pos, *values) in zip(self.cell_items, rows, strict=True):
            for item, text in zip(
                items, [str(pos), *(fmt(v, DECIMALS) for v in values)], strict=True
            ):
                if item.text() != text:
                    item.setText(text)
        self._show_formula()

    def prepare_export(self) -> None:
        """A figure shows the table without the on-screen selection, and flat headers (the
        style's gradient is no colour a PDF can hold: Qt's PDF writer dropped it)."""
        self.table.clearSelection()
        self.table.setCurrentCell(-1, -1)
        self._flat = True
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._style_headers()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._size_table()

    def _size_table(self) -> None:
        """The table's type: 1.3 times the body's; in a figure, larger where the height allows
        (up to twice), so that on a stage the table fills the screen rather than its top half."""
        s = self._state
        font = scaled_font(s.font_scale, 1.3)
        row = font.pointSizeF() * 3
        headers = self.cells()[0]

        def widest(at: QFont) -> float:
            return max(QFontMetricsF(at).horizontalAdvance(header) for header in headers)

        if self._flat:
            width = self.width()
            texts = sum(label.heightForWidth(width) for label in (self.caption, self.formula))
            # For the header (two lines: the dimension, then its formula) and each of 4 rows.
            room = 0.9 * (self.height() - texts - 60) / 6
            wide = 0.85 * (width / 5) / widest(font)  # every header inside its column
            font = scaled_font(s.font_scale, 1.3 * max(1.0, min(2.0, room / row, wide)))
            row = max(font.pointSizeF() * 3, min(font.pointSizeF() * 5, room))
        self.table.setFont(font)
        # Headers as large as the body's numbers, smaller where a formula would not fit its
        # column ("sin(pos/500000^(2/4))" was cut on both sides at 1280 pixels).
        header = QFont(font)
        column, needed = self.table.viewport().width() / 5, widest(font)
        if column > 50 and needed > 0.9 * column:
            header.setPointSizeF(max(font.pointSizeF() * 0.9 * column / needed, 6.0))
        self.table.horizontalHeader().setFont(header)
        self.table.verticalHeader().setDefaultSectionSize(int(row))
        self._style_headers()

    def _style_headers(self) -> None:
        """Flat headers in a figure (a style sheet sets every property it touches, the type
        size too); then the table's height for the header and four rows."""
        if self._flat:
            rule, text = self._theme.dim_text.name(), self._theme.text.name()
            size = self.table.font().pointSizeF()
            line = max(1, round(self._theme.size(1.5)))
            for header in (self.table.horizontalHeader(), self.table.verticalHeader()):
                header.setStyleSheet(
                    f"QHeaderView::section {{ background: transparent; color: {text};"
                    f" border: none; border-bottom: {line}px solid {rule};"
                    f" font-size: {size:.1f}pt; }}"
                )
        self.table.horizontalHeader().updateGeometry()
        rows = sum(self.table.rowHeight(row) for row in range(self.table.rowCount()))
        self.table.setFixedHeight(self.table.horizontalHeader().sizeHint().height() + rows + 6)

    def _sync_presenting(self) -> None:
        """No hint for the mouse in presenter mode."""
        self.hint.setVisible(not self._state.presenting)

    def _on_state_pos_changed(self) -> None:
        if self.follow_check.isChecked():  # otherwise the rows start at 0, whatever pos is
            self._sync_rows()

    def _on_table_current_cell_changed(self, *_: object) -> None:
        self._show_formula()

    def _show_formula(self) -> None:
        """How the selected cell is computed, with the numbers filled in."""
        headers, rows = self.cells()
        # Until a cell is chosen: position 1's sin(1) = 0.841, the course's first worked
        # number (row 0 would show sin(0) = 0, which teaches nothing).
        row = self.table.currentRow() if self.table.currentRow() >= 0 else min(1, len(rows) - 1)
        col = max(1, self.table.currentColumn())
        pos, value = rows[row][0], rows[row][col]
        dim = col - 1
        exact = precise_worked_value(int(pos), dim, self._state.base)
        self.formula.setText(
            tr(
                "worked.formula",
                pos=pos,
                dim=dim,
                pair=dim // 2,
                expression=headers[col].replace("pos", str(pos)),
                value=fmt(value, DECIMALS),
                exact=_twelve(exact),
            )
        )

    def _copy(self, separator: str) -> None:
        QGuiApplication.clipboard().setText(self.as_text(separator))
        self._state.notified.emit(tr("worked.copied"))

    def _on_copy_text_button_clicked(self) -> None:
        self._copy("\t")

    def _on_copy_csv_button_clicked(self) -> None:
        self._copy(",")


def _twelve(value: Decimal) -> str:
    """value to 12 decimals with a true minus sign, and no −0.000000000000."""
    text = f"{value:.12f}"
    return (text.lstrip("-") if Decimal(text).is_zero() else text).replace("-", "−")
