import { queryOptions } from "@tanstack/react-query";
import { apiFetch, apiStream } from "@/lib/client/api-fetch";
import type { StartValues } from "@/lib/launcher/start-form-schema";
import { startFormViewSchema } from "@/lib/launcher/start-form-view";
import type { UploadTarget } from "@/lib/files/upload-with-progress";

// Browser-side calls of the launcher's routes. The user is the HttpOnly cookie the server sets.

export const launchFormQuery = queryOptions({
  queryKey: ["launch-form"],
  queryFn: ({ signal }) => apiFetch("/api/launch/parameters", startFormViewSchema, { signal }),
});

export const LAUNCH_UPLOAD_TARGET: UploadTarget = { url: "/api/launch/files" };

/** Starts the app; the answer is the run's event stream (lib/launcher/launch-events.ts). */
export function openLaunch(values: StartValues, signal?: AbortSignal) {
  return apiStream("/api/launch", { json: values, signal });
}
