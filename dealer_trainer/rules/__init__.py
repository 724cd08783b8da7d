"""Rules as data: exact money, odds, citations, paytables and the table's Rules Submission.

Game modules compute outcomes from these records; nothing here knows the order of settlement.
"""

from dealer_trainer.rules.money import (
    EXACT_CENTS,
    Money,
    Rounding,
    RoundingMode,
    format_money,
    to_money,
)
from dealer_trainer.rules.odds import Odds, OddsKind, Payment
from dealer_trainer.rules.paytable import (
    MustHitByConfiguration,
    Paytable,
    PaytableCatalog,
    PaytableRow,
    load_paytables,
    uth_paytables,
)
from dealer_trainer.rules.provenance import Citation, Provenance
from dealer_trainer.rules.settings import UthRules
from dealer_trainer.rules.table_config import TableConfig, TableConfigError, load_table_config
from dealer_trainer.rules.wagers import BetOn, UthWager

__all__ = [
    "EXACT_CENTS",
    "BetOn",
    "Citation",
    "Money",
    "MustHitByConfiguration",
    "Odds",
    "OddsKind",
    "Payment",
    "Paytable",
    "PaytableCatalog",
    "PaytableRow",
    "Provenance",
    "Rounding",
    "RoundingMode",
    "TableConfig",
    "TableConfigError",
    "UthRules",
    "UthWager",
    "format_money",
    "load_paytables",
    "load_table_config",
    "to_money",
    "uth_paytables",
]
