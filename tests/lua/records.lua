-- The records of the operations have the same fields whatever the format
-- (sk.generate rates what it hands back, as docs/lua.md's pipelines
-- expect), and every call that takes a grid takes a string holding one.
-- usage: sudokit run records.lua
local sk = require "sudokit"
local passed, failed = 0, 0
local function check(name, ok, why)
  if ok then
    passed = passed + 1
    print("ok   " .. name)
  else
    failed = failed + 1
    print("FAIL " .. name .. ": " .. tostring(why))
  end
end

local function all_rated(records, rater)
  for _, r in ipairs(records) do
    if not (r.rating and r.rating.score and r.rating.level and r.rating.rater == rater) then
      return false, "record " .. tostring(r.index) .. " has no rating by " .. rater
    end
  end
  return #records > 0, "no records"
end

for _, format in ipairs {"line", "classic", "csv", "json"} do
  local records = assert(sk.generate{count = 4, seed = 7, format = format})
  check("generate{format = " .. format .. "} records have their rating",
        all_rated(records, "human"))
end
local by_classic = assert(sk.generate{count = 3, seed = 7, rater = "classic"})
check("generate{rater = classic} records have classic's rating", all_rated(by_classic, "classic"))
local plain = assert(sk.generate{count = 3, seed = 7})
local rated = assert(sk.generate{count = 3, seed = 7, format = "csv"})
local same = true
for i = 1, 3 do
  same = same and plain[i].puzzle == rated[i].puzzle and
    plain[i].rating.score == rated[i].rating.score
end
check("the format changes neither the puzzles nor their ratings", same)

local text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
local grid = assert(sk.grid(text))
local human = assert(sk.rater("human"))
local from_text, err = human:rate(text)
local from_grid = assert(human:rate(grid))
check("rater:rate takes a string", from_text and from_text.score == from_grid.score, err)
local steps = 0
for _ in assert(human:steps(text)) do steps = steps + 1 end
check("rater:steps takes a string", steps > 0, "no steps")
local solver = assert(sk.solver())
check("solver:solve takes a string", solver:solve(text) == solver:solve(grid))
check("solver:count takes a string", solver:count(text) == 1)
local ok, msg = pcall(human.rate, human, "12345")
check("a string that is not a puzzle raises with the reader's message",
      not ok and tostring(msg):find("grid:1:6", 1, true), msg)

print(passed .. " passed, " .. failed .. " failed")
if failed > 0 then error(failed .. " checks failed", 0) end
