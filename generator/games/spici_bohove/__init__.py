"""The spici_bohove game plugin."""
