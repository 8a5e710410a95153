import { Launcher } from "@/components/launcher";

export default function HomePage() {
  return (
    <main className="page">
      <header className="site-header">Workflow requests</header>
      <Launcher />
    </main>
  );
}
