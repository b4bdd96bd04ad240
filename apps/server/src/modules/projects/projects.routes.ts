import { projectBody, projectQuery, reasonBody } from '@lvb/contracts/projects';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_MAX_ROWS, sendExcel } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, offsetOf, pageQuery } from '../../lib/paging.ts';
import { okWith } from '../../lib/route-helpers.ts';
import type { ProjectEvent } from './projects.machine.ts';
import type { ProjectsService } from './projects.service.ts';

export const projectRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  ownerDeptId: z.number(),
  ownerName: z.string(),
  typeId: z.number(),
  typeName: z.string(),
  typeNameZh: z.string(),
  subCategoryId: z.number().nullable(),
  placeId: z.number(),
  placeName: z.string(),
  placeNameZh: z.string(),
  budget: z.number(),
  model: z.number(),
  minParticipants: z.number(),
  guaranteeRequired: z.boolean(),
  guaranteeAmount: z.number(),
  signupStart: z.date(),
  bidDeadline: z.date(),
  openingAt: z.date(),
  publicityDays: z.number(),
  status: z.string(),
  statusReason: z.string().nullable(),
  reissuedFrom: z.number().nullable(),
  publishedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
const projectDetail = projectRow.extend({
  qualification: z.string(),
  description: z.string(),
  contactName: z.string(),
  contactTel: z.string(),
  createdBy: z.number(),
  documents: z.array(z.object({ fileName: z.string(), originalName: z.string(), size: z.number() })),
  timeline: z.array(
    z.object({
      id: z.number(),
      action: z.string(),
      actorName: z.string().nullable(),
      data: z.record(z.string(), z.unknown()),
      createdAt: z.date(),
    }),
  ),
  actions: z.array(z.string()),
});
const transitionAnswer = okWith({ data: z.object({ id: z.number(), status: z.string() }) });

const STATUS_TEXT = (s: string) => s.replace(/_/g, ' ');

/** item/project (owners), item/nocheck and manager/itemaudit (auditors), item/cxitem (query). */
export async function projectsRoutes(
  app: FastifyInstance,
  { projectsService: svc }: { projectsService: ProjectsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];
  const list = projectQuery.extend(pageQuery.shape);

  r.get('/api/projects', {
    config: {
      access: { permission: ['project:item:list', 'project:query:list', 'project:pending:list', 'audit:project:list'] },
    },
    schema: {
      tags,
      summary: 'Projects the caller may see, filtered',
      querystring: list,
      response: { 200: listAnswer(projectRow) },
    },
    handler: async (req) => {
      const { pageNum: _p, pageSize, ...q } = req.query;
      return {
        code: 200 as const,
        msg: 'ok',
        ...(await svc.list(req.user!, q, { offset: offsetOf(req.query), limit: pageSize })),
      };
    },
  });

  r.get('/api/projects/owners', {
    config: { access: { permission: ['project:query:list', 'project:item:list'] } },
    schema: {
      tags,
      summary: 'Owner organisations of the projects the caller may see (the owner filter)',
      response: { 200: okWith({ data: z.array(z.object({ id: z.number(), name: z.string() })) }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await svc.owners(req.user!) }),
  });

  r.get('/api/projects/pending-audit', {
    config: { access: { permission: ['project:pending:list', 'audit:project:list'] } },
    schema: {
      tags,
      summary: 'Projects waiting for audit, oldest first',
      querystring: list,
      response: { 200: listAnswer(projectRow) },
    },
    handler: async (req) => {
      const { pageNum: _p, pageSize, ...q } = req.query;
      return {
        code: 200 as const,
        msg: 'ok',
        ...(await svc.list(
          req.user!,
          { ...q, status: 'pending_audit' },
          { offset: offsetOf(req.query), limit: pageSize },
        )),
      };
    },
  });

  r.get('/api/projects/export', {
    config: { access: { permission: ['project:item:export', 'project:query:export'] } },
    schema: { tags, summary: 'Export the filtered projects to Excel', querystring: projectQuery },
    handler: async (req, reply) => {
      const { rows } = await svc.list(req.user!, req.query, { offset: 0, limit: EXPORT_MAX_ROWS });
      return sendExcel(
        reply,
        'projects.xlsx',
        [
          { header: 'Code', width: 20, value: (p) => p.code },
          { header: 'Name', width: 40, value: (p) => p.name },
          { header: 'Owner', width: 28, value: (p) => p.ownerName },
          { header: 'Type', value: (p) => p.typeName },
          { header: 'Place', value: (p) => p.placeName },
          { header: 'Budget (yuan)', value: (p) => p.budget / 100 },
          { header: 'Model', value: (p) => ['', 'Pool draw', 'Price competition', 'Best value'][p.model] },
          { header: 'Status', value: (p) => STATUS_TEXT(p.status) },
          { header: 'Bid deadline', width: 22, value: (p) => p.bidDeadline },
          { header: 'Opening or draw', width: 22, value: (p) => p.openingAt },
        ],
        rows,
      );
    },
  });

  r.get('/api/projects/:id', {
    config: {
      access: { permission: ['project:item:list', 'project:query:list', 'project:pending:list', 'audit:project:list'] },
    },
    schema: {
      tags,
      summary: 'One project with its documents, timeline and the actions open to the caller',
      params: idParam,
      response: { 200: okWith({ data: projectDetail }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await svc.detail(req.user!, req.params.id) }),
  });

  r.post('/api/projects', {
    config: { access: { permission: 'project:item:add' } },
    schema: {
      tags,
      summary: 'Create a draft project',
      body: projectBody,
      response: { 200: okWith({ data: z.object({ id: z.number(), code: z.string() }) }) },
    },
    handler: async (req) => {
      const id = await svc.create(req.user!, req.body);
      const p = await svc.visible(req.user!, id);
      return { code: 200 as const, msg: 'draft saved', data: { id, code: p.code } };
    },
  });

  r.put('/api/projects/:id', {
    config: { access: { permission: 'project:item:edit' } },
    schema: {
      tags,
      summary: 'Edit a draft project',
      params: idParam,
      body: projectBody,
      response: { 200: okWith({}) },
    },
    handler: async (req) => {
      await svc.update(req.user!, req.params.id, req.body);
      return { code: 200 as const, msg: 'draft saved' };
    },
  });

  const action = (
    path: string,
    event: ProjectEvent,
    permission: string | string[],
    summary: string,
    withReason: boolean,
  ) =>
    r.post(`/api/projects/:id/${path}`, {
      config: { access: { permission } },
      schema: {
        tags,
        summary,
        params: idParam,
        ...(withReason ? { body: reasonBody } : {}),
        response: { 200: transitionAnswer },
      },
      handler: async (req) => {
        const reason = withReason ? (req.body as { reason: string }).reason : undefined;
        const done = await svc.transition(req.user!, req.params.id, event, reason);
        return { code: 200 as const, msg: `project ${STATUS_TEXT(done.status)}`, data: done };
      },
    });

  action('submit', 'submit', 'project:item:submit', 'Submit a draft for audit', false);
  action('revise', 'revise', 'project:item:edit', 'Take a rejected project back to draft', false);
  action('cancel', 'cancel', 'project:item:cancel', 'Cancel a project before its award, with the reason', true);
  action(
    'fail',
    'fail',
    'project:item:cancel',
    'Declare a project failed (too few valid participants), with the reason',
    true,
  );
  action(
    'approve',
    'approve',
    ['project:item:audit', 'audit:project:approve'],
    'Approve a project: it is published with its announcement',
    false,
  );
  action('reject', 'reject', ['project:item:audit', 'audit:project:reject'], 'Reject a project, with the reason', true);

  r.post('/api/projects/:id/reissue', {
    config: { access: { permission: 'project:item:reissue' } },
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
