"""One module per schema revision; Alembic reads their ``revision`` and ``down_revision``."""
