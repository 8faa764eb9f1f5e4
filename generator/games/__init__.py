"""The built-in games, each a plugin registered through the papirna.games entry points."""
