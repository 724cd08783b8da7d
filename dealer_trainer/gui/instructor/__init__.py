"""The instructor area: the password at the door (``access``), the dashboard with its trend
chart and replays, exam settings and key management (``security``), and the PDF reports."""
