import { queryOptions, useMutation } from "@tanstack/react-query";
import { callRoute } from "@/lib/client/call-route";
import { openEventStream } from "@/lib/client/use-event-stream";
import type { UploadTarget } from "@/lib/files/upload-with-progress";
import { toStartRequest, type StartValues } from "@/lib/launcher/start-form-schema";
import { LAUNCHER_API } from "@/lib/launcher/launcher-api-contract";

// The user is the HttpOnly cookie the server sets.

export const launchFormQuery = queryOptions({
  queryKey: ["launcher", "form"],
  queryFn: ({ signal }) => callRoute(LAUNCHER_API.parameters, { signal }),
});

export const LAUNCH_UPLOAD_TARGET: UploadTarget = { url: LAUNCHER_API.upload.path };

/** Starts the app. Its answer is the run's event stream, handed on unread to useLaunch. */
export function useStartMutation() {
  return useMutation({
    mutationFn: (values: StartValues) =>
      openEventStream({ url: LAUNCHER_API.launch.path, json: toStartRequest(values) }),
  });
}
