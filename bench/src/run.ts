// npm run bench: measures the running product with autocannon against a real server process.
// Every figure is also given as a ratio to the same server's /api/health measured in the same
// run, because the machine is shared and absolute numbers drift. Writes a markdown report to
// bench/results/. `npm run bench:pg -w @annasetu/bench` runs the same on a throwaway PostgreSQL.
import os from 'node:os';
import path from 'node:path';
import { DURATION_S, measure, tableRows, writeReport, type Row, type Scenario } from './load.js';
import { startServer } from './server-process.js';

async function signUp(baseUrl: string) {
  const email = `bench.${Date.now()}@example.in`;
  const password = 'bench-password';
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      role: 'restaurant',
      name: 'Bench Kitchen',
      email,
      phone: '+91 98765 43210',
      address: 'MG Road, Bengaluru',
      organizationName: 'Bench Kitchen Pvt Ltd',
      password,
      confirmPassword: password,
    }),
  });
  if (response.status !== 201)
    throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
  return { email, password, cookie: cookies.join('; ') };
}

// Chat is limited per user; the bench sends 900 messages from one account within a minute.
process.env.CHAT_RATE_LIMIT_PER_MINUTE ??= '1000';
const server = await startServer();
try {
  const account = await signUp(server.baseUrl);
  const scenarios: Scenario[] = [
    { name: 'GET /api/health (ceiling)', method: 'GET', path: '/api/health', connections: 50 },
    {
      name: 'GET /api/me (session lookup)',
      method: 'GET',
      path: '/api/me',
      connections: 50,
      headers: { cookie: account.cookie },
    },
    {
      name: 'POST /api/auth/login (argon2id)',
      method: 'POST',
      path: '/api/auth/login',
      connections: 10,
      body: JSON.stringify({ email: account.email, password: account.password }),
    },
    {
      name: 'POST /api/auth/login (wrong password)',
      method: 'POST',
      path: '/api/auth/login',
      connections: 10,
      body: JSON.stringify({ email: account.email, password: 'not-the-password' }),
    },
  ];
  const csrf = /csrf_token=([^;]+)/.exec(account.cookie)?.[1] ?? '';
  scenarios.push({
    name: 'POST /chat (built-in assistant, Hindi)',
    method: 'POST',
    path: '/chat',
    connections: 10,
    amount: 900,
    headers: { cookie: account.cookie, 'x-csrf-token': csrf },
    body: JSON.stringify({ message: 'खाना दान कैसे करें?', language: 'hi' }),
  });
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    process.stdout.write(`measuring ${scenario.name} ... `);
    const row = await measure(server.baseUrl, scenario);
    rows.push(row);
    console.log(`${Math.round(row.requestsPerSecond)} req/s`);
  }
  const lines = [
    `# Benchmark ${new Date().toISOString()} (${server.engine})`,
    '',
    `${os.cpus().length} cores, Node ${process.version}, ${DURATION_S} s per scenario.`,
    '',
    ...tableRows(rows),
    '',
  ];
  const report = lines.join('\n');
  console.log(`\n${report}`);
  const file = writeReport(server.engine, report);
  console.log(`report written to ${path.relative(process.cwd(), file)}`);
} finally {
  await server.stop();
}
