import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { pickMessages, type MessageNamespace } from "@/lib/i18n/pick-messages";

/**
 * The words the browser gets below here: the core ones and those of `areas`. Every page's HTML
 * carries the words its client components may show, so a page carries its own, not every area's.
 */
export async function ClientMessages({
  areas,
  children,
}: {
  areas: readonly MessageNamespace[];
  children: ReactNode;
}) {
  return (
    <NextIntlClientProvider messages={pickMessages(await getMessages(), areas)}>
      {children}
    </NextIntlClientProvider>
  );
}
