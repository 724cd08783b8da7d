"""Alembic migrations of the records database, shipped inside the package and run by
``open_store`` (there is no alembic.ini: the configuration is built in ``database.py``)."""
