import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import { parseTheme } from "@/lib/embed-protocol";
import "@/app/globals.css";

export const metadata: Metadata = {
  title: { default: "Workflow requests", template: "%s · Workflow requests" },
  description: "Answer a paused AI workflow.",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request makes every page render per request, so each gets its CSP nonce.
  const requestHeaders = await headers();
  const theme = parseTheme(requestHeaders.get("x-theme"));
  return (
    <html lang="en" data-theme={theme ?? undefined}>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
