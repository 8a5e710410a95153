import { chromium, type Browser } from "@playwright/test";
import { findChromium, SYSTEM_CHROMIUM_ARGS } from "@/lib/tools/test/find-chromium";
import type { PhoneLoads, ThrottledPageResult } from "./bench-results";
import type { BenchForm } from "./create-demo-form";
import { median } from "./percentile";
import type { BenchStack } from "./start-bench-stack";

// The form page on a throttled phone, beside the floor app's bare page and its kept-libraries page
// under the same throttling (Chromium's CDP): CPU 4× slower, 1.6 Mbps down, 150 ms round trip, 360
// px wide. Readable: the first field (the bare page's button) and a first paint are there. Usable:
// the action button (the bare page's button) answers a tap, which it does only once the page has
// hydrated. The taps are the browser's own input events (CDP), sent at the button's place again and
// again as a person would tap: the page takes each when its main thread is free. Playwright's click
// is not used: it runs its own checks as script in the page first, which a busy page delays and its
// short timeout then drops, so it measured itself as much as the page.

const THROTTLE = { cpuRate: 4, downBytesPerSecond: 1_600_000 / 8, latencyMs: 150 };
/** How often a tap is sent until one is answered, ms. */
const TAP_EVERY_MS = 50;

// Before the page's own scripts: notes the first paint, the moment the target exists (readable),
// where it is on the screen (brought into view once), and the first change the page makes after
// a tap of it (usable: the tap was answered).
const PROBE = `(() => {
  const probe = (window.__bench = { fcp: null, shown: null, answered: null, tapped: false, at: null });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "first-contentful-paint") probe.fcp = entry.startTime;
    }
  }).observe({ type: "paint", buffered: true });
  new MutationObserver(() => {
    if (probe.shown === null && document.querySelector(READABLE)) probe.shown = performance.now();
    const target = document.querySelector(TARGET);
    if (target) {
      if (probe.at === null) target.scrollIntoView({ block: "center" });
      const box = target.getBoundingClientRect();
      probe.at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    if (probe.tapped && probe.answered === null && document.querySelector(ANSWERED))
      probe.answered = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

type Target = { url: string; readable: string; click: string; answered: string };
type Probe = {
  fcp: number | null;
  shown: number | null;
  answered: number | null;
  at: { x: number; y: number } | null;
};

async function loadOnce(
  browser: Browser,
  target: Target,
): Promise<{ readable: number; usable: number; beforeFetch: number; firstByte: number }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE.cpuRate });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: THROTTLE.latencyMs,
      downloadThroughput: THROTTLE.downBytesPerSecond,
      uploadThroughput: THROTTLE.downBytesPerSecond,
    });
    await page.addInitScript(
      PROBE.replace("READABLE", JSON.stringify(target.readable))
        .replace("TARGET", JSON.stringify(target.click))
        .replace("ANSWERED", JSON.stringify(target.answered)),
    );
    await page.goto(target.url, { waitUntil: "commit" });
    // Reads the probe; once the target is on the screen, the taps that follow count.
    const read = () =>
      page.evaluate(() => {
        const probe = (window as unknown as { __bench: Probe & { tapped: boolean } }).__bench;
        if (probe.at !== null) probe.tapped = true;
        return probe;
      });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`${target.url}: no tap answered in 60 s`);
      const probe = await read();
      if (probe.answered !== null && probe.shown !== null && probe.fcp !== null) {
        // The time before the page's own address was fetched: a redirect's round trip.
        const { fetchStart, responseStart } = await page.evaluate(() => {
          const entry = performance.getEntriesByType(
            "navigation",
          )[0] as PerformanceNavigationTiming;
          return { fetchStart: entry.fetchStart, responseStart: entry.responseStart };
        });
        return {
          readable: Math.max(probe.shown, probe.fcp),
          usable: probe.answered,
          beforeFetch: fetchStart,
          firstByte: responseStart - fetchStart,
        };
      }
      if (probe.at !== null) {
        const at = { x: probe.at.x, y: probe.at.y, button: "left" as const, clickCount: 1 };
        await cdp.send("Input.dispatchMouseEvent", { type: "mousePressed", ...at });
        await cdp.send("Input.dispatchMouseEvent", { type: "mouseReleased", ...at });
      }
      await new Promise((resolve) => setTimeout(resolve, TAP_EVERY_MS));
    }
  } finally {
    await context.close();
  }
}

async function loads(browser: Browser, target: Target, count: number): Promise<PhoneLoads> {
  const readableMs: number[] = [];
  const usableMs: number[] = [];
  const beforeFetchMs: number[] = [];
  const firstByteMs: number[] = [];
  // One load first, not counted: the server's first render of the page loads its modules.
  for (let load = -1; load < count; load++) {
    const { readable, usable, beforeFetch, firstByte } = await loadOnce(browser, target);
    if (load < 0) continue;
    firstByteMs.push(firstByte);
    readableMs.push(readable);
    usableMs.push(usable);
    beforeFetchMs.push(beforeFetch);
  }
  return {
    readableMs,
    usableMs,
    readableMedianMs: median(readableMs),
    usableMedianMs: median(usableMs),
    redirectMedianMs: median(beforeFetchMs),
    firstByteMedianMs: median(firstByteMs),
  };
}

/** The form page and the bare page, `count` throttled loads each. */
export async function measureThrottledPage(
  stack: BenchStack,
  form: BenchForm,
  options: { loads: number; log: (line: string) => void },
): Promise<ThrottledPageResult> {
  const found = findChromium();
  if (!found.found) throw new Error("no Chromium: run `npm run test:e2e` once or install chromium");
  const browser = await chromium.launch({
    executablePath: found.executablePath,
    args: found.executablePath ? SYSTEM_CHROMIUM_ARGS : [],
  });
  try {
    // The demo form's required choice is empty: its action answers a click with the form's
    // own refusal (an alert), and nothing is sent.
    const formPage = await loads(
      browser,
      {
        url: `${stack.appOrigin}${form.pagePath}`,
        readable: "main form :is(textarea, select, input:not([type=hidden]))",
        click: "main form .action-bar button",
        answered: "main form [role=alert]",
      },
      options.loads,
    );
    const barePage = await loads(
      browser,
      {
        url: `${stack.floorAppOrigin}/`,
        readable: "main button",
        click: "main button",
        answered: 'main button[data-count]:not([data-count="0"])',
      },
      options.loads,
    );
    // Next and React with the libraries the form page keeps, all in its first load: how much of
    // the form page's time is theirs rather than the product's.
    const keptPage = await loads(
      browser,
      {
        url: `${stack.floorAppOrigin}/kept`,
        readable: "main select",
        click: "main form button",
        answered: "main form [role=alert]",
      },
      options.loads,
    );
    options.log(
      `  throttled phone, usable: form ${formPage.usableMedianMs.toFixed(0)} ms, ` +
        `kept libraries' page ${keptPage.usableMedianMs.toFixed(0)} ms, ` +
        `bare page ${barePage.usableMedianMs.toFixed(0)} ms`,
    );
    return { throttle: THROTTLE, formPage, barePage, keptPage };
  } finally {
    await browser.close();
  }
}
