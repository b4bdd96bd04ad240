import { LIVE_APPLICATION_STATUSES, type ApplicationStatus } from '@lvb/contracts/application-workflow';
import { and, count, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containing, type Page } from '../../lib/paging.ts';
import { qualified } from '../../lib/sql-fragments.ts';
import { companySummary } from '../companies/companies.repository.ts';
import { filesRepository } from '../files/files.repository.ts';
import { projectBrief } from '../projects/projects.repository.ts';
import { applications } from './applications.table.ts';

export type ApplicationRow = typeof applications.$inferSelect;
export type NewApplication = typeof applications.$inferInsert;
type Conn = Db | Tx;

/** A company's name, through the companies module's summary of it. */
const companyName = sql<string>`(${companySummary(applications.companyId)} ->> 'name')`;
const project = projectBrief(applications.projectId);

/** An application's status, for another module's rows (a bid guarantee released when it lost). */
export const applicationStatusOf = (applicationId: AnyColumn | SQL) =>
  sql<string>`(select a.status from applications a where a.id = ${qualified(applicationId)})`;

/**
 * The ids of the projects the company `companyId` applied to with an application now in one of
 * `statuses`, as a subquery the projects module filters its rows by.
 */
export const projectIdsAppliedBy = (companyId: number, statuses: readonly string[]) =>
  sql`(select a.project_id from applications a where a.company_id = ${companyId}
    and a.status in (${sql.join(
      statuses.map((st) => sql`${st}`),
      sql`, `,
    )}))`;

/** An application as the lists show it: with its project, company and documents. */
const listed = {
  id: applications.id,
  projectId: applications.projectId,
  project,
  companyId: applications.companyId,
  companyName,
  contactName: applications.contactName,
  contactTel: applications.contactTel,
  guaranteeLetterNo: applications.guaranteeLetterNo,
  guaranteeOrderId: applications.guaranteeOrderId,
  status: applications.status,
  statusReason: applications.statusReason,
  checkedAt: applications.checkedAt,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
  documents: filesRepository.documentsJson('application', applications.id),
};

export interface ApplicationListFilter {
  id?: number;
  companyId?: number;
  projectId?: number;
  /** Part of the project's name or code. */
  project?: string;
  /** Part of the company's name. */
  company?: string;
  status?: string;
  /** The ids of the projects the reader may see (projects module's subquery). */
  projectScope?: SQL;
}

const whereOf = (f: ApplicationListFilter): SQL | undefined =>
  and(
    f.id ? eq(applications.id, f.id) : undefined,
    f.companyId ? eq(applications.companyId, f.companyId) : undefined,
    f.projectId ? eq(applications.projectId, f.projectId) : undefined,
    f.status ? eq(applications.status, f.status) : undefined,
    f.projectScope ? sql`${applications.projectId} in ${f.projectScope}` : undefined,
    f.project
      ? or(
          ilike(sql`${project} ->> 'name'`, containing(f.project)),
          ilike(sql`${project} ->> 'code'`, containing(f.project)),
        )
      : undefined,
    f.company ? ilike(companyName, containing(f.company)) : undefined,
  );

/** A listed row with its project's fields flat, dates as dates. */
function present({ project: p, ...row }: Awaited<ReturnType<typeof listedRows>>[number]) {
  return {
    ...row,
    status: row.status as ApplicationStatus,
    projectName: p.name,
    projectCode: p.code,
    projectStatus: p.status,
    model: p.model,
    signupStart: new Date(p.signupStart),
    bidDeadline: new Date(p.bidDeadline),
    guaranteeRequired: p.guaranteeRequired,
    guaranteeAmountFen: Number(p.guaranteeAmount),
  };
}
export type ListedApplication = ReturnType<typeof present>;

const listedRows = (db: Conn, where: SQL | undefined, page: Page) =>
  db
    .select(listed)
    .from(applications)
    .where(where)
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(page.limit)
    .offset(page.offset);

/** Queries on the applications table; the only place that touches it (docs/architecture.md). */
export const applicationsRepository = {
  /** One application; with `projectScope`, only one of those projects (projects module's subquery). */
  /** The companies whose application to the project passed its check (whatever came after). */
  async bidderCompanies(db: Conn, projectId: number): Promise<number[]> {
    const rows = await db
      .selectDistinct({ companyId: applications.companyId })
      .from(applications)
      .where(
        and(
          eq(applications.projectId, projectId),
          inArray(applications.status, ['qualified', 'won', 'lost', 'confirmed', 'declined']),
        ),
      )
      .orderBy(applications.companyId);
    return rows.map((r) => r.companyId);
  },

  async find(db: Conn, id: number, projectScope?: SQL): Promise<ApplicationRow | undefined> {
    const [row] = await db
      .select()
      .from(applications)
      .where(
        and(eq(applications.id, id), projectScope ? sql`${applications.projectId} in ${projectScope}` : undefined),
      );
    return row;
  },

  /** Inserts an application; the live unique index refuses a second live one of the company. */
  async insert(tx: Tx, values: NewApplication): Promise<number> {
    const [row] = await tx.insert(applications).values(values).returning({ id: applications.id });
    return row!.id;
  },

  /** The company's live application to the project, if any. */
  /** Every application of a project that passed its check, with its company and status (the result's view). */
  async participantsOf(db: Conn, projectId: number): Promise<{ id: number; companyId: number; status: string }[]> {
    return db
      .select({ id: applications.id, companyId: applications.companyId, status: applications.status })
      .from(applications)
      .where(
        and(
          eq(applications.projectId, projectId),
          inArray(applications.status, ['qualified', 'won', 'lost', 'confirmed', 'declined']),
        ),
      )
      .orderBy(applications.id);
  },

  async liveOf(db: Conn, projectId: number, companyId: number): Promise<{ id: number } | undefined> {
    const [row] = await db
      .select({ id: applications.id })
      .from(applications)
      .where(
        and(
          eq(applications.projectId, projectId),
          eq(applications.companyId, companyId),
          inArray(applications.status, [...LIVE_APPLICATION_STATUSES]),
        ),
      );
    return row;
  },

  /** The company's latest application to the project, whatever its status. */
  async latestOf(db: Conn, projectId: number, companyId: number) {
    const [row] = await db
      .select({ id: applications.id, status: applications.status, statusReason: applications.statusReason })
      .from(applications)
      .where(and(eq(applications.projectId, projectId), eq(applications.companyId, companyId)))
      .orderBy(desc(applications.id))
      .limit(1);
    return row && { ...row, status: row.status as ApplicationStatus };
  },

  /** How many applications of the projects `projectIds` (a subquery of ids) wait for their check. */
  async pendingCheckCount(db: Conn, projectIds: SQL): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(applications)
      .where(and(eq(applications.status, 'pending_check'), sql`${applications.projectId} in ${projectIds}`));
    return row?.n ?? 0;
  },

  /** The company's applications counted by status. */
  byStatusOfCompany: (db: Conn, companyId: number) =>
    db
      .select({ status: applications.status, count: count() })
      .from(applications)
      .where(eq(applications.companyId, companyId))
      .groupBy(applications.status)
      .orderBy(applications.status),

  /** Locks the application when it still waits for its check; answers whether it does. */
  async lockPending(tx: Tx, id: number): Promise<boolean> {
    const rows = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.id, id), eq(applications.status, 'pending_check')))
      .for('update');
    return rows.length > 0;
  },

  /** One page of applications with their project, company and documents, newest first. */
  async page(db: Conn, f: ApplicationListFilter, page: Page) {
    const where = whereOf(f);
    const [total] = await db.select({ n: count() }).from(applications).where(where);
    return { rows: (await listedRows(db, where, page)).map(present), total: total?.n ?? 0 };
  },

  /**
   * Records the bid guarantee an application holds while it waits for its check: a letter the
   * platform issued (its order) or a number from elsewhere (`orderId` null). False when the
   * application has been checked or withdrawn meanwhile.
   */
  async setGuarantee(tx: Tx, id: number, g: { letterNo: string; orderId: number | null }): Promise<boolean> {
    const rows = await tx
      .update(applications)
      .set({ guaranteeLetterNo: g.letterNo, guaranteeOrderId: g.orderId, updatedAt: sql`now()` })
      .where(and(eq(applications.id, id), eq(applications.status, 'pending_check')))
      .returning({ id: applications.id });
    return rows.length === 1;
  },

  /** The company's applications in one of `statuses` (a guarantee's candidates), newest first. */
  ofCompany(
    db: Conn,
    companyId: number,
    statuses: readonly string[],
  ): Promise<{ id: number; projectId: number; companyId: number; status: string }[]> {
    return db
      .select({
        id: applications.id,
        projectId: applications.projectId,
        companyId: applications.companyId,
        status: applications.status,
      })
      .from(applications)
      .where(and(eq(applications.companyId, companyId), inArray(applications.status, [...statuses])))
      .orderBy(desc(applications.id));
  },

  /** The company's application to the project in status `qualified`, if any. */
  async qualifiedOf(
    db: Conn,
    projectId: number,
    companyId: number,
  ): Promise<{ id: number; companyId: number } | undefined> {
    const [row] = await db
      .select({ id: applications.id, companyId: applications.companyId })
      .from(applications)
      .where(
        and(
          eq(applications.projectId, projectId),
          eq(applications.companyId, companyId),
          eq(applications.status, 'qualified'),
        ),
      );
    return row;
  },

  /** The company's qualified applications to projects of selection model `model`, oldest first. */
  qualifiedOfCompany(
    db: Conn,
    companyId: number,
    model: number,
  ): Promise<{ id: number; projectId: number; companyId: number }[]> {
    return db
      .select({ id: applications.id, projectId: applications.projectId, companyId: applications.companyId })
      .from(applications)
      .where(
        and(
          eq(applications.companyId, companyId),
          eq(applications.status, 'qualified'),
          sql`(${project} ->> 'model')::int = ${model}`,
        ),
      )
      .orderBy(applications.id);
  },

  /** The project's qualified applications with their companies' names, in application order. */
  qualifiedOfProject(db: Conn, projectId: number): Promise<{ id: number; companyId: number; companyName: string }[]> {
    return db
      .select({ id: applications.id, companyId: applications.companyId, companyName })
      .from(applications)
      .where(and(eq(applications.projectId, projectId), eq(applications.status, 'qualified')))
      .orderBy(applications.id);
  },

  /**
   * The applications of these projects that won, confirmed or declined their award, with their
   * companies' names (the result lists' winners), in application order.
   */
  awardedOf(
    db: Conn,
    projectIds: number[],
  ): Promise<{ id: number; projectId: number; companyId: number; companyName: string; status: string }[]> {
    if (projectIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        id: applications.id,
        projectId: applications.projectId,
        companyId: applications.companyId,
        companyName,
        status: applications.status,
      })
      .from(applications)
      .where(
        and(
          inArray(applications.projectId, projectIds),
          inArray(applications.status, ['won', 'confirmed', 'declined']),
        ),
      )
      .orderBy(applications.id);
  },
};
