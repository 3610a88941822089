"""Forty-Fives against the family contract (``atout.family_contract``): mypy checks each of its modules against its
protocol here; at run time ``conforms`` does nothing (``tests/core/test_family_contract.py`` checks the registry)."""

import atout.forty_fives
import atout.forty_fives.config
import atout.forty_fives.referee
import atout.players.forty_fives
import atout.rulebook.forty_fives
from atout.family_contract import conforms
from atout.forty_fives import catalogue_cases, hand, house_rules, ranking

conforms(atout.forty_fives, hand, hand.FortyFivesHand, ranking, house_rules, catalogue_cases,
         atout.rulebook.forty_fives, atout.players.forty_fives)
