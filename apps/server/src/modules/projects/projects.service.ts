import { randomBytes } from 'node:crypto';
import { AccountType } from '@lvb/contracts/access';
import type { projectBody, projectQuery } from '@lvb/contracts/projects';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { text, type Text } from '../../i18n/text.ts';
import { scopeCondition } from '../../lib/data-scope.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { hasPermission } from '../../plugins/access.ts';
import { DICTIONARIES } from '../../seed/reference-data.ts';
import { appendAudit } from '../audit-trail/audit-trail.service.ts';
import { auditTrail } from '../audit-trail/audit-trail.table.ts';
import { departments } from '../departments/departments.table.ts';
import { files } from '../files/files.table.ts';
import { valueLimitKey } from '../master-data/master-data.routes.ts';
import { places, processSettings, projectTypes, subCategories } from '../master-data/master-data.table.ts';
import { notices } from '../notices/notices.table.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { allowedEvents, transitionFor, type Actor, type ProjectEvent, type ProjectStatus } from './projects.machine.ts';
import { projects } from './projects.table.ts';

type ProjectInput = z.output<typeof projectBody>;
type ProjectRow = typeof projects.$inferSelect;

/** Unique until the real code (which carries the id) replaces it in the same transaction. */
const provisionalCode = () => `t${randomBytes(8).toString('hex')}`;
const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const yuan = (fen: number) =>
  `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What an event does, for the refusal of an event its status does not allow. */
const PAST: Record<ProjectEvent, Text> = {
  submit: text('submitted', '提交审核'),
  approve: text('approved', '审核通过'),
  reject: text('rejected', '驳回'),
  revise: text('revised', '退回草稿'),
  close_signup: text('closed for sign-up', '截止报名'),
  start_evaluation: text('moved to evaluation', '开始评审'),
  start_draw: text('moved to its draw', '开始抽取'),
  fail: text('declared failed', '宣布流标'),
  cancel: text('cancelled', '撤销'),
};
/** Status names in Chinese, as the project_status dictionary shows them. */
const STATUS_ZH = new Map(
  DICTIONARIES.find((d) => d.type === 'project_status')!.entries.map(([value, , labelZh]) => [value, labelZh]),
);

/** The owner's side may act on projects of their own organisation only. */
export const OWNER_PERMISSION = 'project:item:list';
export const AUDIT_PERMISSIONS = ['project:item:audit', 'audit:project:approve', 'audit:project:reject'];
const isAuditor = (actor: SignedInUser) => AUDIT_PERMISSIONS.some((p) => hasPermission(actor, p));

export interface Transitioned {
  id: number;
  status: ProjectStatus;
}

/**
 * Projects from draft to publication. Every status change goes through `transition`, which
 * applies the machine's conditional update and writes the audit row in one transaction.
 */
export function createProjectsService({ db, settings }: { db: Db; settings: SettingsService }) {
  /** Rows the actor may see: owners their organisation's, auditors and the like everything. */
  const scope = (actor: SignedInUser): SQL | undefined =>
    scopeCondition(actor, { deptId: projects.ownerDeptId, ownerId: projects.createdBy });

  async function visible(actor: SignedInUser, id: number): Promise<ProjectRow> {
    const [row] = await db
      .select()
      .from(projects)
      .where(and(eq(projects.id, id), scope(actor)));
    if (!row) throw notFound(text('project does not exist', '项目不存在'));
    return row;
  }

  /** Checks every rule of a project's content; the same rules apply at create, edit and submit. */
  async function validate(input: ProjectInput, tx: Db | Tx = db) {
    const [type] = await tx.select().from(projectTypes).where(eq(projectTypes.id, input.typeId));
    if (!type || type.status !== '0')
      throw badRequest(text('typeId: choose an enabled project type', '请选择已启用的项目类型'));
    const limit = Number(await settings.get(valueLimitKey(type.code)));
    if (Number.isFinite(limit) && input.budget > limit * 100) {
      throw badRequest(
        text(
          `budget: ${yuan(input.budget)} is above the value limit of ${type.name.toLowerCase()} projects, ${yuan(limit * 100)}`,
          `预算金额 ${yuan(input.budget)} 超过${type.nameZh || '该类型'}项目的限额 ${yuan(limit * 100)}`,
        ),
      );
    }
    if (input.subCategoryId) {
      const [sub] = await tx.select().from(subCategories).where(eq(subCategories.id, input.subCategoryId));
      if (!sub || sub.typeId !== type.id)
        throw badRequest(text('subCategoryId: choose a sub-category of the chosen type', '请选择所选项目类型下的子类'));
    }
    const [place] = await tx.select({ id: places.id }).from(places).where(eq(places.id, input.placeId));
    if (!place) throw badRequest(text('placeId: the place does not exist', '项目地点不存在'));
    const start = Date.parse(input.signupStart);
    const deadline = Date.parse(input.bidDeadline);
    const opening = Date.parse(input.openingAt);
    if (!(start < deadline))
      throw badRequest(text('bidDeadline: must come after the start of sign-up', '投标截止时间必须晚于报名开始时间'));
    if (!(deadline <= opening))
      throw badRequest(text('openingAt: must not come before the bid deadline', '开标时间不能早于投标截止时间'));
    if (input.guaranteeRequired) {
      if (input.guaranteeAmount <= 0)
        throw badRequest(text('guaranteeAmount: give the amount of the bid guarantee', '请填写投标保证金金额'));
      // A bid guarantee may not exceed 2% of the project's estimated price.
      if (input.guaranteeAmount > Math.floor(input.budget * 0.02)) {
        const most = yuan(Math.floor(input.budget * 0.02));
        throw badRequest(
          text(`guaranteeAmount: at most 2% of the budget, ${most}`, `投标保证金不能超过预算金额的 2%，即 ${most}`),
        );
      }
    }
    const [process] = await tx
      .select()
      .from(processSettings)
      .where(and(eq(processSettings.typeId, type.id), eq(processSettings.model, input.model)));
    if (process && deadline - start < process.signupDays * 86_400_000) {
      throw badRequest(
        text(
          `bidDeadline: sign-up must stay open at least ${process.signupDays} days for this type and model`,
          `该项目类型和选取方式的报名时间不少于 ${process.signupDays} 天`,
        ),
      );
    }
    const minimum = await settings.getNumber('bid.minParticipants', 1);
    if (input.model !== 1 && input.minParticipants < minimum) {
      throw badRequest(
        text(
          `minParticipants: at least ${minimum}, as the business parameters require`,
          `按业务参数要求，最少参与家数不能少于 ${minimum}`,
        ),
      );
    }
    return { type, process };
  }

  /** Attaches uploaded documents; only files the actor uploaded or already on this project. */
  async function attachDocuments(tx: Tx, actor: SignedInUser, projectId: number, names: string[]) {
    const rows = names.length ? await tx.select().from(files).where(inArray(files.storedName, names)) : [];
    for (const name of names) {
      const f = rows.find((x) => x.storedName === name);
      const mine = f && f.uploadedBy === actor.id && f.recordType === null;
      const already = f && f.recordType === 'project' && f.recordId === projectId;
      if (!mine && !already) {
        throw badRequest(text(`documents: ${name} is not a file you uploaded`, `文件 ${name} 不是您上传的文件`));
      }
    }
    // Documents no longer listed are let go (they stay stored, unattached, for their uploader).
    await tx
      .update(files)
      .set({ recordType: null, recordId: null })
      .where(
        and(
          eq(files.recordType, 'project'),
          eq(files.recordId, projectId),
          names.length ? sql`${files.storedName} not in ${names}` : undefined,
        ),
      );
    if (names.length) {
      await tx
        .update(files)
        .set({ recordType: 'project', recordId: projectId })
        .where(inArray(files.storedName, names));
    }
  }

  const actorRoleFor = (actor: SignedInUser, event: ProjectEvent): Actor => {
    const t = transitionFor(event);
    if (t.by.includes('auditor') && isAuditor(actor)) return 'auditor';
    if (t.by.includes('owner') && hasPermission(actor, OWNER_PERMISSION)) return 'owner';
    throw forbidden();
  };

  function noticeHtml(p: ProjectRow, typeName: string, ownerName: string) {
    const rows: [string, string][] = [
      ['Project code', p.code],
      ['Owner', ownerName],
      ['Type', typeName],
      ['Budget', yuan(p.budget)],
      ['Sign-up opens', p.signupStart.toISOString()],
      ['Bid deadline', p.bidDeadline.toISOString()],
      ['Opening or draw', p.openingAt.toISOString()],
      ['Contact', `${p.contactName} ${p.contactTel}`],
    ];
    return `<p>${escapeHtml(p.name)}</p><table><tbody>${rows.map(([k, v]) => `<tr><th>${k}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</tbody></table>${p.qualification ? `<p><strong>Qualification requirements</strong></p><p>${escapeHtml(p.qualification)}</p>` : ''}`;
  }

  async function publishNotice(
    tx: Tx,
    p: ProjectRow,
    kind: 'announcement' | 'failure' | 'cancellation',
    actorId: number,
    reason?: string,
  ) {
    const [type] = await tx.select({ name: projectTypes.name }).from(projectTypes).where(eq(projectTypes.id, p.typeId));
    const [owner] = await tx
      .select({ name: departments.name })
      .from(departments)
      .where(eq(departments.id, p.ownerDeptId));
    const title = {
      announcement: `Announcement: ${p.name}`,
      failure: `Failure notice: ${p.name}`,
      cancellation: `Cancellation notice: ${p.name}`,
    }[kind];
    const content =
      kind === 'announcement'
        ? noticeHtml(p, type?.name ?? '', owner?.name ?? '')
        : `<p>${escapeHtml(p.name)} (${escapeHtml(p.code)})</p><p>${escapeHtml(reason ?? '')}</p>`;
    await tx.insert(notices).values({
      title: title.slice(0, 200),
      noticeType: kind,
      audience: 'all',
      // Built from escaped values, and cleaned like every stored notice all the same.
      content: sanitizeRichText(content),
      status: '0',
      projectId: p.id,
      createdBy: actorId,
    });
  }

  return {
    scope,
    visible,

    async create(actor: SignedInUser, input: ProjectInput): Promise<number> {
      if (actor.types !== AccountType.employee || !actor.orgDeptId) {
        throw forbidden(text('only staff of an owner organisation create projects', '只有业主单位人员可以创建项目'));
      }
      await validate(input);
      return db.transaction(async (tx) => {
        const { documents, ...fields } = input;
        const [row] = await tx
          .insert(projects)
          .values({
            ...fields,
            subCategoryId: fields.subCategoryId ?? null,
            signupStart: new Date(fields.signupStart),
            bidDeadline: new Date(fields.bidDeadline),
            openingAt: new Date(fields.openingAt),
            code: provisionalCode(),
            ownerDeptId: actor.orgDeptId!,
            createdBy: actor.id,
          })
          .returning();
        // The code reads well and is unique because it carries the id.
        const code = `LV${row!.createdAt.toISOString().slice(0, 10).replace(/-/g, '')}${String(row!.id).padStart(6, '0')}`;
        await tx.update(projects).set({ code }).where(eq(projects.id, row!.id));
        await attachDocuments(tx, actor, row!.id, documents);
        await appendAudit(tx, {
          action: 'project.create',
          subjectType: 'project',
          subjectId: row!.id,
          actorId: actor.id,
          actorName: actor.loginUid,
          data: { code, status: 'draft' },
        });
        return row!.id;
      });
    },

    async update(actor: SignedInUser, id: number, input: ProjectInput) {
      const current = await visible(actor, id);
      if (current.status !== 'draft') throw conflict(text('only a draft can be edited', '只有草稿状态的项目可以修改'));
      await validate(input);
      await db.transaction(async (tx) => {
        const { documents, ...fields } = input;
        const updated = await tx
          .update(projects)
          .set({
            ...fields,
            subCategoryId: fields.subCategoryId ?? null,
            signupStart: new Date(fields.signupStart),
            bidDeadline: new Date(fields.bidDeadline),
            openingAt: new Date(fields.openingAt),
            updatedAt: sql`now()`,
          })
          .where(and(eq(projects.id, id), eq(projects.status, 'draft')))
          .returning({ id: projects.id });
        if (updated.length === 0) throw conflict(text('only a draft can be edited', '只有草稿状态的项目可以修改'));
        await attachDocuments(tx, actor, id, documents);
        await appendAudit(tx, {
          action: 'project.edit',
          subjectType: 'project',
          subjectId: id,
          actorId: actor.id,
          actorName: actor.loginUid,
          data: {},
        });
      });
    },

    /**
     * Fires a workflow event. The status check and the write are one conditional UPDATE inside
     * the transaction that writes the audit row: two people acting at once cannot both succeed.
     */
    async transition(actor: SignedInUser, id: number, event: ProjectEvent, reason?: string): Promise<Transitioned> {
      const t = transitionFor(event);
      const role = actorRoleFor(actor, event);
      const current = await visible(actor, id);
      if (t.needsReason && !reason) throw badRequest(text('reason: give the reason', '请填写原因'));
      if (!(t.from as readonly string[]).includes(current.status)) {
        throw conflict(
          text(
            `a project that is ${current.status.replace(/_/g, ' ')} cannot be ${PAST[event].en}`,
            `状态为“${STATUS_ZH.get(current.status) ?? current.status}”的项目不能${PAST[event].zh}`,
          ),
        );
      }
      if (event === 'submit' || event === 'approve') {
        // Deadlines are judged by the database clock, never the client's.
        const [clock] = await queryRows<{ now: Date | string }>(db, sql`select now() as now`);
        const now = new Date(clock!.now).getTime();
        if (current.bidDeadline.getTime() <= now) {
          throw badRequest(
            event === 'submit'
              ? text(
                  'bidDeadline: the bid deadline has already passed: set new dates',
                  '投标截止时间已过，请重新设置时间',
                )
              : text(
                  'the bid deadline has passed: reject the project so the owner can set new dates',
                  '投标截止时间已过，请驳回该项目，由业主单位重新设置时间',
                ),
          );
        }
        if (event === 'submit') {
          const input = {
            ...current,
            signupStart: current.signupStart.toISOString(),
            bidDeadline: current.bidDeadline.toISOString(),
            openingAt: current.openingAt.toISOString(),
            model: current.model as 1 | 2 | 3,
            documents: [],
          };
          const { process } = await validate(input);
          const required = (process?.requiredDocuments ?? '').split('\n').filter((l) => l.trim()).length;
          const [attached] = await db
            .select({ n: count() })
            .from(files)
            .where(and(eq(files.recordType, 'project'), eq(files.recordId, id)));
          if (required > 0 && (attached?.n ?? 0) < 1)
            throw badRequest(
              text(
                `documents: attach the required documents (${required})`,
                `请上传要求的项目文件（共 ${required} 项）`,
              ),
            );
        }
      }
      return db.transaction(async (tx) => {
        const set: Record<string, unknown> = { status: t.to, updatedAt: sql`now()` };
        if (t.needsReason) set.statusReason = reason;
        if (event === 'approve') set.publishedAt = sql`now()`;
        if (event === 'revise') set.statusReason = null;
        const [row] = await tx
          .update(projects)
          .set(set as Partial<typeof projects.$inferInsert>)
          .where(and(eq(projects.id, id), inArray(projects.status, [...t.from])))
          .returning();
        if (!row)
          throw conflict(
            text('the project changed meanwhile: reload it and try again', '项目已被他人修改，请刷新后重试'),
          );
        await appendAudit(tx, {
          action: `project.${event}`,
          subjectType: 'project',
          subjectId: id,
          actorId: actor.id,
          actorName: actor.loginUid,
          data: { from: current.status, to: t.to, as: role, ...(reason ? { reason } : {}) },
        });
        if (event === 'approve') await publishNotice(tx, row, 'announcement', actor.id);
        if (event === 'fail' && row.publishedAt) await publishNotice(tx, row, 'failure', actor.id, reason);
        if (event === 'cancel' && row.publishedAt) await publishNotice(tx, row, 'cancellation', actor.id, reason);
        return { id, status: t.to };
      });
    },

    /** A failed project is issued again as a new draft with the same content and new dates. */
    async reissue(actor: SignedInUser, id: number): Promise<number> {
      if (!hasPermission(actor, 'project:item:reissue')) throw forbidden();
      const current = await visible(actor, id);
      if (current.status !== 'failed')
        throw conflict(text('only a failed project can be re-issued', '只有已流标的项目可以重新发布'));
      const [again] = await db.select({ id: projects.id }).from(projects).where(eq(projects.reissuedFrom, id));
      if (again) {
        throw conflict(
          text(`this project was already re-issued (project ${again.id})`, `该项目已重新发布（项目 ${again.id}）`),
        );
      }
      return db.transaction(async (tx) => {
        const {
          id: _id,
          code: _code,
          status: _s,
          statusReason: _r,
          publishedAt: _p,
          createdAt: _c,
          updatedAt: _u,
          ...fields
        } = current;
        const [row] = await tx
          .insert(projects)
          .values({ ...fields, code: provisionalCode(), status: 'draft', reissuedFrom: id, createdBy: actor.id })
          .returning();
        const code = `LV${row!.createdAt.toISOString().slice(0, 10).replace(/-/g, '')}${String(row!.id).padStart(6, '0')}`;
        await tx.update(projects).set({ code }).where(eq(projects.id, row!.id));
        await appendAudit(tx, {
          action: 'project.reissue',
          subjectType: 'project',
          subjectId: row!.id,
          actorId: actor.id,
          actorName: actor.loginUid,
          data: { from: current.code },
        });
        return row!.id;
      });
    },

    /** The owner organisations of the projects the actor may see, by name: the query's owner filter. */
    async owners(actor: SignedInUser): Promise<{ id: number; name: string }[]> {
      return db
        .selectDistinct({ id: departments.id, name: departments.name })
        .from(projects)
        .innerJoin(departments, eq(departments.id, projects.ownerDeptId))
        .where(scope(actor))
        .orderBy(asc(departments.name), asc(departments.id));
    },

    async list(
      actor: SignedInUser,
      q: z.output<typeof projectQuery>,
      page: { offset: number; limit: number },
      extra?: SQL,
    ) {
      const cond = and(
        scope(actor),
        extra,
        q.keyword ? or(ilike(projects.name, like(q.keyword)), ilike(projects.code, like(q.keyword))) : undefined,
        q.code ? eq(projects.code, q.code) : undefined,
        q.status ? eq(projects.status, q.status) : undefined,
        q.typeId ? eq(projects.typeId, q.typeId) : undefined,
        q.placeId
          ? sql`${projects.placeId} in (select p.id from places p where p.id = ${q.placeId} or (',' || p.ancestors || ',') like ${`%,${q.placeId},%`})`
          : undefined,
        q.model ? eq(projects.model, q.model) : undefined,
        q.ownerDeptId ? eq(projects.ownerDeptId, q.ownerDeptId) : undefined,
        q.beginTime ? sql`${projects.createdAt} >= ${q.beginTime}::date` : undefined,
        q.endTime ? sql`${projects.createdAt} < ${q.endTime}::date + 1` : undefined,
      );
      const [total] = await db.select({ n: count() }).from(projects).where(cond);
      const rows = await db
        .select({
          project: projects,
          typeName: projectTypes.name,
          typeNameZh: projectTypes.nameZh,
          placeName: places.name,
          placeNameZh: places.nameZh,
          ownerName: departments.name,
        })
        .from(projects)
        .innerJoin(projectTypes, eq(projectTypes.id, projects.typeId))
        .innerJoin(places, eq(places.id, projects.placeId))
        .innerJoin(departments, eq(departments.id, projects.ownerDeptId))
        .where(cond)
        .orderBy(desc(projects.updatedAt), desc(projects.id))
        .limit(page.limit)
        .offset(page.offset);
      return {
        rows: rows.map((r) => ({
          ...r.project,
          typeName: r.typeName,
          typeNameZh: r.typeNameZh,
          placeName: r.placeName,
          placeNameZh: r.placeNameZh,
          ownerName: r.ownerName,
        })),
        total: total?.n ?? 0,
      };
    },

    /** One project for staff, with documents, timeline and the actions this actor may take. */
    async detail(actor: SignedInUser, id: number) {
      const p = await visible(actor, id);
      const [names] = await db
        .select({
          typeName: projectTypes.name,
          typeNameZh: projectTypes.nameZh,
          placeName: places.name,
          placeNameZh: places.nameZh,
          ownerName: departments.name,
        })
        .from(projects)
        .innerJoin(projectTypes, eq(projectTypes.id, projects.typeId))
        .innerJoin(places, eq(places.id, projects.placeId))
        .innerJoin(departments, eq(departments.id, projects.ownerDeptId))
        .where(eq(projects.id, id));
      const docs = await db
        .select({ fileName: files.storedName, originalName: files.originalName, size: files.size })
        .from(files)
        .where(and(eq(files.recordType, 'project'), eq(files.recordId, id)))
        .orderBy(asc(files.id));
      const timeline = await db
        .select({
          id: auditTrail.id,
          action: auditTrail.action,
          actorName: auditTrail.actorName,
          data: auditTrail.data,
          createdAt: auditTrail.createdAt,
        })
        .from(auditTrail)
        .where(and(eq(auditTrail.subjectType, 'project'), eq(auditTrail.subjectId, id)))
        .orderBy(asc(auditTrail.id));
      const actions = [
        ...(hasPermission(actor, OWNER_PERMISSION) ? allowedEvents(p.status, 'owner') : []),
        ...(isAuditor(actor) ? allowedEvents(p.status, 'auditor') : []),
        ...(p.status === 'failed' && hasPermission(actor, 'project:item:reissue') ? ['reissue'] : []),
        ...(p.status === 'draft' && hasPermission(actor, 'project:item:edit') ? ['edit'] : []),
      ];
      return { ...p, ...names!, documents: docs, timeline, actions: [...new Set(actions)] };
    },
  };
}
export type ProjectsService = ReturnType<typeof createProjectsService>;
