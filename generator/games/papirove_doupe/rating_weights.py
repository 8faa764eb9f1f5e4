"""Placeholder weights of the fast rating (benchmarks/fit_dungeon_rating.py writes the real ones)."""

STRENGTH: tuple[tuple[float, ...], ...] = tuple((10.0 + 6 * k,) + (0.0,) * 45 for k in range(3))
GLORY: tuple[float, ...] = (50.0,) + (0.0,) * 45 + (0.0,) * 3 + (1.0,)
BANDS: dict[str, tuple[int, int]] = {"easy": (0, 29), "normal": (30, 33), "hard": (34, 9999)}
