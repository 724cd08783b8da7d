"""Dealer Trainer: teaches and certifies the regulated settlement of poker-based table games.

The package is layered (see docs/architecture.md); nothing outside ``dealer_trainer.gui`` may
import Qt, so every rule can be exercised headless.
"""

__version__ = "0.1.0"
