-- Rotates through realistic search terms so the search benchmark is not one cached query.
local terms = {
  "chatbot", "summarizer", "neural classifier", "dataset for finance", "translator", "chatbto",
  "smart assistant", "forecaster retail", "secure pipeline", "visual detector", "open embedder",
  "transcriber for media", "deep recommender", "tiny tagger", "extractor legal", "moderator",
  "planner for startups", "optimizer logistics", "hybrid generator", "analyzer for hr",
  "summarizr", "clasifier", "realtime scraper", "private dataset", "adaptive analyzer education",
}
local i = 0
request = function()
  i = i + 1
  local term = terms[(i % #terms) + 1]
  return wrk.format("GET", "/api/v1/products/?search=" .. term:gsub(" ", "%%20") .. "&limit=20")
end
