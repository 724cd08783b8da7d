"""What the instructor reads: each trainee's progress and weak spots, result documents and the
class's results as CSV. Plain Python (no Qt), above the curriculum and the store.

- ``analytics``: accuracy and speed per game, per wager type and per kind of step, the trend
  over time and the weakest skills, all worked out from the stored attempts (the steps are
  dealt again from each round's stored source, so the kinds and skills come from the engine's
  own procedure, never from anything typed per lesson);
- ``documents``: the certificate and the detailed result report of an attempt, as HTML that
  the GUI prints to PDF;
- ``export``: a class's results as CSV.
"""
