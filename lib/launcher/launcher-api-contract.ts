import { linkCheckRequestSchema, linkCheckSchema } from "@/lib/files/link-check";
import { uploadAnswerSchema } from "@/lib/files/upload-answer";
import { startFormViewSchema } from "@/lib/launcher/start-form-view";
import { routeContract } from "@/lib/routes/route-contract";

// POST /api/launch takes the start form's values and answers the run's event stream.

export const LAUNCHER_API = {
  launch: routeContract({ method: "POST", path: "/api/launch" }),
  parameters: routeContract({
    method: "GET",
    path: "/api/launch/parameters",
    answer: startFormViewSchema,
  }),
  upload: routeContract({
    method: "POST",
    path: "/api/launch/files",
    answer: uploadAnswerSchema,
    status: 201,
  }),
  /** What a link typed into a start field holds, and whether the field takes it. */
  link: routeContract({
    method: "POST",
    path: "/api/launch/files/link",
    body: linkCheckRequestSchema,
    answer: linkCheckSchema,
  }),
};
