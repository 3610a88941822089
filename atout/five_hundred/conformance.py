"""Five Hundred against the family contract (``atout.family_contract``): mypy checks each of its modules against its
protocol here; at run time ``conforms`` does nothing (``tests/core/test_family_contract.py`` checks the registry)."""

import atout.five_hundred
import atout.five_hundred.config
import atout.five_hundred.referee
import atout.players.five_hundred
import atout.rulebook.five_hundred
from atout.family_contract import conforms
from atout.five_hundred import catalogue_cases, hand, house_rules, ranking

conforms(atout.five_hundred, hand, hand.FiveHundredHand, ranking, house_rules, catalogue_cases,
         atout.rulebook.five_hundred, atout.players.five_hundred)
