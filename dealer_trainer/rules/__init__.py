"""Rules as data, for every game: exact money, odds, citations with their provenance, the
paytable records and the base of every table configuration (the casino's Rules Submission).

Nothing is imported here: the command line imports this package on its way to one game, and
start-up must not pay for paytables it does not use. Import the module that holds a name.
"""
