-- For scripts/bench/wrk.mjs: every connection cycles over the requests given as arguments (Host,
-- path, extra headers triples; the headers one per line, "Name: value"), responses are
-- counted by status class, and when the run is over one line `WRK_JSON {...}` sums them up
-- (latencies in microseconds). Requests accept gzip, as every browser's do.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set('id', #threads)
end

function init(args)
  classes = { 0, 0, 0, 0, 0 }
  requests = {}
  for i = 1, #args, 3 do
    local headers = { Host = args[i], ['Accept-Encoding'] = 'gzip, deflate, br' }
    for name, value in string.gmatch(args[i + 2] or '', '([^:\n]+): ([^\n]*)') do headers[name] = value end
    requests[#requests + 1] = wrk.format('GET', args[i + 1], headers)
  end
  n = id % #requests
end

function request()
  n = n % #requests + 1
  return requests[n]
end

function response(status)
  local class = math.floor(status / 100)
  classes[class] = (classes[class] or 0) + 1
end

function done(summary, latency)
  local c = { 0, 0, 0, 0, 0 }
  for _, thread in ipairs(threads) do
    for k, v in ipairs(thread:get('classes')) do c[k] = c[k] + v end
  end
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"us":%d,"errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d},' ..
    '"latency":{"p50":%d,"p90":%d,"p99":%d,"max":%d},"status":{"1xx":%d,"2xx":%d,"3xx":%d,"4xx":%d,"5xx":%d}}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, c[1], c[2], c[3], c[4], c[5]))
end
