"""The table analyser: what each wager of a Rules Submission costs the player, and how often
each settlement procedure comes up (issue 20).

It sits above ``games`` (each game says which cards form a wager's hand and how its rows are
read, in its own ``analysis`` module) and below ``practice``, the console and the window, so
the figures come from the same evaluators and paytables that grade settlement.

- ``hands.counting`` (below): exact outcome counts over every deal, by rank pattern;
  ``engine.wager_analysis`` (below): the words a game describes its wagers in.
- ``figures``: a wager's row probabilities, return, house edge and break-even meter.
- ``table``: every wager of one table, procedure frequencies, text and JSON, the cache.
"""
