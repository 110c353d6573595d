-- Export the hardest stored puzzles, by a rater's score, to a file in the
-- classic format (9 lines of 9 digits, a blank line between puzzles).
--
-- usage: sudokit run scripts/export_hardest.lua DB OUT COUNT [RATER]
local sk = require "sudokit"

local db_path, out_path, count, rater = arg[1], arg[2], math.tointeger(tonumber(arg[3] or "")), arg[4] or "classic"
if not (db_path and out_path and count) then
  io.stderr:write("usage: export_hardest.lua DB OUT COUNT [RATER]\n")
  os.exit(2)
end

local db = assert(sk.open(db_path))
local out = assert(io.open(out_path, "w"))
local written, last, exported = 0, math.huge, {}
for _, row in db:query{rater = rater, rated = true, sort = "score", desc = true, limit = count} do
  assert(row.rating.score <= last, "hardest first")
  last = row.rating.score
  if written > 0 then out:write("\n") end
  out:write(row.puzzle:classic())
  written = written + 1
  exported[written] = row.puzzle
end
assert(out:close())
-- Read the file back: the same puzzles, in the same order.
local n = 0
for grid in sk.read(out_path) do
  n = n + 1
  assert(grid == exported[n], out_path .. ": puzzle " .. n .. " differs")
end
assert(n == written, out_path .. ": wrong puzzle count")
print(string.format("exported %d puzzles rated by %s to %s", written, rater, out_path))
