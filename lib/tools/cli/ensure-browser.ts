// Runs before the e2e suite: makes sure a Chromium exists, installing Debian's package when run as
// root on Debian with none present (Playwright's own download is not reachable everywhere).
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findChromium } from "@/lib/tools/test/find-chromium";

const browser = findChromium();
if (browser.found) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (isRoot && existsSync("/usr/bin/apt-get")) {
  console.log("No Chromium found: installing Debian's chromium packages…");
  execSync(
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell chromium",
    {
      stdio: "inherit",
    },
  );
  if (findChromium().found) process.exit(0);
}
console.error(
  "No Chromium for the e2e tests. Run `npx playwright install chromium`, install Debian's `chromium-headless-shell` or `chromium`, or set PLAYWRIGHT_CHROMIUM_EXECUTABLE.",
);
process.exit(1);
