"""Password and keys: the instructor password, the school's signing keys and checking every
signed result (``dealer-trainer results verify`` as a button). The exams' own settings are in
``exam_settings``."""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.gui.colours import BAD, GOOD
from dealer_trainer.gui.instructor.access import InstructorSession
from dealer_trainer.store.crypto import MIN_PASSWORD, CredentialError, KeyIntegrityError
from dealer_trainer.store.errors import StoreError
from dealer_trainer.store.verify import Report, check_records


def _password_field(name: str) -> QLineEdit:
    field = QLineEdit()
    field.setEchoMode(QLineEdit.EchoMode.Password)
    field.setAccessibleName(name)
    return field


class SecurityPanel(QWidget):
    def __init__(self, session: InstructorSession, parent: QWidget | None = None) -> None:
        session.require()
        super().__init__(parent)
        self.session = session
        self.setObjectName("securityPanel")

        # The password.
        self.current = _password_field("Current instructor password")
        self.new = _password_field("New instructor password")
        self.again = _password_field("New instructor password again")
        self.change = QPushButton("&Change password")
        self.change.clicked.connect(self.change_password)
        self.password_message = QLabel()
        self.password_message.setObjectName("changePasswordMessage")
        self.password_message.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Current password:", self.current)
        form.addRow("New password:", self.new)
        form.addRow("New password again:", self.again)
        password_box = QGroupBox("Instructor password")
        password_layout = QVBoxLayout(password_box)
        password_note = QLabel(
            f"At least {MIN_PASSWORD} characters. The school's signing keys are wrapped "
            "again under the new password; every result signed before still verifies."
        )
        password_note.setWordWrap(True)
        password_layout.addWidget(password_note)
        password_layout.addLayout(form)
        password_layout.addWidget(self.change)
        password_layout.addWidget(self.password_message)

        # The keys.
        self.keys = QListWidget()
        self.keys.setObjectName("keyList")
        self.keys.setAccessibleName("Signing keys")
        self.generate = QPushButton("Generate the school's ke&y")
        self.rotate = QPushButton("&Rotate the key…")
        self.export = QPushButton("Export the p&ublic key…")
        self.export.setToolTip(
            "Save the school's public keys, for anyone who checks a certificate or a result "
            "file with `dealer-trainer results verify --public-key`"
        )
        self.generate.clicked.connect(self.generate_key)
        self.rotate.clicked.connect(self.rotate_key)
        self.export.clicked.connect(lambda: self.export_public_key())
        self.key_message = QLabel()
        self.key_message.setObjectName("keyMessage")
        self.key_message.setWordWrap(True)
        key_buttons = QHBoxLayout()
        key_buttons.addWidget(self.generate)
        key_buttons.addWidget(self.rotate)
        key_buttons.addWidget(self.export)
        key_buttons.addStretch(1)
        key_box = QGroupBox("The school's signing key")
        key_layout = QVBoxLayout(key_box)
        explanation = QLabel(
            "Exam results are signed with the school's Ed25519 key when they are submitted. "
            "Publish the public key: with it anyone can check a certificate or an exported "
            "result, and no one can forge one. Rotating makes a new key for new results; the "
            "old keys are kept, so every result signed with them still verifies (export the "
            "public key again after rotating)."
        )
        explanation.setWordWrap(True)
        key_layout.addWidget(explanation)
        key_layout.addWidget(self.keys)
        key_layout.addLayout(key_buttons)
        key_layout.addWidget(self.key_message)

        # Verification.
        self.verify = QPushButton("&Verify every result")
        self.verify.clicked.connect(self.verify_results)
        self.results = QListWidget()
        self.results.setObjectName("verifyResults")
        self.results.setAccessibleName("Verified results")
        self.verify_summary = QLabel()
        self.verify_summary.setObjectName("verifySummary")
        self.verify_summary.setWordWrap(True)
        verify_box = QGroupBox("Results")
        verify_layout = QVBoxLayout(verify_box)
        verify_note = QLabel(
            "Checks every submitted result in the records against its signature, as "
            "<tt>dealer-trainer results verify</tt> does: an edited score, verdict, "
            "amount or time is named."
        )
        verify_note.setWordWrap(True)
        verify_layout.addWidget(verify_note)
        verify_layout.addWidget(self.verify)
        verify_layout.addWidget(self.verify_summary)
        verify_layout.addWidget(self.results, 1)

        left = QVBoxLayout()
        left.addWidget(password_box)
        left.addWidget(key_box, 1)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 1)
        layout.addWidget(verify_box, 1)
        self.refresh_keys()

    # --- keys ----------------------------------------------------------------------------------

    def refresh_keys(self) -> None:
        self.keys.clear()
        ids = self.session.store.key_ids()
        try:
            current = self.session.keys().current
        except (CredentialError, KeyIntegrityError) as error:
            current = None
            self.key_message.setText(f'<span style="color:{BAD}">{escape(str(error))}</span>')
        for key_id in reversed(ids):
            role = "current: signs new results" if key_id == current else "retired"
            self.keys.addItem(f"{key_id}  —  {role}")
        if not ids:
            self.keys.addItem("No signing key yet: exams cannot be submitted until one is made.")
        self.generate.setEnabled(not ids)
        self.rotate.setEnabled(bool(ids))
        self.export.setEnabled(bool(ids))

    def generate_key(self) -> None:
        try:
            key_id = self.session.generate_key()
        except (CredentialError, StoreError) as error:
            self.key_message.setText(f'<span style="color:{BAD}">{escape(str(error))}</span>')
            return
        self.key_message.setText(f"Key {key_id} generated: exam results are signed with it.")
        self.refresh_keys()

    def rotate_key(self, *, confirm: bool = True) -> None:
        if confirm:
            answer = QMessageBox.question(
                self,
                "Rotate the signing key?",
                "A new key signs every result from now on. The current key is retired, not "
                "deleted: the results it signed still verify.",
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        try:
            key_id = self.session.rotate_key()
        except (CredentialError, StoreError) as error:
            self.key_message.setText(f'<span style="color:{BAD}">{escape(str(error))}</span>')
            return
        self.key_message.setText(f"New key {key_id}: it signs new results from now on.")
        self.refresh_keys()

    def export_public_key(self, path: Path | None = None) -> Path | None:
        """Save the public keys (``results public-key`` as a button), taken from the opened key
        ring so a key planted in the records is never published."""
        if path is None:
            folder = QStandardPaths.writableLocation(
                QStandardPaths.StandardLocation.DocumentsLocation
            )
            chosen, _ = QFileDialog.getSaveFileName(
                self,
                "Export the school's public key",
                str(Path(folder) / "school.pub"),
                "Public key (*.pub);;All files (*)",
            )
            if not chosen:
                return None
            path = Path(chosen)
        try:
            public = self.session.keys().public()
            path.write_text(public.to_text(), encoding="utf-8")
        except (CredentialError, KeyIntegrityError) as error:
            self.key_message.setText(f'<span style="color:{BAD}">{escape(str(error))}</span>')
            return None
        except OSError as error:
            self.key_message.setText(
                f'<span style="color:{BAD}">{escape(path.name)} cannot be written there: '
                f"{escape(error.strerror or str(error))}</span>"
            )
            return None
        count = len(public.keys)
        self.key_message.setText(
            f"{count} public key{'s' * (count != 1)} saved as {escape(path.name)}. Give "
            "this file to anyone who checks your certificates."
        )
        return path

    # --- the password --------------------------------------------------------------------------

    def change_password(self) -> None:
        def refuse(text: str) -> None:
            self.password_message.setText(f'<span style="color:{BAD}">{escape(text)}</span>')

        current, new, again = self.current.text(), self.new.text(), self.again.text()
        for field in (self.current, self.new, self.again):
            field.clear()
        if new != again:
            refuse("The two new passwords differ: type the same password twice.")
            return
        try:
            self.session.change_password(current, new)
        except CredentialError as error:
            refuse(f"Not changed: {error}.")
            return
        self.password_message.setText(
            f'<span style="color:{GOOD}">The instructor password was changed.</span>'
        )

    # --- verification --------------------------------------------------------------------------

    def verify_results(self) -> Report:
        report = Report()
        self.results.clear()
        try:
            keys = self.session.keys()
        except (CredentialError, KeyIntegrityError) as error:
            self.verify_summary.setText(f'<span style="color:{BAD}">{escape(str(error))}</span>')
            return report
        store = self.session.store
        report.checks += check_records(store.attempts(), keys, store.ledger())
        edited = [c for c in report.checks if not c.ok]
        for check in edited + [c for c in report.checks if c.ok]:
            if check.ok:
                state = "verified" if check.signed else "unsigned practice"
                item = QListWidgetItem(f"✔ {state}: {check.subject}")
                item.setForeground(QColor(GOOD))
                self.results.addItem(item)
                continue
            item = QListWidgetItem(f"✘ EDITED: {check.subject}")
            item.setForeground(QColor(BAD))
            self.results.addItem(item)
            for problem in check.problems:
                self.results.addItem(QListWidgetItem(f"      {problem}"))
        summary = report.lines()[-1]
        colour = GOOD if report.ok else BAD
        self.verify_summary.setText(f'<b style="color:{colour}">{escape(summary)}</b>')
        return report
