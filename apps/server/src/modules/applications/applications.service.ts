import { Model } from '@lvb/contracts/projects';
import { AccountType } from '@lvb/contracts/access';
import {
  applicationWorkflow,
  type ApplicationEvent,
  type ApplicationStatus,
} from '@lvb/contracts/application-workflow';
import type { applicationQuery, applyBody } from '@lvb/contracts/applications';
import { eventsAllowed } from '@lvb/contracts/workflow';
import { inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { databaseNow } from '../../lib/clock.ts';
import { platformTime } from '../../i18n/format.ts';
import { statusLabel } from '../../lib/workflow.ts';
import { text, type Text } from '../../i18n/text.ts';
import { conflict, forbidden, notFound, refused, isUniqueViolation } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import { escapeHtml } from '../../lib/sanitize.ts';
import { appendAudit, timelineOf } from '../audit-trail/audit-trail.service.ts';
import { filesRepository } from '../files/files.repository.ts';
import { checkOwnUploads } from '../files/files.service.ts';
import { postNotice } from '../notices/notices.service.ts';
import { projectIdsVisibleTo, projectsRepository } from '../projects/projects.repository.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { smsCompany } from '../sms/company-sms.ts';
import type { SmsProvider } from '../sms/sms.providers.ts';
import { createApplicationMachine, type ApplicationMachineDeps } from './applications.machine.ts';
import {
  applicationsRepository as repo,
  type ApplicationRow,
  type ListedApplication,
} from './applications.repository.ts';

/** Qualification documents are files attached to the record `application/<id>`. */
export const APPLICATION_RECORD = 'application';
type ApplyInput = z.output<typeof applyBody>;
type ApplicationFilter = z.output<typeof applicationQuery>;
/** The answer of an apply and of each workflow event. */
export interface Transitioned {
  id: number;
  status: ApplicationStatus;
}

const missing = () => notFound(text('application does not exist', '报名不存在'));

/** The project of an application, read where projects live. */
async function projectOf(db: Db | Tx, row: ApplicationRow) {
  const project = await projectsRepository.find(db, row.projectId);
  if (!project) throw missing();
  return project;
}

/** The check's outcome as the supplier reads it: the notice's title and text, the SMS. */
function outcomeMessage(outcome: 'qualified' | 'rejected', projectName: string, reason: string | null) {
  const title =
    outcome === 'qualified'
      ? text(`Application qualified: ${projectName}`, `报名资格审查通过：${projectName}`)
      : text(`Application not qualified: ${projectName}`, `报名资格审查未通过：${projectName}`);
  const because = reason ? text(` Reason: ${reason}`, `原因：${reason}`) : text('', '');
  const body =
    outcome === 'qualified'
      ? text(
          `Your application to ${projectName} passed the qualification check.`,
          `您对项目“${projectName}”的报名已通过资格审查。`,
        )
      : text(
          `Your application to ${projectName} did not pass the qualification check.${because.en}`,
          `您对项目“${projectName}”的报名未通过资格审查。${because.zh}`,
        );
  return { title, body };
}

/**
 * The machine's rules, each run in the event's transaction: the deadlines of a withdrawal and a
 * check by the database clock, and the notice of a check's outcome to the supplier company.
 */
function machineDeps(): ApplicationMachineDeps {
  return {
    async checkWithdrawable(tx, row) {
      const project = await projectOf(tx, row);
      if (project.bidDeadline.getTime() > (await databaseNow(tx)).getTime()) return;
      throw conflict(
        text(
          'the bid deadline has passed: the application can no longer be withdrawn',
          '投标截止时间已过，报名不能撤回',
        ),
      );
    },

    async checkCheckable(tx, row) {
      // The project is held (share lock) until the check commits: sign-up cannot close meanwhile.
      const project = await projectsRepository.findShared(tx, row.projectId);
      if (!project) throw missing();
      if (project.status !== 'published') {
        const status = statusLabel('project_status', project.status);
        throw conflict(
          text(
            `applications are checked while the project takes them: this project is ${status.en}`,
            `资格审查须在项目报名期间进行，该项目当前为“${status.zh}”`,
          ),
        );
      }
      if (project.bidDeadline.getTime() <= (await databaseNow(tx)).getTime()) {
        throw conflict(
          text(
            `the bid deadline (${platformTime(project.bidDeadline)}) has passed: applications can no longer be checked`,
            `投标截止时间（${platformTime(project.bidDeadline)}）已过，不能再进行资格审查`,
          ),
        );
      }
    },

    async checkGuarantee(tx, row) {
      if (row.guaranteeLetterNo || !(await projectOf(tx, row)).guaranteeRequired) return;
      throw conflict(
        text(
          'this project requires a bid guarantee and the application holds no letter yet: it can be rejected, or qualified once the supplier gives one',
          '该项目要求投标保函，该报名尚未提交保函：可审查不通过，或待供应商提交保函后再审查通过',
        ),
      );
    },

    async noticeChecked(tx, row, outcome) {
      const project = await projectOf(tx, row);
      const { title, body } = outcomeMessage(outcome, project.name, row.statusReason);
      // Each reader sees their own language.
      await postNotice(tx, {
        title,
        noticeType: 'notification',
        audience: 'suppliers',
        companyId: row.companyId,
        html: text(`<p>${escapeHtml(body.en)}</p>`, `<p>${escapeHtml(body.zh)}</p>`),
        projectId: row.projectId,
        createdBy: row.checkedBy ?? 0,
      });
    },
  };
}

/**
 * After the opening or the scoring: `winnerIds` win and every other qualified application of the
 * project loses, each through the engine as the system, with its audit row, in the caller's
 * transaction.
 */
export async function settleApplications(tx: Tx, projectId: number, winnerIds: number[]): Promise<void> {
  const machine = createApplicationMachine(machineDeps());
  const ofProject = sql`project_id = ${projectId}`;
  if (winnerIds.length > 0) {
    // Every winner must move: one that a withdrawal holds or that left `qualified` fails the ranking.
    await machine.fireDue(
      tx,
      'win',
      sql`${ofProject} and ${inArray(sql`id`, winnerIds)}`,
      winnerIds.length,
      winnerIds.length,
    );
  }
  const others = winnerIds.length > 0 ? sql` and ${notInArray(sql`id`, winnerIds)}` : sql``;
  // Lose every remaining qualified application, however many there are.
  while ((await machine.fireDue(tx, 'lose', sql`${ofProject}${others}`)) > 0);
}

/**
 * Passes a project's result to the next bidder in rank (modules/results): `from`, the voided
 * winner, loses (when given and still `won`), `to` wins (when given: none when the project fails); each fired by the engine as the system
 * with its audit row, both or neither (a `to` no longer `lost` rolls the caller's transaction back).
 */
export async function passWin(tx: Tx, projectId: number, from: number | null, to: number | null): Promise<void> {
  const machine = createApplicationMachine(machineDeps());
  const ofProject = sql`project_id = ${projectId}`;
  if (from !== null) await machine.fireDue(tx, 'unseat', sql`${ofProject} and id = ${from}`, 1);
  if (to !== null) await machine.fireDue(tx, 'promote', sql`${ofProject} and id = ${to}`, 1, 1);
}

/** The application machine with its guards and effects, for the winner's confirm and decline (modules/results). */
export const applicationMachine = () => createApplicationMachine(machineDeps());

/** What a supplier's event may be: the supplier fires withdraw (and later confirm, decline). */
const SUPPLIER_SIDE: ReadonlySet<ApplicationEvent> = new Set(['withdraw', 'confirm', 'decline']);

/**
 * Applications from a supplier's apply to the check's outcome. Every status change goes through
 * the application machine (applications.machine.ts): one conditional UPDATE and its audit row in
 * one transaction. One live application per company and project is the partial unique index
 * `applications_live_uq`; the check before the insert only gives the usual case its message.
 */
export function createApplicationsService({
  db,
  sms,
  onSmsFailure,
}: {
  db: Db;
  sms: SmsProvider;
  /** A text message that could not be sent does not undo the check; it is reported here. */
  onSmsFailure: (err: unknown) => void;
}) {
  const machine = createApplicationMachine(machineDeps());

  /** The actions each row offers `actor`: its side's events, withdraw only before the deadline. */
  function withActions(actor: SignedInUser, rows: ListedApplication[], now: Date, side: 'supplier' | 'staff') {
    return rows.map((row) => ({
      ...row,
      actions: eventsAllowed(applicationWorkflow, row.status, actor).filter(
        (e) =>
          SUPPLIER_SIDE.has(e) === (side === 'supplier') &&
          (e !== 'withdraw' || row.bidDeadline.getTime() > now.getTime()),
      ),
    }));
  }

  function companyOf(actor: SignedInUser): number {
    if (actor.types !== AccountType.supplier || !actor.company)
      throw forbidden(text('only suppliers apply to projects', '只有供应商可以报名项目'));
    return actor.company.id;
  }

  /** An application the staff member may see: one of a project in the member's data scope. */
  async function visibleToStaff(actor: SignedInUser, id: number): Promise<ApplicationRow> {
    const row = await repo.find(db, id, projectIdsVisibleTo(actor));
    if (!row) throw missing();
    return row;
  }

  /** An application of the supplier's own company. */
  async function own(actor: SignedInUser, id: number): Promise<ApplicationRow> {
    const row = await repo.find(db, id);
    if (!row || row.companyId !== companyOf(actor)) throw missing();
    return row;
  }

  /** Sends the outcome to every account of the company, after the check committed. */
  async function smsOutcome(row: ApplicationRow, outcome: 'qualified' | 'rejected') {
    try {
      const project = await projectOf(db, row);
      const { body } = outcomeMessage(outcome, project.name, row.statusReason);
      await smsCompany(db, sms, row.companyId, `${body.zh} ${body.en}`);
    } catch (err) {
      onSmsFailure(err);
    }
  }

  const refusedApply = (msg: Text) => refused(msg, 409);

  return {
    machine,

    /**
     * A supplier applies to a published project inside its sign-up window (database clock), with
     * its own uploaded documents and, when it has one, a guarantee letter's number. A project that
     * requires a bid guarantee takes the application without one: the application takes a letter
     * the guarantee service issues for it later, and is qualified only once it holds a letter.
     * A company whose record is incomplete never gets here: the access plugin refuses its writes.
     */
    async apply(actor: SignedInUser, projectId: number, input: ApplyInput): Promise<Transitioned> {
      const companyId = companyOf(actor);
      const project = await projectsRepository.find(db, projectId);
      if (!project || !project.publishedAt) throw notFound(text('project does not exist', '项目不存在'));
      if (project.model === Model.poolDraw)
        throw refusedApply(
          text(
            'this project selects from the contractor pool by draw: it takes no applications',
            '该项目从承包商库中随机抽取，不接受报名',
          ),
        );
      if (project.status !== 'published')
        throw refusedApply(text('this project no longer takes applications', '该项目已不接受报名'));
      return db.transaction(async (tx) => {
        const now = await databaseNow(tx);
        if (now.getTime() < project.signupStart.getTime())
          throw refusedApply(text('sign-up for this project has not opened yet', '该项目尚未开始报名'));
        if (now.getTime() >= project.bidDeadline.getTime())
          throw refusedApply(text('sign-up for this project has closed', '该项目报名已截止'));
        const already = text('your company has already applied to this project', '贵单位已报名该项目');
        if (await repo.liveOf(tx, projectId, companyId)) throw conflict(already);
        await checkOwnUploads(tx, {
          names: input.documents,
          userId: actor.id,
          field: 'documents',
          what: text('document', '文件'),
        });
        let id: number;
        try {
          id = await repo.insert(tx, {
            projectId,
            companyId,
            userId: actor.id,
            contactName: input.contactName,
            contactTel: input.contactTel,
            guaranteeLetterNo: input.guaranteeLetterNo || null,
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict(already);
          throw err;
        }
        await filesRepository.attach(tx, APPLICATION_RECORD, id, input.documents);
        await appendAudit(tx, {
          action: 'application.apply',
          subjectType: APPLICATION_RECORD,
          subjectId: id,
          actorId: actor.id,
          actorName: actor.loginUid,
          data: { projectId, companyId, to: 'pending_check', documents: input.documents.length },
        });
        return { id, status: 'pending_check' as const };
      });
    },

    /** The caller's company's applications (web/project), newest first. */
    async mine(actor: SignedInUser, status: string | undefined, page: Page) {
      const companyId = companyOf(actor);
      const { rows, total } = await repo.page(db, { companyId, status }, page);
      return { rows: withActions(actor, rows, await databaseNow(db), 'supplier'), total };
    },

    /** The caller's company's live or last application to one project (the hall's apply button). */
    async mineForProject(actor: SignedInUser, projectId: number) {
      if (actor.types !== AccountType.supplier || !actor.company) return null;
      return (await repo.latestOf(db, projectId, actor.company.id)) ?? null;
    },

    async withdraw(actor: SignedInUser, id: number): Promise<Transitioned> {
      const row = await machine.fire(db, (await own(actor, id)).id, { event: 'withdraw', actor });
      return { id: row.id, status: row.status as ApplicationStatus };
    },

    /**
     * Deletes a qualification document the caller uploaded: one not yet used, or one of an
     * application of the caller's company still waiting for its check.
     */
    async deleteDocument(actor: SignedInUser, fileName: string): Promise<void> {
      const file = await filesRepository.findByStoredName(db, fileName);
      if (!file || file.uploadedBy !== actor.id) throw notFound(text('file does not exist', '文件不存在'));
      const locked = text(
        'this document belongs to an application already checked and can no longer be deleted',
        '该文件所属的报名已审查，不能删除',
      );
      if (file.recordType !== null) {
        if (file.recordType !== APPLICATION_RECORD || file.recordId === null) throw conflict(locked);
        const row = await repo.find(db, file.recordId);
        if (!row || row.companyId !== actor.company?.id || row.status !== 'pending_check') throw conflict(locked);
      }
      await db.transaction(async (tx) => {
        // The status is read again under the row's lock, so a check meanwhile keeps the document.
        if (file.recordId !== null && !(await repo.lockPending(tx, file.recordId))) throw conflict(locked);
        await filesRepository.remove(tx, fileName);
        if (file.recordId !== null)
          await appendAudit(tx, {
            action: 'application.document_deleted',
            subjectType: APPLICATION_RECORD,
            subjectId: file.recordId,
            actorId: actor.id,
            actorName: actor.loginUid,
            data: { fileName: file.originalName },
          });
      });
    },

    /** Applications of the projects in the staff member's data scope (bidmanager/bidapply, bidcheck). */
    async list(actor: SignedInUser, filter: ApplicationFilter, page: Page) {
      const { rows, total } = await repo.page(db, { ...filter, projectScope: projectIdsVisibleTo(actor) }, page);
      return { rows: withActions(actor, rows, await databaseNow(db), 'staff'), total };
    },

    /** One application for staff, with its timeline. */
    async detail(actor: SignedInUser, id: number) {
      const row = await visibleToStaff(actor, id);
      const [listed] = (await repo.page(db, { id: row.id }, { limit: 1, offset: 0 })).rows;
      const [withActionsRow] = withActions(actor, [listed!], await databaseNow(db), 'staff');
      return { ...withActionsRow!, timeline: await timelineOf(db, APPLICATION_RECORD, id) };
    },

    /** Qualifies or rejects an application; the supplier gets a notice and an SMS. */
    async check(actor: SignedInUser, id: number, event: 'qualify' | 'reject', reason?: string): Promise<Transitioned> {
      const row = await machine.fire(db, (await visibleToStaff(actor, id)).id, { event, actor, reason });
      await smsOutcome(row, event === 'qualify' ? 'qualified' : 'rejected');
      return { id: row.id, status: row.status as ApplicationStatus };
    },
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
