import { formLinkQuery } from "@/lib/server/form/signed-form-link";
import type { BenchStack } from "./start-bench-stack";

export type BenchForm = {
  token: string;
  runId: string;
  user: string;
  /** The signed link's query, as the page sends it in `x-form-link`. */
  linkQuery: string;
  /** `/form/{token}?{linkQuery}` on the app. */
  pagePath: string;
};

/**
 * Starts a demo workflow run in the upstream and returns its paused form with a signed link:
 * the same form a person would open, Markdown, selects and files included.
 */
export async function createDemoForm(stack: BenchStack, user: string): Promise<BenchForm> {
  const run = await stack.upstreamAdmin.startDemoRun({ user });
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const linkQuery = formLinkQuery(
    { token: run.form_token, run: run.workflow_run_id, user, exp },
    stack.linkSecret,
  );
  return {
    token: run.form_token,
    runId: run.workflow_run_id,
    user,
    linkQuery,
    pagePath: `/form/${encodeURIComponent(run.form_token)}?${linkQuery}`,
  };
}
