"""Render: draws display lists with reportlab. The only reportlab importer; it decides nothing."""
