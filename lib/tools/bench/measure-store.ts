import pg from "pg";
import type { StoreResult } from "./bench-results";
import { percentile } from "./percentile";
import type { BenchStack } from "./start-bench-stack";
import { startSideApp, type SideApp } from "./start-side-app";
import { FORM_LINK_HEADER } from "@/lib/form/form-link";
import { formLinkQuery } from "@/lib/server/form/signed-form-link";
import { startPgliteServer } from "@/lib/tools/postgres/start-pglite-server";
import { postgresInstalled, startPostgresServer } from "@/lib/tools/postgres/start-postgres-server";

// What the store costs (docs/requests.md): (1) a submit through an app with DATABASE_URL beside
// the same submit through one without, asked in turn so that both see the same moments of a busy
// machine (the decision is written and the run followed after the response, on the same core);
// (2) one sweep of waiting requests: seeded all at once, each re-read from the upstream by the
// app's own sweep job, timed from the store's `checked_at` of each read.

const WARM_UP = 20;
const USER = "bench-store@example.com";

/** A form in a run of the upstream, with its signed link. */
async function openForm(stack: BenchStack) {
  const form = await stack.upstreamAdmin.createForm({
    form_content: "Approve the bench's request?\n\n{{#$output.comment#}}",
    inputs: [{ type: "paragraph", output_variable_name: "comment", default: null }],
    user_actions: [{ id: "approve", title: "Approve", button_style: "primary" }],
    with_run: true,
    user: USER,
  });
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const run = form.workflow_run_id ?? "";
  return {
    token: form.form_token,
    link: formLinkQuery({ token: form.form_token, run, user: USER, exp }, stack.linkSecret),
  };
}

async function submit(app: SideApp, form: { token: string; link: string }): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${app.origin}/api/forms/${encodeURIComponent(form.token)}`, {
    method: "POST",
    headers: {
      [FORM_LINK_HEADER]: form.link,
      origin: app.origin,
      "content-type": "application/json",
    },
    body: JSON.stringify({ inputs: { comment: "Fine by me." }, action: "approve" }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`a submit answered ${response.status}`);
  return performance.now() - started;
}

async function measureSubmits(
  stack: BenchStack,
  apps: { off: SideApp; on: SideApp },
  count: number,
) {
  const off: number[] = [];
  const on: number[] = [];
  for (let i = 0; i < WARM_UP + count; i++) {
    const [forOff, forOn] = await Promise.all([openForm(stack), openForm(stack)]);
    // In turn, each first every other time.
    const pair =
      i % 2 === 0
        ? [await submit(apps.off, forOff), await submit(apps.on, forOn)]
        : [await submit(apps.off, forOff), await submit(apps.on, forOn)].reverse();
    if (i < WARM_UP) continue;
    off.push(pair[0]!);
    on.push(pair[1]!);
  }
  return { offP50Ms: percentile(off, 50), onP50Ms: percentile(on, 50) };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function measureStore(
  stack: BenchStack,
  options: { submits: number; waiting: number; log: (line: string) => void },
): Promise<StoreResult> {
  const real = postgresInstalled();
  const database = real
    ? await startPostgresServer().then((server) => ({
        url: server.url,
        close: () => server.remove(),
      }))
    : await startPgliteServer();
  const db = new pg.Client({ connectionString: database.url });
  const apps: SideApp[] = [];
  try {
    // The sweep may read every seeded request in one minute: the upstream's rate is that.
    const perMinute = options.waiting;
    const [off, on] = await Promise.all([
      startSideApp(stack, {}),
      startSideApp(
        stack,
        { DATABASE_URL: database.url, REQUEST_REFRESH_PER_MINUTE: String(perMinute) },
        (ready) => ready.store === "up",
      ),
    ]);
    apps.push(off, on);
    await db.connect();

    options.log(`  ${options.submits} submits to each (store off, store on), in turn…`);
    const submits = await measureSubmits(stack, { off, on }, options.submits);
    const stored = await waitFor(
      async () =>
        (await db.query<{ n: number }>("select count(*)::int as n from decisions")).rows[0]?.n ?? 0,
      (n) => n >= WARM_UP + options.submits,
      30_000,
    );
    options.log(
      `  submit p50: store off ${submits.offP50Ms.toFixed(2)} ms, on ${submits.onP50Ms.toFixed(2)} ms; ${stored} decisions stored`,
    );

    options.log(`  ${options.waiting} waiting requests, one sweep at ${perMinute} a minute…`);
    const tokens: string[] = [];
    for (let i = 0; i < options.waiting; i += 50) {
      const batch = Math.min(50, options.waiting - i);
      const forms = await Promise.all(
        Array.from({ length: batch }, () => openForm(stack).then((form) => form.token)),
      );
      tokens.push(...forms);
    }
    // The upstream's log from here on holds the sweep's reads as Dify would receive them.
    await stack.upstreamAdmin.clearCalls();
    // All at once, as waiting requests a sweep finds.
    await db.query(
      "insert into requests (form_token, registered_by) select unnest($1::text[]), 'bench'",
      [tokens],
    );
    const checked = async () =>
      (
        await db.query<{ at: Date }>(
          "select checked_at as at from requests where registered_by = 'bench' and checked_at is not null order by checked_at",
        )
      ).rows.map((row) => row.at.getTime());
    // The sweep runs on the minute (pg-boss's cron): up to a minute to start, a minute to read.
    const reads = await waitFor(checked, (at) => at.length >= options.waiting, 180_000);
    const first = reads[0] ?? 0;
    const last = reads.at(-1) ?? 0;
    // The pace by the upstream's receipt of each token's first read (the next sweep may have begun
    // to read some again): the sweep paces the reads' starts, while a read's `checked_at` is
    // stamped at its end, so one slow read bunches the next ones against it.
    const firstRead = new Map<string, number>();
    for (const call of await stack.upstreamAdmin.calls()) {
      const token = call.path.split("/").at(-1) ?? "";
      if (call.method === "GET" && !firstRead.has(token)) firstRead.set(token, call.at);
    }
    const received = tokens
      .map((token) => firstRead.get(token))
      .filter((at) => at !== undefined)
      .sort((a, b) => a - b);
    if (received.length < reads.length)
      throw new Error(
        `the upstream logged ${received.length} of the sweep's ${reads.length} reads`,
      );
    let peakPerSecond = 0;
    for (let start = 0, end = 0; end < received.length; end++) {
      while (received[end]! - received[start]! >= 1000) start++;
      peakPerSecond = Math.max(peakPerSecond, end - start + 1);
    }
    const gapMs = 60_000 / perMinute;
    const aheadOfRate = Math.max(
      0,
      ...received.map((at, index) => index + 1 - (Math.floor((at - received[0]!) / gapMs) + 1)),
    );
    options.log(
      `  ${reads.length} of ${options.waiting} read in ${((last - first) / 1000).toFixed(1)} s; ` +
        `the upstream received ${received.length}, at most ${peakPerSecond} in a second`,
    );
    return {
      database: real ? "PostgreSQL" : "PGlite",
      submits: options.submits,
      decisionsStored: stored - WARM_UP,
      ...submits,
      sweep: {
        waiting: options.waiting,
        perMinute,
        read: reads.length,
        spanSeconds: (last - first) / 1000,
        peakPerSecond,
        aheadOfRate,
      },
    };
  } finally {
    for (const app of apps) app.stop();
    await db.end().catch(() => undefined);
    await database.close();
  }
}
