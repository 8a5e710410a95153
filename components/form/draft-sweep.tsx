"use client";

import { useEffect } from "react";
import { sweepDrafts } from "@/lib/form/form-draft";

/** Deletes this browser's drafts whose link or form has ended (on pages that show no form). */
export function DraftSweep() {
  useEffect(() => sweepDrafts(), []);
  return null;
}
