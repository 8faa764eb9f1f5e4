"""papirna: print-ready PDFs, scoring and dungeon generation for tabletop games."""

__version__ = "0.1.0"
