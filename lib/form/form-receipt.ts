import { useCallback, useEffect, useState } from "react";
import type { Answers } from "@/lib/form/answers";
import type { FormLinkContext } from "@/lib/form/form-api";
import type { FieldSpec } from "@/lib/fields/field-spec";
import type { ActionView } from "@/lib/form/form-view";
import { isRecord } from "@/lib/ids/is-record";
import { keptStore } from "@/lib/form/kept-in-browser";

// What this browser sent for a form, kept like drafts so a reload of the link shows it again while
// the form is answered. It goes when its link or form ends, its days are up, or it is forgotten.

export type ReceiptField = { label: string; value: string } | { label: string; files: string[] };

export type Receipt = {
  version: 1;
  /** Epoch milliseconds when the answer was accepted. */
  sentAt: number;
  /** Unix seconds after which the receipt is dropped, null when never. */
  expiresAt: number | null;
  action: string;
  fields: ReceiptField[];
};

export function receiptOf(
  action: ActionView,
  fields: readonly FieldSpec[],
  answers: Answers,
  expiresAt: number | null,
  sentAt = Date.now(),
): Receipt {
  const rows: ReceiptField[] = [];
  for (const field of fields) {
    if (field.kind === "other") continue;
    const value = answers[field.name];
    rows.push(
      Array.isArray(value)
        ? { label: field.label, files: value.map((file) => file.name) }
        : { label: field.label, value: value ?? "" },
    );
  }
  return { version: 1, sentAt, expiresAt, action: action.title, fields: rows };
}

const isString = (value: unknown): value is string => typeof value === "string";

function readField(value: unknown): ReceiptField | null {
  if (!isRecord(value)) return null;
  const { label, value: text, files } = value;
  if (!isString(label)) return null;
  if (isString(text)) return { label, value: text };
  if (Array.isArray(files) && files.every(isString)) return { label, files };
  return null;
}

/** A stored receipt, or null when it is not one (read without zod: zod is not in the page). */
export function readReceipt(value: unknown): Receipt | null {
  if (!isRecord(value)) return null;
  const { version, sentAt, expiresAt, action, fields } = value;
  if (version !== 1 || typeof sentAt !== "number" || !isString(action)) return null;
  if (expiresAt !== null && typeof expiresAt !== "number") return null;
  if (!Array.isArray(fields)) return null;
  const rows = fields.map(readField);
  if (rows.some((row) => row === null)) return null;
  return { version, sentAt, expiresAt, action, fields: rows as ReceiptField[] };
}

export const {
  load: loadReceipt,
  save: saveReceipt,
  sweep: sweepReceipts,
  remove: forgetReceipt,
} = keptStore("human-input-receipt:", readReceipt, (receipt) => receipt.sentAt);

/**
 * A receipt just made (and kept), or the receipt kept here once the form is `answered`; `forget`
 * deletes it from this browser (a shared computer) and shows none.
 */
export function useKeptReceipt(
  link: FormLinkContext,
  fresh: Receipt | null,
  answered: boolean,
): { receipt: Receipt | null; forget: () => void } {
  const [kept, setKept] = useState<Receipt | null>(null);
  const [forgotten, setForgotten] = useState(false);
  useEffect(() => {
    if (fresh) saveReceipt(link, fresh);
  }, [fresh, link]);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- storage exists only in the browser, after hydration
    if (answered && !fresh) setKept(loadReceipt(link));
  }, [answered, fresh, link]);
  const forget = useCallback(() => {
    forgetReceipt(link);
    setForgotten(true);
  }, [link]);
  return { receipt: forgotten ? null : (fresh ?? (answered ? kept : null)), forget };
}
