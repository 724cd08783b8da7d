"""Practice at the table: what is on the felt, and a session that judges each step live."""
