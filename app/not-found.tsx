import Link from "next/link";
import { getTranslations } from "next-intl/server";

export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <main className="page">
      <section className="card stack">
        <h1>{t("title")}</h1>
        <p>{t("body")}</p>
        <p>
          <Link href="/">{t("home")}</Link>
        </p>
      </section>
    </main>
  );
}
