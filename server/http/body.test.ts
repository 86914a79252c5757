import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";

import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

import { bodyStream, readBody, setBodyStallLimit, StalledBody } from "./body.ts";

/**
 * What ends a body (decision 0040): a stall of the configured length, never its total time. The
 * clock is faked: a body trickled for minutes takes no time here.
 */
const stallMs = 1_000;

function arriving(): IncomingMessage & PassThrough {
  const request = new PassThrough() as unknown as IncomingMessage & PassThrough;
  Object.assign(request, { headers: {}, complete: false });
  setBodyStallLimit(request, stallMs);
  return request;
}

/** `count` chunks of 100 bytes, one every `everyMs` on the faked clock, then the end. */
async function trickle(request: PassThrough, count: number, everyMs: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    await vi.advanceTimersByTimeAsync(everyMs);
    request.write(Buffer.alloc(100, 0x61));
  }
  request.end();
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("readBody", () => {
  test("a body that keeps arriving is read whole, however long it takes (10 minutes here)", async () => {
    const request = arriving();
    const body = readBody(request, 1_000_000);
    await trickle(request, 600, stallMs - 10);
    expect(await body).toEqual(Buffer.alloc(60_000, 0x61));
  });

  test("a body that stops arriving is given up after the stall limit, not before", async () => {
    const request = arriving();
    let outcome: unknown;
    void readBody(request, 1_000_000).then((value) => (outcome = value));
    request.write("nombre=A");
    await vi.advanceTimersByTimeAsync(stallMs - 10);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(20);
    expect(outcome).toBe("stalled");
  });
});

describe("bodyStream", () => {
  test("a slow upload streams to its end; a reader that holds it back is no stall", async () => {
    const request = arriving();
    const reader = bodyStream(request).getReader();
    // More than the stream holds: it pauses the request while its reader is busy for 5 stall limits.
    request.write(Buffer.alloc(100_000));
    await vi.advanceTimersByTimeAsync(stallMs * 5);
    const trickled = trickle(request, 50, stallMs - 10);
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    await trickled;
    expect(bytes).toBe(105_000);
  });

  test("an upload that stops arriving ends its stream with StalledBody", async () => {
    const request = arriving();
    const reader = bodyStream(request).getReader();
    request.write(Buffer.alloc(100));
    expect((await reader.read()).value?.byteLength).toBe(100);
    const next = reader.read().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(stallMs + 10);
    expect(await next).toBeInstanceOf(StalledBody);
  });
});
