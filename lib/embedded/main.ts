import { adminTokenPath, publishAdminToken } from "./admin-token";
import { startEmbeddedServer } from "./server";

// CLI entry (`npm run embedded`): env EMBEDDED_DIFY_PORT, EMBEDDED_FORM_TTL_SECONDS,
// EMBEDDED_STEP_DELAY_MS, EMBEDDED_PING_INTERVAL_MS, EMBEDDED_ADMIN_TOKEN (else a random one).
// The admin token is written to a file only this OS user can read, for the e2e fixtures.
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
    adminToken: process.env.EMBEDDED_ADMIN_TOKEN?.trim() || undefined,
  });
  const unpublish = publishAdminToken(server.port, server.adminToken);
  console.log(`Embedded Dify-compatible service listening on ${server.url}`);
  console.log(`Admin token: ${adminTokenPath(server.port)}`);

  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    unpublish();
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
