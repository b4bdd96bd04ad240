import {
  expertWorkflow,
  type ExpertBody,
  type ExpertEvent,
  type ExpertQuery,
  type ExpertRow,
  type expertAccount,
  type expertDetail,
} from '@lvb/contracts/experts';
import { Perm } from '@lvb/contracts/permissions';
import { eventsAllowed } from '@lvb/contracts/workflow';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { appendAudit, timelineOf } from '../audit-trail/audit-trail.service.ts';
import { masterDataRepository } from '../master-data/master-data.repository.ts';
import { rolesGranting } from '../roles/roles.repository.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { expertMachine } from './experts.machine.ts';
import { expertsRepository as repo, type ExpertListRow } from './experts.repository.ts';

export { eligibleExperts, type EligibleExpert } from './experts.eligible.ts';

const SUBJECT = expertWorkflow.subject;
const NO_EXPERT = text('expert does not exist', '专家记录不存在');
const NOT_SCORER = text(
  'userId: the account is not an active employee allowed to score',
  '所选账号不是可参与评分的在用内部账号',
);
const DUPLICATE = text('userId: the account is already kept as an expert for this specialty', '该账号已是此专业的专家');
/** How many accounts a keyword may match before the list narrows to them. */
const KEYWORD_ACCOUNTS = 1000;
/** Accounts the add dialog offers. */
const ACCOUNT_CHOICES = 50;

const actorOf = (actor: SignedInUser) => ({ actorId: actor.id, actorName: actor.loginUid });

/** What may score: active employee accounts holding a role that grants `selection:score:edit`. */
const scorers = () => ({ status: '0', roleIds: rolesGranting(Perm.selection.score.edit) });

/**
 * The expert pool (packages/contracts experts.ts): employee accounts allowed to score, kept for a
 * specialty (a project type) in a region between two dates, suspended and reinstated on the
 * shared engine. Best-value panels are drawn from it through `eligibleExperts`.
 */
export function createExpertsService({ db }: { db: Db }) {
  /** The account's login id and department, read through the accounts module (removed accounts too). */
  async function withAccounts(rows: ExpertListRow[]): Promise<ExpertRow[]> {
    const ids = [...new Set(rows.map((r) => r.userId))];
    if (ids.length === 0) return [];
    const { rows: accounts } = await accountsRepository.employeePage(
      db,
      { scope: ({ ownerId }) => inArray(ownerId, ids) },
      { offset: 0, limit: ids.length },
    );
    const byId = new Map<number, { loginUid: string; deptName: string | null }>(
      accounts.map((a) => [a.userId, { loginUid: a.loginUid, deptName: a.deptName }]),
    );
    for (const id of ids.filter((i) => !byId.has(i))) {
      const removed = await accountsRepository.findById(db, id);
      byId.set(id, { loginUid: removed?.loginUid ?? '', deptName: null });
    }
    return rows.map((r) => ({ ...r, loginUid: byId.get(r.userId)!.loginUid, deptName: byId.get(r.userId)!.deptName }));
  }

  /** The query with the accounts whose name or login id contains the keyword. */
  async function withKeyword(q: ExpertQuery) {
    if (!q.keyword) return q;
    const page = { offset: 0, limit: KEYWORD_ACCOUNTS };
    const byName = await accountsRepository.employeePage(db, { name: q.keyword }, page);
    const byLogin = await accountsRepository.employeePage(db, { loginUid: q.keyword }, page);
    return { ...q, userIds: [...new Set([...byName.rows, ...byLogin.rows].map((a) => a.userId))] };
  }

  /** What an expert refers to: an active employee allowed to score, an enabled type, an enabled region. */
  async function checkReferences(body: ExpertBody) {
    const account = await accountsRepository.findEmployee(db, body.userId, scorers());
    if (!account) throw badRequest(NOT_SCORER);
    const type = await masterDataRepository.projectType(db, body.typeId);
    if (!type || type.status !== '0')
      throw badRequest(text('typeId: the project type does not exist or is disabled', '项目类型不存在或已停用'));
    const place = await masterDataRepository.place(db, body.placeId);
    if (!place || place.status !== '0')
      throw badRequest(text('placeId: the region does not exist or is disabled', '区域不存在或已停用'));
  }

  async function expert(id: number): Promise<ExpertRow> {
    const row = await repo.expert(db, id);
    if (!row) throw notFound(NO_EXPERT);
    return (await withAccounts([row]))[0]!;
  }

  async function detail(actor: SignedInUser, id: number): Promise<z.output<typeof expertDetail>> {
    const row = await expert(id);
    return {
      ...row,
      timeline: await timelineOf(db, SUBJECT, id),
      actions: eventsAllowed(expertWorkflow, row.status, actor),
    };
  }

  async function save<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(DUPLICATE);
      throw err;
    }
  }

  return {
    async list(q: ExpertQuery, page: Page) {
      const { rows, total } = await repo.page(db, await withKeyword(q), page);
      return { rows: await withAccounts(rows), total };
    },
    /** A batch of an export: the page's rows, not counted. */
    exportRows: async (q: ExpertQuery, page: Page) =>
      withAccounts(await repo.all(db, await withKeyword(q), page.limit, page.offset)),

    /** The accounts that may be kept as experts: active employees allowed to score, the first 50 by name. */
    async accounts(keyword?: string): Promise<z.output<typeof expertAccount>[]> {
      const page = { offset: 0, limit: KEYWORD_ACCOUNTS };
      const found = keyword
        ? [
            ...(await accountsRepository.employeePage(db, { ...scorers(), name: keyword }, page)).rows,
            ...(await accountsRepository.employeePage(db, { ...scorers(), loginUid: keyword }, page)).rows,
          ]
        : (await accountsRepository.employeePage(db, scorers(), page)).rows;
      const unique = new Map(
        found.map((r) => [r.userId, { userId: r.userId, name: r.name, loginUid: r.loginUid, deptName: r.deptName }]),
      );
      return [...unique.values()]
        .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN') || a.userId - b.userId)
        .slice(0, ACCOUNT_CHOICES);
    },

    detail,

    async add(actor: SignedInUser, body: ExpertBody) {
      await checkReferences(body);
      return save(() =>
        db.transaction(async (tx) => {
          const id = await repo.insert(tx, { ...body, createdBy: actor.id });
          await appendAudit(tx, {
            action: `${SUBJECT}.add`,
            subjectType: SUBJECT,
            subjectId: id,
            ...actorOf(actor),
            data: { ...body, to: 'active' },
          });
          return id;
        }),
      );
    },

    async edit(actor: SignedInUser, id: number, body: ExpertBody) {
      await expert(id);
      await checkReferences(body);
      await save(() =>
        db.transaction(async (tx) => {
          if (!(await repo.update(tx, id, body))) throw notFound(NO_EXPERT);
          await appendAudit(tx, {
            action: `${SUBJECT}.edit`,
            subjectType: SUBJECT,
            subjectId: id,
            ...actorOf(actor),
            data: { ...body },
          });
        }),
      );
    },

    async remove(actor: SignedInUser, id: number) {
      const row = await expert(id);
      await db.transaction(async (tx) => {
        if (!(await repo.remove(tx, id))) throw notFound(NO_EXPERT);
        await appendAudit(tx, {
          action: `${SUBJECT}.remove`,
          subjectType: SUBJECT,
          subjectId: id,
          ...actorOf(actor),
          data: { userId: row.userId, typeId: row.typeId, placeId: row.placeId },
        });
      });
    },

    async fire(actor: SignedInUser, id: number, event: ExpertEvent, reason?: string) {
      await expert(id);
      await expertMachine.fire(db, id, { event, actor, reason });
      return detail(actor, id);
    },
  };
}
export type ExpertsService = ReturnType<typeof createExpertsService>;
