"""Typed content models for the built-in games."""
