import { languageOf, type Language } from '../../i18n/text.ts';
import { statusLabel } from '../../lib/workflow.ts';
import {
  projectCreated,
  projectDetail,
  projectOwner,
  projectRow,
  projectRules,
  projectTransitioned,
} from '@lvb/contracts/project-rows';
import { projectBody, projectQuery, reasonBody } from '@lvb/contracts/projects';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { headerIn, streamExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, offsetOf, pageQuery } from '../../lib/paging.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import { Perm } from '@lvb/contracts/permissions';
import {
  PROJECT_ACTIONS,
  PROJECT_DETAIL_READERS,
  RESULT_EVENTS,
  projectWorkflow,
  type ProjectEvent,
} from '@lvb/contracts/project-workflow';
import type { ProjectsService } from './projects.service.ts';

const transitionAnswer = okWith({ data: projectTransitioned });

/** Every list of projects: the owner's, the query, the audit queue. */
const READERS = [Perm.project.item.list, Perm.project.query.list, Perm.project.pending.list, Perm.audit.project.list];

const STATUS_TEXT = (s: string) => statusLabel('project_status', s).en;

function projectColumns(lang: Language): ExcelColumn<ExportedProject>[] {
  const h = headerIn(lang);
  const zh = lang === 'zh';
  return [
    { header: h('Code', '项目编号'), width: 20, value: (p) => p.code },
    { header: h('Name', '项目名称'), width: 40, value: (p) => p.name },
    { header: h('Owner', '业主单位'), width: 28, value: (p) => p.ownerName },
    { header: h('Type', '项目类型'), value: (p) => (zh ? p.typeNameZh || p.typeName : p.typeName) },
    { header: h('Place', '项目地点'), value: (p) => (zh ? p.placeNameZh || p.placeName : p.placeName) },
    { header: h('Budget (yuan)', '预算金额（元）'), value: (p) => p.budget / 100 },
    { header: h('Model', '选取方式'), value: (p) => statusLabel('selection_model', String(p.model))[lang] },
    { header: h('Status', '状态'), value: (p) => statusLabel('project_status', p.status)[lang] },
    { header: h('Bid deadline', '投标截止时间'), width: 18, value: (p) => p.bidDeadline },
    { header: h('Opening or draw', '开标/抽取时间'), width: 18, value: (p) => p.openingAt },
  ];
}

type ExportedProject = Awaited<ReturnType<ProjectsService['exportPage']>>[number];

/** item/project (owners), item/nocheck and manager/itemaudit (auditors), item/cxitem (query). */
export async function projectsRoutes(
  app: FastifyInstance,
  { projectsService: svc }: { projectsService: ProjectsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];
  const list = projectQuery.extend(pageQuery.shape);

  // The lists of the pages: the same filters and paging; the audit queue holds one status.
  const LISTS = [
    { url: '/api/projects', permission: READERS, summary: 'Projects the caller may see, filtered' },
    {
      url: '/api/projects/pending-audit',
      permission: [Perm.project.pending.list, Perm.audit.project.list],
      summary: 'Projects waiting for audit',
      status: 'pending_audit',
    },
  ];
  r.get('/api/projects/rules', {
    config: { access: { permission: [Perm.project.item.add, Perm.project.item.edit] } },
    schema: {
      tags,
      summary: 'The rules a project of a type and selection model must meet, as the form shows them before saving',
      querystring: z.object({
        typeId: z.coerce.number().int().positive(),
        model: z.coerce.number().int().min(1).max(3),
      }),
      response: { 200: okWith({ data: projectRules }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await svc.rules(req.query.typeId, req.query.model),
    }),
  });

  for (const l of LISTS) {
    r.get(l.url, {
      config: { access: { permission: l.permission } },
      schema: { tags, summary: l.summary, querystring: list, response: { 200: listAnswer(projectRow) } },
      handler: async (req) => {
        const { pageNum: _p, pageSize, ...q } = req.query;
        const filter = l.status ? { ...q, status: l.status } : q;
        return {
          code: 200 as const,
          msg: 'ok',
          ...(await svc.list(req.user!, filter, { offset: offsetOf(req.query), limit: pageSize })),
        };
      },
    });
  }

  r.get('/api/projects/owners', {
    // Also for the project progress query (seach/bidsc), whose readers need not hold a project page.
    config: {
      access: {
        permission: [
          Perm.project.query.list,
          Perm.project.item.list,
          Perm.stats.progress.list,
          Perm.stats.progress.query,
        ],
      },
    },
    schema: {
      tags,
      summary: 'Owner organisations of the projects the caller may see (the owner filter)',
      response: { 200: okWith({ data: z.array(projectOwner) }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await svc.owners(req.user!) }),
  });

  r.get('/api/projects/export', {
    config: { access: { permission: [Perm.project.item.export, Perm.project.query.export] } },
    schema: { tags, summary: 'Export the filtered projects to Excel', querystring: projectQuery },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return streamExcel(reply, lang === 'zh' ? '项目.xlsx' : 'projects.xlsx', projectColumns(lang), (page) =>
        svc.exportPage(req.user!, req.query, page),
      );
    },
  });

  r.get('/api/projects/:id', {
    config: { access: { permission: [...PROJECT_DETAIL_READERS] } },
    schema: {
      tags,
      summary: 'One project with its documents, timeline and the actions open to the caller',
      params: idParam,
      response: { 200: okWith({ data: projectDetail }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await svc.detail(req.user!, req.params.id, languageOf(req)),
    }),
  });

  r.post('/api/projects', {
    config: { access: { permission: Perm.project.item.add } },
    schema: {
      tags,
      summary: 'Create a draft project',
      body: projectBody,
      response: { 200: okWith({ data: projectCreated }) },
    },
    handler: async (req) => {
      return { code: 200 as const, msg: 'draft saved', data: await svc.create(req.user!, req.body) };
    },
  });

  r.put('/api/projects/:id', {
    config: { access: { permission: Perm.project.item.edit } },
    schema: {
      tags,
      summary: 'Edit a draft project',
      params: idParam,
      body: projectBody,
      response: { 200: okWith({}) },
    },
    handler: async (req) => okAfter(svc.update(req.user!, req.params.id, req.body), 'draft saved'),
  });

  r.delete('/api/projects/:id', {
    config: { access: { permission: [...PROJECT_ACTIONS.remove.permissions] } },
    schema: { tags, summary: 'Remove a draft project', params: idParam, response: { 200: ok } },
    handler: async (req) => okAfter(svc.remove(req.user!, req.params.id), 'project removed'),
  });

  /** What each event's call does, for the API reference. */
  const SUMMARIES: Partial<Record<ProjectEvent, string>> = {
    submit: 'Submit a draft for audit',
    revise: 'Take a rejected project back to draft',
    cancel: 'Cancel a project before its award, with the reason',
    fail: 'Declare a project failed (too few valid participants), with the reason',
    approve: 'Approve a project: it is published with its announcement',
    reject: 'Reject a project, with the reason',
  };
  // One call per event that a person fires, with the event's permissions and reason rule; the
  // result's events have their own calls (modules/results).
  for (const e of projectWorkflow.events.filter((x) => x.permissions.length > 0 && !RESULT_EVENTS.includes(x.event))) {
    r.post(`/api/projects/:id/${e.event}`, {
      config: { access: { permission: [...e.permissions] }, idempotent: true },
      schema: {
        tags,
        summary: SUMMARIES[e.event] ?? e.event,
        params: idParam,
        ...(e.reason ? { body: reasonBody } : {}),
        response: { 200: transitionAnswer },
      },
      handler: async (req) => {
        const reason = e.reason ? (req.body as { reason: string }).reason : undefined;
        const done = await svc.transition(req.user!, req.params.id, e.event, reason);
        return { code: 200 as const, msg: `project ${STATUS_TEXT(done.status)}`, data: done };
      },
    });
  }

  r.post('/api/projects/:id/reissue', {
    config: { access: { permission: Perm.project.item.reissue } },
    schema: {
      tags,
      summary: 'Issue a failed project again as a new draft',
      params: idParam,
      response: { 200: okWith({ data: z.object({ id: z.number() }) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 're-issued as a new draft',
      data: { id: await svc.reissue(req.user!, req.params.id) },
    }),
  });
}
