import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` writes a migration from the schema's changes; the app and
// `npm run db:migrate` apply them (lib/server/store/migrate-store.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/server/store/schema.ts",
  out: "./lib/server/store/migrations",
});
