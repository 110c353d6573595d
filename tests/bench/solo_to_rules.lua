-- Simon Tatham's Solo game IDs to sudokit puzzle lines: NAME|SPEC|GIVENS.
--
-- usage: sgt-solo --generate N 'PARAMS#SEED' | lua5.4 tests/bench/solo_to_rules.lua NAME
--
-- A game ID is PARAMS:DESC (Solo's solo.c: encode_params, encode_puzzle_desc).
-- PARAMS: "CxR" (boxes of C rows by R columns, N = C*R) or "Nj" (jigsaw of
-- order N), then "x" (both diagonals are houses), "k" (killer), and letters
-- for symmetry and difficulty, which only matter to Solo's generator.
-- DESC: GRID[,BLOCKS][,CAGES,SUMS]. GRID lists the givens row by row: a
-- letter is a run of blank cells (a = 1 ... z = 26), a number a given, "_"
-- separates two numbers. BLOCKS (jigsaw regions) and CAGES walk the
-- internal edges, first those between (x, y) and (x+1, y) row by row, then
-- those between (x, y) and (x, y+1) column by column: each character says
-- how many edges are open before the next wall ("_" 0, "a" 1 ... "y" 25; "z"
-- 25 open edges and no wall). Cells joined by open edges are one region or
-- one cage. SUMS is written as GRID, each cage's sum at its first cell.

local function digit_char(d)
    if d <= 9 then return tostring(d) end
    return string.char(string.byte("A") + d - 10)
end

-- The numbers of a GRID-like string, one per cell (0 for a blank).
local function read_grid(text, cells)
    local out, i = {}, 1
    while i <= #text do
        local c = text:sub(i, i)
        if c:match("%d") then
            local number = text:match("^%d+", i)
            out[#out + 1] = tonumber(number)
            i = i + #number
        elseif c == "_" then
            i = i + 1
        else
            for _ = 1, string.byte(c) - string.byte("a") + 1 do out[#out + 1] = 0 end
            i = i + 1
        end
    end
    assert(#out == cells, "a grid of " .. #out .. " cells, not " .. cells)
    return out
end

-- Cell (0-based) -> piece number (1-based, in order of first cell) of the
-- pieces the walls of BLOCKS cut the grid into.
local function read_pieces(text, n)
    local open, at = {}, 0
    for c in text:gmatch(".") do
        if c == "z" then
            for k = 0, 24 do open[at + k] = true end
            at = at + 25
        else
            local run = c == "_" and 0 or string.byte(c) - string.byte("a") + 1
            for k = 0, run - 1 do open[at + k] = true end
            at = at + run + 1
        end
    end
    local parent = {}
    local function find(x)
        while parent[x] ~= x do x = parent[x] end
        return x
    end
    for cell = 0, n * n - 1 do parent[cell] = cell end
    local edge = 0
    for y = 0, n - 1 do
        for x = 0, n - 2 do
            if open[edge] then parent[find(y * n + x)] = find(y * n + x + 1) end
            edge = edge + 1
        end
    end
    for x = 0, n - 1 do
        for y = 0, n - 2 do
            if open[edge] then parent[find(y * n + x)] = find((y + 1) * n + x) end
            edge = edge + 1
        end
    end
    local piece, number, count = {}, {}, 0
    for cell = 0, n * n - 1 do
        local root = find(cell)
        if not number[root] then
            count = count + 1
            number[root] = count
        end
        piece[cell] = number[root]
    end
    return piece, count
end

local function cell_name(cell, n)
    return string.format("r%dc%d", cell // n + 1, cell % n + 1)
end

-- The killer term of the cages and their sums.
local function killer_term(cages, sums, n)
    local piece, count = read_pieces(cages, n)
    local sum = read_grid(sums, n * n)
    local items = {}
    for p = 1, count do
        local cells, total = {}, 0
        for cell = 0, n * n - 1 do
            if piece[cell] == p then
                cells[#cells + 1] = cell_name(cell, n)
                total = total + sum[cell + 1]
            end
        end
        items[#items + 1] = (total > 0 and tostring(total) or "") .. "=" .. table.concat(cells, "+")
    end
    return "killer:" .. table.concat(items, ";")
end

-- One game ID as NAME|SPEC|GIVENS.
local function convert(id, name)
    local params, desc = id:match("^([^:]+):(.+)$")
    assert(params, "not a game ID: " .. id)
    local parts = {}
    for part in (desc .. ","):gmatch("([^,]*),") do parts[#parts + 1] = part end
    local n, spec
    local order = params:match("^(%d+)j")
    if order then
        n = tonumber(order)
        local piece = read_pieces(parts[2], n)
        local map = {}
        for cell = 0, n * n - 1 do map[#map + 1] = string.char(string.byte("a") + piece[cell] - 1) end
        spec = string.format("%dx%d jigsaw:%s", n, n, table.concat(map))
    else
        local c, r = params:match("^(%d+)x(%d+)")
        n = tonumber(c) * tonumber(r)
        spec = string.format("%dx%d:%sx%s", n, n, c, r)
    end
    local flags = params:gsub("^%d+x?%d*j?", "")
    if flags:match("^x") then spec = spec .. " x" end
    if flags:match("^x?k") then spec = spec .. " " .. killer_term(parts[#parts - 1], parts[#parts], n) end
    local givens = {}
    for _, d in ipairs(read_grid(parts[1], n * n)) do givens[#givens + 1] = d == 0 and "." or digit_char(d) end
    return string.format("%s|%s|%s", name, spec, table.concat(givens))
end

local name, index = arg[1] or "solo", 0
for line in io.lines() do
    if line:match("%S") then
        index = index + 1
        print(convert(line, string.format("%s-%d", name, index)))
    end
end
