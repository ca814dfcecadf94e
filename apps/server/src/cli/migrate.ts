// npm run db:migrate: applies pending migrations (the server also does this at start).
import { withDatabase } from './shared.js';

await withDatabase(async (database) => {
  console.log(`Migrations applied (${database.kind}).`);
});
