import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

// Which Chromium the e2e suite drives: an explicit path, else Playwright's own build when it is
// installed (developer machines), else Debian's (CI and machines where `npx playwright install`
// cannot download). Of Debian's, the headless shell first, as Playwright's own headless runs use:
// the full browser in its new headless mode costs the suite about a fifth more CPU (decision 089).
// A run that shows its window (`--headed`, `--ui`, PWDEBUG) needs the full browser.

const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const SYSTEM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

export function findChromium(options: { headed?: boolean } = {}): {
  executablePath: string | undefined;
  found: boolean;
} {
  const explicit = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE;
  if (explicit) return { executablePath: explicit, found: existsSync(explicit) };
  try {
    if (existsSync(chromium.executablePath())) return { executablePath: undefined, found: true };
  } catch {
    // Playwright has no browser of its own here.
  }
  const system = [...(options.headed ? [] : [HEADLESS_SHELL]), ...SYSTEM_PATHS].find((path) =>
    existsSync(path),
  );
  return { executablePath: system, found: Boolean(system) };
}

/** Flags for a system Chromium: no sandbox as root, and no calls home on a closed network. */
export const SYSTEM_CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
