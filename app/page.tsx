import { connection } from "next/server";
import { Launcher } from "@/components/launcher";
import { StatusScreen } from "@/components/ui/status-screen";
import { getEnv } from "@/lib/env";

export default async function HomePage() {
  // Read at request time: whether the launcher is on is the running server's configuration.
  await connection();
  return (
    <main className="page">
      <header className="site-header">Workflow requests</header>
      {getEnv().launcherEnabled ? (
        <Launcher />
      ) : (
        <StatusScreen title="The launcher is off">
          <p>
            This server answers workflow forms through the links it is sent. Starting an app from
            this page is off while it talks to a real Dify server; whoever runs it can turn it on
            with <code>LAUNCHER_ENABLED=true</code>.
          </p>
        </StatusScreen>
      )}
    </main>
  );
}
