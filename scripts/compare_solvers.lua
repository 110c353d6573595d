-- Compare every loaded solver on the puzzles of a data file: how many each
-- solves, its CPU time and its search effort, as a table.
--
-- usage: sudokit run scripts/compare_solvers.lua FILE [LIMIT]
--   LIMIT: use only the first LIMIT puzzles of FILE
local sk = require "sudokit"

local file, limit = arg[1], math.tointeger(tonumber(arg[2] or "0"))
if not file or not limit then
  io.stderr:write("usage: compare_solvers.lua FILE [LIMIT]\n")
  os.exit(2)
end

local puzzles = {}
for grid in sk.read(file) do
  puzzles[#puzzles + 1] = grid
  if #puzzles == limit then break end
end
assert(#puzzles > 0, file .. ": no puzzles")

local rows = {}
for _, info in ipairs(sk.plugins{kind = "solver"}) do
  local solver = assert(sk.solver(info.name))
  local solved, unsolved, wrong, guesses, nodes = 0, 0, 0, 0, 0
  local start = os.clock()
  for _, puzzle in ipairs(puzzles) do
    local solution, stats = solver:solve(puzzle)
    if solution then
      if solution:solves(puzzle) then solved = solved + 1 else wrong = wrong + 1 end
      guesses, nodes = guesses + stats.guesses, nodes + stats.nodes
    else
      unsolved = unsolved + 1
    end
  end
  local seconds = os.clock() - start
  rows[#rows + 1] = {name = info.name, solved = solved, unsolved = unsolved, wrong = wrong,
                     seconds = seconds, guesses = guesses, nodes = nodes}
end
table.sort(rows, function(a, b)
  if a.solved ~= b.solved then return a.solved > b.solved end
  return a.seconds < b.seconds
end)

print(string.format("%d puzzles from %s", #puzzles, file))
print(string.format("%-12s %8s %8s %6s %10s %12s %14s %14s", "solver", "solved", "unsolved",
                    "wrong", "seconds", "us/puzzle", "guesses", "nodes"))
for _, r in ipairs(rows) do
  print(string.format("%-12s %8d %8d %6d %10.3f %12.1f %14d %14d", r.name, r.solved, r.unsolved,
                      r.wrong, r.seconds, r.seconds * 1e6 / #puzzles, r.guesses, r.nodes))
  assert(r.wrong == 0, r.name .. " returned a wrong solution")
end
