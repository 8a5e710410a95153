import { randomInt, randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { e2eAppServerEnv } from "@/e2e/app-server-env";
import { startAppServer, type AppServerProcess } from "@/e2e/app-server-process";
import { expect, test } from "@/e2e/fixtures";
import { addFaults, callsForRequest } from "@/e2e/helpers/embedded";
import { getFormRecord } from "@/e2e/helpers/forms";
import { PORTAL_TOKEN } from "@/e2e/helpers/knowledge";
import { attachFiles } from "@/e2e/helpers/uploads";
import { startRunAsPortal } from "@/e2e/helpers/runs";
import { E2E_METRICS_TOKEN, E2E_NAMED_PORTAL_TOKENS, E2E_REPLICA_PORT } from "@/e2e/ports";
import { EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";
import { formLinkQuery } from "@/lib/server/form/signed-form-link";

// The costly routes' bounds (decision 031) and whom the wrong-token throttle counts behind a trusted
// proxy (decision 047), on an app server of this spec's own with small limits
// (the suite's server lifts them: it trusts no proxy, so all its stories count as one client).
// This server trusts the forwarded headers as a proxy's, so each story speaks from an address of
// its own in X-Forwarded-For. Every refusal is answered before the upstream hears of
// it: the embedded service logs no call for its request id.

test.describe.configure({ mode: "serial" });

const LIMITS = {
  LAUNCH_RATE_PER_MINUTE: 3,
  UPLOAD_RATE_PER_MINUTE: 4,
  NEXT_LINK_RATE_PER_MINUTE: 3,
  MAX_UPLOADS_PER_LINK: 2,
  MAX_STREAMS_PER_ADDRESS: 3,
  MAX_AUTH_FAILURES_PER_ADDRESS: 5,
};

let server: AppServerProcess;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startAppServer(
    E2E_REPLICA_PORT + 12,
    e2eAppServerEnv({
      ...Object.fromEntries(Object.entries(LIMITS).map(([name, value]) => [name, String(value)])),
      TRUST_PROXY_HEADERS: "true",
      JSON_BODY_IDLE_TIMEOUT_MS: "1000",
      JSON_BODY_TIMEOUT_MS: "3000",
    }),
  );
});
test.afterAll(async () => {
  await server?.stop();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** An address no other story (or earlier try) of this server has used. */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

type Run = { runId: string; formToken: string; user: string };
async function pausedRun(): Promise<Run> {
  const user = `limits-${randomUUID()}@example.com`;
  return { ...(await startRunAsPortal(user)), user };
}
const linkOf = (run: Run, scope: "form" | "run" = "form") =>
  formLinkQuery(
    {
      token: run.formToken,
      run: run.runId,
      user: run.user,
      exp: Math.floor(Date.now() / 1000) + 600,
      scope,
    },
    EMBEDDED_LINK_SECRET,
  );

const BOUNDARY = "----limits";
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;
const fileHead =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\n` +
  `Content-Type: text/plain\r\n\r\n`;
const fileTail = `\r\n--${BOUNDARY}--\r\n`;
const oneFile = `${fileHead}hello${fileTail}`;
const launchBody = JSON.stringify({
  inputs: { topic: "Limits", audience: "Engineers" },
  query: "",
});

type Sent = { status: number; retryAfter: string | null; body: unknown };

/** One request from `address`, tagged with `requestId`; a stream's body is not read, only closed. */
async function send(
  path: string,
  options: { address: string; requestId?: string; headers?: Record<string, string>; body: string },
): Promise<Sent> {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      Origin: server.url,
      "X-Forwarded-For": options.address,
      "X-Request-Id": options.requestId ?? randomUUID(),
      ...options.headers,
    },
    body: options.body,
  });
  const type = response.headers.get("content-type") ?? "";
  const body: unknown = type.includes("json")
    ? await response.json()
    : await response.body?.cancel();
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body };
}

/** Expects the refusal of a request the upstream never heard of. */
async function expectRefused(sent: Sent, requestId: string, code: string, maxRetryAfter: number) {
  expect(sent.status).toBe(429);
  expect(sent.body).toEqual({ status: 429, code, message: expect.any(String) });
  const retryAfter = Number(sent.retryAfter);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
  expect(await callsForRequest(requestId)).toEqual([]);
}

const rated: {
  route: string;
  limit: number;
  path: (run: Run) => string;
  headers: (run: Run) => Record<string, string>;
  body: string;
}[] = [
  {
    route: "launch",
    limit: LIMITS.LAUNCH_RATE_PER_MINUTE,
    path: () => "/api/launch",
    headers: () => ({ "Content-Type": "application/json" }),
    body: launchBody,
  },
  {
    route: "launch upload",
    limit: LIMITS.UPLOAD_RATE_PER_MINUTE,
    path: () => "/api/launch/files",
    headers: () => ({ "Content-Type": multipartType }),
    body: oneFile,
  },
  {
    route: "upload",
    limit: LIMITS.UPLOAD_RATE_PER_MINUTE,
    path: (run) => `/api/forms/${run.formToken}/files`,
    headers: (run) => ({ "Content-Type": multipartType, "X-Form-Link": linkOf(run) }),
    body: oneFile,
  },
  {
    route: "next-link",
    limit: LIMITS.NEXT_LINK_RATE_PER_MINUTE,
    path: (run) => `/api/forms/${run.formToken}/next-link`,
    headers: (run) => ({ "Content-Type": "application/json", "X-Form-Link": linkOf(run, "run") }),
    body: JSON.stringify({ node_id: "review" }),
  },
];

for (const row of rated) {
  test(`${row.route}: the request past an address's rate is refused with 429 and Retry-After, unheard upstream`, async () => {
    const run = await pausedRun();
    const address = freshAddress();
    const request = (requestId?: string, from = address, on = run) =>
      send(row.path(on), {
        address: from,
        requestId,
        headers: row.headers(on),
        body: row.body,
      });
    for (let i = 0; i < row.limit; i++) {
      expect((await request()).status, `request ${i + 1}`).not.toBe(429);
    }
    const requestId = randomUUID();
    await expectRefused(await request(requestId), requestId, "too_many_requests", 60);
    // Another address (with a link of its own: a link is counted too) has a rate of its own.
    expect((await request(undefined, freshAddress(), await pausedRun())).status).not.toBe(429);
  });
}

test("a launch and a next-link count against the address's open streams, before the upstream hears of them", async () => {
  const run = await pausedRun();
  const address = freshAddress();
  const views = new AbortController();
  try {
    // Live views of a paused run stay open: the address's limit is three streams.
    for (let i = 0; i < LIMITS.MAX_STREAMS_PER_ADDRESS; i++) {
      const view = await fetch(`${server.url}/api/forms/${run.formToken}/events`, {
        headers: { "X-Form-Link": linkOf(run), "X-Forwarded-For": address },
        signal: views.signal,
      });
      expect(view.status).toBe(200);
    }
    const launchId = randomUUID();
    const launch = await send("/api/launch", {
      address,
      requestId: launchId,
      headers: { "Content-Type": "application/json" },
      body: launchBody,
    });
    await expectRefused(launch, launchId, "too_many_streams", 5);

    const nextId = randomUUID();
    const next = await send(`/api/forms/${run.formToken}/next-link`, {
      address,
      requestId: nextId,
      headers: { "Content-Type": "application/json", "X-Form-Link": linkOf(run, "run") },
      body: JSON.stringify({ node_id: "review" }),
    });
    await expectRefused(next, nextId, "too_many_streams", 5);
  } finally {
    views.abort();
  }
  // Closed views free their slots (this server serves this spec alone): then the launch is served.
  await expect.poll(openStreams).toBe(0);
  const launch = await send("/api/launch", {
    address,
    headers: { "Content-Type": "application/json" },
    body: launchBody,
  });
  expect(launch.status).toBe(200);
});

/** The server's open streams, as its metrics say. */
async function openStreams(): Promise<number> {
  const response = await fetch(`${server.url}/api/metrics`, {
    headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` },
  });
  const line = (await response.text()).match(/^human_input_open_event_streams (\d+)$/m);
  return Number(line?.[1] ?? Number.NaN);
}

/** An upload whose body stays open until `finish`: it holds its slot meanwhile. */
function heldUpload(path: string, headers: Record<string, string>) {
  const req = httpRequest(`${server.url}${path}`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": multipartType, ...headers },
  });
  const answered = new Promise<number>((resolve, reject) => {
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
  });
  req.write(`${fileHead}first bytes`);
  return {
    finish() {
      req.end(`, the rest${fileTail}`);
      return answered;
    },
  };
}

test("a link uploads at most two files at once: a third is refused with 429 until one is done", async () => {
  const run = await pausedRun();
  const address = freshAddress();
  const headers = { "X-Form-Link": linkOf(run), "X-Forwarded-For": address };
  const path = `/api/forms/${run.formToken}/files`;
  const held = [heldUpload(path, headers), heldUpload(path, headers)];
  // Both have reached the route (their bodies wait for more).
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const upload = (requestId?: string) =>
    send(path, {
      address,
      requestId,
      headers: { "Content-Type": multipartType, "X-Form-Link": linkOf(run) },
      body: oneFile,
    });
  const requestId = randomUUID();
  await expectRefused(await upload(requestId), requestId, "too_many_requests", 2);
  expect(await held[0]!.finish()).toBe(201);
  expect((await upload()).status).toBe(201);
  expect(await held[1]!.finish()).toBe(201);
});

/** Sends a JSON body one byte every `gapMs` until answered; resolves with the answer. */
function trickledJson(path: string, headers: Record<string, string>, gapMs: number) {
  return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const req = httpRequest(`${server.url}${path}`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/json", ...headers },
    });
    const timer = setInterval(() => req.write(" "), gapMs);
    req.on("response", (res) => {
      clearInterval(timer);
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - started }));
    });
    req.on("error", (error) => {
      clearInterval(timer);
      reject(error);
    });
    req.write("{");
  });
}

test("a JSON body sent too slowly is answered 408 on every route that reads one", async () => {
  test.setTimeout(60_000);
  const run = await pausedRun();
  const link = { "X-Form-Link": linkOf(run) };
  const routes: [string, Record<string, string>][] = [
    ["/api/launch", {}],
    [`/api/forms/${run.formToken}`, link],
    [`/api/forms/${run.formToken}/next-link`, { "X-Form-Link": linkOf(run, "run") }],
  ];
  // All at once: each request waits on its own clock.
  await Promise.all(
    routes.map(async ([path, headers]) => {
      const address = { "X-Forwarded-For": freshAddress() };
      const [silent, trickle] = await Promise.all([
        // Silent past the idle limit (1 s).
        trickledJson(path, { ...headers, ...address }, 1_500),
        // Never silent for long, but past the total limit (3 s).
        trickledJson(path, { ...headers, ...address }, 300),
      ]);
      expect(silent.status, path).toBe(408);
      expect(JSON.parse(silent.body)).toMatchObject({ status: 408, code: "request_timeout" });
      expect(trickle.status, path).toBe(408);
      expect(trickle.ms).toBeLessThan(10_000);
    }),
  );
  expect((await getFormRecord(run.formToken)).status).not.toBe("submitted");
});

test("a page sends its files two at a time, so none is refused by the link's upload limit", async ({
  page,
}) => {
  const run = await pausedRun();
  // Slow uploads upstream, so that the page's uploads would overlap if it sent them all at once
  // (this run's user's only: another story's upload would use one of the three up).
  await addFaults([
    {
      match: { method: "POST", path: "/v1/files/upload", user: run.user },
      kind: "delay",
      delay_ms: 800,
      times: 3,
    },
  ]);
  await page.goto(`${server.url}/form/${run.formToken}?${linkOf(run)}`);
  const pdf = (name: string) => ({
    name,
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4 test"),
  });
  await attachFiles(page, "Attachments", [pdf("a.pdf"), pdf("b.pdf"), pdf("c.pdf")]);
  const files = page.getByRole("list", { name: "Files for Attachments" }).getByRole("listitem");
  await expect(files).toHaveCount(3);
  for (const name of ["a.pdf", "b.pdf", "c.pdf"]) {
    await expect(files.filter({ hasText: name })).toContainText("(attached)");
  }
});

test("behind a trusted proxy, wrong tokens from one address are throttled on every route, and that address only", async ({
  request,
}) => {
  const url = server.url;
  const from = { "X-Forwarded-For": `203.0.113.${1 + Math.floor(Math.random() * 250)}` };
  // Counted on two routes: the knowledge routes and the metrics.
  for (let i = 0; i < LIMITS.MAX_AUTH_FAILURES_PER_ADDRESS; i++) {
    const path = i % 2 === 0 ? "/api/datasets" : "/api/metrics";
    const response = await request.get(`${url}${path}`, {
      headers: { ...from, ...bearer(`wrong-token-${i}`) },
    });
    expect(response.status(), `attempt ${i + 1}`).toBe(401);
  }
  for (const [path, token] of [
    ["/api/datasets", "one-more-wrong-token"],
    ["/api/metrics", "and-another-wrong-token"],
  ] as const) {
    const requestId = randomUUID();
    const response = await request.get(`${url}${path}`, {
      headers: { ...from, ...bearer(token), "x-request-id": requestId },
    });
    expect(response.status(), path).toBe(429);
    expect(await response.json()).toMatchObject({ status: 429, code: "too_many_requests" });
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await callsForRequest(requestId)).toEqual([]);
  }
  // A right token is never held back by wrong ones, from the same address either (decision 060).
  for (const [path, token] of [
    ["/api/datasets/demo-dataset/documents", PORTAL_TOKEN],
    ["/api/metrics", E2E_METRICS_TOKEN],
  ] as const) {
    const response = await request.get(`${url}${path}`, { headers: { ...from, ...bearer(token) } });
    expect(response.status(), path).toBe(200);
  }
  // Another client's right token is not held back, even when the guesser names it as the first
  // hop: the proxy appends the address it saw, and that last entry is the one counted.
  const other = await request.get(`${url}/api/datasets`, {
    headers: {
      "X-Forwarded-For": `${from["X-Forwarded-For"]}, 198.51.100.20`,
      ...bearer(E2E_NAMED_PORTAL_TOKENS.backend),
    },
  });
  expect(other.status()).toBe(200);
  // The Host check reads the proxy's X-Forwarded-Host entry too, not the client's.
  const hosted = (forwardedHost: string) =>
    request.get(`${url}/api/forms/unknown-token`, {
      headers: { "X-Forwarded-Host": forwardedHost },
    });
  expect((await hosted(`evil.example, 127.0.0.1:${server.port}`)).status()).not.toBe(421);
  expect((await hosted(`127.0.0.1:${server.port}, evil.example`)).status()).toBe(421);
});
