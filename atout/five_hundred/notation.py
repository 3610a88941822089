"""Five Hundred's positions as the What-if page's notation help shows them (``atout.games.NOTATION_GAME``): a whole
deal, with its kitty, bidding and discards, and an ending after a contract, with the joker."""

DEAL = ("game: five-hundred\ndealer: 0\nseat 0: AD KS 9D 6C 10H 5S 10S 6D 7C JD\n"
        "seat 1: 4H JH JC KH 8H 7H 8D AC 9C JS\nseat 2: 8S 5D KC AH QH 9H 7D QC 10C 5C\n"
        "seat 3: 10D 8C 4D AS 6S KD QD 7S QS JK\nkitty: 5H 9S 6H\n"
        "actions: bid 7H, bid pass, bid pass, bid pass, discard JS, discard 8D, discard 9S")
ENDING = ("game: five-hundred\ncontract: 1 7H\nseat 0: AD KS 9D\nseat 1: 4H JH AC\nseat 2: 8S KC AH\n"
          "seat 3: 10D AS JK\ntrick: 3\nwon: 2 3 1 1")
