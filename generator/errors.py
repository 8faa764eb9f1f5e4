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
        return ": ".join(parts).replace("\n", " ")
