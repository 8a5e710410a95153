// Runs after `next build`. Next's standalone output holds its server and the traced modules but
// not the static assets or public/, which a CDN would usually serve. We serve them from the same
// server, so they are copied beside Next's own server.js, where it looks for them.
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";

const root = process.cwd();
const standalone = path.join(root, ".next", "standalone");
if (!existsSync(path.join(standalone, "server.js"))) {
  console.error('No .next/standalone/server.js: is `output: "standalone"` set in next.config.mjs?');
  process.exit(1);
}

for (const [from, to] of [
  [path.join(root, ".next", "static"), path.join(standalone, ".next", "static")],
  [path.join(root, "public"), path.join(standalone, "public")],
  // The store's migrations, which the server applies as it starts (the build does not trace them).
  [
    path.join(root, "lib", "server", "store", "migrations"),
    path.join(standalone, "lib", "server", "store", "migrations"),
  ],
] as const) {
  rmSync(to, { recursive: true, force: true });
  if (existsSync(from)) cpSync(from, to, { recursive: true });
}
console.log("Standalone server ready: node .next/standalone/server.js");
