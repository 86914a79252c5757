import { expect, test } from "vitest";

import { parseWrk } from "./load.ts";

const sample = `Running 10s test @ http://127.0.0.1:8080/
  2 threads and 8 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   310.52us  402.10us  12.03ms   95.12%
    Req/Sec    14.21k     1.02k   16.80k    71.00%
  Latency Distribution
     50%  241.00us
     75%  301.00us
     90%  412.00us
     99%    1.93ms
  282841 requests in 10.00s, 455.13MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:  28284.10
Transfer/sec:     45.51MB
`;

test("reads throughput, latency percentiles in ms and every kind of error from wrk --latency", () => {
  expect(parseWrk(sample, "http://127.0.0.1:8080/")).toEqual({
    url: "http://127.0.0.1:8080/",
    requestsPerSecond: 28284,
    latencyMs: { p50: 0.241, p90: 0.412, p99: 1.93 },
    requests: 282841,
    errors: 7,
  });
});

test("a clean run has zero errors; output without figures is an error", () => {
  const clean = sample.replace(/\s+Socket errors.*\n/, "\n").replace(/\s+Non-2xx.*\n/, "\n");
  expect(parseWrk(clean, "u").errors).toBe(0);
  expect(() => parseWrk("wrk: connection refused", "u")).toThrow();
});
