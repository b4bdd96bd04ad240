import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { biddingApp, biddingScene, reachOpening, sealed } from './bids-fixtures.ts';
import { as, createSupplier, ownerOfNewOrganisation } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * The live view of an opening: who may follow it, who is present (bidders counted, not named,
 * until the bids are opened), the witnesses present at this moment, and the prices once opened.
 */

let t: TestApp, admin: string, owner: string, auditor: string, supervisor: string;
beforeAll(async () => {
  ({ t, admin, owner, auditor, supervisor } = await biddingApp());
}, 60_000);
afterAll(() => t.close());

const live = (token: string, id: number) => as(t.app, token).get(`/api/live/${id}`);

describe('the live view of an opening', () => {
  it('shows participants only, counts bidders until the opening, then the prices', async () => {
    const { projectId, bidders } = await biddingScene(t, { owner, auditor }, 3);
    const [a, b, c] = bidders;
    await sealed(t, a!, projectId, 1_200_000);
    await sealed(t, b!, projectId, 1_100_000);
    await sealed(t, c!, projectId, 1_300_000);

    // Only participants: a supplier without an application and another organisation's owner are told nothing.
    expect((await live((await createSupplier(t)).token, projectId)).statusCode).toBe(404);
    const { token: stranger } = await ownerOfNewOrganisation(t, admin, 'Faraway Roads Office');
    const refused = await as(t.app, stranger, 'zh-CN').get(`/api/live/${projectId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().msg).toBe('项目不存在');

    await reachOpening(t, projectId);
    const first = (await live(a!.token, projectId)).json().data;
    expect(first).toMatchObject({ viewer: 'bidder', opening: null, myApplicationId: a!.applicationId });
    expect(first.tieCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(first.present).toEqual({ staff: [], bidders: 1, bidderNames: null });
    // Another bidder joins: counted, still not named, and nothing of anyone's price.
    const second = await live(b!.token, projectId);
    expect(second.json().data.present).toMatchObject({ bidders: 2, bidderNames: null });
    expect(second.body).not.toContain('1100000');

    // The owner and the supervisor join; the supervisor confirms presence and is a witness now.
    expect((await live(owner, projectId)).json().data.viewer).toBe('owner');
    expect((await as(t.app, supervisor).post(`/api/openings/${projectId}/witness`)).json().code).toBe(200);
    const staffView = (await live(supervisor, projectId)).json().data;
    expect(staffView.viewer).toBe('supervisor');
    expect(staffView.present.staff.map((p: { name: string; role: string }) => [p.name, p.role])).toEqual([
      ['Olivia Owner', 'owner'],
      ['Sara Supervisor', 'supervisor'],
    ]);
    expect(staffView.witnesses).toEqual([{ name: 'Sara Supervisor', present: true }]);

    // Gone for more than a minute: neither present nor a witness of this moment.
    await t.database.db.execute(
      sql`update live_presence set last_seen_at = app_now() - interval '90 seconds' where project_id = ${projectId} and role = 'supervisor'`,
    );
    await t.database.db.execute(
      sql`update opening_witnesses set signed_at = app_now() - interval '90 seconds' where project_id = ${projectId}`,
    );
    const away = (await live(owner, projectId)).json().data;
    expect(away.witnesses).toEqual([{ name: 'Sara Supervisor', present: false }]);
    expect(away.present.staff.map((p: { role: string }) => p.role)).toEqual(['owner']);
    expect((await as(t.app, owner).post(`/api/openings/${projectId}/open`)).statusCode).toBe(409);

    // Back on the page, the supervisor witnesses the opening, recorded at its moment.
    await live(supervisor, projectId);
    const opened = await as(t.app, owner).post(`/api/openings/${projectId}/open`);
    expect(opened.json().code, opened.body).toBe(200);
    const record = opened.json().data;
    expect(record.witness).toBe('Sara Supervisor');
    expect(record.witnessedAt).toBe(record.openedAt);

    // The bidders following now see the prices, and who else is present by name.
    const after = (await live(a!.token, projectId)).json().data;
    expect(
      after.opening.bids.map((x: { companyName: string; priceFen: number; rank: number }) => [x.rank, x.priceFen]),
    ).toEqual([
      [1, 1_100_000],
      [2, 1_200_000],
      [3, 1_300_000],
    ]);
    expect(after.present.bidderNames).toEqual(expect.arrayContaining([a!.compName, b!.compName]));
    expect(after.present.bidderNames).toHaveLength(2);
    const [presence] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from live_presence where project_id = ${projectId}`,
    );
    expect(presence!.n).toBe(4);
  });
});
