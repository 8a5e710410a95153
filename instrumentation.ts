// Runs once per server process (Next's public instrumentation hook).
export async function register() {
  // Next's own marker of the runtime (replaced at build time), not configuration.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { configurationProblem } = await import("@/lib/server/env");
  const problem = configurationProblem();
  if (problem) {
    // Loud, naming the variable. The server keeps running so that /api/ready says the same (503)
    // until the configuration is fixed, and every other request fails closed. With nothing to
    // drain, Next's own signal handling stops it.
    console.error(JSON.stringify({ level: "error", msg: "invalid configuration", problem }));
    return;
  }
  const { getEnv } = await import("@/lib/server/env");
  const { directClientsNotice } = await import("@/lib/server/client-address");
  const notice = directClientsNotice();
  if (notice && getEnv().NODE_ENV !== "development") {
    console.warn(JSON.stringify({ level: "warn", msg: "no trusted proxy", detail: notice }));
  }
  // Only where Redis is configured: a copy that counts its limits in memory does not load the
  // Redis client and the shared store's modules at all.
  if (getEnv().REDIS_URL) {
    const { connectSharedStore } = await import("@/lib/server/shared-limits/shared-store");
    await connectSharedStore();
  }
  // The store's migrations before any request (one that fails stops the start, naming why).
  // Without DATABASE_URL the store's modules are not loaded at all.
  const { storeConfigured } = await import("@/lib/server/store/store-configured");
  if (storeConfigured()) {
    const { startStore } = await import("@/lib/server/store/start-store");
    await startStore();
  } else if (getEnv().NODE_ENV === "production") {
    console.info(
      JSON.stringify({
        level: "info",
        msg: "store off",
        detail:
          "DATABASE_URL is unset: forms answer by their links only; /api/requests and /api/decisions answer 404 requests_off.",
      }),
    );
  }
  // SIGTERM: drain (end streams with `retry:`, let requests finish), then exit 0.
  const { installShutdownHandler } = await import("@/lib/server/ops/graceful-shutdown");
  installShutdownHandler({ graceMs: getEnv().limits.SHUTDOWN_GRACE_MS });
}
