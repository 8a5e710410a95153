import { linkCheckRequestSchema, linkCheckSchema } from "@/lib/files/link-check";
import { uploadAnswerSchema } from "@/lib/files/upload-answer";
import { startFormViewSchema } from "@/lib/launcher/start-form-view";

// The launcher routes' contract, once: the route handlers (app/api/launch/**) parse their answers
// through it and the browser parses them with the same schemas. POST /api/launch takes the start
// form's values, checked against the app's own form (lib/launcher/start-form-schema.ts), and
// answers the run's event stream (lib/launcher/launch-events.ts).

export const LAUNCHER_API = {
  /** GET /api/launch/parameters */
  parameters: { answer: startFormViewSchema },
  /** POST /api/launch/files (201) */
  upload: { answer: uploadAnswerSchema },
  /** POST /api/launch/files/link: what a link holds, and whether a start field takes it. */
  link: { request: linkCheckRequestSchema, answer: linkCheckSchema },
} as const;
