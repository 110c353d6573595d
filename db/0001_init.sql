-- Migration 1: the first schema of the puzzle database.
-- Applied by core/store.c inside one BEGIN IMMEDIATE transaction that also
-- sets PRAGMA user_version = 1. Never edit a released migration: add the
-- next numbered file instead.

-- Every puzzle once: `canonical` is the canonical form of the givens
-- (core/canon.c), so a puzzle and all its transformations share one row.
CREATE TABLE puzzles (
    id        INTEGER PRIMARY KEY,
    givens    TEXT    NOT NULL CHECK (length(givens) = 81),
    canonical TEXT    NOT NULL UNIQUE CHECK (length(canonical) = 81),
    solution  TEXT    CHECK (solution IS NULL OR length(solution) = 81),
    clues     INTEGER NOT NULL CHECK (clues BETWEEN 0 AND 81),
    symmetry  TEXT    NOT NULL DEFAULT 'none'
              CHECK (symmetry IN ('none', 'rot180', 'rot90', 'mirror', 'diagonal')),
    minimal   INTEGER CHECK (minimal IS NULL OR minimal IN (0, 1)),
    strategy  TEXT,
    options   TEXT,
    seed      INTEGER,
    source    TEXT,
    created   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX puzzles_by_clues ON puzzles (clues);
CREATE INDEX puzzles_by_source ON puzzles (source);

-- One rating per puzzle, rater and rater version (a newer rater version
-- adds rows; rating again with the same version replaces the row).
CREATE TABLE ratings (
    id                   INTEGER PRIMARY KEY,
    puzzle_id            INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    rater                TEXT    NOT NULL,
    rater_version        TEXT    NOT NULL,
    score                REAL    NOT NULL,
    score_is_lower_bound INTEGER NOT NULL DEFAULT 0 CHECK (score_is_lower_bound IN (0, 1)),
    first_step           REAL,
    first_placement      REAL,
    level                INTEGER NOT NULL CHECK (level BETWEEN 0 AND 5),
    hardest              TEXT    NOT NULL,
    steps                INTEGER NOT NULL CHECK (steps >= 0),
    created              TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (puzzle_id, rater, rater_version)
) STRICT;

-- Queries by rating range (and sort by score) for one rater version.
CREATE INDEX ratings_by_score ON ratings (rater, rater_version, score);
CREATE INDEX ratings_by_level ON ratings (rater, rater_version, level, score);

-- Save states of play: the board, pencil marks and undo history as text in
-- the formats of docs/play.md.
CREATE TABLE games (
    id         INTEGER PRIMARY KEY,
    puzzle_id  INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    cells      TEXT    NOT NULL CHECK (length(cells) = 81),
    marks      TEXT    NOT NULL DEFAULT '',
    history    TEXT    NOT NULL DEFAULT '',
    elapsed_ms INTEGER NOT NULL DEFAULT 0 CHECK (elapsed_ms >= 0),
    hints      INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0),
    status     TEXT    NOT NULL DEFAULT 'playing'
               CHECK (status IN ('playing', 'solved', 'abandoned')),
    created    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX games_by_puzzle ON games (puzzle_id, status);
CREATE INDEX games_by_updated ON games (updated);

-- One row per `sudokit bench --db` run, so comparisons are kept.
CREATE TABLE bench_runs (
    id                  INTEGER PRIMARY KEY,
    solver              TEXT    NOT NULL,
    solver_options      TEXT,
    dataset_fingerprint TEXT    NOT NULL,
    dataset_name        TEXT    NOT NULL,
    puzzles             INTEGER NOT NULL CHECK (puzzles >= 0),
    seconds             REAL    NOT NULL CHECK (seconds >= 0),
    guesses             INTEGER NOT NULL CHECK (guesses >= 0),
    count_limit         INTEGER NOT NULL CHECK (count_limit >= 1),
    created             TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX bench_runs_by_dataset ON bench_runs (dataset_fingerprint, solver);
