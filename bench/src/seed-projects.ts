import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../apps/server/src/db/client.ts';
import { seedBase } from '../../apps/server/src/seed/seed.ts';

// The dates and status of bench project number g, relative to now. Every status agrees with its
// deadlines (sign-up closed only once the deadline has passed, every opening still ahead):
// otherwise the server's deadline scheduler would spend the measured seconds moving tens of
// thousands of overdue projects and writing their audit rows.
const signupStart = sql`now() - interval '12 days'`;
const bidDeadline = (g: SQL) => sql`now() + ((${g}) % 40 - 10) * interval '1 day' + interval '12 hours'`;
const openingAt = (g: SQL) => sql`now() + ((${g}) % 40 + 1) * interval '1 day' + interval '12 hours'`;
const status = (g: SQL) => sql`case when (${g}) % 40 < 10 then 'signup_closed' else 'published' end`;
const publishedAt = (g: SQL) => sql`now() - ((${g}) % 1000) * interval '1 hour'`;

/**
 * 100,000 published projects with their announcements, spread over every type, place, model and
 * owner organisation, written with set-based SQL (a few seconds on PostgreSQL). The dates are
 * relative to the day of seeding; when a later run finds a deadline near or projects moved on,
 * it brings every bench project back to the same schedule relative to now.
 */
export async function seedBenchProjects(database: Database, target = 100_000) {
  const db = database.db;
  await seedBase(db, 'Bench@2026-admin');
  const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from projects`)) as [{ n: number }];
  const missing = Math.max(0, target - n);
  if (missing > 0) await insertProjects(database, n, missing);
  const [{ due }] = (await queryRows<{ due: number }>(
    db,
    sql`select count(*)::int as due from projects where code like 'BN%' and (
          status not in ('published', 'signup_closed') or opening_at <= now() + interval '1 hour'
          or (status = 'published' and bid_deadline <= now() + interval '1 hour'))`,
  )) as [{ due: number }];
  if (due > 0) {
    const g = sql`substring(code from 3)::int`;
    await db.execute(sql`update projects set signup_start = ${signupStart}, bid_deadline = ${bidDeadline(g)},
      opening_at = ${openingAt(g)}, status = ${status(g)}, status_reason = null, published_at = ${publishedAt(g)}
      where code like 'BN%'`);
  }
  if (missing > 0 || due > 0) {
    // Vacuum as well as analyze: the visibility map of a table in service is mostly set, so that
    // counts are answered from an index alone; right after a bulk write it is empty until
    // autovacuum passes.
    await db.execute(sql`vacuum analyze projects`);
    await db.execute(sql`vacuum analyze notices`);
  }
  return { created: missing, realigned: due > 0, total: n + missing };
}

async function insertProjects({ db }: Database, n: number, missing: number) {
  await db.execute(sql`insert into departments (name, kind, parent_id, ancestors)
    select 'Bench owner ' || g, 'organisation', d.id, d.ancestors || ',' || d.id
    from generate_series(1, 50) g, (select id, ancestors from departments where name = 'Owners') d
    where not exists (select 1 from departments where name = 'Bench owner 1')`);
  const g = sql`g`;
  await db.execute(sql`
    with owners as (select array_agg(id) ids from departments where name like 'Bench owner %'),
         types as (select array_agg(id order by id) ids from project_types),
         leaf as (select array_agg(id) ids from places where array_length(string_to_array(ancestors, ','), 1) = 3),
         creator as (select id from users where login_uid = 'admin')
    insert into projects (code, name, owner_dept_id, created_by, type_id, place_id, budget, model, min_participants,
      guarantee_required, guarantee_amount, signup_start, bid_deadline, opening_at, publicity_days, qualification,
      description, contact_name, contact_tel, status, published_at, created_at, updated_at)
    select 'BN' || lpad(g::text, 10, '0'),
      'Bench project ' || g || ' ' || (array['road works','school repair','park design','survey','cleaning services','office goods'])[1 + g % 6],
      owners.ids[1 + g % array_length(owners.ids, 1)], creator.id,
      types.ids[1 + g % array_length(types.ids, 1)], leaf.ids[1 + g % array_length(leaf.ids, 1)],
      (10000 + (g::bigint * 7919) % 90000000)::bigint, 1 + (g / 6) % 3, 3, g % 3 <> 0, 0,
      ${signupStart}, ${bidDeadline(g)}, ${openingAt(g)}, 3,
      'Qualification of bench project ' || g, 'Description of bench project ' || g, 'Bench contact', '0571-0000000',
      ${status(g)}, ${publishedAt(g)}, now(), now()
    from generate_series(${n + 1}::int, ${n + missing}::int) g, owners, types, leaf, creator`);
  await db.execute(sql`insert into notices (title, notice_type, audience, content, status, project_id, created_by)
    select 'Announcement: ' || p.name, 'announcement', 'all', '<p>' || p.name || '</p>', '0', p.id, p.created_by
    from projects p where p.code like 'BN%' and not exists (select 1 from notices x where x.project_id = p.id)`);
}
