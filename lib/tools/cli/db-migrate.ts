// npm run db:migrate: applies the store's pending migrations to DATABASE_URL (the app applies
// them too as it starts; this is for a release step that runs before the new copies).
import { MigrationError, migrateStore } from "@/lib/server/store/migrate-store";
import { storeFromEnv } from "@/lib/tools/cli/store-from-env";

async function main() {
  const store = storeFromEnv("db:migrate");
  try {
    await migrateStore(store.pool);
    console.log("The store's migrations are applied.");
  } catch (error) {
    console.error(error instanceof MigrationError ? error.message : error);
    process.exitCode = 1;
  } finally {
    await store.close();
  }
}

void main();
