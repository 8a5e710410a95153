import { useEffect, useState } from "react";
import type { FormLinkContext } from "@/lib/form/form-api";
import { loadReceipt, saveReceipt, type Receipt } from "@/lib/form/form-receipt";

/** A receipt just made (and kept), or the one kept here once the form is `answered`. */
export function useKeptReceipt(
  link: FormLinkContext,
  fresh: Receipt | null,
  answered: boolean,
): Receipt | null {
  const [kept, setKept] = useState<Receipt | null>(null);
  useEffect(() => {
    if (fresh) saveReceipt(link, fresh);
  }, [fresh, link]);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- storage exists only in the browser, after hydration
    if (answered && !fresh) setKept(loadReceipt(link));
  }, [answered, fresh, link]);
  return fresh ?? (answered ? kept : null);
}
