-- The Neovim half of Tests/editors/run: Neovim (0.7 or later), set up with the snippet of
-- Docs/editors.md (init.lua), opens each file named by HP_EXPECT_ERROR and HP_EXPECT_NONE
-- (paths separated by ":") and waits for the server's diagnostics of each. A file of
-- HP_EXPECT_ERROR must show a diagnostic whose message holds HP_ERROR_TEXT on line
-- HP_ERROR_LINE (1-based); a file of HP_EXPECT_NONE must get its diagnostics, and none.
-- Exits 0 when all hold, 1 (`:cquit`) otherwise.
local published = {}
local default_handler = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  if result ~= nil then
    published[result.uri] = result.diagnostics
  end
  return default_handler(err, result, ctx, config)
end

local failures = 0
local function say(line)
  io.stdout:write("nvim: " .. line .. "\n")
end
local function fail(line)
  failures = failures + 1
  say("FAIL " .. line)
end

-- Opens `path` and waits for its diagnostics; returns the buffer and the LSP diagnostics.
local function open(path)
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(buf)
  vim.wait(30000, function()
    return published[uri] ~= nil
  end, 50)
  return buf, published[uri]
end

local function split(text)
  local parts = {}
  for part in string.gmatch(text or "", "[^:]+") do
    table.insert(parts, part)
  end
  return parts
end

for _, path in ipairs(split(os.getenv("HP_EXPECT_ERROR"))) do
  local buf, diagnostics = open(path)
  if diagnostics == nil then
    fail(path .. ": no diagnostics arrived in 30 s")
  else
    -- What Neovim shows (vim.diagnostic), not only what the server sent.
    vim.wait(5000, function()
      return #vim.diagnostic.get(buf) > 0
    end, 50)
    local wanted, line = os.getenv("HP_ERROR_TEXT"), tonumber(os.getenv("HP_ERROR_LINE"))
    local found = false
    for _, shown in ipairs(vim.diagnostic.get(buf)) do
      if string.find(shown.message, wanted, 1, true) and shown.lnum + 1 == line then
        found = true
      end
    end
    if found then
      say("ok   " .. path .. ": shows '" .. wanted .. "' on line " .. line)
    else
      fail(path .. ": no diagnostic with '" .. wanted .. "' on line " .. line .. " among " .. #vim.diagnostic.get(buf))
    end
  end
end

for _, path in ipairs(split(os.getenv("HP_EXPECT_NONE"))) do
  local buf, diagnostics = open(path)
  if diagnostics == nil then
    fail(path .. ": the server published nothing for it in 30 s")
  elseif #diagnostics > 0 or #vim.diagnostic.get(buf) > 0 then
    fail(path .. ": " .. #diagnostics .. " diagnostics, the first: " .. diagnostics[1].message)
  else
    say("ok   " .. path .. ": no diagnostics")
  end
end

if failures > 0 then
  vim.cmd("cquit")
else
  vim.cmd("qall!")
end
