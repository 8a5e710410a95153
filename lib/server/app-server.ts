// The app's HTTP server: `node .next/standalone/server.js` in production (bundled there by
// lib/tools/cli/prepare-standalone.ts in place of Next's own), `tsx lib/server/app-server.ts --dev`
// in development. It answers the form routes itself on Node's request and response
// (lib/server/node-routes.ts, which Next loads with the rest of the app and hands over from
// instrumentation.ts) and gives every other request to Next's handler. Why: decision 021.
// NOTE: this file runs outside Next's bundle: it imports nothing of the app but the hand-over key.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { NODE_ROUTES, type AnswerNodeRoute } from "@/lib/server/node-routes-key";

const dev = process.argv.includes("--dev");
const dir = dev ? process.cwd() : __dirname;

if (!dev) {
  (process.env as Record<string, string>).NODE_ENV = "production";
  process.chdir(dir);
  // What Next's own standalone server.js does: the build's config, not next.config.mjs (whose
  // plugins are not in the standalone output).
  const manifest = JSON.parse(
    readFileSync(path.join(dir, ".next", "required-server-files.json"), "utf8"),
  ) as { config: unknown };
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(manifest.config);
}
// Signals are the app's (lib/server/graceful-shutdown.ts): it drains, then exits.
process.env.NEXT_MANUAL_SIG_HANDLE = "true";

const port = Number.parseInt(process.env.PORT ?? "", 10) || 3000;
const hostname = process.env.HOSTNAME || (dev ? "localhost" : "0.0.0.0");
const keepAliveTimeout = Number.parseInt(process.env.KEEP_ALIVE_TIMEOUT ?? "", 10);

async function main() {
  const app = next({ dev, dir, hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  if (!dev) {
    // In production Next runs instrumentation.ts on its first request; the form routes (and the
    // start-up checks) must be there before the first request, so run it now, as Next would (the
    // hook runs once per process whoever asks first).
    const { ensureInstrumentationRegistered } =
      (await import("next/dist/server/lib/router-utils/instrumentation-globals.external.js")) as {
        ensureInstrumentationRegistered: (dir: string, distDir: string) => Promise<void>;
      };
    await ensureInstrumentationRegistered(dir, ".next");
  }
  const answerNodeRoute = (globalThis as Record<symbol, unknown>)[NODE_ROUTES] as
    AnswerNodeRoute | undefined;
  if (typeof answerNodeRoute !== "function") {
    throw new Error("The form routes did not load: instrumentation.ts installs them.");
  }

  const server = createServer((req, res) => {
    if (answerNodeRoute(req, res)) return;
    handle(req, res).catch((error: unknown) => {
      console.error("Next could not answer a request:", error);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  if (Number.isFinite(keepAliveTimeout) && keepAliveTimeout >= 0) {
    server.keepAliveTimeout = keepAliveTimeout;
  }
  // On SIGTERM the listener closes (idle keep-alive connections with it), so a balancer sends new
  // requests to another copy; the app's own handler drains what is in flight and exits.
  const stopListening = () => server.close();
  process.once("SIGTERM", stopListening);
  process.once("SIGINT", stopListening);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, resolve);
  });
  console.log(`Ready on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
