import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { findChromium, SYSTEM_CHROMIUM_ARGS } from "@/lib/tools/test/find-chromium";
import type { PageResult } from "./bench-results";
import type { BenchForm } from "./create-demo-form";
import { median } from "./percentile";
import { scriptSources } from "./script-sources";
import type { BenchStack } from "./start-bench-stack";

/**
 * First-load JS as a browser downloads it: each script of the page's HTML read from the build
 * and gzipped at zlib's default level, which is what the app's server (Next's compression) sends.
 */
async function firstLoadJs(origin: string, buildDir: string, pagePath: string, status: number) {
  const response = await fetch(`${origin}${pagePath}`);
  if (response.status !== status) throw new Error(`${pagePath}: status ${response.status}`);
  const html = await response.text();
  const scripts = scriptSources(html).map((src) => {
    const file = path.join(
      buildDir,
      decodeURIComponent(src.slice("/_next/".length).split("?")[0]!),
    );
    return { src, gzipBytes: gzipSync(readFileSync(file)).length };
  });
  return { scripts, total: scripts.reduce((sum, s) => sum + s.gzipBytes, 0) };
}

// The first field of the form, as a person would reach it.
const FIELD = "main form :is(textarea, select, input:not([type=hidden])):not([disabled])";

// Runs in the page before its own scripts: notes when the first form field stops being inert
// (a field takes input before the page hydrates), the first paint (nobody can use a field before
// it is on the screen: usable is the later of the two), and the latest LCP. Whether that field
// really takes focus is checked once the page has loaded: focus() forces a layout, and calling it
// while the page loads would delay the very paint measured.
const PROBE = `(() => {
  const probe = (window.__bench = { open: null, fcp: null, lcp: null });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "first-contentful-paint") probe.fcp = entry.startTime;
    }
  }).observe({ type: "paint", buffered: true });
  const check = () => {
    const field = document.querySelector(FIELD);
    if (!field || field.closest("[inert]")) return;
    probe.open = performance.now();
    observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();`.replace("FIELD", JSON.stringify(FIELD));

type Probe = { open: number | null; fcp: number | null; lcp: number | null };

/** The form page's first-load JS, then `loads` cold loads (a fresh context each) in Chromium. */
export async function measurePage(
  stack: BenchStack,
  form: BenchForm,
  options: { loads: number; log: (line: string) => void },
): Promise<PageResult> {
  const appBuild = path.join(stack.root, ".next");
  const js = await firstLoadJs(stack.appOrigin, appBuild, form.pagePath, 200);
  // Under it: the 404 page has the root layout and its providers but no product page; the floor
  // app's bare page is Next and React with one client button, the floor the budget counts from.
  const floor = await firstLoadJs(stack.appOrigin, appBuild, "/no-such-page", 404);
  const bare = await firstLoadJs(stack.floorAppOrigin, stack.floorAppBuildDir, "/", 200);
  options.log(
    `  first-load JS: ${js.total} bytes gzip in ${js.scripts.length} scripts (404 page: ${floor.total})`,
  );

  const found = findChromium();
  if (!found.found) throw new Error("no Chromium: run `npm run test:e2e` once or install chromium");
  const browser = await chromium.launch({
    executablePath: found.executablePath,
    args: found.executablePath ? SYSTEM_CHROMIUM_ARGS : [],
  });
  const usableMs: number[] = [];
  const lcpMs: number[] = [];
  try {
    // One load first, not counted: the server's first render of the page loads its modules.
    for (let load = -1; load < options.loads; load++) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.addInitScript(PROBE);
        await page.goto(`${stack.appOrigin}${form.pagePath}`, { waitUntil: "commit" });
        await page.waitForFunction(
          () => {
            const probe = (window as unknown as { __bench: Probe }).__bench;
            return probe.open !== null && probe.fcp !== null;
          },
          null,
          { timeout: 20_000 },
        );
        // LCP candidates keep coming until the page settles.
        await page.waitForLoadState("load");
        await page.waitForTimeout(250);
        const probe = await page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);
        const focused = await page.evaluate((selector) => {
          const field = document.querySelector<HTMLElement>(selector);
          field?.focus({ preventScroll: true });
          return field !== null && document.activeElement === field;
        }, FIELD);
        if (load >= 0) {
          // A field that does not take focus after all is never usable: the budget fails.
          usableMs.push(
            focused ? Math.max(probe.open ?? Number.NaN, probe.fcp ?? Number.NaN) : Number.NaN,
          );
          lcpMs.push(probe.lcp ?? Number.NaN);
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return {
    path: "/form/[token]",
    firstLoadJsGzipBytes: js.total,
    floorJsGzipBytes: floor.total,
    barePageJsGzipBytes: bare.total,
    scripts: js.scripts,
    usableMs,
    lcpMs,
    usableMedianMs: median(usableMs),
    lcpMedianMs: median(lcpMs),
  };
}
