import pg from "pg";
import { e2eAppServerEnv } from "@/e2e/app-server-env";
import { startAppServer, type AppServerProcess } from "@/e2e/app-server-process";
import { expect, test } from "@/e2e/fixtures";
import { addFaults, removeFaults } from "@/e2e/helpers/embedded";
import { chooseAction, fillDemoForm } from "@/e2e/helpers/forms";
import { launcherUser } from "@/e2e/helpers/launcher";
import { startRunAsPortal } from "@/e2e/helpers/runs";
import { E2E_PORTAL_TOKEN, E2E_REPLICA_PORT } from "@/e2e/ports";
import {
  postgresInstalled,
  POSTGRES_MISSING,
  startPostgresServer,
  type PostgresServer,
} from "@/lib/tools/postgres/start-postgres-server";

// Requests and decisions kept in a real PostgreSQL (started once per worker, on a port of its own),
// by copies of the app the stories start and stop themselves. The copies live across stories
// (each starts once); every story names its own recipient and reads back only its own rows.

const AUTH = { Authorization: `Bearer ${E2E_PORTAL_TOKEN}` };

/** Low, so the takeover story sees a stopped copy's job taken over in seconds (at least 16). */
const TAKEOVER_SECONDS = 16;

type RequestRow = { id: string; status: string; form_token: string };
type DecisionRow = {
  request_id: string;
  form_token: string;
  user: string;
  action: { id: string };
  run_outcome: string | null;
};

type Copies = {
  /** The copy of this index, started if it is not running. */
  start: (index: number) => Promise<AppServerProcess>;
  /** Kills the copy of this index, as a crash would. */
  kill: (index: number) => Promise<void>;
};

const storeTest = test.extend<object, { postgres: PostgresServer; copies: Copies }>({
  postgres: [
    async ({}, use) => {
      const server = await startPostgresServer();
      try {
        await use(server);
      } finally {
        await server.remove();
      }
    },
    { scope: "worker" },
  ],
  copies: [
    async ({ postgres }, use) => {
      const running = new Map<number, Promise<AppServerProcess>>();
      const copies: Copies = {
        start: (index) => {
          let copy = running.get(index);
          if (!copy) {
            copy = startAppServer(
              E2E_REPLICA_PORT + index,
              e2eAppServerEnv({
                DATABASE_URL: postgres.url,
                JOB_TAKEOVER_SECONDS: String(TAKEOVER_SECONDS),
              }),
            );
            running.set(index, copy);
            copy.catch(() => running.delete(index));
          }
          return copy;
        },
        kill: async (index) => {
          const copy = await running.get(index);
          running.delete(index);
          copy?.kill();
          await copy?.exited;
        },
      };
      try {
        await use(copies);
      } finally {
        await Promise.all([...running.keys()].map((index) => copies.kill(index)));
      }
    },
    { scope: "worker" },
  ],
});

storeTest.skip(!postgresInstalled(), POSTGRES_MISSING);
// Bounds for a loaded machine: a story that starts a copy waits for it.
storeTest.setTimeout(90_000);

test("without a database, the requests and decisions routes are off and readiness says so", async ({
  request,
}) => {
  for (const path of ["/api/requests", "/api/decisions"]) {
    const response = await request.get(path, { headers: AUTH });
    expect(response.status()).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe("requests_off");
  }
  expect(await (await request.get("/api/ready")).json()).toEqual({ status: "ready", store: "off" });
});

test("a copy whose store cannot be migrated stops at start, saying why", async () => {
  test.setTimeout(90_000);
  // Nothing listens on this port.
  const start = startAppServer(
    E2E_REPLICA_PORT + 4,
    e2eAppServerEnv({ DATABASE_URL: `postgres://forms@127.0.0.1:${E2E_REPLICA_PORT + 5}/forms` }),
  );
  await expect(start).rejects.toThrow(/store start failed.*The database cannot be reached/);
});

async function register(copy: AppServerProcess, body: Record<string, unknown>) {
  const response = await fetch(`${copy.url}/api/requests`, {
    method: "POST",
    headers: { ...AUTH, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { request: RequestRow & { links: Record<string, string> } },
  };
}

async function listRequests(copy: AppServerProcess, query: string): Promise<RequestRow[]> {
  const response = await fetch(`${copy.url}/api/requests?${query}`, { headers: AUTH });
  expect(response.status).toBe(200);
  return ((await response.json()) as { requests: RequestRow[] }).requests;
}

/** The decisions on these forms (the database holds other stories' too). */
async function listDecisions(copy: AppServerProcess, formTokens: string[]): Promise<DecisionRow[]> {
  const response = await fetch(`${copy.url}/api/decisions?limit=200`, { headers: AUTH });
  expect(response.status).toBe(200);
  return ((await response.json()) as { decisions: DecisionRow[] }).decisions.filter((d) =>
    formTokens.includes(d.form_token),
  );
}

const mine = (user: string, status = "") =>
  `recipient=${encodeURIComponent(user)}${status ? `&status=${status}` : ""}`;

storeTest(
  "a request registered through the API and answered on its form page is answered, with its decision",
  async ({ page, copies }) => {
    const a = await copies.start(0);
    const user = `alice-${Date.now()}@example.com`;
    const { runId, formToken } = await startRunAsPortal(user);

    // Without a portal token: 401; an unknown form: 404, and nothing is stored.
    const anonymous = await fetch(`${a.url}/api/requests`, { method: "POST", body: "{}" });
    expect(anonymous.status).toBe(401);
    const unknown = await register(a, { form_token: "no-such-form", recipients: [user] });
    expect(unknown.status).toBe(404);

    const created = await register(a, {
      form_token: formToken,
      recipients: [user],
      run_id: runId,
      title: "Launch announcement",
    });
    expect(created.status).toBe(201);
    expect(created.body.request).toMatchObject({ status: "waiting", title: "Launch announcement" });
    // Registered again: the same request, 200.
    const again = await register(a, { form_token: formToken, recipients: [user] });
    expect(again.status).toBe(200);
    expect(again.body.request.id).toBe(created.body.request.id);
    expect(await listRequests(a, mine(user, "waiting"))).toHaveLength(1);

    await page.goto(`${a.url}${created.body.request.links[user]}`);
    await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
    await fillDemoForm(page);
    await chooseAction(page, "Approve and publish");
    await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();

    await expect.poll(async () => (await listRequests(a, mine(user)))[0]?.status).toBe("answered");
    const decisions = await listDecisions(a, [formToken]);
    expect(decisions).toEqual([
      expect.objectContaining({
        request_id: created.body.request.id,
        form_token: formToken,
        user,
        action: { id: "approve", label: "Approve and publish" },
      }),
    ]);
    // The run, followed after the answer, ends: its outcome joins the decision.
    await expect
      .poll(async () => (await listDecisions(a, [formToken]))[0]?.run_outcome, { timeout: 30_000 })
      .toBe("succeeded");
  },
);

storeTest(
  "a run started from the launcher has its form registered for its visitor",
  async ({ page, copies }) => {
    const a = await copies.start(0);
    await page.goto(`${a.url}/`);
    await page.getByLabel("Topic").fill("Launch day");
    await page.getByLabel("Brief").fill("The new dashboard ships on Monday.");
    await page.getByRole("button", { name: "Start" }).click();
    await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
    const user = await launcherUser(page);
    const token = decodeURIComponent(new URL(page.url()).pathname.replace(/^\/form\//, ""));
    await expect
      .poll(async () => (await listRequests(a, mine(user))).map((r) => [r.form_token, r.status]))
      .toEqual([[token, "waiting"]]);
  },
);

storeTest(
  "a copy killed while following a run leaves the follow to the other, which registers the next form",
  async ({ page, copies, postgres }) => {
    const a = await copies.start(0);
    const user = `carol-${Date.now()}@example.com`;
    const { runId, formToken } = await startRunAsPortal(user);
    const created = await register(a, { form_token: formToken, recipients: [user], run_id: runId });

    // The run's events hang while A follows it, so the follow is under way when A is killed.
    const events = `/v1/workflow/${runId}/events`;
    await addFaults([{ match: { method: "GET", path: events }, kind: "hang" }]);
    await page.goto(`${a.url}${created.body.request.links[user]}`);
    await fillDemoForm(page);
    await chooseAction(page, "Request changes");
    await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();

    // A holds the follow (the only copy): it is killed mid-job, as a crash would.
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      await expect
        .poll(
          async () =>
            (
              await db.query<{ n: number }>(
                "select count(*)::int as n from pgboss.job where name = 'follow-run' and state = 'active' and data->>'form_token' = $1",
                [formToken],
              )
            ).rows[0]?.n,
          { timeout: 10_000, intervals: [100] },
        )
        .toBe(1);
    } finally {
      await db.end();
    }
    const killedAt = Date.now();
    await copies.kill(0);
    await removeFaults(events);

    // B takes the job over within JOB_TAKEOVER_SECONDS and registers the run's next form.
    const b = await copies.start(1);
    const waiting = mine(user, "waiting");
    await expect
      .poll(async () => (await listRequests(b, waiting)).length, {
        timeout: (TAKEOVER_SECONDS + 10) * 1000,
        intervals: [250],
      })
      .toBe(1);
    // Taken over by the job's expiry, not by anything slower.
    expect(Date.now() - killedAt).toBeLessThan((TAKEOVER_SECONDS + 10) * 1000);
    const [next] = await listRequests(b, waiting);
    expect(next?.form_token).not.toBe(formToken);
  },
);

storeTest(
  "two copies with one database: registered on A, answered on B, both agree",
  async ({ page, copies }) => {
    const [a, b] = await Promise.all([copies.start(1), copies.start(2)]);
    const user = `bob-${Date.now()}@example.com`;
    const { runId, formToken } = await startRunAsPortal(user);
    const created = await register(a, { form_token: formToken, recipients: [user], run_id: runId });
    expect(created.status).toBe(201);
    // Registered on both at once: stored once.
    const both = await Promise.all(
      [a, b].map((copy) => register(copy, { form_token: formToken, recipients: [user] })),
    );
    expect(both.map((r) => r.body.request.id)).toEqual([
      created.body.request.id,
      created.body.request.id,
    ]);

    await page.goto(`${b.url}${created.body.request.links[user]}`);
    await fillDemoForm(page);
    await chooseAction(page, "Reject");
    await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();

    for (const copy of [a, b]) {
      await expect
        .poll(async () => (await listRequests(copy, mine(user, "answered"))).map((r) => r.id))
        .toEqual([created.body.request.id]);
      expect((await listDecisions(copy, [formToken])).map((d) => d.action.id)).toEqual(["reject"]);
    }
  },
);

storeTest(
  "with the database stopped mid-story, the form still answers and its decision arrives once it is back",
  async ({ page, copies, postgres }) => {
    const a = await copies.start(1);
    const user = `dave-${Date.now()}@example.com`;
    const { runId, formToken } = await startRunAsPortal(user);
    const created = await register(a, { form_token: formToken, recipients: [user], run_id: runId });

    await postgres.stop();
    // The copy is still ready: forms answer without the store.
    await expect
      .poll(async () => (await (await fetch(`${a.url}/api/ready`)).json()) as unknown, {
        timeout: 15_000,
      })
      .toEqual({ status: "ready", store: "down" });
    const list = await fetch(`${a.url}/api/requests`, { headers: AUTH });
    expect(list.status).toBe(503);
    expect(((await list.json()) as { code: string }).code).toBe("store_unavailable");

    await page.goto(`${a.url}${created.body.request.links[user]}`);
    await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
    await fillDemoForm(page);
    await chooseAction(page, "Approve and publish");
    await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();

    await postgres.start();
    await expect
      .poll(
        async () => (await listDecisions(a, [formToken]).catch(() => [])).map((d) => d.form_token),
        {
          timeout: 60_000,
        },
      )
      .toEqual([formToken]);
    expect((await listRequests(a, mine(user)))[0]?.status).toBe("answered");
  },
);
