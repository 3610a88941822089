"""Spoil Five against the family contract (``atout.family_contract``): mypy checks each of its modules against its
protocol here; at run time ``conforms`` does nothing (``tests/core/test_family_contract.py`` checks the registry)."""

import atout.players.spoil_five
import atout.rulebook.spoil_five
import atout.spoil_five
from atout.family_contract import conforms
from atout.spoil_five import catalogue_cases, hand, house_rules, ranking

conforms(atout.spoil_five, hand, hand.SpoilFiveHand, ranking, house_rules, catalogue_cases,
         atout.rulebook.spoil_five, atout.players.spoil_five)
