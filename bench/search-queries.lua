-- Distinct long-tail searches: one URL per line of $QUERIES (written by bench/search-queries.ts),
-- each thread walking its own share from $OFFSET, so no URL repeats and none is in the cache.
local urls = {}
for line in io.lines(os.getenv("QUERIES")) do urls[#urls + 1] = line end
local offset = tonumber(os.getenv("OFFSET") or "0")
local threads = 0

function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end

local i = 0
function init(args)
  i = offset + id * 1000003
end

function request()
  i = i + 1
  return wrk.format("GET", urls[(i % #urls) + 1])
end
