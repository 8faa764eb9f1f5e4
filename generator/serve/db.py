"""The nights of `papirna serve` in SQLite: nights, players, sheets and photos.

The standard library's sqlite3 in WAL mode; `PRAGMA user_version` is the schema version and
MIGRATIONS bring an older file up to date. Every write is one transaction (committed before the
response is sent), so killing the server loses nothing that was saved. Each sheet has a version:
a write that names an older one is refused (Stale), never silently applied.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from generator.errors import PapirnaError

# each entry brings the schema from version i to i + 1
MIGRATIONS: list[str] = [
    """
    CREATE TABLE nights (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        campaign TEXT NOT NULL DEFAULT '',
        created REAL NOT NULL
    );
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE
    );
    CREATE TABLE sheets (
        id INTEGER PRIMARY KEY,
        night_id INTEGER NOT NULL REFERENCES nights(id) ON DELETE CASCADE,
        player_id INTEGER NOT NULL REFERENCES players(id),
        data TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1,
        updated REAL NOT NULL,
        UNIQUE (night_id, player_id)
    );
    CREATE INDEX sheets_by_player ON sheets(player_id);
    """,
    """
    CREATE TABLE photos (
        sheet_id INTEGER PRIMARY KEY REFERENCES sheets(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        image BLOB NOT NULL,
        overlay BLOB,
        reading TEXT NOT NULL,
        added REAL NOT NULL
    );
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)


class Stale(Exception):
    """A write named an older version of a sheet than the one saved (HTTP 409)."""

    def __init__(self, sheet: Sheet) -> None:
        super().__init__(f"sheet {sheet.id} was changed meanwhile (now version {sheet.version})")
        self.sheet = sheet


class NotFound(Exception):
    """No such night, player or sheet (HTTP 404)."""


@dataclass(frozen=True)
class Night:
    """One game night of one game: its sheets are scored together."""

    id: int
    game: str
    name: str
    campaign: str
    created: float


@dataclass(frozen=True)
class Sheet:
    """One player's sheet of a night, with the version that a write must name."""

    id: int
    night_id: int
    player_id: int
    player: str
    data: dict
    version: int
    updated: float


@dataclass(frozen=True)
class Photo:
    """The photo a sheet was read from, the boxes read drawn over it, and the reading."""

    sheet_id: int
    kind: str
    image: bytes
    overlay: bytes | None
    reading: dict


class Store:
    """The SQLite file of the server: one connection per call, WAL mode, one transaction a write."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._local = threading.local()
        self.migrate()

    def _connect(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            try:
                conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            except sqlite3.Error as e:
                raise PapirnaError(f"cannot open the data file: {e}", file=str(self.path)) from None
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")  # a saved value survives power loss too
            conn.execute("PRAGMA foreign_keys=ON")
            self._local.conn = conn
        return conn

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error)."""
        conn = self._connect()
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def read(self) -> sqlite3.Connection:
        """The connection for reads (autocommit: each statement sees the last commit)."""
        return self._connect()

    def migrate(self) -> int:
        """Bring the file to SCHEMA_VERSION; the version it had before."""
        with self.write() as c:
            have = c.execute("PRAGMA user_version").fetchone()[0]
            if have > SCHEMA_VERSION:
                raise PapirnaError(
                    f"the data file is of a newer papirna (schema {have}, this one knows "
                    f"{SCHEMA_VERSION})",
                    file=str(self.path),
                )
            for step in MIGRATIONS[have:]:
                for statement in step.split(";"):
                    if statement.strip():
                        c.execute(statement)
            c.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        return have

    def close(self) -> None:
        """Close this thread's connection."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None

    # nights ---------------------------------------------------------------------------------

    def add_night(self, game: str, name: str, campaign: str = "") -> Night:
        """A new night of `game`."""
        with self.write() as c:
            cur = c.execute(
                "INSERT INTO nights (game, name, campaign, created) VALUES (?, ?, ?, ?)",
                (game, name, campaign, time.time()),
            )
            night_id = cur.lastrowid
        return self.night(night_id)

    def night(self, night_id: int) -> Night:
        """The night `night_id`; NotFound."""
        row = self.read().execute("SELECT * FROM nights WHERE id = ?", (night_id,)).fetchone()
        if row is None:
            raise NotFound(f"no night {night_id}")
        return Night(**dict(row))

    def nights(self, campaign: str | None = None, game: str | None = None) -> list[Night]:
        """Every night, oldest first (of one campaign and game, when given)."""
        sql, args = "SELECT * FROM nights", []
        where = []
        if campaign is not None:
            where.append("campaign = ?")
            args.append(campaign)
        if game is not None:
            where.append("game = ?")
            args.append(game)
        if where:
            sql += " WHERE " + " AND ".join(where)
        rows = self.read().execute(sql + " ORDER BY created, id", args).fetchall()
        return [Night(**dict(r)) for r in rows]

    def campaigns(self) -> list[tuple[str, str]]:
        """(game, campaign) of every named campaign, in the order they began."""
        rows = self.read().execute(
            "SELECT game, campaign, MIN(created) AS first FROM nights WHERE campaign != '' "
            "GROUP BY game, campaign ORDER BY first"
        )
        return [(r["game"], r["campaign"]) for r in rows]

    # players and sheets ---------------------------------------------------------------------

    def player_id(self, c: sqlite3.Connection, name: str) -> int:
        """The id of the player `name`, added when new (inside a write)."""
        row = c.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
        if row is not None:
            return row["id"]
        return c.execute("INSERT INTO players (name) VALUES (?)", (name,)).lastrowid

    def players(self) -> list[tuple[int, str]]:
        """(id, name) of every player, by name."""
        rows = self.read().execute("SELECT id, name FROM players ORDER BY name").fetchall()
        return [(r["id"], r["name"]) for r in rows]

    def player(self, player_id: int) -> str:
        """The name of player `player_id`; NotFound."""
        row = self.read().execute("SELECT name FROM players WHERE id = ?", (player_id,)).fetchone()
        if row is None:
            raise NotFound(f"no player {player_id}")
        return row["name"]

    def add_sheet(self, night_id: int, player: str, data: dict) -> Sheet:
        """A player joins a night with a sheet; PapirnaError when they have one already."""
        self.night(night_id)
        with self.write() as c:
            pid = self.player_id(c, player)
            try:
                cur = c.execute(
                    "INSERT INTO sheets (night_id, player_id, data, updated) VALUES (?, ?, ?, ?)",
                    (night_id, pid, _dump(data), time.time()),
                )
            except sqlite3.IntegrityError:
                raise PapirnaError(f"{player} has a sheet in this night already") from None
            sheet_id = cur.lastrowid
        return self.sheet(sheet_id)

    def add_sheets(self, night_id: int, sheets: list[tuple[str, dict]]) -> list[Sheet]:
        """Several players join a night with their sheets, all in one transaction or none."""
        self.night(night_id)
        ids = []
        with self.write() as c:
            for player, data in sheets:
                pid = self.player_id(c, player)
                try:
                    cur = c.execute(
                        "INSERT INTO sheets (night_id, player_id, data, updated) "
                        "VALUES (?, ?, ?, ?)",
                        (night_id, pid, _dump(data), time.time()),
                    )
                except sqlite3.IntegrityError:
                    raise PapirnaError(f"{player} has a sheet in this night already") from None
                ids.append(cur.lastrowid)
        return [self.sheet(i) for i in ids]

    _SHEET = (
        "SELECT s.id, s.night_id, s.player_id, p.name AS player, s.data, s.version, s.updated "
        "FROM sheets s JOIN players p ON p.id = s.player_id"
    )

    def sheet(self, sheet_id: int) -> Sheet:
        """The sheet `sheet_id` as saved; NotFound."""
        row = self.read().execute(self._SHEET + " WHERE s.id = ?", (sheet_id,)).fetchone()
        if row is None:
            raise NotFound(f"no sheet {sheet_id}")
        return _sheet(row)

    def sheets(self, night_id: int) -> list[Sheet]:
        """The night's sheets in the order the players joined."""
        rows = self.read().execute(self._SHEET + " WHERE s.night_id = ? ORDER BY s.id", (night_id,))
        return [_sheet(r) for r in rows]

    def player_sheets(self, player_id: int) -> list[tuple[Night, Sheet]]:
        """Every sheet of one player with its night, oldest night first."""
        rows = (
            self.read()
            .execute(self._SHEET + " WHERE s.player_id = ? ORDER BY s.night_id", (player_id,))
            .fetchall()
        )
        return [(self.night(r["night_id"]), _sheet(r)) for r in rows]

    def save_sheet(self, sheet_id: int, version: int, data: dict) -> Sheet:
        """Save a sheet that was read at `version`; Stale (with the newer sheet) if it changed."""
        with self.write() as c:
            cur = c.execute(
                "UPDATE sheets SET data = ?, version = version + 1, updated = ? "
                "WHERE id = ? AND version = ?",
                (_dump(data), time.time(), sheet_id, version),
            )
            changed = cur.rowcount
        if not changed:
            newer = self.sheet(sheet_id)  # NotFound when there is no such sheet
            raise Stale(newer)
        return self.sheet(sheet_id)

    def remove_sheet(self, sheet_id: int) -> None:
        """A player leaves a night."""
        with self.write() as c:
            c.execute("DELETE FROM sheets WHERE id = ?", (sheet_id,))

    def save_photo(
        self,
        sheet_id: int,
        kind: str,
        image: bytes,
        overlay: bytes | None,
        reading: dict,
        data: dict | None = None,
    ) -> None:
        """Keep the photo a sheet was read from (a new photo replaces it) and, when given, the
        sheet's data as read, as a new version: both in one transaction."""
        with self.write() as c:
            c.execute(
                "INSERT OR REPLACE INTO photos (sheet_id, kind, image, overlay, reading, added) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (sheet_id, kind, image, overlay, _dump(reading), time.time()),
            )
            if data is not None:
                c.execute(
                    "UPDATE sheets SET data = ?, version = version + 1, updated = ? WHERE id = ?",
                    (_dump(data), time.time(), sheet_id),
                )

    def photo(self, sheet_id: int) -> Photo | None:
        """The photo of a sheet, or None."""
        row = self.read().execute("SELECT * FROM photos WHERE sheet_id = ?", (sheet_id,)).fetchone()
        if row is None:
            return None
        return Photo(
            row["sheet_id"], row["kind"], row["image"], row["overlay"], json.loads(row["reading"])
        )


def _dump(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=False)


def _sheet(row: sqlite3.Row) -> Sheet:
    return Sheet(
        id=row["id"],
        night_id=row["night_id"],
        player_id=row["player_id"],
        player=row["player"],
        data=json.loads(row["data"]),
        version=row["version"],
        updated=row["updated"],
    )
