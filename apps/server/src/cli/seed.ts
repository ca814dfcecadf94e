// npm run db:seed: creates the demo accounts and donations when the database has no users.
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../db/seed.js';
import { loadConfig } from '../config/env.js';
import { withDatabase } from './shared.js';

await withDatabase(async (database) => {
  const { created } = await seedDemoData(database, { history: loadConfig().seedDemoHistory });
  if (!created) {
    console.log('The database already has users: demo data not added.');
    return;
  }
  console.log(`Demo data created. Password for every account: ${DEMO_PASSWORD}`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.role.padEnd(10)} ${account.email}`);
});
