-- A rater written in Lua: solves with singles only, the way a beginner
-- does, and rates on the Sudoku Explainer scale (hidden single in a box
-- 1.2, in a row or column 1.5, naked single 2.3). A puzzle that singles
-- cannot finish is rated "at least 2.6".
--
-- usage: sudokit rate --rater lua:scripts/singles_rater.lua FILE
--        sudokit generate --rater lua:scripts/singles_rater.lua --rating 1-2 ...
--        require "sudokit".rater("lua:scripts/singles_rater.lua")

-- The 27 units as lists of cell indices 1..81.
local units = {}
for i = 0, 8 do
  local row, col, box = {}, {}, {}
  for j = 0, 8 do
    row[#row + 1] = i * 9 + j + 1
    col[#col + 1] = j * 9 + i + 1
    box[#box + 1] = (i // 3 * 3 + j // 3) * 9 + i % 3 * 3 + j % 3 + 1
  end
  units[#units + 1] = {cells = row, rating = 1.5}
  units[#units + 1] = {cells = col, rating = 1.5}
  units[#units + 1] = {cells = box, rating = 1.2}
end
local peers = {}
for cell = 1, 81 do peers[cell] = {} end
for _, unit in ipairs(units) do
  for _, a in ipairs(unit.cells) do
    for _, b in ipairs(unit.cells) do
      if a ~= b then peers[a][b] = true end
    end
  end
end

local function candidates(cells, cell)
  local used = {}
  for peer in pairs(peers[cell]) do used[cells[peer]] = true end
  local list = {}
  for d = 1, 9 do
    if not used[d] then list[#list + 1] = d end
  end
  return list
end

-- One easiest placement: cell, digit, rating; nil when singles are stuck.
local function next_single(cells)
  local best
  for _, unit in ipairs(units) do
    for d = 1, 9 do
      local where, seen = nil, 0
      for _, cell in ipairs(unit.cells) do
        if cells[cell] == d then seen = 2 break end
        if cells[cell] == 0 then
          local ok = true
          for peer in pairs(peers[cell]) do
            if cells[peer] == d then ok = false break end
          end
          if ok then where, seen = cell, seen + 1 end
        end
      end
      if seen == 1 and (not best or unit.rating < best[3]) then
        best = {where, d, unit.rating}
        if unit.rating == 1.2 then return table.unpack(best) end
      end
    end
  end
  if best then return table.unpack(best) end
  for cell = 1, 81 do
    if cells[cell] == 0 then
      local list = candidates(cells, cell)
      if #list == 1 then return cell, list[1], 2.3 end
    end
  end
end

local NAMES = {[1.2] = "Hidden single (box)", [1.5] = "Hidden single (line)", [2.3] = "Naked single"}

return {
  kind = "rater",
  name = "singles",
  rate = function(grid, ctx)
    if ctx.count(grid) ~= 1 then return nil, "the puzzle has not exactly one solution" end
    local cells = grid:table()
    local hardest, steps, first = 0, 0, nil
    while true do
      local cell, digit, rating = next_single(cells)
      if not cell then break end
      cells[cell] = digit
      steps = steps + 1
      first = first or rating
      if rating > hardest then hardest = rating end
    end
    for cell = 1, 81 do
      if cells[cell] == 0 then
        return {score = 2.6, lower_bound = true, level = 4, hardest = "beyond singles",
                steps = steps, first_step = first or 0}
      end
    end
    local level = hardest <= 1.2 and 1 or hardest <= 1.5 and 2 or 3
    return {score = hardest, level = level, hardest = NAMES[hardest] or "none", steps = steps,
            first_step = first or 0, first_placement = first or 0}
  end,
}
