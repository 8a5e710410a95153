import pg from "pg";
import { e2eAppServerEnv } from "@/e2e/app-server-env";
import { startAppServer, type AppServerProcess } from "@/e2e/app-server-process";
import { expect, test } from "@/e2e/fixtures";
import { chooseAction, fillDemoForm } from "@/e2e/helpers/forms";
import { startRunAsPortal } from "@/e2e/helpers/runs";
import { E2E_PORTAL_TOKEN, E2E_REPLICA_PORT } from "@/e2e/ports";
import {
  postgresInstalled,
  POSTGRES_MISSING,
  startPostgresServer,
  type PostgresServer,
} from "@/lib/tools/postgres/start-postgres-server";

// Requests and decisions kept in a real PostgreSQL (started by the story, on a port of its own),
// by copies of the app the stories start and stop themselves.

const AUTH = { Authorization: `Bearer ${E2E_PORTAL_TOKEN}` };

type RequestRow = { id: string; status: string; form_token: string };
type DecisionRow = { request_id: string; form_token: string; user: string; action: { id: string } };

const storeTest = test.extend<{
  postgres: PostgresServer;
  copies: {
    start: (index: number) => Promise<AppServerProcess>;
  };
}>({
  postgres: async ({}, use) => {
    const server = await startPostgresServer();
    try {
      await use(server);
    } finally {
      await server.remove();
    }
  },
  copies: async ({ postgres }, use) => {
    const started: AppServerProcess[] = [];
    try {
      await use({
        start: async (index) => {
          const copy = await startAppServer(
            E2E_REPLICA_PORT + index,
            e2eAppServerEnv({ DATABASE_URL: postgres.url, JOB_TAKEOVER_SECONDS: "30" }),
          );
          started.push(copy);
          return copy;
        },
      });
    } finally {
      for (const copy of started) copy.kill();
      await Promise.all(started.map((copy) => copy.exited));
    }
  },
});

storeTest.skip(!postgresInstalled(), POSTGRES_MISSING);
storeTest.setTimeout(180_000);

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

async function listDecisions(copy: AppServerProcess): Promise<DecisionRow[]> {
  const response = await fetch(`${copy.url}/api/decisions`, { headers: AUTH });
  expect(response.status).toBe(200);
  return ((await response.json()) as { decisions: DecisionRow[] }).decisions;
}

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
    expect(await listRequests(a, "status=waiting")).toHaveLength(1);

    await page.goto(`${a.url}${created.body.request.links[user]}`);
    await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
    await fillDemoForm(page);
    await chooseAction(page, "Approve and publish");
    await expect(page.getByRole("heading", { name: "Answer sent" })).toBeVisible();

    await expect
      .poll(async () => (await listRequests(a, `recipient=${encodeURIComponent(user)}`))[0]?.status)
      .toBe("answered");
    const decisions = await listDecisions(a);
    expect(decisions).toEqual([
      expect.objectContaining({
        request_id: created.body.request.id,
        form_token: formToken,
        user,
        action: { id: "approve", label: "Approve and publish" },
      }),
    ]);
  },
);

storeTest(
  "two copies with one database: registered on A, answered on B, both agree",
  async ({ page, copies }) => {
    const a = await copies.start(0);
    const b = await copies.start(1);
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
        .poll(async () => (await listRequests(copy, "status=answered")).map((r) => r.id))
        .toEqual([created.body.request.id]);
      expect((await listDecisions(copy)).map((d) => d.action.id)).toEqual(["reject"]);
    }
  },
);

storeTest(
  "a copy killed while following a run leaves the follow to the other, which registers the next form",
  async ({ page, copies, postgres }) => {
    const a = await copies.start(0);
    const user = `carol-${Date.now()}@example.com`;
    // Slow steps: the run revises for seconds before its next form, so the follow is under way.
    const { runId, formToken } = await startRunAsPortal(user, {}, { stepDelayMs: 3_000 });
    const created = await register(a, { form_token: formToken, recipients: [user], run_id: runId });

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
                "select count(*)::int as n from pgboss.job where name = 'follow-run' and state = 'active'",
              )
            ).rows[0]?.n,
          { timeout: 30_000 },
        )
        .toBe(1);
    } finally {
      await db.end();
    }
    a.kill();
    await a.exited;

    // B takes the job over within JOB_TAKEOVER_SECONDS (30 s) and registers the run's next form.
    const b = await copies.start(1);
    const waiting = `status=waiting&recipient=${encodeURIComponent(user)}`;
    await expect
      .poll(async () => (await listRequests(b, waiting)).length, { timeout: 90_000 })
      .toBe(1);
    const [next] = await listRequests(b, waiting);
    expect(next?.form_token).not.toBe(formToken);
  },
);

storeTest(
  "with the database stopped mid-story, the form still answers and its decision arrives once it is back",
  async ({ page, copies, postgres }) => {
    const a = await copies.start(0);
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
      .poll(async () => (await listDecisions(a).catch(() => [])).map((d) => d.form_token), {
        timeout: 60_000,
      })
      .toEqual([formToken]);
    expect((await listRequests(a, ""))[0]?.status).toBe("answered");
  },
);
