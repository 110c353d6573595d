-- Schema version 2: what a benchmark run was measured with, and views that
-- answer the usual questions without joins (docs/database.md).

-- Runs recorded before version 2 keep NULL here: not known.
ALTER TABLE bench_runs ADD COLUMN jobs INTEGER CHECK (jobs IS NULL OR jobs >= 1);
ALTER TABLE bench_runs ADD COLUMN sudokit_version TEXT;
ALTER TABLE bench_runs ADD COLUMN cpu_model TEXT;

-- The latest rating of each puzzle by each rater: of its rater versions,
-- the one written last.
CREATE VIEW latest_ratings AS
SELECT r.puzzle_id, p.givens, p.clues, r.rater, r.rater_version, r.score,
       r.score_is_lower_bound, r.level,
       CASE r.level WHEN 1 THEN 'easy' WHEN 2 THEN 'medium' WHEN 3 THEN 'hard'
                    WHEN 4 THEN 'expert' WHEN 5 THEN 'evil' END AS level_name,
       r.hardest, r.steps, r.created
FROM ratings r JOIN puzzles p ON p.id = r.puzzle_id
WHERE r.id = (SELECT l.id FROM ratings l
              WHERE l.puzzle_id = r.puzzle_id AND l.rater = r.rater
              ORDER BY l.created DESC, l.id DESC LIMIT 1);

-- One row per puzzle: what it is, its latest ratings in one text
-- ("human 4.5 hard; se 3.2 medium"), its games and the last one's status.
CREATE VIEW puzzle_summary AS
SELECT p.id AS puzzle_id, p.givens, p.solution, p.clues, p.symmetry, p.minimal, p.source,
       p.created,
       (SELECT group_concat(x.rating, '; ')
        FROM (SELECT l.rater || ' ' || printf('%.1f', l.score) || ' ' || l.level_name AS rating
              FROM latest_ratings l WHERE l.puzzle_id = p.id ORDER BY l.rater) x) AS ratings,
       (SELECT count(*) FROM games g WHERE g.puzzle_id = p.id) AS games,
       (SELECT g.status FROM games g WHERE g.puzzle_id = p.id
        ORDER BY g.updated DESC, g.id DESC LIMIT 1) AS last_game_status
FROM puzzles p;

-- Games still being played, with how far each has come.
CREATE VIEW unfinished_games AS
SELECT g.id AS game_id, g.puzzle_id, p.givens, g.cells,
       length(g.cells) - length(replace(replace(replace(replace(replace(replace(replace(
           replace(replace(g.cells, '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''),
           '7', ''), '8', ''), '9', '')) AS filled,
       g.elapsed_ms / 1000 AS elapsed_seconds, g.hints, g.created, g.updated
FROM games g JOIN puzzles p ON p.id = g.puzzle_id
WHERE g.status = 'playing';

-- Benchmark results per solver and data set (and count limit: proving
-- uniqueness is other work): how many runs, the best and mean rate, the
-- data set's latest name and when it last ran.
CREATE VIEW bench_results AS
SELECT b.solver, b.dataset_fingerprint,
       (SELECT n.dataset_name FROM bench_runs n WHERE n.dataset_fingerprint = b.dataset_fingerprint
        ORDER BY n.id DESC LIMIT 1) AS dataset_name,
       b.count_limit, count(*) AS runs,
       max(b.puzzles / b.seconds) AS best_per_second,
       avg(b.puzzles / b.seconds) AS mean_per_second,
       max(b.created) AS last_run
FROM bench_runs b WHERE b.seconds > 0
GROUP BY b.solver, b.dataset_fingerprint, b.count_limit;
