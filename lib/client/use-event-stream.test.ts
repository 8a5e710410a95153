import type { ErrorCode } from "@/lib/errors/error-code";
import { describe, expect, it, vi } from "vitest";
import { ApiClientError } from "@/lib/client/api-client-error";
import {
  followEventStream,
  type Connection,
  type EventStreamSource,
} from "@/lib/client/use-event-stream";
import { readSseJson } from "@/lib/dify/sse-events";

const body = (...events: unknown[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events)
        controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(event)}\n\n`));
      controller.close();
    },
  });

/** Runs the state machine over the given answers to each (re)connection. */
async function follow(
  answers: (() => ReadableStream<Uint8Array>)[],
  reconnect = true,
  signal = new AbortController().signal,
) {
  const seen: unknown[] = [];
  const connections: Connection[] = [];
  const failures: Error[] = [];
  let opened = 0;
  /** What the page shows while each backoff runs. */
  const waits: (Connection | undefined)[] = [];
  const source: EventStreamSource = {
    open: () => {
      const answer = answers[opened++];
      return answer ? Promise.resolve().then(answer) : new Promise(() => undefined);
    },
    reconnect,
  };
  await followEventStream(
    source,
    {
      read: readSseJson,
      onOpen: () => seen.push("open"),
      onEvent: (event) => {
        seen.push(event);
        return (event as { end?: boolean }).end === true;
      },
      onFailure: (error) => failures.push(error),
      onConnection: (connection) => connections.push(connection),
    },
    signal,
    () => {
      waits.push(connections.at(-1));
      return Promise.resolve();
    },
  );
  return { seen, connections, failures, opened, waits };
}

const refuse = (status: number, code: ErrorCode) => () => {
  throw new ApiClientError(status, code, "no");
};

describe("followEventStream", () => {
  it("reconnects after a drop, with backoff, until an event says the stream is done", async () => {
    const got = await follow([
      () => body({ n: 1 }),
      refuse(502, "upstream_unreachable"),
      () => body({ n: 2 }, { end: true }, { n: 3 }),
    ]);
    expect(got.seen).toEqual(["open", { n: 1 }, "open", { n: 2 }, { end: true }]);
    expect(got.opened).toBe(3);
    expect(got.waits).toEqual(["reconnecting", "reconnecting"]);
    expect(got.failures).toEqual([]);
    expect(got.connections).toEqual([
      "connecting",
      "open",
      "reconnecting",
      "reconnecting",
      "open",
      "closed",
    ]);
  });

  it("stops at a refusal that a retry cannot change, but keeps trying after a 429", async () => {
    const refused = await follow([refuse(404, "not_found"), () => body({ end: true })]);
    expect(refused.opened).toBe(1);
    expect(refused.failures.map((error) => (error as ApiClientError).code)).toEqual(["not_found"]);

    const busy = await follow([refuse(429, "too_many_streams"), () => body({ end: true })]);
    expect(busy.opened).toBe(2);
    expect(busy.failures).toEqual([]);
    expect(busy.seen).toEqual(["open", { end: true }]);
  });

  it("reads a one-shot stream once: its end closes, its break is a failure", async () => {
    const ended = await follow([() => body({ n: 1 })], false);
    expect(ended.seen).toEqual(["open", { n: 1 }]);
    expect(ended.connections.at(-1)).toBe("closed");
    expect(ended.failures).toEqual([]);

    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: {"n":1}\n\n'));
        controller.error(new TypeError("network error"));
      },
    });
    const cut = await follow([() => broken], false);
    expect(cut.failures.map((error) => error.message)).toEqual(["network error"]);
    expect(cut.opened).toBe(1);
  });

  it("stops a waiting read when the page leaves, and cancels the body", async () => {
    const cancel = vi.fn();
    const endless = new ReadableStream<Uint8Array>({ cancel });
    const leave = new AbortController();
    const done = follow([() => endless], false, leave.signal);
    await new Promise((resolve) => setTimeout(resolve, 10));
    leave.abort();
    const got = await done;
    expect(got.failures).toEqual([]);
    expect(cancel).toHaveBeenCalled();
  });
});
