"use client";

import { useEffect } from "react";
import { sweepDrafts } from "@/lib/form/form-draft";
import { sweepReceipts } from "@/lib/form/form-receipt";
import { keepFor } from "@/lib/form/kept-in-browser";

const SWEEP_EVERY_MS = 60_000;

/**
 * On every page: this browser's drafts and receipts go when their link or form ends or after
 * `keepDays` (BROWSER_KEEP_DAYS), at their time while a page stays open.
 */
export function KeptSweep({ keepDays }: { keepDays: number }) {
  // Set while rendering, so the page's own reads below already keep to it.
  keepFor(keepDays);
  useEffect(() => {
    const sweep = () => {
      sweepDrafts();
      sweepReceipts();
    };
    sweep();
    const timer = setInterval(sweep, SWEEP_EVERY_MS);
    return () => clearInterval(timer);
  }, [keepDays]);
  return null;
}
