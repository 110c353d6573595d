-- The sudokit Lua API, checked case by case; run by `sudokit run` and by a
-- stock lua5.4 loading sudokit.so. Usage: api.lua SCRATCH_DIR DATA_DIR
local sk = require "sudokit"
local scratch, data = assert(arg[1], "scratch dir"), assert(arg[2], "data dir")

local failures, cases = 0, 0
local function case(name, fn)
  cases = cases + 1
  local start = os.clock()
  local ok, err = xpcall(fn, debug and debug.traceback or tostring)
  print(string.format("%s%s (%.2f s)", ok and "ok   " or "FAIL ", name, os.clock() - start))
  if not ok then
    failures = failures + 1
    io.stderr:write(tostring(err), "\n")
  end
end

local function raises(pattern, fn, ...)
  local ok, err = pcall(fn, ...)
  assert(not ok, "expected an error matching " .. pattern)
  assert(tostring(err):find(pattern), "error '" .. tostring(err) .. "' does not match " .. pattern)
end

local HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
local HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
local EASY = "...9.6.5.....2..84..2.4.7...5.....18..7...3..64.....9...9.8.6..78..9.....6.7.2..."
local CLASSIC = [[
4 0 0 0 0 0 8 0 5
0 3 0 0 0 0 0 0 0
0 0 0 7 0 0 0 0 0
0 2 0 0 0 0 0 6 0
0 0 0 0 8 0 4 0 0
0 0 0 0 1 0 0 0 0
0 0 0 6 0 3 0 7 0
5 0 0 2 0 0 0 0 0
1 0 4 0 0 0 0 0 0
]]

case("grid from line, classic and table agree", function()
  local a = assert(sk.grid(HARD))
  local b = assert(sk.grid(CLASSIC))
  local c = assert(sk.grid(a:table()))
  local rows = {}
  for r = 1, 9 do
    rows[r] = {}
    for col = 1, 9 do rows[r][col] = a:get(r, col) end
  end
  assert(a == b and b == c and a == assert(sk.grid(rows)))
  assert(tostring(a) == HARD)
  assert(a:line("0") == HARD:gsub("%.", "0"))
  assert(a:classic() == CLASSIC)
  assert(sk.grid() == sk.grid(string.rep(".", 81)))
end)

case("grid cells, clues and candidates", function()
  local g = assert(sk.grid(HARD))
  assert(#g == 81 and g[1] == 4 and g[2] == 0 and g[81] == 0 and g[82] == nil)
  assert(g:clues() == 17)
  assert(g:get(1, 7) == 8)
  local cands = g:candidates(1, 2)
  assert(table.concat(cands, ",") == "1,6,7,9", table.concat(cands, ","))
  assert(#g:candidates(1, 1) == 0)
  local h = g:copy()
  h[2] = 1
  h:set(9, 9, 3)
  assert(h[2] == 1 and h:get(9, 9) == 3 and g[2] == 0 and h ~= g)
  assert(h:clues() == 19)
end)

case("grid validity and solutions", function()
  local g = assert(sk.grid(HARD))
  assert(g:valid() == true and not g:complete())
  local bad = g:copy()
  bad[2] = 4
  local ok, why = bad:valid()
  assert(ok == false and why:find("digit 4 twice in row 1"), why)
  local sol = assert(sk.grid(HARD_SOLUTION))
  assert(sol:complete() and sol:solves(g) and not sol:solves(bad))
end)

case("grid parse failures are nil, message", function()
  local g, err = sk.grid("12345")
  assert(g == nil and err:find("1:"), err)
  g, err = sk.grid(HARD .. "\n" .. HARD)
  assert(g == nil and err:find("more than one puzzle"), err)
  g, err = sk.grid("", "input")
  assert(g == nil and err:find("no puzzle"), err)
end)

case("grid argument errors raise", function()
  raises("bad argument #1 to '[%w.]*grid' %(string or table expected, got number%)", sk.grid, 5)
  raises("table of 81 cells or 9 rows expected", sk.grid, {1, 2, 3})
  local t = {}
  for i = 1, 81 do t[i] = 0 end
  t[5] = 10
  raises("cell r1c5 is not a digit 0%-9", sk.grid, t)
  local g = sk.grid(HARD)
  raises("row or column 1%-9 expected", g.get, g, 0, 1)
  raises("digit 0%-9 expected", g.set, g, 1, 1, 12)
  raises("grid cells are indexed 1%-81", function() g[0] = 1 end)
  raises("sudokit.grid expected, got number", g.solves, g, 5)
  raises("grid:1:6: puzzle 1", g.solves, g, "12345")
end)

case("transformations keep the canonical form", function()
  local g = assert(sk.grid(HARD))
  local canon = g:canonical()
  assert(canon:clues() == 17 and canon:canonical() == canon)
  assert(g:rotate():canonical() == canon and g:transpose():canonical() == canon)
  assert(g:mirror():canonical() == canon)
  assert(g:rotate(4) == g and g:rotate(2) == g:rotate():rotate())
  assert(g:transpose():transpose() == g and g:mirror() ~= g)
  for seed = 1, 20 do
    local image, t = g:shuffle(seed)
    assert(image:canonical() == canon)
    assert(g:transform(t) == image)
  end
  local relabelled = g:relabel({9, 8, 7, 6, 5, 4, 3, 2, 1})
  assert(relabelled[1] == 6 and relabelled:canonical() == canon)
  local other = assert(sk.grid(HARD_SOLUTION))
  assert(other:canonical() ~= canon)
  raises("field 'rows' must be an array of 9 numbers", g.transform, g, {rows = {1, 2, 3}})
  raises("not a Sudoku symmetry", g.transform, g, {rows = {4, 2, 3, 1, 5, 6, 7, 8, 9}})
end)

case("plugins are listed", function()
  local kinds = {}
  local all, summary = assert(sk.plugins())
  assert(summary.done == #all and summary.status == 0)
  for _, p in ipairs(all) do
    assert(type(p.name) == "string" and type(p.summary) == "string" and p.plugin)
    kinds[p.kind .. ":" .. p.name] = true
  end
  assert(kinds["solver:backtrack"] and kinds["rater:classic"] and kinds["generator:dig"])
  assert(kinds["rater:lua"] and kinds["generator:lua"], "the built-in Lua strategies are listed")
  for _, p in ipairs(sk.plugins{kind = "solver"}) do assert(p.kind == "solver") end
  local none, why, failed = sk.plugins{kind = "nonsense"}
  assert(none == nil and failed.status == 2, why)
  assert(why:find("unknown kind 'nonsense' %(solver, generator, rater or constraint%)"), why)
end)

case("every solver solves and counts", function()
  local g = assert(sk.grid(HARD))
  for _, p in ipairs(sk.plugins{kind = "solver"}) do
    local s = assert(sk.solver(p.name))
    assert(s.name == p.name and s.kind == "solver" and tostring(s):find(p.name))
    local sol, stats = s:solve(g)
    if sol then
      assert(tostring(sol) == HARD_SOLUTION, p.name)
      assert(stats.solutions == 1 and math.type(stats.nodes) == "integer")
      local n = assert(s:count(assert(sk.grid(EASY))))
      assert(n == 1, p.name)
    else
      -- a logic-only solver may give up on a very hard puzzle
      assert(type(stats) == "string", p.name)
    end
    local empty = sk.grid()
    local n = s:count(empty, 2)
    assert(n == nil or n == 2, p.name)
  end
end)

case("solver failures and argument errors", function()
  local s = assert(sk.solver("backtrack"))
  local bad = sk.grid(HARD)
  bad[2] = 4
  local sol, err = s:solve(bad)
  assert(sol == nil and type(err) == "string", err)
  local none = sk.grid(HARD)
  none[2] = 1; none[3] = 6; none[4] = 9 -- leaves r1 with no place for 7... or no solution at all
  local n = s:count(none)
  assert(n == 0, "count of an unsolvable puzzle is 0")
  sol, err = s:solve(none)
  assert(sol == nil and err:find("no solution"), err)
  raises("bad argument #1 to 'solve' %(sudokit.grid expected, got number%)", function() return s:solve(5) end)
  raises("bad argument #1 to 'solve' %(grid:1:6: puzzle 1", function() return s:solve("12345") end)
  raises("limit 1%-1000000 expected", s.count, s, bad, 0)
  local missing, why = sk.solver("no-such-solver")
  assert(missing == nil and why:find("unknown solver 'no%-such%-solver'"), why)
  local refused, msg = sk.solver("backtrack", {frobnicate = 1})
  assert(refused == nil and msg:find("frobnicate"), msg)
  raises("sudokit.solver expected", s.solve, sk.rater("classic"), bad)
  s:close()
  raises("closed solver", s.solve, s, sk.grid(HARD))
  assert(tostring(s):find("closed"))
end)

case("generator makes puzzles the solvers agree with", function()
  local gen = assert(sk.generator("dig"))
  local solver = assert(sk.solver("backtrack"))
  local p, s, info = assert(gen:generate{seed = 42, symmetry = "rot180", minimal = true})
  assert(s:complete() and s:solves(p) and info.symmetry == "rot180" and info.minimal)
  assert(solver:count(p) == 1)
  assert(p:rotate(2):clues() == p:clues())
  for i = 1, 81 do assert((p[i] == 0) == (p[82 - i] == 0), "rot180 pattern") end
  local again = gen:generate{seed = 42, symmetry = "rot180", minimal = true}
  assert(again == p, "same seed, same puzzle")
  local seen = 0
  for i, q, sol in gen:puzzles(3, {seed = 42, symmetry = "rot180", minimal = true}) do
    seen = seen + 1
    assert(seen == i and sol:solves(q))
    if i == 1 then assert(q == p, "index 0 is the same request") end
  end
  assert(seen == 3)
  raises("generate: unknown option 'colour'", gen.generate, gen, {colour = "red"})
  raises("unknown symmetry 'spiral' %(none, rot180", gen.generate, gen, {symmetry = "spiral"})
  raises("clues '99': give a whole number from 17 to 81", gen.generate, gen, {clues = 99})
  raises("'count' is a key of a run", gen.generate, gen, {count = 2})
end)

case("rater gives a rating table and steps", function()
  local r = assert(sk.rater("classic"))
  local g = assert(sk.grid(HARD))
  local rating = assert(r:rate(g))
  assert(type(rating.score) == "number" and rating.level >= 1 and rating.level <= 5)
  assert(rating.level_name == sk.levels[rating.level])
  assert(type(rating.hardest) == "string" and math.type(rating.steps) == "integer")
  assert(rating.explained == nil)
  local bad = g:copy()
  bad[2] = 4
  local none, err = r:rate(bad)
  assert(none == nil and type(err) == "string")
  for _, p in ipairs(sk.plugins{kind = "rater"}) do
    if p.name ~= "lua" then
      local rr = assert(sk.rater(p.name))
      local easy = assert(sk.generator("dig")):generate{seed = 5}
      local with = assert(rr:rate(easy, true))
      local n = 0
      for i, step in rr:steps(easy) do
        n = i
        assert(step.kind == "place" or step.kind == "eliminate")
        assert(type(step.technique) == "string" and type(step.cells) == "table")
        for _, c in ipairs(step.placed) do assert(c.cell >= 1 and c.cell <= 81 and c.digit >= 1) end
      end
      assert(n == #with.explained, p.name)
    end
  end
end)

case("a rater written in Lua runs through the host", function()
  local file = scratch .. "/api_rater.lua"
  local f = assert(io.open(file, "w"))
  f:write([[
return {kind = "rater", name = "clue-count", rate = function(grid, ctx)
  local n = ctx.count(grid)
  if n ~= 1 then return nil, "not exactly one solution" end
  local clues = grid:clues()
  return {score = 10 - clues / 10, level = clues >= 30 and "easy" or 3, hardest = "counting", steps = 81 - clues}
end}
]])
  f:close()
  local r = assert(sk.rater("lua:" .. file))
  local g = assert(sk.grid(HARD))
  local rating = assert(r:rate(g))
  assert(math.abs(rating.score - 8.3) < 1e-9 and rating.level == 3 and rating.hardest == "counting")
  assert(rating.steps == 64)
  local empty, err = r:rate(sk.grid())
  assert(empty == nil and err:find("not exactly one solution"), err)
  local missing, why = sk.rater("lua:" .. scratch .. "/no-such-file.lua")
  assert(missing == nil and why:find("no%-such%-file"), why)
end)

case("database: add, duplicates, ratings, query", function()
  local path = scratch .. "/api.db"
  os.remove(path)
  local db = assert(sk.open(path))
  assert(db:path() == path and tostring(db):find("api.db"))
  local gen, r = assert(sk.generator("dig")), assert(sk.rater("classic"))
  local ids = {}
  do
    local tx <close> = assert(db:begin())
    assert(db:in_transaction())
    for i, p, s, info in gen:puzzles(4, {seed = 7, symmetry = "rot180"}) do
      local id, dup = assert(db:add(p, {solution = s, minimal = info.minimal, strategy = "dig",
                                        options = "", seed = 7, source = "api.lua"}))
      assert(dup == false)
      ids[i] = id
      assert(db:add_rating(id, r, assert(r:rate(p))))
    end
    assert(tx:commit())
  end
  assert(not db:in_transaction())
  local first = assert(gen:generate{seed = 7, symmetry = "rot180"})
  local id, dup = assert(db:add(first:shuffle(3)))
  assert(dup == true and id == ids[1], "an image of a stored puzzle is a duplicate")
  assert(db:count() == 4 and db:count{rater = "classic", rated = true} == 4)
  local last = -math.huge
  for i, row in db:query{rater = "classic", sort = "score"} do
    assert(row.rating.score >= last)
    last = row.rating.score
    assert(row.puzzle:clues() == row.clues and row.solution:solves(row.puzzle))
    assert(row.symmetry == "rot180" and row.seed == 7 and row.source == "api.lua")
    assert(row.canonical == row.puzzle:canonical())
  end
  assert(db:add_rating(ids[1], "mine", "0.1", {score = 1.5, level = "easy", hardest = "x", steps = 3}))
  local rows = {}
  for _, row in db:query{rater = "mine", rated = true} do rows[#rows + 1] = row end
  assert(#rows == 1 and rows[1].id == ids[1] and rows[1].rating.level == 1)
  assert(db:count{id = ids[2]} == 1 and db:count{clues_min = 82 - 1} == 0)
  local ok, err = db:add_rating(999999, "mine", "0.1", {score = 1, level = 1})
  assert(ok == nil and type(err) == "string")
  local nothing, why = db:query{colour = 1}
  assert(nothing == nil and why:find("query: unknown option 'colour'"), why)
  raises("rating field 'level' must be 1%-5", db.add_rating, db, ids[1], "mine", "1", {score = 1})
  db:close()
  raises("closed database", db.count, db)
end)

case("database: a transaction left open is rolled back", function()
  local path = scratch .. "/api_tx.db"
  os.remove(path)
  local db = assert(sk.open(path))
  local gen = assert(sk.generator("dig"))
  local ok = pcall(function()
    local tx <close> = assert(db:begin())
    db:add((gen:generate{seed = 1}))
    assert(db:count() == 1)
    error("stop half way")
  end)
  assert(not ok and not db:in_transaction() and db:count() == 0)
  local tx = assert(db:begin())
  local again, err = db:begin()
  assert(again == nil and err:find("transaction"), err)
  db:add((gen:generate{seed = 2}))
  assert(tx:rollback() and db:count() == 0)
  local none, why = tx:commit()
  assert(none == nil and why:find("already finished"), why)
  assert(db:begin())
  db:add((gen:generate{seed = 3}))
  assert(db:commit() and db:count() == 1)
  local nothing, msg = db:commit()
  assert(nothing == nil and msg:find("no transaction"), msg)
  local games = 0
  for _ in db:games() do games = games + 1 end
  assert(games == 0)
  local g, gerr = db:game(12345)
  assert(g == nil and type(gerr) == "string")
  db:close()
end)

case("reading a data file", function()
  local n, last = 0, nil
  for grid, pos in sk.read(data .. "/hardest_60.txt") do
    n = n + 1
    assert(pos.puzzle == n and grid:valid())
    last = grid
    if n == 50 then break end
  end
  assert(n == 50 and last)
  local it, err = sk.read(scratch .. "/no-such-file.txt")
  assert(it == nil and err:find("cannot open"), err)
  local bad = scratch .. "/bad.txt"
  local f = assert(io.open(bad, "w"))
  f:write(HARD, "\n", HARD:sub(1, 40) .. "x" .. HARD:sub(42), "\n")
  f:close()
  raises("bad.txt:2:41", function() for _ in sk.read(bad) do end end)
end)

case("a step's reasoning as data: HoDoKu's scale and chains", function()
  -- Royle's 17-clue puzzle 63 (tests/data/17_clue_2000.txt): HoDoKu takes an X-chain
  local p = ".................1..2..3.4........2..5..6.3..16..7.........8.....4..2....7..1...6"
  local r = sk.hint{puzzle = p, rater = "hodoku", path = true}
  local chain
  for _, s in ipairs(r.steps or r) do
    if s.technique == "X-Chain" then chain = s end
  end
  assert(chain, "no X-chain in the path")
  assert(chain.hodoku_score == 260 and chain.se_rating > 6.5)
  assert(chain.notation:match("^%(8%)r%dc%d=%(8%)"), chain.notation)
  local nodes = chain.chains[1]
  assert(#nodes >= 4 and nodes[1].link == "start" and nodes[2].link == "strong")
  assert(nodes[2].on and not nodes[3].on and nodes[3].link == "weak" and nodes[2].via >= 1)
end)

case("a nested chain unfolded: the chain that proves a node, and each node's parent", function()
  -- The hardest puzzle of tests/data/hardest_60.txt after its first single (2 in r2c9): a
  -- dynamic chain whose first branch's node 13, r4c4<>8, a forcing chain nested in it gave.
  local p = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
  local cells = "........8..3...4.2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
  local step = sk.hint{puzzle = p, cells = cells}[1]
  local outer, inner = step.chains[1], nil
  for _, c in ipairs(step.chains) do
    if c.unfolds and c.unfolds.chain == 1 and c.unfolds.node == 13 then inner = c end
  end
  assert(outer[1].parent == 0 and outer[2].parent == 1, "parents within the chain")
  assert(outer[13].link == "nested" and inner, "the chain nested at node 13 of branch 1")
  local last = inner[#inner]
  assert(inner[1].parent == 0 and inner[1].link == "start")
  assert(last.cells[1] == outer[13].cells[1] and last.digit == 8 and not last.on,
    "the nested chain ends at the node it proves")
end)

print(string.format("%d passed, %d failed", cases - failures, failures))
if failures > 0 then error(failures .. " case(s) failed", 0) end
