-- Generate N minimal, symmetric puzzles whose rating lies in a window and
-- store them, with their rating and provenance, in one transaction.
--
-- usage: sudokit run scripts/generate_store.lua DB COUNT MIN MAX [SEED [SYMMETRY]]
--   e.g. sudokit run scripts/generate_store.lua puzzles.db 100 2.0 4.5 1 rot180
local sk = require "sudokit"

local db_path, count, min, max = arg[1], tonumber(arg[2]), tonumber(arg[3]), tonumber(arg[4])
local seed, symmetry = math.tointeger(tonumber(arg[5] or "1")), arg[6] or "rot180"
if not (db_path and count and min and max and seed) then
  io.stderr:write("usage: generate_store.lua DB COUNT MIN MAX [SEED [SYMMETRY]]\n")
  os.exit(2)
end

local GENERATOR, RATER = "dig", "classic"
-- The generator judges the window with the rater named in its config.
local gen = assert(sk.generator(GENERATOR, nil, {rater = RATER}))
local rater = assert(sk.rater(RATER))
local db = assert(sk.open(db_path))

local request = {seed = seed, symmetry = symmetry, minimal = true, rating = min .. "-" .. max}
local added, duplicates = 0, 0
local tx <close> = assert(db:begin())
for i, puzzle, solution, info in gen:puzzles(count, request) do
  local rating = assert(rater:rate(puzzle))
  assert(rating.score >= min and rating.score <= max, "the rating window holds")
  assert(info.minimal and info.symmetry == symmetry, "minimal and symmetric")
  local id, duplicate = assert(db:add(puzzle, {
    solution = solution, minimal = true, strategy = GENERATOR, seed = seed,
    options = string.format("symmetry=%s,rating=%g-%g,index=%d", symmetry, min, max, i - 1),
  }))
  if duplicate then
    duplicates = duplicates + 1
  else
    added = added + 1
    assert(db:add_rating(id, rater, rating))
  end
end
assert(tx:commit())
print(string.format("stored %d puzzles (%d duplicates) rated %g-%g by %s in %s",
                    added, duplicates, min, max, RATER, db_path))
