"use client";

import { createContext, useCallback, useContext, useEffect, type ReactNode } from "react";
import { EMBED_SOURCE, parseTheme, type EmbedEvent } from "@/lib/embed/embed-protocol";

type Notify = (event: EmbedEvent) => void;

const EmbedContext = createContext<Notify>(() => undefined);

/** Sends an event to the embedding portal (a no-op when the page is not embedded). */
export function useEmbedNotify(): Notify {
  return useContext(EmbedContext);
}

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
    // A parent may send `{ type: "set-theme", theme }`; anything else is ignored.
    const onMessage = (event: MessageEvent<{ type?: unknown; theme?: unknown } | null>) => {
      if (!allowedOrigins.includes(event.origin) || event.data?.type !== "set-theme") return;
      const theme = parseTheme(typeof event.data.theme === "string" ? event.data.theme : null);
      if (theme) document.documentElement.dataset.theme = theme;
    };
    window.addEventListener("message", onMessage);
    return () => {
      observer.disconnect();
      window.removeEventListener("message", onMessage);
    };
  }, [active, allowedOrigins, notify]);

  return <EmbedContext value={notify}>{children}</EmbedContext>;
}
