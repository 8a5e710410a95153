import { fileURLToPath } from "node:url";

// The bench's own Next app (lib/tools/bench/start-floor-app.ts builds it once and starts it with
// `next start`): route handlers and pages that measure what Next and the kept libraries cost,
// apart from the product.
// JavaScript, so that building it writes no tsconfig or type files into the repository.

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The project's node_modules sit at the repository root.
  turbopack: { root: fileURLToPath(new URL("../../../..", import.meta.url)) },
  outputFileTracingRoot: fileURLToPath(new URL("../../../..", import.meta.url)),
};

export default nextConfig;
