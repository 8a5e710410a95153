import { useEffect, useRef, useState, type RefObject } from "react";
import type { UseFormReturn } from "react-hook-form";
import { fromFormValues, toFormValues } from "@/lib/fields/answer-keys";
import type { FormValues } from "@/lib/form/answers";
import type { FormLinkContext } from "@/lib/form/form-api";
import { deleteDraft, linkEnd, loadDraft, mergeDraft, saveDraft } from "@/lib/form/form-draft";
import type { FormView } from "@/lib/form/form-view";

type FormDraftOptions = {
  link: FormLinkContext;
  form: FormView;
  initial: FormValues;
  methods: Pick<UseFormReturn<FormValues>, "subscribe" | "reset">;
  /** Set once the answer is recorded: nothing is saved after that. */
  sent: RefObject<boolean>;
  /** Answers typed before the page hydrated: newer than any draft, so a draft does not replace them. */
  keep?: FormValues;
};

/** The unsent answers, kept in the browser: restored after hydration, saved on every change. */
export function useFormDraft({ link, form, initial, methods, sent, keep }: FormDraftOptions) {
  const { reset, subscribe } = methods;
  // Keyed by token and user; kept no longer than the link or the form lasts.
  const ends = [linkEnd(link), form.expiresAt].filter((end) => end !== null);
  const draftEnd = ends.length > 0 ? Math.min(...ends) : null;
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  // Bumped when the answers are replaced wholesale: file lists, which keep their own copy, redraw.
  const [generation, setGeneration] = useState(0);

  // Read once, after hydration (the server has no drafts): later saves must not reset the form.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const draft = loadDraft(link);
    // A draft holds answers by variable name.
    const merged = mergeDraft(initial, draft && { ...draft, answers: toFormValues(draft.answers) });
    if (draft && merged.restored) {
      reset({ ...merged.answers, ...keep });
      // eslint-disable-next-line react-hooks/set-state-in-effect -- storage exists only in the browser, after hydration
      setRestoredAt(draft.savedAt);
      setGeneration((value) => value + 1);
    }
  }, [link, initial, reset, keep]);

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          if (!sent.current) saveDraft(link, fromFormValues(values), draftEnd);
        },
      }),
    [subscribe, link, draftEnd, sent],
  );

  const startOver = () => {
    deleteDraft(link);
    reset(initial);
    setRestoredAt(null);
    setGeneration((value) => value + 1);
  };
  return { restoredAt, startOver, generation };
}
