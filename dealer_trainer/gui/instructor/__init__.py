"""The instructor area: the password at the door (``access``), the dashboard with its trend
chart and replays, the exam settings (``exam_settings``), the password and key management
(``security``), and the PDF reports."""
