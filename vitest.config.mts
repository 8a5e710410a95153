import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "@": fileURLToPath(new URL(".", import.meta.url)) },
  },
  test: {
    include: ["lib/**/*.test.ts", "components/**/*.test.ts", "components/**/*.test.tsx"],
    setupFiles: ["./lib/tools/test/vitest-setup.ts"],
    globalSetup: ["./lib/tools/test/vitest-global-setup.ts"],
    environment: "node",
    // Two workers a core: many tests wait on timers, sockets and child processes (PostgreSQL,
    // Redis, SMTP), so one worker a core leaves the cores idle; at two, they are busy.
    maxWorkers: "200%",
  },
});
