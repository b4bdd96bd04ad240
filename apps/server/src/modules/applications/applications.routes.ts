import { languageOf, type Language } from '../../i18n/text.ts';
import { statusLabel } from '../../lib/workflow.ts';
import {
  applicationDetail,
  applicationQuery,
  applicationRow,
  applicationTransitioned,
  applyBody,
  checkReasonBody,
  deleteDocumentBody,
  myApplicationOfProject,
  myApplicationQuery,
} from '@lvb/contracts/applications';
import { applicationWorkflow } from '@lvb/contracts/application-workflow';
import { Perm } from '@lvb/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { headerIn, streamExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import type { ApplicationsService } from './applications.service.ts';

const transitionAnswer = okWith({ data: applicationTransitioned });
const STATUS_TEXT = (s: string) => statusLabel('application_status', s).en;

function applicationColumns(lang: Language): ExcelColumn<z.output<typeof applicationRow>>[] {
  const h = headerIn(lang);
  return [
    { header: h('Project code', '项目编号'), width: 20, value: (a) => a.projectCode },
    { header: h('Project', '项目名称'), width: 40, value: (a) => a.projectName },
    { header: h('Company', '报名单位'), width: 36, value: (a) => a.companyName },
    { header: h('Contact', '联系人'), value: (a) => a.contactName },
    { header: h('Contact phone', '联系电话'), value: (a) => a.contactTel },
    { header: h('Guarantee letter', '保函编号'), width: 22, value: (a) => a.guaranteeLetterNo },
    { header: h('Documents', '资格文件数'), value: (a) => a.documents.length },
    { header: h('Status', '状态'), value: (a) => statusLabel('application_status', a.status)[lang] },
    { header: h('Reason', '原因'), width: 40, value: (a) => a.statusReason },
    { header: h('Applied at', '报名时间'), width: 18, value: (a) => a.createdAt },
    { header: h('Checked at', '审查时间'), width: 18, value: (a) => a.checkedAt },
  ];
}

/**
 * Applications: the supplier's apply (web/hall), own list and withdrawal (web/project), draft
 * documents; the back office's list and export (bidmanager/bidapply) and the qualification check
 * (bidmanager/bidcheck).
 */
export async function applicationsRoutes(
  app: FastifyInstance,
  { applications: svc }: { applications: ApplicationsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['applications'];

  // The supplier's side.
  r.post('/api/hall/projects/:id/apply', {
    config: { access: { permission: Perm.web.hall.apply }, idempotent: true },
    schema: {
      tags,
      summary: 'Apply to a published project inside its sign-up window, with contact and qualification documents',
      params: idParam,
      body: applyBody,
      response: { 200: transitionAnswer },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'application received',
      data: await svc.apply(req.user!, req.params.id, req.body),
    }),
  });

  r.get('/api/hall/projects/:id/my-application', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      summary: "The caller's company's latest application to the project, if any",
      params: idParam,
      response: { 200: okWith({ data: myApplicationOfProject }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: { application: await svc.mineForProject(req.user!, req.params.id) },
    }),
  });

  r.get('/api/supplier/applications', {
    config: { access: { permission: Perm.web.project.list } },
    schema: {
      tags,
      summary: "The caller's company's applications, newest first",
      querystring: myApplicationQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(applicationRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await svc.mine(req.user!, req.query.status, pageOf(req.query))),
    }),
  });

  r.post('/api/supplier/applications/:id/withdraw', {
    config: { access: { permission: Perm.web.project.withdraw }, idempotent: true },
    schema: {
      tags,
      summary: 'Withdraw an application before the bid deadline',
      params: idParam,
      response: { 200: transitionAnswer },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'application withdrawn',
      data: await svc.withdraw(req.user!, req.params.id),
    }),
  });

  r.post('/api/extract/web/documents/deleteFileZC', {
    config: { access: { permission: [Perm.web.hall.apply, Perm.web.project.list] } },
    schema: {
      tags,
      summary: 'Delete a qualification document not yet used, or of an application still waiting for its check',
      body: deleteDocumentBody,
      response: { 200: ok },
    },
    handler: async (req) => okAfter(svc.deleteDocument(req.user!, req.body.fileName), 'document deleted'),
  });

  // The back office.
  const list = applicationQuery.extend(pageQuery.shape);
  const LISTS = [
    {
      url: '/api/applications',
      permission: [Perm.bid.apply.list, Perm.bid.check.list],
      summary: 'Applications to the projects the caller may see, filtered',
    },
    {
      url: '/api/applications/pending-check',
      permission: [Perm.bid.check.list],
      summary: 'Applications waiting for the qualification check',
      status: 'pending_check' as const,
    },
  ];
  for (const l of LISTS) {
    r.get(l.url, {
      config: { access: { permission: l.permission } },
      schema: { tags, summary: l.summary, querystring: list, response: { 200: listAnswer(applicationRow) } },
      handler: async (req) => {
        const { pageNum: _n, pageSize: _s, ...q } = req.query;
        const filter = l.status ? { ...q, status: l.status } : q;
        return { code: 200 as const, msg: 'ok', ...(await svc.list(req.user!, filter, pageOf(req.query))) };
      },
    });
  }

  r.get('/api/applications/export', {
    config: { access: { permission: Perm.bid.apply.export } },
    schema: { tags, summary: 'Export the filtered applications to Excel', querystring: applicationQuery },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return streamExcel(reply, lang === 'zh' ? '报名.xlsx' : 'applications.xlsx', applicationColumns(lang), (page) =>
        svc.list(req.user!, req.query, page).then((r) => r.rows),
      );
    },
  });

  r.get('/api/applications/:id', {
    config: { access: { permission: [Perm.bid.apply.query, Perm.bid.check.list] } },
    schema: {
      tags,
      summary: 'One application with its documents, timeline and the actions open to the caller',
      params: idParam,
      response: { 200: okWith({ data: applicationDetail }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await svc.detail(req.user!, req.params.id) }),
  });

  // The check: one call per event of the checker, with the workflow table's permissions and reason rule.
  const SUMMARIES = { qualify: 'Qualify an application', reject: 'Reject an application, with the reason' };
  for (const e of applicationWorkflow.events) {
    if (e.event !== 'qualify' && e.event !== 'reject') continue;
    const event = e.event;
    r.post(`/api/applications/:id/${event}`, {
      config: { access: { permission: [...e.permissions] }, idempotent: true },
      schema: {
        tags,
        summary: SUMMARIES[event],
        params: idParam,
        ...(e.reason ? { body: checkReasonBody } : {}),
        response: { 200: transitionAnswer },
      },
      handler: async (req) => {
        const reason = e.reason ? (req.body as { reason: string }).reason : undefined;
        const done = await svc.check(req.user!, req.params.id, event, reason);
        return { code: 200 as const, msg: `application ${STATUS_TEXT(done.status)}`, data: done };
      },
    });
  }
}
