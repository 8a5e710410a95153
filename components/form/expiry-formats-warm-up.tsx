import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { DATE_TIME_OPTIONS, REMAINING_OPTIONS } from "@/lib/i18n/format-time";

/**
 * Builds the expiry line's two formatters once, in the browser's first idle moment while a slow
 * phone still fetches the page's scripts. A page's first Intl formatter loads its locale's data
 * (about 55 ms at 4× CPU); built by the line itself, right after hydration, it stood between the
 * page and a first tap (decision 091). It only warms the engine: the line is the page's own code.
 */
export async function ExpiryFormatsWarmUp() {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const locale = JSON.stringify(await getLocale());
  const script =
    `(self.requestIdleCallback||setTimeout)(function(){try{` +
    `new Intl.DateTimeFormat(${locale},${JSON.stringify(DATE_TIME_OPTIONS)});` +
    `new Intl.RelativeTimeFormat(${locale},${JSON.stringify(REMAINING_OPTIONS)})}catch(e){}})`;
  return (
    <script
      nonce={nonce}
      // The browser hides a nonce once it has used it: the attribute then reads "".
      suppressHydrationWarning
      // "<" escaped: no text in it can close the element.
      dangerouslySetInnerHTML={{ __html: script.replaceAll("<", "\\u003c") }}
    />
  );
}
