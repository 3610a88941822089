"""Euchre against the family contract (``atout.family_contract``): mypy checks each of its modules against its
protocol here; at run time ``conforms`` does nothing (``tests/core/test_family_contract.py`` checks the registry)."""

import atout.euchre
import atout.players.euchre
import atout.rulebook.euchre
from atout.euchre import catalogue_cases, hand, house_rules, ranking
from atout.family_contract import conforms

conforms(atout.euchre, hand, hand.EuchreHand, ranking, house_rules, catalogue_cases, atout.rulebook.euchre,
         atout.players.euchre)
