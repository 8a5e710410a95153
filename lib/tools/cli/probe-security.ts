// npm run probe:security [-- http://127.0.0.1:3000]: repeats, against a running copy, the last
// security review's medium and low findings that can be probed from outside, and says of each
// whether it is closed. PROBE_PORTAL_TOKEN (a right portal token) adds the lockout probe. It
// sends a few dozen requests; the wrong tokens and link checks count against the probing address.
import { connect } from "node:net";

type Verdict = "closed" | "OPEN" | "skipped" | "tested";
const rows: { finding: string; verdict: Verdict; detail: string }[] = [];
const note = (finding: string, verdict: Verdict, detail = "") =>
  rows.push({ finding, verdict, detail });

const base = new URL(process.argv[2] ?? process.env.PROBE_URL ?? "http://127.0.0.1:3000");
const origin = base.origin;
const at = (path: string) => new URL(path, base).href;

async function status(path: string, init: RequestInit = {}) {
  const response = await fetch(at(path), init);
  await response.body?.cancel();
  return response;
}

/** Medium: ten wrong tokens locked every right token out for the window. */
async function wrongTokens() {
  const token = process.env.PROBE_PORTAL_TOKEN;
  const finding = "wrong bearer tokens lock out the right one";
  if (!token) return note(finding, "skipped", "set PROBE_PORTAL_TOKEN");
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const wrong = await status("/api/datasets", {
      headers: { Authorization: `Bearer wrong-${i}` },
    });
    statuses.push(wrong.status);
  }
  const right = await status("/api/datasets", { headers: { Authorization: `Bearer ${token}` } });
  // Past the token check whatever the route then answers (no knowledge key: 500).
  note(
    finding,
    right.status !== 401 && right.status !== 429 ? "closed" : "OPEN",
    `wrong: ${[...new Set(statuses)].join("/")}, right: ${right.status}`,
  );
}

/** Medium: ten malformed launches blocked every launch. */
async function malformedLaunches() {
  const finding = "malformed launches use up the launch rate";
  const statuses: number[] = [];
  for (let i = 0; i < 15; i++) {
    const response = await status("/api/launch", {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json" },
      body: "{ not json",
    });
    statuses.push(response.status);
  }
  if (statuses.every((code) => code === 404)) return note(finding, "skipped", "launcher is off");
  note(
    finding,
    statuses.includes(429) ? "OPEN" : "closed",
    `answers: ${[...new Set(statuses)].join("/")}`,
  );
}

/** Medium: 60 link checks blocked every upload. */
async function linkChecks() {
  const finding = "link checks use up everyone's uploads";
  let cookie = "";
  const statuses: number[] = [];
  for (let i = 0; i < 70; i++) {
    const response = await status("/api/launch/files/link", {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ field: "probe", url: "https://files.example/probe.png" }),
    });
    cookie ||= (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    statuses.push(response.status);
  }
  if (statuses.every((code) => code === 404)) return note(finding, "skipped", "launcher is off");
  // Another visitor's upload (refused as not multipart, so nothing is sent upstream).
  const upload = await status("/api/launch/files", {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "text/plain" },
    body: "x",
  });
  note(
    finding,
    upload.status === 429 ? "OPEN" : "closed",
    `checks: ${[...new Set(statuses)].join("/")}, another's upload: ${upload.status}`,
  );
}

/** Low: OPTIONS and TRACE bypassed the wrapper (no Host check, headers, log line; 204/400). */
async function otherMethods() {
  const options = await status("/api/launch/parameters", { method: "OPTIONS" });
  const allow = options.headers.get("allow") ?? "";
  note(
    "OPTIONS answered outside the wrapper",
    options.status === 405 && allow.includes("HEAD") && options.headers.has("x-request-id")
      ? "closed"
      : "OPEN",
    `${options.status}, Allow: ${allow || "none"}`,
  );
  const trace = await rawStatus("TRACE", "/api/health");
  // Next refuses TRACE before any app code runs (a bare 500 that echoes nothing).
  note("TRACE answered outside the wrapper", trace === 405 ? "closed" : "OPEN", `${trace}`);
}

/** Low: a timed-out body's connection was held open until Node's own timeout. */
async function timedOutBodySocket() {
  const closedAfterMs = await new Promise<number>((resolve) => {
    const socket = connect(Number(base.port || 80), base.hostname);
    let answeredAt = 0;
    socket.on("data", () => (answeredAt ||= Date.now()));
    socket.on("close", () => resolve(answeredAt ? Date.now() - answeredAt : -1));
    socket.on("error", () => resolve(-1));
    // The body stops after one byte: past JSON_BODY_IDLE_TIMEOUT_MS (10 s) it is answered 408.
    setTimeout(() => (socket.destroy(), resolve(Number.POSITIVE_INFINITY)), 45_000).unref();
    socket.write(
      `POST /api/launch HTTP/1.1\r\nHost: ${base.host}\r\nOrigin: ${origin}\r\n` +
        "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    );
  });
  note(
    "a timed-out body's connection is held open",
    closedAfterMs >= 0 && closedAfterMs < 3_000 ? "closed" : "OPEN",
    Number.isFinite(closedAfterMs) ? `closed ${closedAfterMs} ms after the answer` : "still open",
  );
}

/** Low: anonymous pages named the upstream's origin in their CSP. */
async function anonymousCsp() {
  const page = await status("/form/probe-token");
  const imgSrc = /img-src ([^;]*)/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
  const origins = (imgSrc ?? "").split(" ").filter((source) => /^https?:/.test(source));
  note(
    "anonymous pages name the upstream's origin",
    origins.length === 0 ? "closed" : "OPEN",
    origins.length
      ? `img-src names ${origins.join(" ")} (fine if MARKDOWN_IMAGE_ORIGINS is set)`
      : "",
  );
}

/** Low: an X-Forwarded-For entry that is no address was pooled as one `unknown` client. */
async function forwardedJunk() {
  const response = await status("/api/launch", {
    method: "POST",
    headers: {
      Origin: origin,
      "Content-Type": "application/json",
      "X-Forwarded-For": "not-an-address",
    },
    body: JSON.stringify({ inputs: {} }),
  });
  note(
    "junk X-Forwarded-For is pooled as one client",
    response.status === 429 ? "OPEN" : "closed",
    `${response.status} (400 behind a trusted proxy; ignored without one)`,
  );
}

function rawStatus(method: string, path: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(Number(base.port || 80), base.hostname);
    socket.once("data", (chunk) => {
      resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(chunk.toString())?.[1] ?? 0));
      socket.destroy();
    });
    socket.on("error", () => resolve(0));
    socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${base.host}\r\nConnection: close\r\n\r\n`);
  });
}

/** Findings no request from outside can show (they need the upstream, a link server or Redis). */
const TESTED: [string, string][] = [
  ["REMOTE_FILE_HOSTS with a port crashes every route", "lib/server/env-schema.test.ts"],
  ["a named inside host is reached at any port", "lib/server/files/ask-remote-file.test.ts"],
  ["a redirect leads from a public link inside", "lib/server/files/ask-remote-file.test.ts"],
  ["a malformed Location is a 500", "lib/server/files/ask-remote-file.test.ts"],
  ["an inside server's file name reaches the page", "lib/server/files/check-link.test.ts"],
  ["a submit passes a name that resolves inside", "lib/server/request/check-input-links.test.ts"],
  ["live views of 25 links take every slot", "e2e/no-lockout.spec.ts"],
  ["IPv6 clients each get a count per address", "lib/server/client-address.test.ts"],
  ["an upload has no total deadline", "lib/server/files/watch-upload-body.test.ts"],
  ["a 150 MB upstream answer is read whole", "lib/server/dify/dify-client.test.ts"],
  ["an upstream 4xx message reaches the caller", "lib/server/dify/dify-client.test.ts"],
  ["upstream_key_refused names a setting", "lib/server/dify/dify-client.test.ts"],
  ["with Redis away each copy counts a full limit", "e2e/shared-limits.spec.ts"],
  ["receipts and drafts stay on a shared computer", "e2e/reviewer-desk.spec.ts"],
];

async function main() {
  console.log(`Probing ${origin}`);
  for (const probe of [
    wrongTokens,
    malformedLaunches,
    linkChecks,
    otherMethods,
    timedOutBodySocket,
    anonymousCsp,
    forwardedJunk,
  ])
    await probe().catch((error: unknown) => note(probe.name, "OPEN", String(error)));
  for (const [finding, test] of TESTED) note(finding, "tested", `see ${test}`);
  const width = Math.max(...rows.map((row) => row.finding.length));
  for (const row of rows)
    console.log(`${row.verdict.padEnd(8)} ${row.finding.padEnd(width)}  ${row.detail}`);
  process.exitCode = rows.some((row) => row.verdict === "OPEN") ? 1 : 0;
}

void main();
