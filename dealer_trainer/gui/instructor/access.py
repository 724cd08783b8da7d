"""The instructor password in front of the instructor area.

``InstructorSession`` is the proof that the password was given: only ``sign_in`` makes one,
after the password opened the key ring (``Store.unlock_keys``: the check value and every
school key, so a planted credential opens nothing), and every instructor widget
takes a session and checks it again when it is built (``require``), so no code path reaches
the dashboard, the key management or the reports without the password, whatever calls it.
The password is kept in memory while the area is open (generating or rotating the school's
key and verifying results need it) and dropped when the area closes.

``unlock`` is the exchange at the door: on first use the instructor chooses the password
(typed twice, at least ``MIN_PASSWORD`` characters); afterwards it is asked every time, and a
wrong one is refused with a message and opens nothing. Records still on the first key scheme
are migrated at the door (``Store.migrate_keys``, logged) once the instructor agrees: the
same step as ``dealer-trainer results migrate``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.gui.colours import BAD
from dealer_trainer.store.crypto import (
    MIN_PASSWORD,
    WRONG,
    CredentialError,
    KeyIntegrityError,
    KeyRing,
)
from dealer_trainer.store.errors import StoreError

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

_SIGNED_IN = object()


class InstructorSession:
    """The instructor's password, checked; made only by ``sign_in``."""

    def __init__(self, store: Store, password: str, token: object) -> None:
        if token is not _SIGNED_IN:
            raise CredentialError("an instructor session is opened with InstructorSession.sign_in")
        self.store = store
        self._password = password

    @classmethod
    def sign_in(cls, store: Store, password: str) -> InstructorSession:
        """``CredentialError`` for a wrong password, ``KeyIntegrityError`` when the password
        opens the check value but not the school's keys (a planted or edited credential)."""
        store.unlock_keys(password)
        return cls(store, password, _SIGNED_IN)

    def require(self) -> None:
        """Check the password again (it may have been changed at another station)."""
        if not self.store.check_instructor_password(self._password):
            raise CredentialError("the instructor password has changed: open the area again")

    def keys(self) -> KeyRing:
        return self.store.unlock_keys(self._password)

    def generate_key(self) -> str:
        return self.store.generate_key(self._password)

    def rotate_key(self) -> str:
        return self.store.rotate_key(self._password)

    def change_password(self, current: str, new: str) -> None:
        """The current password is asked again: an area left open is not enough to change it."""
        self.store.set_instructor_password(new, current=current)
        self._password = new

    def close(self) -> None:
        self._password = ""


def _password_field(name: str) -> QLineEdit:
    field = QLineEdit()
    field.setEchoMode(QLineEdit.EchoMode.Password)
    field.setAccessibleName(name)
    return field


class SetPasswordDialog(QDialog):
    """First use: the instructor chooses the password, typing it twice."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Set the instructor password")
        self.setObjectName("setPasswordDialog")
        self.first = _password_field("New instructor password")
        self.second = _password_field("New instructor password again")
        self.message = QLabel()
        self.message.setObjectName("passwordMessage")
        self.message.setWordWrap(True)
        intro = QLabel(
            "<b>No instructor password is set in these records yet.</b><br>Choose one: it "
            "protects the dashboard, the exam results and the school's signing key, which is "
            "sealed under it; no copy of the password is stored, so it cannot be recovered. "
            f"At least {MIN_PASSWORD} characters."
        )
        intro.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Password:", self.first)
        form.addRow("&Again:", self.second)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._check)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.resize(460, 240)

    @property
    def password(self) -> str:
        return self.first.text()

    def _refuse(self, text: str) -> None:
        self.message.setText(f'<span style="color:{BAD}">{text}</span>')

    def _check(self) -> None:
        if len(self.first.text()) < MIN_PASSWORD:
            self._refuse(f"The password needs at least {MIN_PASSWORD} characters.")
        elif self.first.text() != self.second.text():
            self._refuse("The two passwords differ: type the same password twice.")
            self.second.clear()
            self.second.setFocus()
        else:
            self.accept()


class PasswordDialog(QDialog):
    """The instructor password, asked every time the area is opened. A wrong password is
    refused here with a message; the dialog stays until the right one or Cancel."""

    def __init__(self, store: Store, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.session: InstructorSession | None = None
        self.refusals = 0
        self.setWindowTitle("Instructor area")
        self.setObjectName("instructorPasswordDialog")
        self.field = _password_field("Instructor password")
        self.message = QLabel()
        self.message.setObjectName("passwordMessage")
        self.message.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Instructor &password:", self.field)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._check)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("The instructor area is for instructors and examiners."))
        self.migrating = store.needs_key_migration()
        self.migration_log: list[str] = []
        if self.migrating:
            note = QLabel(
                "<b>These records use the first signing scheme.</b> With the instructor "
                "password they are moved to the school's Ed25519 key: every result that still "
                "verifies is signed again (its old signature kept inside), the old keys are "
                "deleted, and each step is logged in the records."
            )
            note.setObjectName("migrationNote")
            note.setWordWrap(True)
            layout.addWidget(note)
            ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
            ok.setText("&Migrate and open")
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.resize(460, self.sizeHint().height())

    def _check(self) -> None:
        try:
            if self.migrating:
                self.migration_log = self.store.migrate_keys(self.field.text())
                self.migrating = False
            self.session = InstructorSession.sign_in(self.store, self.field.text())
        except (CredentialError, KeyIntegrityError, StoreError) as error:
            self.refusals += 1
            self.field.clear()
            reason = "Wrong password" if str(error) == WRONG else escape(str(error))
            self.message.setText(
                f'<span style="color:{BAD}">{reason}: the instructor area stays closed.</span>'
            )
            return
        self.accept()


def unlock(store: Store, parent: QWidget | None = None) -> InstructorSession | None:
    """The password exchange at the door of the instructor area: a session, or None when the
    instructor cancels."""
    if not store.has_instructor_password():
        setting = SetPasswordDialog(parent)
        if setting.exec() != QDialog.DialogCode.Accepted:
            return None
        try:
            store.set_instructor_password(setting.password)
        except CredentialError as error:  # keys without a password: the records were edited
            QMessageBox.critical(parent, "The instructor password cannot be set", str(error))
            return None
        return InstructorSession.sign_in(store, setting.password)
    asking = PasswordDialog(store, parent)
    if asking.exec() != QDialog.DialogCode.Accepted:
        return None
    if asking.migration_log:
        QMessageBox.information(
            parent,
            "Records migrated",
            "The records now use the school's Ed25519 key. Logged in the records:\n\n"
            + "\n".join(asking.migration_log),
        )
    return asking.session
