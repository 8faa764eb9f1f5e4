"""Game rules as pure functions: scoring, dungeon checks and generation, combat math."""
