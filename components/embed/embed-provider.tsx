"use client";

import { createContext, useCallback, useEffect, type ReactNode } from "react";
import { EMBED_SOURCE, type EmbedEvent } from "@/lib/embed/embed-protocol";

type Notify = (event: EmbedEvent) => void;

/** Sends an event to the embedding portal (a no-op when the page is not embedded). */
export const EmbedContext = createContext<Notify>(() => undefined);

/** In an allowed portal's frame: posts events to each allowed origin (never `*`); takes a theme. */
export function EmbedProvider({
  enabled,
  allowedOrigins,
  formToken,
  children,
}: {
  enabled: boolean;
  allowedOrigins: string[];
  formToken: string;
  children: ReactNode;
}) {
  const active = enabled && allowedOrigins.length > 0;
  const notify = useCallback<Notify>(
    (event) => {
      if (!active || typeof window === "undefined" || window.parent === window) return;
      const message = { ...event, source: EMBED_SOURCE, formToken };
      for (const origin of allowedOrigins) window.parent.postMessage(message, origin);
    },
    [active, allowedOrigins, formToken],
  );

  useEffect(() => {
    if (!active) return;
    notify({ type: "ready" });
    let last = 0;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(document.documentElement.scrollHeight);
      if (height !== last) {
        last = height;
        notify({ type: "resize", height });
      }
    });
    observer.observe(document.body);
    // The parent's message schema brings zod, which the first load does without: it loads as the
    // page starts listening, and messages are read in the order they came.
    const schema = import("@/lib/embed/parent-message").then(
      (m) => m.parentMessageSchema,
      () => null, // not loaded (the network went): the theme stays as it is
    );
    const onMessage = (event: MessageEvent) => {
      if (!allowedOrigins.includes(event.origin)) return;
      const data: unknown = event.data;
      void schema.then((parentMessage) => {
        const parsed = parentMessage?.safeParse(data);
        if (parsed?.success) document.documentElement.dataset.theme = parsed.data.theme;
      });
    };
    window.addEventListener("message", onMessage);
    return () => {
      observer.disconnect();
      window.removeEventListener("message", onMessage);
    };
  }, [active, allowedOrigins, notify]);

  return <EmbedContext value={notify}>{children}</EmbedContext>;
}
