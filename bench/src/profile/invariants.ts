// What must hold in the database after any amount of concurrent use, checked with SQL once the
// run is over: one carrier per donation, tokens paid once, one collection per collected request.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../../apps/server/src/db/client.js';

export interface InvariantCheck {
  name: string;
  /** Rows that break the rule (0 when it holds). */
  violations: number;
  /** How many rows the rule was checked on, to show the check was not vacuous. */
  checked: number;
}

async function count(database: Database, query: SQL): Promise<number> {
  const [row] = rowsOf<{ n: unknown }>(await database.db.execute(query));
  return Number(row?.n ?? 0);
}

export async function checkInvariants(database: Database): Promise<InvariantCheck[]> {
  const checks: InvariantCheck[] = [];
  const add = async (name: string, violations: SQL, checked: SQL) =>
    checks.push({
      name,
      violations: await count(database, violations),
      checked: await count(database, checked),
    });

  await add(
    'no donation grabbed by a second volunteer before the first released it (event log)',
    sql`select count(*) as n from (
          select action, lag(action) over (partition by entity_id order by id) as previous
          from events
          where entity_type = 'donation'
            and action in ('donation.volunteer_assigned', 'donation.volunteer_released')
        ) t
        where action = 'donation.volunteer_assigned' and previous = 'donation.volunteer_assigned'`,
    sql`select count(distinct entity_id) as n from events
        where entity_type = 'donation' and action = 'donation.volunteer_assigned'`,
  );
  await add(
    'no donation carried by two volunteers (requests)',
    sql`select count(*) as n from (
          select donation_id from requests
          where volunteer_id is not null and status in ('accepted', 'collected', 'fulfilled')
          group by donation_id having count(distinct volunteer_id) > 1
        ) t`,
    sql`select count(distinct donation_id) as n from requests where volunteer_id is not null`,
  );
  await add(
    'a carried donation names the volunteer of its live request',
    sql`select count(*) as n from requests r join donations d on d.id = r.donation_id
        where r.volunteer_id is not null and r.status in ('accepted', 'collected', 'fulfilled')
          and d.volunteer_id is distinct from r.volunteer_id`,
    sql`select count(*) as n from requests
        where volunteer_id is not null and status in ('accepted', 'collected', 'fulfilled')`,
  );
  await add(
    'every fulfilled request moved to fulfilled exactly once (event log)',
    sql`select count(*) as n from requests r
        where r.status = 'fulfilled'
          and (select count(*) from events e
               where e.entity_type = 'request' and e.entity_id = r.id
                 and e.to_status = 'fulfilled') <> 1`,
    sql`select count(*) as n from requests where status = 'fulfilled'`,
  );
  // Tokens come from nothing else: 10 to the donor per good collection or good self delivery,
  // 5 to the volunteer per fulfilled request it carried.
  await add(
    "every user's tokens = 10 x good collections of their food + 5 x deliveries they fulfilled",
    sql`select count(*) as n from users u
        left join (
          select d.donor_id as id, count(*) * 10 as tokens from collections c
          join donations d on d.id = c.donation_id where c.quality = 'good' group by d.donor_id
        ) collected on collected.id = u.id
        left join (
          select donor_id as id, count(*) * 10 as tokens from requests
          where is_self_delivery and status = 'fulfilled' and quality = 'good' group by donor_id
        ) self_delivered on self_delivered.id = u.id
        left join (
          select volunteer_id as id, count(*) * 5 as tokens from requests
          where volunteer_id is not null and status = 'fulfilled' group by volunteer_id
        ) carried on carried.id = u.id
        where u.tokens <> coalesce(collected.tokens, 0) + coalesce(self_delivered.tokens, 0)
                          + coalesce(carried.tokens, 0)`,
    sql`select count(*) as n from users where tokens > 0`,
  );
  await add(
    'every collected or delivered volunteer request has exactly one collection',
    sql`select count(*) as n from requests r
        where r.status in ('collected', 'fulfilled') and not r.is_self_delivery
          and (select count(*) from collections c where c.request_id = r.id) <> 1`,
    sql`select count(*) as n from requests
        where status in ('collected', 'fulfilled') and not is_self_delivery`,
  );
  await add(
    'no collection without a collected or delivered request, none twice for one donation',
    sql`select
          (select count(*) from collections c join requests r on r.id = c.request_id
           where r.status not in ('collected', 'fulfilled') or r.is_self_delivery)
          + (select count(*) from (select donation_id from collections
                                   group by donation_id having count(*) > 1) t) as n`,
    sql`select count(*) as n from collections`,
  );
  await add(
    'a collected donation is completed (good) or rejected (bad) as its collection says',
    sql`select count(*) as n from collections c join donations d on d.id = c.donation_id
        where d.status <> case c.quality when 'good' then 'completed'::donation_status
                                         else 'rejected'::donation_status end`,
    sql`select count(*) as n from collections`,
  );
  return checks;
}
