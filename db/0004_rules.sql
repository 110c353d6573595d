-- Schema version 4: puzzles under any rules (docs/rules.md). Each puzzle
-- keeps its rules as the normalised spec ('' for the classic 9x9, whose
-- rows are as before), its grids have N*N cells, and a puzzle is unique by
-- its rules and the canonical form of its givens under them.
--
-- SQLite changes a column's checks only by making the table again: the
-- rows are copied into the new table, which then takes the old one's
-- name. The store runs this with foreign keys off (so dropping the old
-- table deletes no rating or game) and checks them before the commit.
-- The views read puzzles, so they are made again too. The grids are
-- ASCII: their lengths are taken in bytes (length of the text as a blob),
-- which SQLite knows, rather than in characters, which it counts one by
-- one on every insert.

DROP VIEW puzzle_summary;
DROP VIEW latest_ratings;
DROP VIEW unfinished_games;

CREATE TABLE puzzles_with_rules (
    id        INTEGER PRIMARY KEY,
    givens    TEXT    NOT NULL CHECK (length(CAST(givens AS BLOB)) BETWEEN 16 AND 625),
    canonical TEXT    NOT NULL
              CHECK (length(CAST(canonical AS BLOB)) = length(CAST(givens AS BLOB))),
    solution  TEXT    CHECK (solution IS NULL OR
                             length(CAST(solution AS BLOB)) = length(CAST(givens AS BLOB))),
    clues     INTEGER NOT NULL CHECK (clues BETWEEN 0 AND 625),
    symmetry  TEXT    NOT NULL DEFAULT 'none'
              CHECK (symmetry IN ('none', 'rot180', 'rot90', 'mirror', 'diagonal')),
    minimal   INTEGER CHECK (minimal IS NULL OR minimal IN (0, 1)),
    strategy  TEXT,
    options   TEXT,
    seed      INTEGER,
    source    TEXT,
    created   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    rules     TEXT    NOT NULL DEFAULT ''
              CHECK (rules <> '' OR length(CAST(givens AS BLOB)) = 81),
    UNIQUE (canonical, rules)
) STRICT;

INSERT INTO puzzles_with_rules (id, givens, canonical, solution, clues, symmetry, minimal,
                                strategy, options, seed, source, created, rules)
SELECT id, givens, canonical, solution, clues, symmetry, minimal, strategy, options, seed,
       source, created, ''
FROM puzzles;

DROP TABLE puzzles;
ALTER TABLE puzzles_with_rules RENAME TO puzzles;

CREATE INDEX puzzles_by_clues ON puzzles (clues);
CREATE INDEX puzzles_by_source ON puzzles (source);
-- The puzzles of one rules value other than classic (db query --rules);
-- classic rows, most often all of them, are not in it.
CREATE INDEX puzzles_by_rules ON puzzles (rules) WHERE rules <> '';

-- The views of version 2, with the rules of each puzzle ('' classic).
CREATE VIEW latest_ratings AS
SELECT r.puzzle_id, p.givens, p.clues, r.rater, r.rater_version, r.score,
       r.score_is_lower_bound, r.level,
       CASE r.level WHEN 1 THEN 'easy' WHEN 2 THEN 'medium' WHEN 3 THEN 'hard'
                    WHEN 4 THEN 'expert' WHEN 5 THEN 'evil' END AS level_name,
       r.hardest, r.steps, r.created, p.rules
FROM ratings r JOIN puzzles p ON p.id = r.puzzle_id
WHERE r.id = (SELECT l.id FROM ratings l
              WHERE l.puzzle_id = r.puzzle_id AND l.rater = r.rater
              ORDER BY l.created DESC, l.id DESC LIMIT 1);

CREATE VIEW puzzle_summary AS
SELECT p.id AS puzzle_id, p.givens, p.solution, p.clues, p.symmetry, p.minimal, p.source,
       p.created,
       (SELECT group_concat(x.rating, '; ')
        FROM (SELECT l.rater || ' ' || printf('%.1f', l.score) || ' ' || l.level_name AS rating
              FROM latest_ratings l WHERE l.puzzle_id = p.id ORDER BY l.rater) x) AS ratings,
       (SELECT count(*) FROM games g WHERE g.puzzle_id = p.id) AS games,
       (SELECT g.status FROM games g WHERE g.puzzle_id = p.id
        ORDER BY g.updated DESC, g.id DESC LIMIT 1) AS last_game_status,
       p.rules
FROM puzzles p;

CREATE VIEW unfinished_games AS
SELECT g.id AS game_id, g.puzzle_id, p.givens, g.cells,
       length(g.cells) - length(replace(replace(replace(replace(replace(replace(replace(
           replace(replace(g.cells, '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''),
           '7', ''), '8', ''), '9', '')) AS filled,
       g.elapsed_ms / 1000 AS elapsed_seconds, g.hints, g.created, g.updated
FROM games g JOIN puzzles p ON p.id = g.puzzle_id
WHERE g.status = 'playing';
