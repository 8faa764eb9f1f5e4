"""The gamebook game plugin."""
