"""Paytable data files (TOML) shipped with the package; a package so wheels include them."""
