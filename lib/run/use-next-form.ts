import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { ApiClientError } from "@/lib/client/api-client-error";
import type { FormLinkContext } from "@/lib/form/form-api";
import { openFormLink } from "@/lib/form/open-form-link";
import { useNextLinkMutation } from "@/lib/run/queries";
import { waitingFormKey, type RunViewState } from "@/lib/run/run-view-state";

/** How long the waiting forms must stay put before the next one is opened (replays settle). */
const SETTLE_MS = 150;

// A form answered elsewhere is no failure: the next one is tried.
const answeredElsewhere = (error: Error | null) =>
  error instanceof ApiClientError && error.code === "not_found";

/** A run-scoped link opens the run's next form in place, once the waiting forms have settled. */
export function useNextForm(link: FormLinkContext, state: RunViewState) {
  const router = useRouter();
  const nextLink = useNextLinkMutation(link);
  const { mutate } = nextLink;
  const [elsewhere, setElsewhere] = useState<ReadonlySet<string>>(new Set());
  const opening = useRef<string | null>(null);
  // A form answered and still named by the server is no one's to open.
  const others = state.waiting.filter((form) => form.formToken !== link.token && !form.answered);
  const next =
    link.scope === "run" && state.phase === "paused"
      ? others.find((form) => !elsewhere.has(waitingFormKey(form)))
      : undefined;
  const nextKey = next ? waitingFormKey(next) : null;

  useEffect(() => {
    if (!next || !nextKey || opening.current === nextKey) return;
    const timer = setTimeout(() => {
      opening.current = nextKey;
      mutate(next, {
        onSuccess: ({ url }) => openFormLink(withPresentation(url), router, "replace"),
        onError: (error) => {
          if (answeredElsewhere(error)) setElsewhere((keys) => new Set([...keys, nextKey]));
        },
      });
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [next, nextKey, mutate, router]);

  const error = answeredElsewhere(nextLink.error) ? null : nextLink.error;
  return { others, next, nextKey, elsewhere, error };
}

/** Keeps how the page is shown (embedded, language, theme) when the next form opens. */
function withPresentation(url: string): string {
  const next = new URL(url, window.location.origin);
  const current = new URLSearchParams(window.location.search);
  for (const key of ["embed", "lang", "theme"]) {
    const value = current.get(key);
    if (value !== null) next.searchParams.set(key, value);
  }
  return `${next.pathname}${next.search}`;
}
