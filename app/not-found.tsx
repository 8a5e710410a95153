import Link from "next/link";

export default function NotFound() {
  return (
    <main className="page">
      <section className="card stack">
        <h1>Page not found</h1>
        <p>There is nothing at this address.</p>
        <p>
          <Link href="/">Go to the start page</Link>
        </p>
      </section>
    </main>
  );
}
