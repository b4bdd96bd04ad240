import { AccountType, hasPermission } from '@lvb/contracts/access';
import { projectActionsAllowed, type ProjectEvent } from '@lvb/contracts/project-workflow';
import { Perm } from '@lvb/contracts/permissions';
import { Model, SEALED_MODELS, type projectQuery } from '@lvb/contracts/projects';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { platformTime, yuan } from '../../i18n/format.ts';
import { databaseNow } from '../../lib/clock.ts';
import { text, type Language, type Text } from '../../i18n/text.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/sanitize.ts';
import { appendAudit, timelineOf } from '../audit-trail/audit-trail.service.ts';
import { departmentsRepository } from '../departments/departments.repository.ts';
import { filesRepository } from '../files/files.repository.ts';
import { checkOwnUploads } from '../files/files.service.ts';
import { postNotice } from '../notices/notices.service.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { commitTieSeed } from '../bids/tie-seed.ts';
import { commitPanelSeed } from '../scoring/panel-seed.ts';
import { createProjectMachine, type ProjectMachineDeps } from './projects.machine.ts';
import { projectScope, projectsRepository, type ProjectRow } from './projects.repository.ts';
import { checkProjectContent, projectRulesOf, reasonIn, type ProjectInput } from './projects.rules.ts';

/** Documents of a project are files attached to the record `project/<id>`. */
const RECORD = 'project';

export interface Transitioned {
  id: number;
  status: string;
}

/**
 * Projects from draft to publication. Every status change goes through the project machine
 * (projects.machine.ts), which applies the shared engine's conditional update and writes the
 * audit row in one transaction.
 */
export function createProjectsService({
  db,
  settings,
  awarded,
  bidKey,
}: {
  db: Db;
  settings: SettingsService;
  /** The award's effect, given by the results module's tick (projects.machine.ts). */
  awarded?: ProjectMachineDeps['awarded'];
  /**
   * The key that seals the tie seed a sealed-bid project's announcement commits to (models 2 and
   * 3); the app's service has it, the schedulers (which never publish) need not.
   */
  bidKey?: Buffer;
}) {
  const scope = projectScope;

  async function visible(actor: SignedInUser, id: number): Promise<ProjectRow> {
    const row = await projectsRepository.find(db, id, scope(actor));
    if (!row) throw notFound(text('project does not exist', '项目不存在'));
    return row;
  }

  /** Attaches uploaded documents; only files the actor uploaded or already on this project. */
  async function attachDocuments(tx: Tx, actor: SignedInUser, projectId: number, names: string[]) {
    await checkOwnUploads(tx, {
      names,
      userId: actor.id,
      field: 'documents',
      what: text('document', '文件'),
      alsoAllowed: (await filesRepository.listFor(tx, RECORD, projectId)).map((f) => f.fileName),
    });
    // Documents no longer listed are let go (they stay stored, unattached, for their uploader).
    await filesRepository.detachOthers(tx, RECORD, projectId, names);
    await filesRepository.attach(tx, RECORD, projectId, names);
  }

  /** The announcement's table in both languages; times on the platform's wall clock. */
  function noticeHtml(
    p: ProjectRow,
    names: { typeName?: string | null; typeNameZh?: string | null; ownerName?: string | null },
    commitments: { tie?: string; panel?: string } = {},
  ): Text {
    const rows: [Text, string][] = [
      [text('Project code', '项目编号'), p.code],
      [text('Owner', '业主单位'), names.ownerName ?? ''],
      [text('Type', '项目类型'), ''],
      [text('Budget', '预算金额'), yuan(p.budget)],
      [text('Sign-up opens', '报名开始时间'), platformTime(p.signupStart)],
      [text('Bid deadline', '投标截止时间'), platformTime(p.bidDeadline)],
      [text('Opening or draw', '开标或抽取时间'), platformTime(p.openingAt)],
      [text('Contact', '联系人'), `${p.contactName} ${p.contactTel}`],
      ...(commitments.tie
        ? [
            [
              text(
                'Tie-break seed commitment (SHA-256 of the seed revealed at the opening)',
                '同价排序种子承诺（开标时公布的种子的 SHA-256）',
              ),
              commitments.tie,
            ] as [Text, string],
          ]
        : []),
      ...(commitments.panel
        ? [
            [
              text(
                'Panel draw seed commitment (SHA-256 of the seed revealed when the panel is drawn)',
                '评审专家抽取种子承诺（抽取评审专家时公布的种子的 SHA-256）',
              ),
              commitments.panel,
            ] as [Text, string],
          ]
        : []),
    ];
    const inLanguage = (lang: Language) => {
      const cells = rows.map(([k, v], i) => [
        k[lang],
        i === 2 ? (lang === 'zh' ? names.typeNameZh : null) || names.typeName || '' : v,
      ]);
      const qualification = p.qualification
        ? `<p><strong>${lang === 'zh' ? '资格要求' : 'Qualification requirements'}</strong></p><p>${escapeHtml(p.qualification)}</p>`
        : '';
      return `<p>${escapeHtml(p.name)}</p><table><tbody>${cells.map(([k, v]) => `<tr><th>${k}</th><td>${escapeHtml(v!)}</td></tr>`).join('')}</tbody></table>${qualification}`;
    };
    return text(inLanguage('en'), inLanguage('zh'));
  }

  const machine = createProjectMachine({
    awarded,
    async checkDeadline(tx, row, event) {
      // Deadlines are judged by the database clock, never the client's.
      if (row.bidDeadline.getTime() > (await databaseNow(tx)).getTime()) return;
      throw badRequest(
        event === 'submit'
          ? text('bidDeadline: the bid deadline has already passed: set new dates', '投标截止时间已过，请重新设置时间')
          : text(
              'the bid deadline has passed: reject the project so the owner can set new dates',
              '投标截止时间已过，请驳回该项目，由业主单位重新设置时间',
            ),
      );
    },

    async checkSubmission(row) {
      const { process } = await checkProjectContent(db, settings, {
        ...row,
        subCategoryId: row.subCategoryId ?? undefined,
        signupStart: row.signupStart.toISOString(),
        bidDeadline: row.bidDeadline.toISOString(),
        openingAt: row.openingAt.toISOString(),
        model: row.model as 1 | 2 | 3,
        documents: [],
      });
      const required = (process?.requiredDocuments ?? '').split('\n').filter((l) => l.trim()).length;
      const attached = (await filesRepository.listFor(db, RECORD, row.id)).length;
      if (required > 0 && attached < 1)
        throw badRequest(
          text(`documents: attach the required documents (${required})`, `请上传要求的项目文件（共 ${required} 项）`),
        );
    },

    async publishNotice(tx, p, kind, actorId, reason) {
      const names = await projectsRepository.names(tx, p.id);
      const title = {
        announcement: text(`Announcement: ${p.name}`, `项目公告：${p.name}`),
        failure: text(`Failure notice: ${p.name}`, `流标公告：${p.name}`),
        cancellation: text(`Cancellation notice: ${p.name}`, `项目撤销公告：${p.name}`),
      }[kind];
      // A person's reason is shown as typed; the system's in the reader's language.
      const reasonIn = (lang: Language) => (typeof reason === 'object' ? reason[lang] : (reason ?? ''));
      const because = (lang: Language) =>
        `<p>${escapeHtml(p.name)} (${escapeHtml(p.code)})</p><p>${lang === 'zh' ? '原因：' : 'Reason: '}${escapeHtml(reasonIn(lang))}</p>`;
      // A sealed-bid project's announcement commits to the seed that will order its ties.
      const tieCommitment =
        kind === 'announcement' && bidKey && (SEALED_MODELS as readonly number[]).includes(p.model)
          ? await commitTieSeed(tx, p.id, bidKey)
          : undefined;
      // A best-value project's announcement also commits to the seed that will draw its panel.
      const panelCommitment =
        kind === 'announcement' && bidKey && p.model === Model.bestValue
          ? await commitPanelSeed(tx, p.id, bidKey)
          : undefined;
      const content =
        kind === 'announcement'
          ? noticeHtml(p, names, { tie: tieCommitment, panel: panelCommitment })
          : text(because('en'), because('zh'));
      await postNotice(tx, {
        title,
        noticeType: kind,
        audience: 'all',
        html: content,
        projectId: p.id,
        createdBy: actorId,
      });
    },
  });

  const audit = (tx: Tx, actor: SignedInUser, action: string, subjectId: number, data: Record<string, unknown>) =>
    appendAudit(tx, {
      action: `project.${action}`,
      subjectType: RECORD,
      subjectId,
      actorId: actor.id,
      actorName: actor.loginUid,
      data,
    });

  /** A project's stored fields from the form's input (documents are attached apart). */
  const fieldsOf = ({ documents: _d, ...fields }: ProjectInput) => ({
    ...fields,
    subCategoryId: fields.subCategoryId ?? null,
    signupStart: new Date(fields.signupStart),
    bidDeadline: new Date(fields.bidDeadline),
    openingAt: new Date(fields.openingAt),
  });

  return {
    machine,
    visible,

    async create(actor: SignedInUser, input: ProjectInput): Promise<{ id: number; code: string }> {
      if (actor.types !== AccountType.employee || !actor.orgDeptId) {
        throw forbidden(text('only staff of an owner organisation create projects', '只有业主单位人员可以创建项目'));
      }
      await checkProjectContent(db, settings, input);
      return db.transaction(async (tx) => {
        const row = await projectsRepository.insert(tx, {
          ...fieldsOf(input),
          ownerDeptId: actor.orgDeptId!,
          createdBy: actor.id,
        });
        await attachDocuments(tx, actor, row.id, input.documents);
        await audit(tx, actor, 'create', row.id, { code: row.code, status: 'draft' });
        return { id: row.id, code: row.code };
      });
    },

    async update(actor: SignedInUser, id: number, input: ProjectInput) {
      const current = await visible(actor, id);
      const draftOnly = text('only a draft can be edited', '只有草稿状态的项目可以修改');
      if (current.status !== 'draft') throw conflict(draftOnly);
      await checkProjectContent(db, settings, input);
      await db.transaction(async (tx) => {
        if (!(await projectsRepository.updateDraft(tx, id, fieldsOf(input)))) throw conflict(draftOnly);
        await attachDocuments(tx, actor, id, input.documents);
        await audit(tx, actor, 'edit', id, {});
      });
    },

    /**
     * Removes a draft the actor may see. The status is checked again by the DELETE itself, so a
     * draft submitted meanwhile stays. Its documents are let go (stored, unattached, for their
     * uploader); the audit trail keeps the removal.
     */
    async remove(actor: SignedInUser, id: number): Promise<void> {
      const draftOnly = text('only a draft can be removed', '只有草稿状态的项目可以删除');
      const current = await visible(actor, id);
      if (current.status !== 'draft') throw conflict(draftOnly);
      await db.transaction(async (tx) => {
        const removed = await projectsRepository.removeDraft(tx, id);
        if (!removed) throw conflict(draftOnly);
        await filesRepository.detachOthers(tx, RECORD, id, []);
        await audit(tx, actor, 'remove', id, { code: removed.code, name: removed.name });
      });
    },

    /**
     * Fires a workflow event. The status check and the write are one conditional UPDATE inside
     * the transaction that writes the audit row: two people acting at once cannot both succeed.
     */
    async transition(actor: SignedInUser, id: number, event: ProjectEvent, reason?: string): Promise<Transitioned> {
      const row = await machine.fire(db, (await visible(actor, id)).id, { event, actor, reason });
      return { id: row.id, status: row.status };
    },

    /** A failed project is issued again as a new draft with the same content and new dates. */
    async reissue(actor: SignedInUser, id: number): Promise<number> {
      if (!hasPermission(actor, Perm.project.item.reissue)) throw forbidden();
      const current = await visible(actor, id);
      if (current.status !== 'failed')
        throw conflict(text('only a failed project can be re-issued', '只有已流标的项目可以重新发布'));
      const again = await projectsRepository.reissuedFrom(db, id);
      if (again) {
        throw conflict(
          text(`this project was already re-issued (project ${again})`, `该项目已重新发布（项目 ${again}）`),
        );
      }
      return db.transaction(async (tx) => {
        const {
          id: _id,
          code: _code,
          status: _s,
          statusReason: _r,
          statusReasonZh: _rz,
          publishedAt: _p,
          createdAt: _c,
          updatedAt: _u,
          ...fields
        } = current;
        const row = await projectsRepository.insert(tx, {
          ...fields,
          status: 'draft',
          reissuedFrom: id,
          createdBy: actor.id,
        });
        await audit(tx, actor, 'reissue', row.id, { from: current.code });
        return row.id;
      });
    },

    /** The owner organisations of the projects the actor may see, by name: the query's owner filter. */
    async rules(typeId: number, model: number) {
      const rules = await projectRulesOf(db, settings, typeId, model);
      if (!rules) throw badRequest(text('typeId: choose an enabled project type', '请选择已启用的项目类型'));
      return rules;
    },

    async owners(actor: SignedInUser): Promise<{ id: number; name: string }[]> {
      const named = await departmentsRepository.namesOf(db, await projectsRepository.ownerIds(db, scope(actor)));
      return named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    },

    list(actor: SignedInUser, q: z.output<typeof projectQuery>, page: { offset: number; limit: number }) {
      return projectsRepository.page(db, q, scope(actor), page);
    },

    /** A batch of the list's export, in the list's order and scope. */
    exportPage(
      actor: SignedInUser,
      q: z.output<typeof projectQuery>,
      page: { offset: number; limit: number; after?: { changedAt: string; id: number } },
    ) {
      return projectsRepository.exportPage(db, q, scope(actor), page);
    },

    /** One project for staff, with documents, timeline and the actions this actor may take. */
    async detail(actor: SignedInUser, id: number, lang: Language) {
      const { statusReasonZh, ...p } = await visible(actor, id);
      const [names, documents, timeline] = await Promise.all([
        projectsRepository.names(db, id),
        filesRepository.listFor(db, RECORD, id),
        timelineOf(db, RECORD, id),
      ]);
      return {
        ...p,
        statusReason: reasonIn(p.statusReason, statusReasonZh, lang),
        ...names,
        documents,
        timeline,
        actions: projectActionsAllowed(p.status, actor),
      };
    },
  };
}
export type ProjectsService = ReturnType<typeof createProjectsService>;
