import * as z from "zod/mini";
import { parseStreamEvent } from "@/lib/dify/browser-schemas";
import { readSseJson } from "@/lib/dify/sse-events";

// The launch stream carries the run's own events, plus this one right after a
// `human_input_required` whose form has a token: a signed link for the launcher's own user.

export const FORM_LINK_EVENT = "launcher_form_link";

export const formLinkEventSchema = z.object({
  event: z.literal(FORM_LINK_EVENT),
  url: z.string().check(z.startsWith("/form/")),
  workflow_run_id: z.string(),
  node_title: z.nullable(z.string()),
});
export type FormLinkEvent = z.infer<typeof formLinkEventSchema>;

/** Reads a launch stream: the app's link event, or a run event parsed as any Dify stream's. */
export async function* readLaunchEvents(stream: ReadableStream<Uint8Array>) {
  for await (const json of readSseJson(stream)) {
    const link = formLinkEventSchema.safeParse(json);
    yield link.success ? link.data : parseStreamEvent(json);
  }
}
