"use client";

import { useEffect, useReducer, useState } from "react";
import { ApiClientError } from "@/lib/client/api-fetch";
import { openRunEvents, type FormLinkContext } from "@/lib/form/form-api";
import { initialRunView, runViewReducer } from "@/lib/run/run-view";
import { readStreamEvents } from "@/lib/run/sse-events";

export type Connection = "idle" | "connecting" | "open" | "reconnecting" | "closed";

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Follows the link's run live. A dropped connection reconnects by itself with backoff; each
 * connection asks for a state snapshot (or, on `streams` servers, gets the whole log again), and
 * the reducer merges the replay without duplicates.
 */
export type RunStream = ReturnType<typeof useRunStream>;

export function useRunStream(link: FormLinkContext, enabled: boolean) {
  const [state, dispatch] = useReducer(runViewReducer, initialRunView);
  const [connection, setConnection] = useState<Connection>("idle");
  const [failure, setFailure] = useState<ApiClientError | null>(null);

  useEffect(() => {
    if (!enabled || !link.run) return;
    const controller = new AbortController();
    const { signal } = controller;

    void (async () => {
      let attempt = 0;
      while (!signal.aborted) {
        setConnection(attempt === 0 ? "connecting" : "reconnecting");
        let ended = false;
        try {
          const stream = await openRunEvents(link, signal);
          setConnection("open");
          setFailure(null);
          // What this connection replays of the text already shown is checked, not appended.
          dispatch({ event: "connected" });
          for await (const event of readStreamEvents(stream)) {
            dispatch(event);
            attempt = 0;
            if (event.event === "workflow_finished" || event.event === "error") {
              ended = true;
              // Some servers keep the stream open after the run ends: close it here.
              break;
            }
          }
        } catch (error) {
          if (signal.aborted) return;
          // A 4xx will not change by retrying: say so instead of spinning. Except 429: this link
          // (another tab) or this server has as many live views as it may, until one closes.
          if (
            error instanceof ApiClientError &&
            error.status >= 400 &&
            error.status < 500 &&
            error.status !== 429
          ) {
            setFailure(error);
            setConnection("closed");
            return;
          }
        }
        if (ended) {
          setConnection("closed");
          return;
        }
        attempt++;
        const backoff =
          Math.min(15_000, 500 * 2 ** Math.min(attempt, 5)) * (0.75 + Math.random() / 2);
        setConnection("reconnecting");
        await sleep(backoff, signal);
      }
    })();

    return () => controller.abort();
  }, [enabled, link]);

  return { state, connection, failure };
}
