// npm run admin:create -- --email admin@example.org --password '...' [--name 'Platform Admin']
// Admin accounts are never self-registered; this is the only way to create one.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema, PASSWORD_MAX_LENGTH } from '@annasetu/domain';
import { hashPassword } from '../modules/auth/passwords.js';
import { findUserByEmail, insertUser } from '../modules/users/users.queries.js';
import { appendEvent } from '../modules/events/events.queries.js';
import { withDatabase } from './shared.js';

const ADMIN_PASSWORD_MIN = 12; // stricter than users: an admin account can verify and suspend others

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string', default: 'Platform Admin' },
    phone: { type: 'string', default: '+91 00000 00000' },
  },
});

const parsed = z
  .object({
    email: emailSchema,
    password: z.string().min(ADMIN_PASSWORD_MIN).max(PASSWORD_MAX_LENGTH),
    name: z.string().trim().min(1).max(120),
    phone: z.string(),
  })
  .safeParse(values);
if (!parsed.success) {
  console.error(
    `Usage: npm run admin:create -- --email <email> --password <at least ${ADMIN_PASSWORD_MIN} characters> [--name <name>]`,
  );
  for (const issue of parsed.error.issues)
    console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}

await withDatabase(async (database) => {
  const { email, password, name, phone } = parsed.data;
  if (await findUserByEmail(database.db, email)) {
    console.error(`An account with ${email} already exists.`);
    process.exit(1);
  }
  const passwordHash = await hashPassword(password);
  await database.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email,
      passwordHash,
      role: 'admin',
      name,
      phone,
      address: '-',
      isVerified: true,
    });
    if (!user) throw new Error(`An account with ${email} already exists.`);
    await appendEvent(tx, {
      entityType: 'user',
      entityId: user.id,
      action: 'admin.created',
      actorId: null,
    });
  });
  console.log(`Admin account created: ${email}`);
});
