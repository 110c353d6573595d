-- Schema version 3: what tells benchmark runs apart besides the solver and
-- the data set: the CPU time the solving threads got (a busy machine gives
-- them a small share of the wall time, and a low rate that is not the
-- solver's) and the time limit the run was timed for. Runs recorded before
-- version 3 keep NULL here: not known.
ALTER TABLE bench_runs ADD COLUMN cpu_seconds REAL CHECK (cpu_seconds IS NULL OR cpu_seconds >= 0);
ALTER TABLE bench_runs ADD COLUMN time_limit REAL CHECK (time_limit IS NULL OR time_limit > 0);
