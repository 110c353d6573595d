-- Re-rate every stored puzzle with a rater (a new version of a plugin, or a
-- Lua rater given as lua:FILE), keeping each rating beside the older ones.
--
-- usage: sudokit run scripts/rerate.lua DB RATER [OPTIONS]
local sk = require "sudokit"

local db_path, rater_name, options = arg[1], arg[2], arg[3]
if not (db_path and rater_name) then
  io.stderr:write("usage: rerate.lua DB RATER [OPTIONS]\n")
  os.exit(2)
end

local rater = assert(sk.rater(rater_name, options))
local db = assert(sk.open(db_path))
local rated, failed = 0, 0
local tx <close> = assert(db:begin())
-- The rows are read when the query starts, so writing inside the loop is safe.
for _, row in db:query() do
  local rating, err = rater:rate(row.puzzle)
  if rating then
    assert(db:add_rating(row.id, rater, rating))
    rated = rated + 1
  else
    io.stderr:write(string.format("puzzle %d: %s\n", row.id, err))
    failed = failed + 1
  end
end
assert(tx:commit())
print(string.format("rated %d puzzles with %s %s (%d failed)", rated, rater.name, rater.version,
                    failed))
