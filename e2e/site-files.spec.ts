import { expect, test } from "@/e2e/fixtures";
import { EMBEDDED_ORIGIN } from "@/e2e/helpers/embedded";

// What crawlers, browsers and portals fetch beside the pages: robots.txt, the manifest and icons,
// and embed.js; and the form page's own "do not index" signals.

test("form pages are never indexed, and robots.txt keeps crawlers out of forms and the API", async ({
  request,
  page,
  demoRun,
}) => {
  const form = await request.get(demoRun.link);
  expect(form.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(form.headers()["cache-control"]).toContain("no-store");
  await page.goto(demoRun.link);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const rules = (await robots.text()).split("\n").map((line) => line.trim());
  expect(rules).toEqual(
    expect.arrayContaining(["User-agent: *", "Disallow: /form/", "Disallow: /api/"]),
  );
});

test("browsers find the app's name and icons for tabs and home screens", async ({
  page,
  request,
  demoRun,
}) => {
  await page.goto(demoRun.link);
  const manifestPath = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestPath).toBe("/manifest.webmanifest");
  const manifest = (await (await request.get(manifestPath!)).json()) as {
    name: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest.name).toBe("Workflow requests");
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
    expect.arrayContaining(["192x192", "512x512"]),
  );
  const iconLinks = await page
    .locator('link[rel="icon"], link[rel="apple-touch-icon"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  for (const path of [...iconLinks, ...manifest.icons.map((icon) => icon.src), "/favicon.ico"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toMatch(/^image\//);
  }
  await expect(page.locator('meta[name="application-name"]')).toHaveAttribute(
    "content",
    "Workflow requests",
  );
});

test("embed.js is served as a script that a page on another origin can load", async ({
  request,
  page,
  baseURL,
}) => {
  const response = await request.get("/embed.js");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/javascript/);
  expect(response.headers()["cross-origin-resource-policy"] ?? "cross-origin").toBe("cross-origin");
  const types = await request.get("/embed.d.ts");
  expect(types.status()).toBe(200);

  // A page on another origin, with nothing but the script.
  await page.goto(`${EMBEDDED_ORIGIN}/_embedded/health`);
  const loaded = await page.evaluate(
    async (src) => {
      const script = document.createElement("script");
      script.src = src;
      document.head.appendChild(script);
      await new Promise((resolve, reject) => {
        script.onload = resolve;
        script.onerror = reject;
      });
      const w = window as unknown as { HumanInputForms?: { mount: unknown } };
      return (
        typeof w.HumanInputForms?.mount === "function" && !!customElements.get("human-input-form")
      );
    },
    `${new URL(baseURL!).origin}/embed.js`,
  );
  expect(loaded).toBe(true);
});
