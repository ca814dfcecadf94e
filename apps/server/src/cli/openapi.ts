// npm run api:doc -w @annasetu/server [file]: writes the OpenAPI document the server serves at
// /api/docs/json, built from the route schemas on a throwaway in-memory database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { openPglite } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';

const out = process.argv[2];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-openapi-'));
const database = await openPglite();
try {
  await runMigrations(database);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  if (out) fs.writeFileSync(out, text);
  else process.stdout.write(text);
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
