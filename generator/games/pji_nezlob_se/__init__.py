"""The pji_nezlob_se game plugin."""
