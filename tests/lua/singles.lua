-- scripts/singles_rater.lua through the host: usage singles.lua RATER_FILE DATA_DIR
local sk = require "sudokit"
local rater = assert(sk.rater("lua:" .. arg[1]))
local data = arg[2]

-- One blank cell: a hidden single in its box.
local solution = assert(sk.grid("417369825632158947958724316825437169791586432346912758289643571573291684164875293"))
local one = solution:copy()
one[41] = 0
local r = assert(rater:rate(one))
assert(r.score == 1.2 and r.level == 1 and r.steps == 1 and not r.lower_bound, r.hardest)

-- Many solutions: refused with a message.
local none, err = rater:rate(sk.grid())
assert(none == nil and err:find("not exactly one solution"), err)

-- Singles either finish a puzzle, one placement per empty cell, or the
-- rating is a lower bound.
local counts = {finished = 0, beyond = 0}
local n = 0
for grid in sk.read(data .. "/17_clue_2000.txt") do
  n = n + 1
  local rating = assert(rater:rate(grid))
  if rating.lower_bound then
    assert(rating.score == 2.6 and rating.level == 4 and rating.steps < 81 - grid:clues())
    counts.beyond = counts.beyond + 1
  else
    assert(rating.steps == 81 - grid:clues(), "one placement per empty cell")
    assert(rating.score == 1.2 or rating.score == 1.5 or rating.score == 2.3, rating.score)
    assert(rating.level == ({[1.2] = 1, [1.5] = 2, [2.3] = 3})[rating.score])
    counts.finished = counts.finished + 1
  end
  if n == 100 then break end
end
-- The hardest puzzles known are all beyond singles.
for grid in sk.read(data .. "/hardest_60.txt") do
  n = n + 1
  assert(assert(rater:rate(grid)).lower_bound, tostring(grid))
  if n == 120 then break end
end
assert(counts.finished > 0 and counts.beyond > 0)
print(string.format("singles rater: %d of 100 17-clue puzzles finished by singles, %d beyond; 20 hardest beyond",
                    counts.finished, counts.beyond))
