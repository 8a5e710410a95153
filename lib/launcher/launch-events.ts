import * as z from "zod/mini";
import { parseStreamEvent } from "@/lib/dify/browser-schemas";
import { readSseJson } from "@/lib/dify/sse-events";

// The launch stream (POST /api/launch) carries the run's own events as Dify sends them, plus one
// event of the app's own, sent right after `human_input_required` when that form has a token:
//
//   data: {"event":"launcher_form_link","url":"/form/…?run=…&user=…&exp=…&sig=…",
//          "workflow_run_id":"…","node_title":"Editorial review"}
// `url` is a signed link for the launcher's own user.

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
