import * as z from "zod/mini";

// What the form routes answer, checked in the browser. Loaded with the first call
// (lib/form/form-api.ts), not with the page: the page's first load does without zod.

export { formViewSchema } from "@/lib/form/form-view";
export const submitResultSchema = z.object({ ok: z.literal(true) });
export const nextLinkSchema = z.object({ url: z.string() });
