"""The school's name and logo, as its certificates print them.

The instructor types the name and picks an image; the image is converted to PNG and scaled to
fit ``LOGO_SIDE`` here (Qt reads every common format), and the store signs both with the
school's key so a station cannot change what a certificate says about who issued it.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QStandardPaths, Qt
from PySide6.QtGui import QImage, QImageReader, QImageWriter, QPixmap
from PySide6.QtWidgets import (
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.gui.colours import BAD, GOOD
from dealer_trainer.gui.instructor.access import InstructorSession
from dealer_trainer.store.crypto import CredentialError, KeyIntegrityError
from dealer_trainer.store.errors import StoreError
from dealer_trainer.store.school import MAX_NAME, School

LOGO_SIDE = 600
"""The logo's longest side in pixels once scaled: sharp on a printed A4 certificate."""
MAX_PICKED = 20 * 1024 * 1024


class LogoError(ValueError):
    """An image file that cannot be used as the logo."""


def logo_png(path: Path) -> bytes:
    """The picked image as PNG, scaled down to ``LOGO_SIDE``."""
    try:
        size = path.stat().st_size
    except OSError as error:
        raise LogoError(f"{path.name}: cannot be read ({error.strerror or error})") from None
    if size > MAX_PICKED:
        raise LogoError(f"{path.name}: {size // (1024 * 1024)} MB is too large for a logo")
    reader = QImageReader(str(path))
    image = reader.read()
    if image.isNull():
        raise LogoError(f"{path.name}: not an image ({reader.errorString()})")
    if max(image.width(), image.height()) > LOGO_SIDE:
        image = image.scaled(
            LOGO_SIDE,
            LOGO_SIDE,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not QImageWriter(buffer, QByteArray(b"PNG")).write(image):
        raise LogoError(f"{path.name}: cannot be converted to PNG")
    return bytes(data.data())


class SchoolPanel(QWidget):
    def __init__(self, session: InstructorSession, parent: QWidget | None = None) -> None:
        session.require()
        super().__init__(parent)
        self.session = session
        self.setObjectName("schoolPanel")
        self.logo: bytes | None = None

        self.name = QLineEdit()
        self.name.setMaxLength(MAX_NAME)
        self.name.setAccessibleName("School name")
        self.name.setPlaceholderText("e.g. Keystone Dealer Academy")
        self.logo_view = QLabel("No logo")
        self.logo_view.setObjectName("logoPreview")
        self.logo_view.setAccessibleName("School logo")
        self.logo_view.setFixedSize(160, 160)
        self.logo_view.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.logo_view.setFrameShape(QLabel.Shape.StyledPanel)
        self.pick = QPushButton("Choose a l&ogo…")
        self.pick.clicked.connect(lambda: self.choose_logo())
        self.remove = QPushButton("&Remove the logo")
        self.remove.clicked.connect(self.remove_logo)
        self.save = QPushButton("Sa&ve")
        self.save.setDefault(True)
        self.save.clicked.connect(self.save_school)
        self.message = QLabel()
        self.message.setObjectName("schoolMessage")
        self.message.setWordWrap(True)

        form = QFormLayout()
        form.addRow("School na&me:", self.name)
        logo_buttons = QVBoxLayout()
        logo_buttons.addWidget(self.pick)
        logo_buttons.addWidget(self.remove)
        logo_buttons.addStretch(1)
        logo_row = QHBoxLayout()
        logo_row.addWidget(self.logo_view)
        logo_row.addLayout(logo_buttons)
        logo_row.addStretch(1)
        form.addRow("Logo:", logo_row)
        box = QGroupBox("The school on its certificates")
        inner = QVBoxLayout(box)
        note = QLabel(
            "Certificates print the school's name at the top, with its logo, and a line for "
            "the examiner's signature. The name and logo are signed with the school's key: if "
            "they are changed anywhere but here, no certificate is printed until they are set "
            "again."
        )
        note.setWordWrap(True)
        inner.addWidget(note)
        inner.addLayout(form)
        inner.addWidget(self.save, 0, Qt.AlignmentFlag.AlignLeft)
        inner.addWidget(self.message)
        layout = QVBoxLayout(self)
        layout.addWidget(box)
        layout.addStretch(1)
        self.load()

    def _say(self, text: str, ok: bool) -> None:
        self.message.setText(f'<span style="color:{GOOD if ok else BAD}">{escape(text)}</span>')

    def _show_logo(self) -> None:
        if self.logo is None:
            self.logo_view.setPixmap(QPixmap())
            self.logo_view.setText("No logo")
        else:
            image = QImage.fromData(self.logo)
            self.logo_view.setPixmap(
                QPixmap.fromImage(image).scaled(
                    150,
                    150,
                    Qt.AspectRatioMode.KeepAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                )
            )
        self.remove.setEnabled(self.logo is not None)

    def load(self) -> None:
        try:
            school = self.session.store.school(self.session.keys().public())
        except (StoreError, CredentialError, KeyIntegrityError) as error:
            self._say(str(error), ok=False)
            school = None
        if school is not None:
            self.name.setText(school.name)
            self.logo = school.logo
        self._show_logo()

    def choose_logo(self, path: Path | None = None) -> bool:
        if path is None:
            folder = QStandardPaths.writableLocation(
                QStandardPaths.StandardLocation.PicturesLocation
            )
            chosen, _ = QFileDialog.getOpenFileName(
                self, "Choose the school's logo", folder, "Images (*.png *.jpg *.jpeg *.bmp *.gif)"
            )
            if not chosen:
                return False
            path = Path(chosen)
        try:
            self.logo = logo_png(path)
        except LogoError as error:
            self._say(str(error), ok=False)
            return False
        self._show_logo()
        self._say("Logo chosen: press Save to keep it.", ok=True)
        return True

    def remove_logo(self) -> None:
        self.logo = None
        self._show_logo()
        self._say("No logo: press Save to keep it so.", ok=True)

    def save_school(self) -> School | None:
        try:
            school = self.session.store.set_school(self.name.text(), self.logo, self.session.keys())
        except (StoreError, CredentialError, KeyIntegrityError) as error:
            self._say(f"Not saved: {error}.", ok=False)
            return None
        self.name.setText(school.name)
        self._say(f"Saved: certificates now name {school.name}.", ok=True)
        return school
