"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useReducer, useState } from "react";
import { openLaunch } from "@/lib/launcher/launch-api";
import {
  FORM_LINK_EVENT,
  readLaunchEvents,
  type FormLinkEvent,
} from "@/lib/launcher/launch-events";
import { initialRunView, runViewReducer, type RunViewState } from "@/lib/run/run-view";
import type { StartValues } from "@/lib/launcher/start-form-schema";

type RunAction = Parameters<typeof runViewReducer>[1] | { event: "reset" };

const reducer = (state: RunViewState, action: RunAction): RunViewState =>
  action.event === "reset" ? initialRunView : runViewReducer(state, action);

/**
 * Starts the app and follows the start live: the run's events fold into the same view the form
 * page uses; when the run pauses at a form of ours, the browser goes there.
 */
export function useLaunch() {
  const router = useRouter();
  const [run, dispatch] = useReducer(reducer, initialRunView);
  const [formLink, setFormLink] = useState<FormLinkEvent | null>(null);
  const mutation = useMutation({
    mutationFn: async (values: StartValues) => {
      dispatch({ event: "reset" });
      setFormLink(null);
      const stream = await openLaunch(values);
      for await (const event of readLaunchEvents(stream)) {
        if (event.event === FORM_LINK_EVENT) {
          setFormLink(event);
          router.push(event.url);
          return "opening-form" as const;
        }
        dispatch(event);
      }
      return "ended" as const;
    },
  });
  return { mutation, run, formLink };
}
