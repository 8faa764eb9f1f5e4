"""What a build writes beside its PDFs, as the command line asked: light to import (no drawing)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.errors import PapirnaError


@dataclass(frozen=True)
class Extras:
    """Files made beside the PDFs: PNGs, showcases, Tabletop Simulator sheets; and PDF colour."""

    png: bool = False
    dpi: int = 300
    showcase: bool = False
    png_copies: bool = False
    png_corners: float = 0.0
    tts: bool = False
    color: str = "rgb"

    @property
    def any(self) -> bool:
        """Whether there is anything besides PDFs to write."""
        return self.png or self.showcase or self.tts


def check_dpi(dpi: int) -> None:
    """Refuse resolutions PNG export does not offer."""
    if not 36 <= dpi <= 1200:
        raise PapirnaError(f"--dpi: {dpi} is outside 36 to 1200")
