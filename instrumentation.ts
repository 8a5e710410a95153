import { parseEnv } from "@/lib/server/env-schema";

// Runs once when the server starts (lib/server/app-server.ts prepares Next, which calls it).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Fails the start at once, naming the variable, instead of on the first request.
  const env = parseEnv(process.env);
  // SIGTERM: drain (end streams with `retry:`, let requests finish), then exit 0.
  const { installShutdownHandler } = await import("@/lib/server/graceful-shutdown");
  installShutdownHandler({ graceMs: env.shutdownGraceMs });
  // The form routes, answered by the app's server in front of Next (decision 021).
  const { installNodeRoutes } = await import("@/lib/server/node-routes");
  installNodeRoutes();
}
