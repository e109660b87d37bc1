"""What practice games and friends tables share: the table kinds and the game flow around them.

A table kind names how many play and whether partners sit opposite; both apps store it and
turn it into the engine's rules here, so "2 against 2" means one thing everywhere.
"""

from __future__ import annotations

from django.db import models
from django.dispatch import Signal
from django.utils.translation import gettext_lazy as _


class TableKind(models.TextChoices):
    ONE_ON_ONE = "1v1", _("1 against 1")
    THREE = "3", _("3 players, each for themselves")
    FOUR = "4", _("4 players, each for themselves")
    PARTNERS = "2v2", _("2 against 2")


#: The engine's table rules of each kind (the rest of the rules are the house rules).
TABLE_RULES: dict[str, dict] = {
    TableKind.ONE_ON_ONE: {"players": 2},
    TableKind.THREE: {"players": 3},
    TableKind.FOUR: {"players": 4, "partnerships": False},
    TableKind.PARTNERS: {"players": 4, "partnerships": True},
}


def kind_for(rules: dict) -> str:
    """The table kind that plays ``players``/``partnerships`` as a rules object says."""
    players = rules.get("players", 2)
    partnerships = bool(rules.get("partnerships", players == 4)) and players == 4
    for kind, table_rules in TABLE_RULES.items():
        if table_rules["players"] == players and table_rules.get("partnerships", False) == (
                partnerships):
            return str(kind)
    raise ValueError(f"no table kind for {players} players")


#: Sent by a game whose move ended a deal, with ``record`` (the stored game, which has
#: ``load_match()`` and ``HUMAN_SEAT``) and ``deal`` (1-based). The analysis app listens and
#: queues the deal's review, so the game needs no import of it.
deal_finished = Signal()
