import { useRouter } from "next/navigation";
import { useEffect, useMemo, useReducer, useState } from "react";
import { useEventStream, type EventStreamSource } from "@/lib/client/use-event-stream";
import {
  FORM_LINK_EVENT,
  readLaunchEvents,
  type FormLinkEvent,
} from "@/lib/launcher/launch-events";
import { useStartMutation } from "@/lib/launcher/queries";
import { openFormLink } from "@/lib/form/open-form-link";
import type { StartValues } from "@/lib/launcher/start-form-schema";
import { runViewReducer } from "@/lib/run/run-view";
import { initialRunView } from "@/lib/run/run-view-state";

// Starts the app and follows the run live. A form the run pauses at opens once the stream has
// ended: closing the run's original stream earlier stops the resumed run on some servers.
export function useLaunch({ onError }: { onError: (error: Error) => void }) {
  const router = useRouter();
  const [run, dispatch] = useReducer(runViewReducer, initialRunView);
  const [formLink, setFormLink] = useState<FormLinkEvent | null>(null);
  const start = useStartMutation();
  const body = start.data;
  // The POST's answer is read once: there is nothing to reconnect to.
  const source = useMemo<EventStreamSource | null>(
    () => (body ? { open: () => Promise.resolve(body), reconnect: false } : null),
    [body],
  );
  const stream = useEventStream({
    source,
    read: readLaunchEvents,
    onEvent: (event) => {
      if (event.event !== FORM_LINK_EVENT) dispatch(event);
      else setFormLink(event);
      return false;
    },
    onFailure: onError,
  });

  const launch = (values: StartValues) => {
    dispatch({ event: "reset" });
    setFormLink(null);
    start.mutate(values, { onError });
  };
  const following = body !== undefined && stream.connection !== "closed";
  const ready = formLink !== null && stream.connection === "closed";
  useEffect(() => {
    if (ready) openFormLink(formLink.url, router, "push");
  }, [ready, formLink, router]);
  return {
    launch,
    run,
    formLink,
    /** From the click until the stream ends (or the browser leaves for the form). */
    pending: start.isPending || following,
    /** The stream ended as a stream should (not broken off). */
    ended: body !== undefined && stream.connection === "closed" && stream.failure === null,
  };
}
