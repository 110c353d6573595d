-- The Lua face of the parity test: run one operation with keys given as
-- words KEY=VALUE (or KEY for a flag, input files as input=FILE; '+' in a
-- value is a space), exactly as
-- the command line test runs them, writing to stdout; report failures as
-- the command line does ("sudokit: MESSAGE" on stderr and its exit status).
-- usage: sudokit run parity.lua OP [KEY=VALUE|FLAG]...
local sk = require "sudokit"
local op = assert(arg[1], "operation")
-- Write to stdout, as the command line does, when the operation writes.
local keys = {}
for _, info in ipairs(sk.operations()) do
  if info.name == op then
    for _, key in ipairs(info.keys) do
      if key.name == "output" then keys.output = "-" end
    end
  end
end
for i = 2, #arg do
  local key, value = arg[i]:match("^([^=]+)=(.*)$")
  if not key then key, value = arg[i], true else value = value:gsub("+", " ") end
  if keys[key] ~= nil and key ~= "output" then
    if type(keys[key]) ~= "table" then keys[key] = {keys[key]} end
    table.insert(keys[key], value)
  else
    keys[key] = value
  end
end
local ok, message, summary = sk[op](keys)
io.stdout:flush()
if not ok then
  io.stderr:write("sudokit: ", message, "\n")
  os.exit(summary.status)
end
