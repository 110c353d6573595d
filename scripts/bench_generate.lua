-- Generate and rate COUNT puzzles, writing what `sudokit generate --format
-- csv --rater RATER` writes for the same seed: the Lua half of the
-- generate-and-rate benchmark (tests/lua/bench.sh).
--
-- usage: sudokit run scripts/bench_generate.lua COUNT SEED [GENERATOR [RATER]]
local sk = require "sudokit"

local count, seed = math.tointeger(tonumber(arg[1] or "")), math.tointeger(tonumber(arg[2] or ""))
local generator_name, rater_name = arg[3] or "dig", arg[4] or "classic"
if not (count and seed) then
  io.stderr:write("usage: bench_generate.lua COUNT SEED [GENERATOR [RATER]]\n")
  os.exit(2)
end

local gen = assert(sk.generator(generator_name))
local rater = assert(sk.rater(rater_name))
local format, write = string.format, io.write
write("index,puzzle,solution,clues,symmetry,minimal,score,level,level_name,hardest\n")
for i, puzzle, solution, info in gen:puzzles(count, {seed = seed}) do
  local r = assert(rater:rate(puzzle))
  write(format('%d,%s,%s,%d,%s,%d,%.2f,%d,%s,"%s"\n', i - 1, tostring(puzzle), tostring(solution),
               puzzle:clues(), info.symmetry, info.minimal and 1 or 0, r.score, r.level,
               r.level_name, r.hardest:gsub('"', '""')))
end
