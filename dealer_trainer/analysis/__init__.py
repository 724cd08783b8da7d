"""The table analyser: what each wager of a Rules Submission costs the player, and how often
each settlement procedure comes up (issue 20).

It sits above ``games`` (each game's definition names its ``analysis``: which cards form a
wager's hand and how its rows are read, or how a round is played) and below the console and
the window, so the figures come from the same evaluators, paytables and settlement functions
that grade the trainee.

- ``hands.counting`` (below): exact outcome counts over every deal, by rank pattern;
  ``engine.wager_analysis`` (below): the words a game describes its wagers in.
- ``figures``: a wager's row probabilities, return, house edge and break-even meter.
- ``simulation``: the seeded simulation of the wagers a strategy decides, with 95% intervals.
- ``table``: every wager of one table, procedure frequencies, text and JSON, the cache.
"""
