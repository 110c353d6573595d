-- A generation filter written in Lua: draws candidates from the dig
-- generator and keeps the first whose givens are spread over the grid
-- (every box holds at least MIN_PER_BOX givens) and, when the request has a
-- rating window or a level, whose rating by the user's rater fits it.
--
-- usage: sudokit generate --generator lua:scripts/filter_generator.lua -n 10 --seed 1
--        sudokit generate --generator lua:scripts/filter_generator.lua --rater classic --rating 2-4
--        require "sudokit".generator("lua:scripts/filter_generator.lua", nil, {rater = "classic"})
local sk = require "sudokit"

local MIN_PER_BOX, TRIES = 2, 200
local dig = assert(sk.generator("dig"))

local function spread(puzzle)
  local per_box = {0, 0, 0, 0, 0, 0, 0, 0, 0}
  for cell = 1, 81 do
    if puzzle[cell] ~= 0 then
      local r, c = (cell - 1) // 9, (cell - 1) % 9
      local box = r // 3 * 3 + c // 3 + 1
      per_box[box] = per_box[box] + 1
    end
  end
  for box = 1, 9 do
    if per_box[box] < MIN_PER_BOX then return false end
  end
  return true
end

local function fits(rating, request)
  if request.level and rating.level ~= request.level then return false end
  if request.rating then
    local min, max = request.rating:match("^([^-]+)-(.+)$")
    return rating.score >= tonumber(min) and rating.score <= tonumber(max)
  end
  return true
end

return {
  kind = "generator",
  name = "spread",
  generate = function(request, ctx)
    local judged = request.level ~= nil or request.rating ~= nil
    -- Candidate k of puzzle i is dig's puzzle i * TRIES + k: reproducible.
    for k = 0, TRIES - 1 do
      local puzzle, solution, info = dig:generate{
        seed = request.seed, index = request.index * TRIES + k, clues = request.clues,
        symmetry = request.symmetry, minimal = request.minimal, fixed = request.fixed,
      }
      if puzzle and spread(puzzle) then
        if not judged then return puzzle, solution, info end
        local rating = ctx.rate(puzzle)
        if rating and fits(rating, request) then
          info.attempts = k + 1
          return puzzle, solution, info
        end
      end
    end
    return nil, string.format("no candidate of %d had %d givens in every box%s", TRIES,
                              MIN_PER_BOX, judged and " and the rating asked for" or "")
  end,
}
