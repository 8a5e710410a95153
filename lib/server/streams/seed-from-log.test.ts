import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { EventTransform } from "@/lib/server/streams/relay-event-stream";
import { seedFromLog } from "@/lib/server/streams/seed-from-log";

// Reading a run's log up to a cursor: the transform sees exactly the events through it, and a log
// that stays open (as a live one does) is left at the cursor, not read to its end.

/** A log that stays open after the events given, as a live stream does. */
function openLog(ids: string[]) {
  const log = new PassThrough();
  for (const id of ids) log.write(`id: ${id}\ndata: {"n":"${id}"}\n\n`);
  return log;
}
function recorder() {
  const seen: unknown[] = [];
  const transform: EventTransform = {
    apply: (event) => {
      seen.push((event as { n: string }).n);
      return [];
    },
  };
  return { seen, transform };
}
const options = (signal = new AbortController().signal) => ({ signal, maxEventChars: 10_000 });

describe("seedFromLog", () => {
  it("feeds the events through the cursor and stops there, though nothing follows yet", async () => {
    const { seen, transform } = recorder();
    const log = openLog(["1-0", "2-0"]);
    await seedFromLog(log, "2-0", transform, options());
    expect(seen).toEqual(["1-0", "2-0"]);
    expect(log.destroyed).toBe(true);
  });

  it("stops at the first event past a cursor the log does not hold", async () => {
    const { seen, transform } = recorder();
    await seedFromLog(openLog(["1-0", "2-5", "10-0"]), "2-7", transform, options());
    expect(seen).toEqual(["1-0", "2-5"]);
  });

  it("stops when its signal aborts, with what it read so far", async () => {
    const { seen, transform } = recorder();
    const abort = new AbortController();
    const seeding = seedFromLog(openLog(["1-0"]), "9-0", transform, options(abort.signal));
    setTimeout(() => abort.abort(), 20);
    await seeding;
    expect(seen).toEqual(["1-0"]);
  });
});
