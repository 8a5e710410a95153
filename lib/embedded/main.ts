import { startEmbeddedServer } from "./server";

// CLI entry (`npm run embedded`): env EMBEDDED_DIFY_PORT, EMBEDDED_FORM_TTL_SECONDS,
// EMBEDDED_STEP_DELAY_MS, EMBEDDED_PING_INTERVAL_MS.
function numberFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`${name} must be a non-negative number, got "${raw}"`);
    process.exit(1);
  }
  return value;
}

async function main(): Promise<void> {
  const server = await startEmbeddedServer({
    port: numberFromEnv("EMBEDDED_DIFY_PORT") ?? 5001,
    formTtlSeconds: numberFromEnv("EMBEDDED_FORM_TTL_SECONDS"),
    stepDelayMs: numberFromEnv("EMBEDDED_STEP_DELAY_MS"),
    pingIntervalMs: numberFromEnv("EMBEDDED_PING_INTERVAL_MS"),
  });
  console.log(`Embedded Dify-compatible service listening on ${server.url}`);

  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  console.error(
    "Embedded Dify-compatible service failed to start:",
    error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
