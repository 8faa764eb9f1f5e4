"""papirna's own words on its pages (calibration sheet and the like): Czech, English, else English."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")
FALLBACK = "en"


def own_text(table: dict[str, T], lang: str, what: str, notices: list[str] | None = None) -> T:
    """The entry of `table` for `lang`; English, with a notice, for a language papirna lacks."""
    if lang in table:
        return table[lang]
    if notices is not None:
        notice = f"papirna has no {lang!r} text for its {what}; it is printed in English"
        if notice not in notices:
            notices.append(notice)
    return table[FALLBACK]
