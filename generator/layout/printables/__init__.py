"""Game-specific printables composed in Python from layout primitives (sheets, boards, dice)."""
