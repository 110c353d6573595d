-- Measure how closely a rater agrees with Sudoku Explainer (SE) on puzzles
-- whose SE rating is known: Spearman rank correlation overall and among the
-- puzzles SE rates 4.0 and above, the share rated exactly (within 0.05) and
-- within 0.1 / 0.5, and where the two disagree most.
--
-- usage: sudokit run scripts/se_agreement.lua [--rater NAME] [--options S]
--                                              [--details] FILE...
--   FILE: one puzzle a line with its SE rating, as SE-rated lists publish
--   them: "[ID] PUZZLE RATING" (81 characters, '.' or '0' blank) or
--   serate's "PUZZLE ED=x/y/z"; '#' lines are comments.
--   --details: also print every puzzle rated more than 0.5 away.
--   A puzzle the rater refuses (no or several solutions) is reported on
--   stderr with its file and line and left out; the exit status is then 1.
local sk = require "sudokit"

local rater_name, options, details, files = "human", "", false, {}
local i = 1
while i <= #arg do
  local a = arg[i]
  if a == "--rater" then rater_name, i = arg[i + 1], i + 1
  elseif a == "--options" then options, i = arg[i + 1], i + 1
  elseif a == "--details" then details = true
  else files[#files + 1] = a end
  i = i + 1
end
if #files == 0 or not rater_name then
  io.stderr:write("usage: se_agreement.lua [--rater NAME] [--options S] [--details] FILE...\n")
  os.exit(2)
end

-- Parse "[ID] PUZZLE RATING" or "PUZZLE ED=x/y/z"; nil for other lines.
local function parse(line)
  local puzzle = line:match("%f[%d%.]([%d%.]" .. string.rep("[%d%.]", 80) .. ")%f[^%d%.]")
  if not puzzle then return nil end
  local rest = line:sub(line:find(puzzle, 1, true) + 81)
  local se = rest:match("ED=(%d+%.?%d*)") or rest:match("^%s+(%d+%.?%d*)%s*$")
  return puzzle, tonumber(se)
end

local samples = {}
for _, file in ipairs(files) do
  local n = 0
  local handle, message = io.open(file)
  if not handle then
    io.stderr:write(message, "\n")
    os.exit(1)
  end
  for line in handle:lines() do
    n = n + 1
    if not line:match("^%s*#") and line:match("%S") then
      local puzzle, se = parse(line)
      if not puzzle or not se then
        error(string.format("%s:%d: expected a puzzle and its SE rating", file, n), 0)
      end
      samples[#samples + 1] = {puzzle = puzzle, se = se, where = file .. ":" .. n}
    end
  end
  handle:close()
end

local rater = assert(sk.rater(rater_name, options))
local start = os.clock()
local lower_bounds, rated, skipped = 0, {}, 0
for _, s in ipairs(samples) do
  local grid, message = sk.grid(s.puzzle)
  local r
  if grid then r, message = rater:rate(grid) end
  if r then
    s.ours, s.hardest = r.score, r.hardest
    if r.lower_bound then lower_bounds = lower_bounds + 1 end
    rated[#rated + 1] = s
  else
    io.stderr:write(string.format("%s: skipped: %s\n", s.where, message))
    skipped = skipped + 1
  end
end
samples = rated
local seconds = os.clock() - start

-- Average ranks (ties share the mean of their positions).
local function ranks(values)
  local order = {}
  for k = 1, #values do order[k] = k end
  table.sort(order, function(a, b) return values[a] < values[b] end)
  local r, k = {}, 1
  while k <= #order do
    local j = k
    while j < #order and values[order[j + 1]] == values[order[k]] do j = j + 1 end
    for m = k, j do r[order[m]] = (k + j) / 2 end
    k = j + 1
  end
  return r
end

-- Spearman's rho: Pearson correlation of the ranks.
local function spearman(xs, ys)
  local n = #xs
  if n < 3 then return 0 / 0 end
  local rx, ry = ranks(xs), ranks(ys)
  local mx, my = (n + 1) / 2, (n + 1) / 2
  local sxy, sxx, syy = 0, 0, 0
  for k = 1, n do
    local dx, dy = rx[k] - mx, ry[k] - my
    sxy, sxx, syy = sxy + dx * dy, sxx + dx * dx, syy + dy * dy
  end
  return sxy / math.sqrt(sxx * syy)
end

local function summary(label, keep)
  local xs, ys, exact, near, half = {}, {}, 0, 0, 0
  for _, s in ipairs(samples) do
    if keep(s) then
      xs[#xs + 1], ys[#ys + 1] = s.se, s.ours
      local d = math.abs(s.se - s.ours)
      if d < 0.05 then exact = exact + 1 end
      if d < 0.15 then near = near + 1 end
      if d < 0.55 then half = half + 1 end
    end
  end
  local n = #xs
  if n == 0 then return end
  print(string.format("%-12s %6d %9.3f %8.1f%% %8.1f%% %8.1f%%", label, n, spearman(xs, ys),
                      100 * exact / n, 100 * near / n, 100 * half / n))
end

print(string.format("%d puzzles rated by %s in %.1f s CPU (%d lower bounds, %d skipped)",
                    #samples, rater_name, seconds, lower_bounds, skipped))
print(string.format("%-12s %6s %9s %9s %9s %9s", "SE range", "count", "spearman", "exact",
                    "<=0.1", "<=0.5"))
summary("all", function() return true end)
summary("SE < 4", function(s) return s.se < 4 end)
summary("SE >= 4", function(s) return s.se >= 4 end)
for lo = 1, 11 do
  summary(string.format("SE %d-%d", lo, lo + 1), function(s) return s.se >= lo and s.se < lo + 1 end)
end

-- Mean signed difference per SE rating: where this rater runs high or low.
print("\nper SE rating: count, mean (ours - SE), exact")
local by = {}
for _, s in ipairs(samples) do
  local key = string.format("%.1f", s.se)
  local b = by[key] or {n = 0, diff = 0, exact = 0}
  b.n, b.diff = b.n + 1, b.diff + (s.ours - s.se)
  if math.abs(s.ours - s.se) < 0.05 then b.exact = b.exact + 1 end
  by[key] = b
end
local keys = {}
for k in pairs(by) do keys[#keys + 1] = k end
table.sort(keys, function(a, b) return tonumber(a) < tonumber(b) end)
for _, k in ipairs(keys) do
  local b = by[k]
  print(string.format("  SE %4s %5d %+7.2f %5.0f%%", k, b.n, b.diff / b.n, 100 * b.exact / b.n))
end

if details then
  print("\npuzzles rated more than 0.5 away:")
  for _, s in ipairs(samples) do
    if math.abs(s.se - s.ours) > 0.55 then
      print(string.format("%s %s SE %.1f ours %.1f (%s)", s.where, s.puzzle, s.se, s.ours, s.hardest))
    end
  end
end

-- A puzzle that could not be rated is an error of the input: say so.
if skipped > 0 then os.exit(1) end
