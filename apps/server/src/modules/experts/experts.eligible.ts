import { Perm } from '@lvb/contracts/permissions';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { departmentsRepository } from '../departments/departments.repository.ts';
import { rolesGranting } from '../roles/roles.repository.ts';
import { expertsRepository } from './experts.repository.ts';

export interface EligibleExpert {
  expertId: number;
  userId: number;
  loginUid: string;
  name: string;
  employer: string;
  employerCreditCode: string | null;
  orgDeptId: number | null;
}

/**
 * The active employee accounts among `userIds` allowed to score (a role granting
 * `selection:score:edit`), read through the accounts module: by user id.
 */
export async function scoringAccounts(db: Db | Tx, userIds: number[]) {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map<number, { loginUid: string; name: string; deptId: number | null }>();
  const { rows } = await accountsRepository.employeePage(
    db,
    {
      status: '0',
      roleIds: rolesGranting(Perm.selection.score.edit),
      scope: ({ ownerId }) => inArray(ownerId, ids),
    },
    { offset: 0, limit: ids.length },
  );
  return new Map(rows.map((r) => [r.userId, { loginUid: r.loginUid, name: r.name, deptId: r.deptId }]));
}

/**
 * Active experts of this type valid on `onDate` (YYYY-MM-DD, platform zone) whose region is the
 * project's place or one of its ancestors (same coverage rule as poolRepository.candidates), whose
 * account is active and may score; sorted by expert id. `orgDeptId` is the account's organisation
 * (the department of kind organisation at or above its own), as sessions compute it.
 */
export async function eligibleExperts(
  db: Db | Tx,
  q: { typeId: number; placeId: number; onDate: string },
): Promise<EligibleExpert[]> {
  const rows = await expertsRepository.drawable(db, q);
  if (rows.length === 0) return [];
  const accounts = await scoringAccounts(
    db,
    rows.map((r) => r.userId),
  );
  // One statement at a time: `db` may be a transaction (one connection).
  const organisations = new Map<number, number | null>();
  for (const a of accounts.values()) {
    if (a.deptId !== null && !organisations.has(a.deptId))
      organisations.set(a.deptId, await departmentsRepository.organisationOf(db, a.deptId));
  }
  return rows.flatMap((r) => {
    const a = accounts.get(r.userId);
    if (!a) return [];
    return [
      {
        expertId: r.expertId,
        userId: r.userId,
        loginUid: a.loginUid,
        name: a.name,
        employer: r.employer,
        employerCreditCode: r.employerCreditCode,
        orgDeptId: a.deptId === null ? null : (organisations.get(a.deptId) ?? null),
      },
    ];
  });
}
