import { defineConfig, devices } from "@playwright/test";
import { e2eAppServerEnv } from "@/e2e/app-server-env";
import { E2E_APP_PORT, E2E_CHAT_APP_PORT, E2E_EMBEDDED_PORT } from "@/e2e/ports";
import { EMBEDDED_KEYS } from "@/lib/embedded/demo-keys";
import { findChromium, SYSTEM_CHROMIUM_ARGS } from "@/lib/tools/test/find-chromium";

// The e2e suite runs the built app against the embedded Dify-compatible service, each as its own
// webServer on ports of their own, so a running `npm run demo` does not get in the way. A second
// app server holds the chatflow app's key, for the launcher's chat stories.

// A window to watch needs the full browser, not the headless shell.
const headed =
  Boolean(process.env.PWDEBUG) || process.argv.some((arg) => /^--(headed|ui|debug)\b/.test(arg));
const browser = findChromium({ headed });

export default defineConfig({
  testDir: "./e2e",
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  // Generous: the load stories share the 2 cores with the stories beside them.
  expect: { timeout: 15_000, toHaveScreenshot: { maxDiffPixelRatio: 0.01 } },
  // Baselines are written when missing on a developer machine, never on CI (a missing one fails).
  updateSnapshots: process.env.CI ? "none" : "missing",
  reporter: [
    ["list"],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
    ["./e2e/suite-time-reporter.ts"],
  ],
  use: {
    baseURL: `http://127.0.0.1:${E2E_APP_PORT}`,
    trace: "on-first-retry",
    // A worker's stories share one browser context, reset between them (cookies, storage, cache,
    // pages, routes): a fresh one costs the browser about a second of CPU (decision 087).
    reuseContext: true,
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: browser.executablePath
          ? { executablePath: browser.executablePath, args: SYSTEM_CHROMIUM_ARGS }
          : {},
      },
    },
  ],
  webServer: [
    {
      command: "npx tsx lib/embedded/main.ts",
      url: `http://127.0.0.1:${E2E_EMBEDDED_PORT}/_embedded/health`,
      env: {
        ...process.env,
        EMBEDDED_DIFY_PORT: String(E2E_EMBEDDED_PORT),
        EMBEDDED_STEP_DELAY_MS: "20",
        EMBEDDED_PING_INTERVAL_MS: "1000",
      },
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    appServer(E2E_APP_PORT, EMBEDDED_KEYS.workflowApp),
    // DIFY_APP_MODE stays unset (auto): the launcher finds out that this app is a chat app.
    appServer(E2E_CHAT_APP_PORT, EMBEDDED_KEYS.chatflowApp),
  ],
});

function appServer(port: number, appKey: string) {
  return {
    // The standalone server `npm run build` makes: what the container image runs.
    command: "node .next/standalone/server.js",
    url: `http://127.0.0.1:${port}/`,
    env: {
      ...(process.env as Record<string, string>),
      ...e2eAppServerEnv({
        DIFY_APP_API_KEY: appKey,
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
        APP_ORIGIN: `http://127.0.0.1:${port}`,
      }),
    },
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  };
}
