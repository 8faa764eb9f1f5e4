"""Filled sheets of every built-in game that scores, worked out by hand in the tests that use them."""

from __future__ import annotations

EVA = {
    "player": "Eva",
    "dungeon": "A",
    "levels": {"warrior": 5, "wizard": 3, "cleric": 4, "thief": 6},
    "items": [2, 1, 0, 0, 2, 0, 0, 0],
    "gems": 4,
    "minions": 5,
    "wounds": 9,
    "fights": [{"range": 2, "strongest": True}, {"fled": True, "visited": False}, {"range": 1}],
    "ability": -2,
    "goals": [6],
    "quests": [5, 3],
}
JAN = {
    "lang": "en",
    "player": "Jan",
    "dungeon": "A",
    "levels": {"warrior": 2, "wizard": 6, "cleric": 2, "thief": 3},
    "items": [0, 0, 2, 2, 0, 1, 0, 0],
    "gems": 2,
    "minions": 3,
    "wounds": 4,
    "fights": [{"range": 3, "strongest": True}, {"range": 1}, {"fled": True}],
    "goals": [],
    "quests": [4],
}
EVA_B = {**EVA, "dungeon": "B"}
JAN_B = {**JAN, "dungeon": "B"}
LOG = {
    "lang": "en",
    "campaign": "Mlžné moře",
    "crew": "Eva, Jan",
    "version": "normal",
    "adventure_cards": 12,
    "sacred_items": 3,
    "quest_cards": 5,
    "level_cards": 4,
    "coins": 9,
    "artifacts": 2,
    "ending": 7,
    "defeats": 1,
}
JOURNAL = {"name": "Ondra", "experience": 130, "level": 3, "base_strength": 12, "food": 4}
BAD_JOURNAL = {"name": "Jiřina", "experience": 10, "level": 5}

# game -> lists of sheets scored together (each list one `papirna score GAME ...` command)
TABLES = {
    "papirove-doupe": [[EVA], [EVA, JAN], [JAN, EVA]],
    "spici-bohove": [[LOG]],
    "gamebook": [[JOURNAL], [JOURNAL, BAD_JOURNAL]],
}
CAMPAIGNS = {"papirove-doupe": [[EVA, JAN, EVA_B, JAN_B]]}
