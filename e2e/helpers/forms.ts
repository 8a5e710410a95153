import { expect, type FrameLocator, type Page } from "@playwright/test";
import type {
  AdminResponse,
  CustomFormInput as AdminCustomFormInput,
} from "@/lib/embedded/admin-api";
import { EMBEDDED_KEYS } from "@/lib/embedded/demo-keys";
import { formLinkPath } from "@/lib/server/form/signed-form-link";
import { EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";
import { EMBEDDED_ORIGIN, embeddedAdmin } from "@/e2e/helpers/embedded";
import { fileFieldReady } from "@/e2e/helpers/uploads";

// Forms: signed links to them, forms of a test's own design, answers given upstream or in the page.

export type FormRecord = AdminResponse<"GET forms/*">;

/**
 * A signed link; `scope: "run"` lets it open the run's later forms in place too, `view:
 * "progress"` narrows its run view to progress only.
 */
export function signLink(claims: {
  token: string;
  run?: string;
  user: string;
  ttlSeconds?: number;
  scope?: "form" | "run";
  view?: "full" | "progress";
}) {
  const exp = Math.floor(Date.now() / 1000) + (claims.ttlSeconds ?? 3600);
  const { token, run = "", user, scope, view } = claims;
  return formLinkPath({ token, run, user, exp, scope, view }, EMBEDDED_LINK_SECRET);
}

/**
 * The link the page at `page`'s address traded for its cookie (a top-level open, decision 035):
 * its parameters, read from the browser's cookie jar (the page itself cannot read it: HttpOnly).
 * The address must be clean: no signature left in it.
 */
export async function tradedLink(page: Page): Promise<URLSearchParams> {
  const address = new URL(page.url());
  expect(address.searchParams.get("sig")).toBeNull();
  const cookie = (await page.context().cookies()).find(
    (c) => c.name === "hi_form_link" && c.path === address.pathname,
  );
  expect(cookie, `a link cookie for ${address.pathname}`).toBeDefined();
  return new URLSearchParams(decodeURIComponent(cookie!.value));
}

/** The unsent answers this browser keeps (one key per form token and user). */
export const draftKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith("human-input-draft:")),
  );

export async function getFormRecord(token: string): Promise<FormRecord> {
  return embeddedAdmin.form(token);
}

export type CustomFormInput = AdminCustomFormInput;

/** Creates a form of the test's own design in the embedded service and signs a link to it. */
export async function createCustomForm(input: CustomFormInput) {
  const user = input.user ?? `custom-${Date.now()}@example.com`;
  const created = await embeddedAdmin.createForm({ ...input, user });
  const run = created.workflow_run_id ?? "";
  return {
    token: created.form_token,
    runId: run,
    user,
    link: signLink({ token: created.form_token, run, user }),
  };
}

/** A complete, valid answer to the demo workflow's review form (`draft` may be replaced). */
export function demoAnswer(draft = "") {
  return {
    draft,
    tone: "Formal",
    cover: { type: "image", transfer_method: "remote_url", url: "https://x.example/a.png" },
    attachments: [],
  };
}

/** Submits a form directly upstream, as another person in another tab would. */
export async function submitUpstream(
  token: string,
  body: { inputs: Record<string, unknown>; action: string; user: string },
) {
  const response = await fetch(`${EMBEDDED_ORIGIN}/v1/form/human_input/${token}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${EMBEDDED_KEYS.workflowApp}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify(body),
  });
  return response.status;
}

/** The demo form's required answers, filled the quickest way (a remote link for the cover), in a page or a frame. */
export async function fillDemoForm(
  page: Page | FrameLocator,
  tone = "Formal",
  labels: { linkLabel: string; addLabel: string } = {
    linkLabel: "Or link to a file",
    addLabel: "Add link",
  },
) {
  await page.getByLabel("Tone").selectOption(tone);
  const cover = page.getByRole("group", { name: "Cover" });
  await fileFieldReady(cover);
  await cover.getByLabel(labels.linkLabel).fill("https://files.example.com/cover.png");
  await cover.getByRole("button", { name: labels.addLabel }).click();
  await expect(cover.getByText("cover.png", { exact: true })).toBeVisible();
}

/**
 * Picks a form action by its title: its own button, or (on a narrow screen, where the bar keeps
 * one row) the entry in the bar's "More" menu.
 */
export async function chooseAction(page: Page | FrameLocator, title: string) {
  const button = page.getByRole("button", { name: title, exact: true });
  if (await button.isVisible()) return button.click();
  await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("menuitem", { name: title, exact: true }).click();
}
