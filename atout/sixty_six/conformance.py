"""Sixty-Six against the family contract (``atout.family_contract``): mypy checks each of its modules against its
protocol here; at run time ``conforms`` does nothing (``tests/core/test_family_contract.py`` checks the registry)."""

import atout.players.sixty_six
import atout.rulebook.sixty_six
import atout.sixty_six
import atout.sixty_six.config
import atout.sixty_six.referee
from atout.family_contract import conforms
from atout.sixty_six import catalogue_cases, hand, house_rules, ranking

conforms(atout.sixty_six, hand, hand.SixtySixHand, ranking, house_rules, catalogue_cases,
         atout.rulebook.sixty_six, atout.players.sixty_six)
