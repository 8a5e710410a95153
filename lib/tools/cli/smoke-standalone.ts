// npm run smoke: Next's own standalone server (`node .next/standalone/server.js`, after `npm run
// build`) under the Node that runs this script, against the embedded service: the form page and
// the form API answer, the run's event stream opens, and SIGTERM ends the process with 0.
// .ci/run runs it under Node 24 (the container's Node) beside the suite on the machine's Node.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { createAdminClient } from "@/lib/embedded/admin-client";
import { startEmbeddedServer } from "@/lib/embedded/server";
import { formLinkPath, formLinkQuery } from "@/lib/server/form/signed-form-link";
import { FORM_LINK_HEADER } from "@/lib/form/form-link";
import { EMBEDDED_KEYS, EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

let passed = 0;
let failed = 0;
function check(name: string, ok: boolean, detail = "") {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${ok || !detail ? "" : `: ${detail}`}`);
}

async function main() {
  console.log(`Smoke test of the standalone server on Node ${process.version}`);
  const embedded = await startEmbeddedServer({ port: await freePort() });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = spawn(process.execPath, [".next/standalone/server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      APP_ORIGIN: origin,
      DIFY_API_BASE: embedded.url,
      DIFY_APP_API_KEY: EMBEDDED_KEYS.workflowApp,
      FORM_LINK_SECRET: EMBEDDED_LINK_SECRET,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  app.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  app.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => app.once("exit", resolve));
  try {
    const deadline = Date.now() + 60_000;
    let up = false;
    while (!up && Date.now() < deadline) {
      up = await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    check("the server answers /api/health", up, output);
    check("/api/ready is 200", (await fetch(`${origin}/api/ready`)).status === 200);

    const admin = createAdminClient({ origin: embedded.origin, token: embedded.adminToken });
    const run = await admin.startDemoRun({ app: "workflow", user: "smoke" });
    const claims = {
      token: run.form_token,
      run: run.workflow_run_id,
      user: "smoke",
      exp: Math.floor(Date.now() / 1000) + 600,
    };
    const page = await fetch(origin + formLinkPath(claims, EMBEDDED_LINK_SECRET));
    const html = await page.text();
    check("the form page renders the form", page.status === 200 && html.includes("<form"));
    const headers = { [FORM_LINK_HEADER]: formLinkQuery(claims, EMBEDDED_LINK_SECRET) };
    const form = await fetch(`${origin}/api/forms/${run.form_token}`, { headers });
    const view = (await form.json()) as { actions?: unknown[] };
    check("GET /api/forms/{token} answers the form", form.status === 200 && !!view.actions);
    const abort = new AbortController();
    const events = await fetch(`${origin}/api/forms/${run.form_token}/events`, {
      headers,
      signal: abort.signal,
    });
    const reader = events.body!.getReader();
    let first = "";
    // Keep-alives may come first.
    for (let i = 0; i < 20 && !first.includes("data:"); i++) {
      first += new TextDecoder().decode((await reader.read()).value);
    }
    abort.abort();
    check(
      "GET /api/forms/{token}/events streams the run",
      events.status === 200 && first.includes("data:"),
    );
    const refused = await fetch(`${origin}/api/forms/${run.form_token}`, { method: "PUT" });
    check("a method a route does not take is 405 with Allow", refused.headers.has("allow"));

    app.kill("SIGTERM");
    const code = await exited;
    check("SIGTERM ends the server with exit code 0", code === 0, `exit code ${code}`);
  } finally {
    app.kill("SIGKILL");
    await embedded.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
