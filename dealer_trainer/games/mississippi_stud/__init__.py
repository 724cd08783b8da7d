from dealer_trainer.games.mississippi_stud.definition import DEFINITION

__all__ = ["DEFINITION"]
