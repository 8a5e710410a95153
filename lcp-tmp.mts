import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
const link = readFileSync("/tmp/link.txt", "utf8").trim();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const focus of [false, true, false, true]) {
  const u: number[] = []; const l: number[] = []; const f: number[] = [];
  for (let i = 0; i < 6; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(`(() => { const p = (window.__p = { usable: null, lcp: null, fcp: null });
      new PerformanceObserver((x) => { for (const e of x.getEntries()) p.lcp = e.startTime; }).observe({ type: "largest-contentful-paint", buffered: true });
      new PerformanceObserver((x) => { for (const e of x.getEntries()) if (e.name === "first-contentful-paint") p.fcp = e.startTime; }).observe({ type: "paint", buffered: true });
      const check = () => { if (p.usable !== null) return; const fl = document.querySelector("main form :is(textarea, select, input:not([type=hidden])):not([disabled])"); if (!fl || fl.closest("[inert]")) return;
        if (${focus}) { fl.focus({ preventScroll: true }); if (document.activeElement !== fl) return; }
        p.usable = performance.now(); obs.disconnect(); };
      const obs = new MutationObserver(check); obs.observe(document, { subtree: true, childList: true, attributes: true }); })()`);
    await page.goto(link, { waitUntil: "commit" });
    await page.waitForFunction(() => (window as any).__p.usable !== null, null, { timeout: 20000 });
    await page.waitForLoadState("load"); await page.waitForTimeout(250);
    const p = await page.evaluate(() => (window as any).__p);
    if (i > 0) { u.push(p.usable); l.push(p.lcp); f.push(p.fcp); }
    await context.close();
  }
  const med = (a: number[]) => Math.round([...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!);
  console.log(`focus=${focus} usable ${med(u)} fcp ${med(f)} lcp ${med(l)}`);
}
await browser.close();
