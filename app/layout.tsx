import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import { parseTheme } from "@/lib/embed-protocol";
import { getEnv } from "@/lib/env";
import "@/app/globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return {
    title: { default: t("appName"), template: `%s · ${t("appName")}` },
    description: t("description"),
    referrer: "no-referrer",
    robots: { index: false, follow: false },
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request makes every page render per request, so each gets its CSP nonce.
  const requestHeaders = await headers();
  const theme = parseTheme(requestHeaders.get("x-theme"));
  const locale = await getLocale();
  return (
    <html lang={locale} data-theme={theme ?? undefined}>
      <body>
        <NextIntlClientProvider>
          <Providers markdownImageOrigins={getEnv().markdownImageOrigins}>{children}</Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
