import { fileURLToPath } from "node:url";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: {
    // The messages are compiled at build time: the browser gets a formatter of under 1 kB instead
    // of an ICU parser (about 8 kB gzip of every page's first load). Only the build sees compiled
    // messages; tests and tools read the JSON files as written.
    messages: { path: "./lib/i18n/messages", format: "json", locales: "infer", precompile: true },
  },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // A self-contained server in .next/standalone (server.js with only the traced node_modules):
  // what the container image runs and the e2e suite starts. lib/tools/cli/prepare-standalone.ts copies
  // the static files and public/ beside it after the build.
  output: "standalone",
  // This folder, not a parent that happens to hold another lock file, is the root of the trace:
  // server.js lands at .next/standalone/server.js.
  outputFileTracingRoot: fileURLToPath(new URL(".", import.meta.url)),
  poweredByHeader: false,
  // `npm test` type-checks in a step of its own before it builds; every other build checks here.
  typescript: { ignoreBuildErrors: process.env.SUITE_TYPECHECKED === "1" },
  // No image optimizer: nothing uses next/image, so /_next/image answers 404 instead of resizing
  // whatever URL it is handed (decision 034).
  images: { unoptimized: true },
  // ...and its native image library (sharp, Next's optional dependency) stays out of the
  // standalone output: the server never loads it, and it has had advisories of its own.
  outputFileTracingExcludes: {
    "*": ["**/node_modules/sharp/**/*", "**/node_modules/@img/**/*"],
  },
  // Node-only packages used by route handlers; keep them out of the bundle.
  serverExternalPackages: ["@fastify/busboy", "undici", "prom-client", "pg", "pg-boss"],
  // Metadata (the page title) in the first bytes for every client, not streamed in later: screen
  // readers and axe read the title on load.
  htmlLimitedBots: /.*/,
  // Response headers are set in one place, lib/server/http/response-headers.ts (proxy.ts applies
  // them to pages and files, handleRoute to API answers).
};

export default withNextIntl(nextConfig);
