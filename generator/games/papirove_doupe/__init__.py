"""The papirove_doupe game plugin."""
