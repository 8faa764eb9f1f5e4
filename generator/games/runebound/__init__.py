"""The runebound game plugin."""
