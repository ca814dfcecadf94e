import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; never edit one after it has landed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
