-- Distinct URLs: one per line of $QUERIES (written by the benchmark). Each wrk thread walks its
-- own slice of $SLICE lines starting at $OFFSET + thread number × $SLICE, so no two threads (and
-- no two runs given different offsets) send the same URL. done() prints what each thread sent and
-- says so if a thread ran past its slice (then URLs would repeat and could be cache hits).
local urls = {}
for line in io.lines(os.getenv("QUERIES")) do urls[#urls + 1] = line end
local offset = tonumber(os.getenv("OFFSET") or "0")
local slice = tonumber(os.getenv("SLICE") or "25000")
local threads = {}

function setup(thread)
  thread:set("id", #threads)
  threads[#threads + 1] = thread
end

function init(args)
  first = offset + id * slice
  i = first
end

function request()
  local url = urls[(i % #urls) + 1]
  i = i + 1
  return wrk.format("GET", url)
end

function done(summary, latency, requests)
  for _, thread in ipairs(threads) do
    local from, to = thread:get("first"), thread:get("i")
    local sent = to - from
    local note = sent > slice and " REPEATED: ran past its slice" or ""
    io.write(string.format("thread %d sent lines %d to %d (%d distinct)%s\n", thread:get("id"), from, to - 1, math.min(sent, slice), note))
  end
end
