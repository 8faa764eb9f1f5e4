"""The project's own error type: one line, naming where the problem is."""

from __future__ import annotations


class PapirnaError(Exception):
    """An error the user can fix; its text is one line naming file:line:column and field."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.field = field

    def __str__(self) -> str:
        parts = []
        if self.file:
            where = self.file
            if self.line is not None:
                where += f":{self.line}"
                if self.column is not None:
                    where += f":{self.column}"
            parts.append(where)
        if self.field:
            parts.append(self.field)
        parts.append(self.message)
        return _one_line(": ".join(parts))


_CONTROL = {c: " " for c in (0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029)}
_CONTROL.update({c: f"\\x{c:02x}" for c in [*range(0x20), 0x7F] if c not in _CONTROL})


def _one_line(text: str) -> str:
    """Line breaks as spaces, other control characters escaped: nothing can break the line."""
    return text.translate(_CONTROL)
