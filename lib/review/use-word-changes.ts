import { useLocale } from "next-intl";
import { useEffect, useState } from "react";
import { compareWords, type WordChanges } from "@/lib/review/word-changes";

/**
 * The word-by-word changes of `current` against `suggestion`, in the page's language; until the
 * newest text is compared, `changes` is null.
 */
export function useWordChanges(suggestion: string, current: string) {
  const locale = useLocale();
  const [state, setState] = useState<{ key: string; changes: WordChanges } | null>(null);
  const key = `${locale}\u0000${suggestion}\u0000${current}`;
  useEffect(() => {
    let live = true;
    void compareWords(suggestion, current, locale).then((changes) => {
      if (live) setState({ key, changes });
    });
    return () => {
      live = false;
    };
  }, [suggestion, current, locale, key]);
  return state?.key === key ? state.changes : null;
}
