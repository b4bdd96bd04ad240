import { COMPANY_STATUS } from '@lvb/contracts/company-workflow';
import type {
  PoolMemberBody,
  PoolMemberQuery,
  PoolPublicityBody,
  poolMemberDetail,
  poolPublicityDetail,
} from '@lvb/contracts/pool';
import { poolMemberWorkflow, type PoolMemberEvent } from '@lvb/contracts/pool-member-workflow';
import { eventsAllowed } from '@lvb/contracts/workflow';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { text, type Language } from '../../i18n/text.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import { escapeHtml } from '../../lib/sanitize.ts';
import { appendAudit, timelineOf } from '../audit-trail/audit-trail.service.ts';
import { companiesRepository } from '../companies/companies.repository.ts';
import { masterDataRepository } from '../master-data/master-data.repository.ts';
import { noticesRepository } from '../notices/notices.repository.ts';
import { postNotice } from '../notices/notices.service.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { checkRows, importRefusal, readSheet, sha256Of } from './pool-import.ts';
import { poolMemberMachine } from './pool.machine.ts';
import { poolRepository as repo } from './pool.repository.ts';

const SUBJECT = 'pool_member';
const PUBLICITY = 'pool_publicity';
const NO_MEMBER = text('pool member does not exist', '入库记录不存在');
const NO_PUBLICITY = text('publicity does not exist', '入库公示不存在');
const DUPLICATE = text(
  'companyId: the company is already in the pool for this project type and region',
  '该单位已以此项目类型和区域入库',
);

type Member = NonNullable<Awaited<ReturnType<typeof repo.member>>>;

const actorOf = (actor: SignedInUser) => ({ actorId: actor.id, actorName: actor.loginUid });

/** The publicity notice's text: the introduction and a table of the members, in one language. */
function publicityHtml(intro: string, members: Member[], lang: Language) {
  const zh = lang === 'zh';
  const heads = zh
    ? ['单位名称', '统一社会信用代码', '项目类型', '区域', '有效期']
    : ['Company', 'Unified credit code', 'Project type', 'Region', 'Valid'];
  const rows = members.map((m) =>
    [
      m.companyName,
      m.creditCode,
      zh ? m.typeNameZh || m.typeName : m.typeName,
      zh ? m.placeNameZh || m.placeName : m.placeName,
      `${m.validFrom} – ${m.validTo}`,
    ]
      .map((v) => `<td>${escapeHtml(v)}</td>`)
      .join(''),
  );
  const lead = intro
    ? intro
        .split(/\n+/)
        .map((p) => `<p>${escapeHtml(p)}</p>`)
        .join('')
    : `<p>${zh ? '以下承包商拟入库，现予公示。' : 'The following contractors are to join the contractor pool.'}</p>`;
  return `${lead}<table><thead><tr>${heads.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r}</tr>`)
    .join('')}</tbody></table>`;
}

/**
 * The contractor pool (DESIGN §7 model 1): members kept by hand or imported from a workbook (all
 * rows or none), suspended and reinstated on the shared engine, published on /pub as `pool`
 * notices. The draw reads the pool through `poolRepository.candidates`.
 */
export function createPoolService({ db }: { db: Db }) {
  /** What a member refers to: an existing company not blacklisted, an enabled type, its sub-category, a region. */
  async function checkReferences(body: PoolMemberBody) {
    const company = await companiesRepository.findById(db, body.companyId);
    if (!company) throw badRequest(text('companyId: the company does not exist', '供应商单位不存在'));
    if (company.status === COMPANY_STATUS.blacklisted)
      throw badRequest(
        text('companyId: the company is blacklisted: it cannot join the pool', '该单位已被列入黑名单，不能入库'),
      );
    const type = await masterDataRepository.projectType(db, body.typeId);
    if (!type || type.status !== '0')
      throw badRequest(text('typeId: the project type does not exist or is disabled', '项目类型不存在或已停用'));
    if (body.subCategoryId !== null) {
      const sub = await masterDataRepository.subCategory(db, body.subCategoryId);
      if (!sub || sub.typeId !== body.typeId || sub.status !== '0')
        throw badRequest(text('subCategoryId: not a sub-category of the project type', '所选子类不属于该项目类型'));
    }
    const place = await masterDataRepository.place(db, body.placeId);
    if (!place || place.status !== '0')
      throw badRequest(text('placeId: the region does not exist or is disabled', '区域不存在或已停用'));
  }

  async function member(id: number): Promise<Member> {
    const row = await repo.member(db, id);
    if (!row) throw notFound(NO_MEMBER);
    return row;
  }

  async function publicity(id: number) {
    const row = await repo.publicity(db, id);
    if (!row) throw notFound(NO_PUBLICITY);
    return row;
  }

  /** The chosen members, refusing ids that are not in the pool. */
  async function chosen(tx: Db | Tx, ids: number[]) {
    const unique = [...new Set(ids)];
    const members = await repo.membersByIds(tx, unique);
    if (members.length !== unique.length)
      throw badRequest(
        text(
          'memberIds: a chosen member is no longer in the pool: reload the list',
          '所选承包商已不在库中，请刷新列表',
        ),
      );
    return members;
  }

  const publish = (tx: Tx, actor: SignedInUser, body: PoolPublicityBody, members: Member[]) =>
    postNotice(tx, {
      noticeType: 'pool',
      audience: 'all',
      companyId: null,
      projectId: null,
      createdBy: actor.id,
      title: text(body.title, body.title),
      html: text(publicityHtml(body.intro, members, 'en'), publicityHtml(body.intro, members, 'zh')),
    });

  async function detail(actor: SignedInUser, id: number): Promise<z.output<typeof poolMemberDetail>> {
    const row = await member(id);
    return {
      ...row,
      timeline: await timelineOf(db, SUBJECT, id),
      actions: eventsAllowed(poolMemberWorkflow, row.status, actor),
    };
  }

  async function publicityDetail(id: number): Promise<z.output<typeof poolPublicityDetail>> {
    const row = await publicity(id);
    return { ...row, members: await repo.membersByIds(db, row.memberIds) };
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
    list: (q: PoolMemberQuery, page: Page) => repo.page(db, q, page),
    /** A batch of an export: the page's rows, not counted. */
    exportRows: (q: PoolMemberQuery, page: Page) => repo.all(db, q, page.limit, page.offset),

    detail,

    async add(actor: SignedInUser, body: PoolMemberBody) {
      await checkReferences(body);
      const id = await save(() =>
        db.transaction(async (tx) => {
          const [id] = await repo.insert(tx, [{ ...body, createdBy: actor.id }]);
          await appendAudit(tx, {
            action: `${SUBJECT}.add`,
            subjectType: SUBJECT,
            subjectId: id!,
            ...actorOf(actor),
            data: { ...body, to: 'active' },
          });
          return id!;
        }),
      );
      return detail(actor, id);
    },

    async edit(actor: SignedInUser, id: number, body: PoolMemberBody) {
      await member(id);
      await checkReferences(body);
      await save(() =>
        db.transaction(async (tx) => {
          if (!(await repo.update(tx, id, body))) throw notFound(NO_MEMBER);
          await appendAudit(tx, {
            action: `${SUBJECT}.edit`,
            subjectType: SUBJECT,
            subjectId: id,
            ...actorOf(actor),
            data: { ...body },
          });
        }),
      );
      return detail(actor, id);
    },

    /** Removes a member (the draw module refuses one it has drawn, when it keeps references). */
    async remove(actor: SignedInUser, id: number) {
      const row = await member(id);
      await db.transaction(async (tx) => {
        if (!(await repo.remove(tx, id))) throw notFound(NO_MEMBER);
        await appendAudit(tx, {
          action: `${SUBJECT}.remove`,
          subjectType: SUBJECT,
          subjectId: id,
          ...actorOf(actor),
          data: { companyId: row.companyId, typeId: row.typeId, placeId: row.placeId },
        });
      });
    },

    async fire(actor: SignedInUser, id: number, event: PoolMemberEvent, reason?: string) {
      await member(id);
      await poolMemberMachine.fire(db, id, { event, actor, reason });
      return detail(actor, id);
    },

    /**
     * Imports the members of an .xlsx workbook: every row checked (the company by its credit code,
     * the type, sub-category and region by code or name, the dates, duplicates in the file and in
     * the pool); all rows are written in one transaction, or none and every problem is answered.
     */
    async importFile(actor: SignedInUser, name: string, bytes: Buffer, lang: Language) {
      const rows = await readSheet(name, bytes);
      const { members, problems } = await checkRows(db, rows);
      if (problems.length > 0) throw importRefusal(problems, lang);
      const sha256 = sha256Of(bytes);
      await save(() =>
        db.transaction(async (tx) => {
          const ids = await repo.insert(
            tx,
            members.map(({ row: _row, ...m }) => ({ ...m, createdBy: actor.id })),
          );
          for (const [i, id] of ids.entries()) {
            const { row, ...m } = members[i]!;
            await appendAudit(tx, {
              action: `${SUBJECT}.import`,
              subjectType: SUBJECT,
              subjectId: id,
              ...actorOf(actor),
              data: { ...m, file: name, sha256, row, to: 'active' },
            });
          }
        }),
      );
      return { imported: members.length };
    },

    /** The template's example row: an enabled type and region as the reader reads them. */
    async templateExample(lang: Language) {
      const [type] = await masterDataRepository.enabledProjectTypes(db);
      const places = await masterDataRepository.enabledPlaces(db);
      const place = places.find((p) => p.parentId !== 0) ?? places[0];
      const name = (x: { name: string; nameZh: string } | undefined) =>
        !x ? '' : lang === 'zh' ? x.nameZh || x.name : x.name;
      return {
        creditCode: '91330100MA00000000',
        type: type?.code ?? '',
        subCategory: '',
        region: name(place),
        validFrom: '2026-01-01',
        validTo: '2028-12-31',
        remark: lang === 'zh' ? '示例行，导入前请删除' : 'An example: delete this row before importing',
      };
    },

    // Publicity

    publicityList: (q: { title?: string }, page: Page) => repo.publicityPage(db, q, page),
    publicityDetail,

    /** Publishes the chosen members on /pub as a `pool` notice, in both languages. */
    async publishPublicity(actor: SignedInUser, body: PoolPublicityBody) {
      const id = await db.transaction(async (tx) => {
        const members = await chosen(tx, body.memberIds);
        const noticeId = await publish(tx, actor, body, members);
        const id = await repo.insertPublicity(tx, {
          noticeId,
          title: body.title,
          intro: body.intro,
          memberIds: members.map((m) => m.id),
          createdBy: actor.id,
        });
        await appendAudit(tx, {
          action: `${PUBLICITY}.publish`,
          subjectType: PUBLICITY,
          subjectId: id,
          ...actorOf(actor),
          data: { noticeId, memberIds: members.map((m) => m.id) },
        });
        return id;
      });
      return publicityDetail(id);
    },

    /** Replaces the publicity's notice with one of the new title, text and members. */
    async editPublicity(actor: SignedInUser, id: number, body: PoolPublicityBody) {
      const old = await publicity(id);
      await db.transaction(async (tx) => {
        const members = await chosen(tx, body.memberIds);
        const noticeId = await publish(tx, actor, body, members);
        if (
          !(await repo.updatePublicity(tx, id, {
            noticeId,
            title: body.title,
            intro: body.intro,
            memberIds: members.map((m) => m.id),
          }))
        )
          throw notFound(NO_PUBLICITY);
        await noticesRepository.remove(tx, [old.noticeId]);
        await appendAudit(tx, {
          action: `${PUBLICITY}.edit`,
          subjectType: PUBLICITY,
          subjectId: id,
          ...actorOf(actor),
          data: { noticeId, replaced: old.noticeId, memberIds: members.map((m) => m.id) },
        });
      });
      return publicityDetail(id);
    },

    /** Withdraws a publicity: its notice leaves /pub. */
    async removePublicity(actor: SignedInUser, id: number) {
      const old = await publicity(id);
      await db.transaction(async (tx) => {
        await repo.removePublicity(tx, id);
        await noticesRepository.remove(tx, [old.noticeId]);
        await appendAudit(tx, {
          action: `${PUBLICITY}.remove`,
          subjectType: PUBLICITY,
          subjectId: id,
          ...actorOf(actor),
          data: { noticeId: old.noticeId },
        });
      });
    },
  };
}
export type PoolService = ReturnType<typeof createPoolService>;
