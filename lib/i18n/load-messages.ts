import type { Locale } from "@/lib/i18n/locales";

// Messages are split by area (one file per namespace and language) so each part of the app keeps
// its own strings; they are joined here into the object next-intl reads.
export async function loadMessages(locale: Locale): Promise<Record<string, unknown>> {
  const [core, form, run, launcher, knowledge, fields] = await Promise.all([
    import(`./messages/${locale}/core.json`),
    import(`./messages/${locale}/form.json`),
    import(`./messages/${locale}/run.json`),
    import(`./messages/${locale}/launcher.json`),
    import(`./messages/${locale}/knowledge.json`),
    import(`./messages/${locale}/fields.json`),
  ] as Promise<{ default: Record<string, unknown> }>[]);
  return {
    ...core!.default,
    form: form!.default,
    run: run!.default,
    launcher: launcher!.default,
    knowledge: knowledge!.default,
    fields: fields!.default,
  };
}
