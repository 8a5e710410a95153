import { getTranslations } from "next-intl/server";

export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <main className="page">
      <section className="card stack">
        <h1>{t("title")}</h1>
        <p>{t("body")}</p>
        <p>
          {/* A plain link: next/link would add its client code to every page's first load. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
          <a href="/">{t("home")}</a>
        </p>
      </section>
    </main>
  );
}
