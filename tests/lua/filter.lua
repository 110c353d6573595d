-- scripts/filter_generator.lua through the host: usage filter.lua GENERATOR_FILE
local sk = require "sudokit"
local gen = assert(sk.generator("lua:" .. arg[1], nil, {rater = "classic"}))
local classic = assert(sk.rater("classic"))
local solver = assert(sk.solver("fast"))

local function min_per_box(p)
  local counts = {0, 0, 0, 0, 0, 0, 0, 0, 0}
  for cell = 1, 81 do
    if p[cell] ~= 0 then
      local box = (cell - 1) // 27 * 3 + (cell - 1) % 9 // 3 + 1
      counts[box] = counts[box] + 1
    end
  end
  return math.min(table.unpack(counts))
end

local request = {seed = 4, rating = "2-6", symmetry = "rot180"}
local first = {}
for i, p, s, info in gen:puzzles(4, request) do
  assert(s:solves(p) and solver:count(p) == 1)
  assert(min_per_box(p) >= 2, "givens spread over every box")
  local r = assert(classic:rate(p))
  assert(r.score >= 2 and r.score <= 6, "in the rating window")
  assert(info.symmetry == "rot180" and info.attempts >= 1)
  first[i] = p
end
for i, p in gen:puzzles(4, request) do assert(p == first[i], "same seed, same puzzles") end
local none, err = gen:generate{seed = 1, rating = "11-12"}
assert(none == nil and err:find("no candidate of 200"), err)
print("filter generator: 4 puzzles spread over every box, rated 2-6, reproducible")
