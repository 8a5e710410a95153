import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import { KeptSweep } from "@/components/form/kept-sweep";
import { ClientMessages } from "@/components/ui/client-messages";
import { parseTheme } from "@/lib/embed/embed-protocol";
import { getEnv } from "@/lib/server/env";
import "@/app/globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return {
    title: { default: t("appName"), template: `%s · ${t("appName")}` },
    description: t("description"),
    referrer: "no-referrer",
    robots: { index: false, follow: false },
    applicationName: t("appName"),
    // Static files in public/: the tab's icon, the home-screen icons and the web app manifest.
    manifest: "/manifest.webmanifest",
    icons: {
      icon: [
        { url: "/favicon.ico", sizes: "32x32" },
        { url: "/icon.svg", type: "image/svg+xml" },
      ],
      apple: "/apple-touch-icon.png",
    },
    appleWebApp: { title: t("appName") },
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#0b57d0",
};

/** BROWSER_KEEP_DAYS; while the configuration is broken (pages say so), the default. */
function keepDays(): number {
  try {
    return getEnv().limits.BROWSER_KEEP_DAYS;
  } catch {
    return 7;
  }
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request makes every page render per request, so each gets its CSP nonce.
  const theme = parseTheme((await headers()).get("x-theme"));
  const locale = await getLocale();
  return (
    <html lang={locale} data-theme={theme ?? undefined}>
      <body>
        {/* The core words; each area adds its own (ClientMessages). */}
        <ClientMessages areas={[]}>
          <KeptSweep keepDays={keepDays()} />
          <Providers>{children}</Providers>
        </ClientMessages>
      </body>
    </html>
  );
}
