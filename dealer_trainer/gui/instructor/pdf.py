"""PDF files with Qt's own PDF writer: the detailed result report (HTML laid out on A4 pages
by ``QTextDocument``) and the certificate (one landscape page drawn with QPainter)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
    QTextDocument,
)

from dealer_trainer.reports.documents import Certificate

CREATOR = "Dealer Trainer"
INK = QColor("#1b2a3a")
GOLD = QColor("#9a7b2f")


def _writer(path: Path, title: str, orientation: QPageLayout.Orientation) -> QPdfWriter:
    path.parent.mkdir(parents=True, exist_ok=True)
    writer = QPdfWriter(str(path))
    writer.setCreator(CREATOR)
    writer.setTitle(title)
    writer.setResolution(300)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            orientation,
            QMarginsF(15, 15, 15, 15),
            QPageLayout.Unit.Millimeter,
        )
    )
    return writer


def write_report_pdf(html: str, path: Path, title: str) -> None:
    """The report's HTML on as many A4 pages as it takes (numbered by Qt)."""
    writer = _writer(path, title, QPageLayout.Orientation.Portrait)
    document = QTextDocument()
    document.documentLayout().setPaintDevice(writer)
    document.setDefaultFont(QFont("DejaVu Sans", 9))
    document.setHtml(html)
    # The page's printable area, so Qt adds no margins of its own to the writer's.
    area = writer.pageLayout().paintRectPixels(writer.resolution())
    document.setPageSize(QSizeF(area.width(), area.height()))
    document.print_(writer)


def _draw_qr(painter: QPainter, modules: tuple[tuple[bool, ...], ...], box: QRectF) -> None:
    """The QR code's dark modules as filled squares in ``box`` (its quiet zone included)."""
    if not modules:
        return
    size = box.width() / (len(modules) + 8)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#000000"))
    for y, row in enumerate(modules):
        for x, dark in enumerate(row):
            if dark:
                painter.drawRect(
                    QRectF(box.left() + (x + 4) * size, box.top() + (y + 4) * size, size, size)
                )


def write_certificate_pdf(certificate: Certificate, path: Path) -> None:
    """The certificate on one landscape A4 page: a double frame, the school's name and logo,
    the candidate's name large, and a line for the examiner's signature."""
    writer = _writer(
        path, f"{certificate.heading}: {certificate.name}", QPageLayout.Orientation.Landscape
    )
    painter = QPainter(writer)
    try:
        page = QRectF(0, 0, writer.width(), writer.height())
        unit = page.width() / 1000  # drawing units: a thousandth of the page's width
        painter.setPen(QPen(GOLD, 6 * unit))
        painter.drawRect(page.adjusted(8 * unit, 8 * unit, -8 * unit, -8 * unit))
        painter.setPen(QPen(GOLD, 1.5 * unit))
        painter.drawRect(page.adjusted(22 * unit, 22 * unit, -22 * unit, -22 * unit))

        def line(
            text: str,
            top: float,
            size: float,
            *,
            bold: bool = False,
            italic: bool = False,
            colour: QColor = INK,
            family: str = "DejaVu Serif",
        ) -> None:
            font = QFont(family)
            font.setPixelSize(max(1, round(size * unit)))
            font.setBold(bold)
            font.setItalic(italic)
            painter.setFont(font)
            painter.setPen(colour)
            box = QRectF(60 * unit, top * unit, page.width() - 120 * unit, size * 2.6 * unit)
            painter.drawText(
                box, int(Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap), text
            )

        header = certificate.school or CREATOR
        line(header.upper(), 58, 20, bold=True, colour=GOLD, family="DejaVu Sans")
        if certificate.logo:
            logo = QImage.fromData(certificate.logo)
            if not logo.isNull():
                box = QRectF(45 * unit, 45 * unit, 110 * unit, 110 * unit)
                scaled = logo.size().scaled(
                    round(box.width()), round(box.height()), Qt.AspectRatioMode.KeepAspectRatio
                )
                painter.drawImage(
                    QRectF(box.left(), box.top(), scaled.width(), scaled.height()), logo
                )
        line(certificate.heading, 95, 44, bold=True)
        line(certificate.preamble, 190, 20, italic=True)
        line(certificate.name, 225, 46, bold=True)
        painter.setPen(QPen(GOLD, 1.5 * unit))
        painter.drawLine(
            QPointF(250 * unit, 292 * unit), QPointF(page.width() - 250 * unit, 292 * unit)
        )
        line(certificate.statement, 310, 20, italic=True)
        line(certificate.exam, 345, 24, bold=True)
        line(certificate.score, 392, 20)
        line(certificate.date, 425, 20)
        # The examiner signs by hand on the printed page, beside the date.
        painter.setPen(QPen(INK, 1 * unit))
        sign_left, sign_right, sign_y = 80 * unit, 380 * unit, 520 * unit
        painter.drawLine(QPointF(sign_left, sign_y), QPointF(sign_right, sign_y))
        painter.drawLine(QPointF(430 * unit, sign_y), QPointF(600 * unit, sign_y))
        small = QFont("DejaVu Sans")
        small.setPixelSize(max(1, round(12 * unit)))
        painter.setFont(small)
        painter.drawText(
            QRectF(sign_left, sign_y + 4 * unit, sign_right - sign_left, 20 * unit),
            int(Qt.AlignmentFlag.AlignLeft),
            certificate.signature_label,
        )
        painter.drawText(
            QRectF(430 * unit, sign_y + 4 * unit, 170 * unit, 20 * unit),
            int(Qt.AlignmentFlag.AlignLeft),
            "Date",
        )
        line(certificate.seal, 560, 11, family="DejaVu Sans Mono")
        line(certificate.check, 585, 11, colour=QColor("#555555"), family="DejaVu Sans")
        _draw_qr(
            painter,
            certificate.qr,
            QRectF(page.width() - 175 * unit, 440 * unit, 110 * unit, 110 * unit),
        )
    finally:
        painter.end()
