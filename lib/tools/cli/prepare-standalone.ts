// Runs after `next build`. Next's standalone output holds its server and the traced modules but
// not the static assets or public/, which a CDN would usually serve. We serve them from the same
// server, so they are copied beside server.js, where it looks for them. And server.js becomes the
// app's own (lib/server/app-server.ts, decision 021): it answers the form routes on Node's request
// and response and hands everything else to Next.
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = process.cwd();
const standalone = path.join(root, ".next", "standalone");
if (!existsSync(path.join(standalone, "server.js"))) {
  console.error('No .next/standalone/server.js: is `output: "standalone"` set in next.config.mjs?');
  process.exit(1);
}

for (const [from, to] of [
  [path.join(root, ".next", "static"), path.join(standalone, ".next", "static")],
  [path.join(root, "public"), path.join(standalone, "public")],
] as const) {
  rmSync(to, { recursive: true, force: true });
  if (existsSync(from)) cpSync(from, to, { recursive: true });
}

build({
  entryPoints: [path.join(root, "lib", "server", "app-server.ts")],
  outfile: path.join(standalone, "server.js"),
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  // Next is the standalone output's own copy, traced by the build.
  external: ["next"],
  tsconfig: path.join(root, "tsconfig.json"),
  logLevel: "warning",
}).then(
  () => console.log("Standalone server ready: node .next/standalone/server.js"),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
