"""Practice a table: the tables grouped by game, in the course's order, named in plain words
(``lessons/course.toml``); a mode, the deck, and Deal. The course is one click away."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.curriculum.course_plan import CoursePlan, load_plan
from dealer_trainer.practice.rounds import PracticeTable, practice_tables
from dealer_trainer.practice.session import Mode

TABLE_ROLE = Qt.ItemDataRole.UserRole
BROKEN_GAME = "Tables that cannot be read"


class PracticePicker(QWidget):
    chosen = Signal(object, object, bool)
    """(PracticeTable, Mode, four-colour deck)"""
    course_wanted = Signal()

    def __init__(self, parent: QWidget | None = None, plan: CoursePlan | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("practicePicker")
        self._plan = plan
        self.plan = plan if plan is not None else CoursePlan()
        title = QLabel("<h1>Practice a table</h1>")
        intro = QLabel(
            "Choose a game and a table. A round is dealt, the players decide, the dealer's hand "
            "is revealed, and you settle every wager in the regulated order. <b>Learn</b> shows "
            "the next step on request (?); <b>Practice</b> only judges and explains. New to a "
            "game? The course teaches it first."
        )
        intro.setWordWrap(True)
        self.tables = QTreeWidget()
        self.tables.setObjectName("tables")
        self.tables.setAccessibleName("Practice tables by game")
        self.tables.setHeaderHidden(True)
        self.tables.setRootIsDecorated(True)
        self._listed = False
        self.details = QTextBrowser()
        self.details.setObjectName("tableDetails")
        self.details.setAccessibleName("The selected table")
        self.learn = QRadioButton("&Learn")
        self.practice = QRadioButton("&Practice")
        self.learn.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.learn)
        group.addButton(self.practice)
        self.four_colour = QCheckBox("&Four-colour deck (colour-blind friendly)")
        self.deal = QPushButton("&Deal")
        self.deal.setObjectName("deal")
        self.deal.setDefault(True)
        self.deal.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.deal.setMinimumWidth(160)
        self.to_course = QPushButton("Go to the &course…")
        self.to_course.setObjectName("toCourse")
        self.to_course.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.deal.clicked.connect(self._choose)
        self.to_course.clicked.connect(self.course_wanted.emit)
        self.tables.itemActivated.connect(lambda _item, _col: self._choose())
        self.tables.currentItemChanged.connect(lambda *_: self._show_details())
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.tables)
        split.addWidget(self.details)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        bottom = QHBoxLayout()
        bottom.addWidget(self.learn)
        bottom.addWidget(self.practice)
        bottom.addSpacing(16)
        bottom.addWidget(self.four_colour)
        bottom.addStretch(1)
        bottom.addWidget(self.to_course)
        bottom.addWidget(self.deal)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(intro)
        layout.addWidget(split, 1)
        layout.addLayout(bottom)
        self._show_details()

    def showEvent(self, event: QShowEvent) -> None:
        self.list_tables()
        super().showEvent(event)

    def list_tables(self) -> None:
        """Read and list every table, once, when the picker is first shown: reading them
        loads every game, which a start at a table named on the command line never needs
        before its first paint."""
        if self._listed:
            return
        self._listed = True
        if self._plan is None:
            self.plan = load_plan()
        self._fill(practice_tables())

    def _fill(self, tables: list[PracticeTable]) -> None:
        games: dict[str, QTreeWidgetItem] = {}
        ordered = sorted(
            tables,
            key=lambda t: (
                self.plan.game_rank(t.game or BROKEN_GAME),
                self.plan.table_rank(t.path),
                t.name.lower(),
            ),
        )
        for table in ordered:
            game = table.game or BROKEN_GAME
            parent = games.get(game)
            if parent is None:
                parent = QTreeWidgetItem([game])
                font = parent.font(0)
                font.setBold(True)
                parent.setFont(0, font)
                parent.setFlags(parent.flags() & ~Qt.ItemFlag.ItemIsSelectable)
                self.tables.addTopLevelItem(parent)
                games[game] = parent
            parent.addChild(self._item(table))
        self.tables.expandAll()
        rows = self.table_items()
        first = next((item for item in rows if self._table(item) and self._offered(item)), None)
        if first is not None:
            self.tables.setCurrentItem(first)

    def _item(self, table: PracticeTable) -> QTreeWidgetItem:
        if table.error:
            label = f"{table.path.name} (cannot be read)"
        else:
            label = self.plan.table_label(table.path, table.name, table.game)
            if table.expired:
                label = f"{label} (options expired: not offered)"
            elif table.kept:
                label = f"{label} (expired options kept in force)"
        item = QTreeWidgetItem([label])
        item.setData(0, TABLE_ROLE, table)
        item.setToolTip(0, table.error or table.expired or table.kept or table.name)
        if not table.offered:
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
        return item

    @staticmethod
    def _table(item: QTreeWidgetItem | None) -> PracticeTable | None:
        table = item.data(0, TABLE_ROLE) if item is not None else None
        return table if isinstance(table, PracticeTable) else None

    def _offered(self, item: QTreeWidgetItem) -> bool:
        table = self._table(item)
        return table is not None and table.offered

    def table_items(self) -> list[QTreeWidgetItem]:
        """Every table row, in the order shown."""
        self.list_tables()
        games = (self.tables.topLevelItem(i) for i in range(self.tables.topLevelItemCount()))
        return [
            child
            for game in games
            if game is not None
            for child in (game.child(k) for k in range(game.childCount()))
            if child is not None
        ]

    def select_table(self, file_name: str) -> None:
        """Select the table read from ``file_name`` (tests and the command line)."""
        for item in self.table_items():
            table = self._table(item)
            if table is not None and table.path.name == file_name:
                self.tables.setCurrentItem(item)
                return
        raise KeyError(file_name)

    def current_table(self) -> PracticeTable | None:
        return self._table(self.tables.currentItem())

    def _show_details(self) -> None:
        table = self.current_table()
        if table is None:
            self.details.setHtml("<p>Choose a table under its game.</p>")
            return
        if table.error:
            self.details.setHtml(
                f"<p><b>This table cannot be dealt.</b></p><p>{escape(table.error)}</p>"
            )
            return
        label = self.plan.table_label(table.path, table.name, table.game)
        lines = [
            f"<h2>{escape(table.game)}</h2>",
            f"<p><b>{escape(label)}</b></p>",
            f"<p>{escape(table.description)}</p>",
            f"<p>Rules Submission: {escape(table.name)}</p>",
        ]
        if table.kept:
            lines.append(f"<p>{escape(table.kept)}.</p>")
        if table.expired:
            lines.append(f"<p><b>Not offered for practice:</b> {escape(table.expired)}</p>")
        self.details.setHtml("".join(lines))

    def _choose(self) -> None:
        table = self.current_table()
        if table is None or not table.offered:
            return
        mode = Mode.LEARN if self.learn.isChecked() else Mode.PRACTICE
        self.chosen.emit(table, mode, self.four_colour.isChecked())
