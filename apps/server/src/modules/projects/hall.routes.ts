import { AccountType } from '@lvb/contracts/access';
import { hallQuery } from '@lvb/contracts/projects';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, offsetOf, pageQuery } from '../../lib/paging.ts';
import { ok, okWith } from '../../lib/route-helpers.ts';
import { departments } from '../departments/departments.table.ts';
import { STORED_NAME, type FileStorage } from '../files/file-storage.ts';
import { files } from '../files/files.table.ts';
import { places, projectTypes } from '../master-data/master-data.table.ts';
import { notices } from '../notices/notices.table.ts';
import { projectFollows, projects } from '../projects/projects.table.ts';
import { createHallRepository, isPublic, publicColumns, publicDetailColumns } from './hall.repository.ts';

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const hallRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  ownerName: z.string(),
  typeId: z.number(),
  typeName: z.string(),
  typeNameZh: z.string(),
  placeId: z.number(),
  placeName: z.string(),
  placeNameZh: z.string(),
  budget: z.number(),
  model: z.number(),
  guaranteeRequired: z.boolean(),
  guaranteeAmount: z.number(),
  signupStart: z.date(),
  bidDeadline: z.date(),
  openingAt: z.date(),
  status: z.string(),
  publishedAt: z.date().nullable(),
});
const noticeSummary = z.object({
  id: z.number(),
  title: z.string(),
  noticeType: z.string(),
  projectId: z.number().nullable(),
  createdAt: z.date(),
});

/** The public side: the project hall, a project's detail and documents, announcements; follows. */
export async function hallRoutes(
  app: FastifyInstance,
  { db, hallDb, storage }: { db: Db; hallDb: Db; storage: FileStorage },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['hall'];
  const hall = createHallRepository(hallDb);

  r.get('/api/hall/projects', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: 'The project hall: published projects, searched, filtered, sorted, paged',
      querystring: hallQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(hallRow) },
    },
    handler: async (req, reply) => {
      const { rowsJson, total } = await hall.listProjects(req.query);
      // The rows come as the database wrote them, in the shape declared above; they are sent on
      // as they are (a string with a JSON type is not serialised again).
      return (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(`{"code":200,"msg":"ok","rows":${rowsJson},"total":${total}}`);
    },
  });

  async function publicProject(id: number) {
    const [row] = await db
      .select(publicDetailColumns)
      .from(projects)
      .innerJoin(projectTypes, eq(projectTypes.id, projects.typeId))
      .innerJoin(places, eq(places.id, projects.placeId))
      .innerJoin(departments, eq(departments.id, projects.ownerDeptId))
      .where(and(eq(projects.id, id), isPublic));
    if (!row) throw notFound(text('project does not exist', '项目不存在'));
    return row;
  }

  r.get('/api/hall/projects/:id', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: 'A published project with its documents and notices',
      params: idParam,
      response: {
        200: okWith({
          data: hallRow.extend({
            qualification: z.string(),
            description: z.string(),
            contactName: z.string(),
            contactTel: z.string(),
            minParticipants: z.number(),
            statusReason: z.string().nullable(),
            documents: z.array(z.object({ fileName: z.string(), originalName: z.string(), size: z.number() })),
            notices: z.array(noticeSummary),
          }),
        }),
      },
    },
    handler: async (req) => {
      const data = await hall.projectDetail(req.params.id);
      if (!data) throw notFound(text('project does not exist', '项目不存在'));
      return { code: 200 as const, msg: 'ok', data };
    },
  });

  r.get('/api/hall/projects/:id/documents/:fileName', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: "Download a published project's document",
      params: idParam.extend({ fileName: z.string().regex(STORED_NAME, 'not a file name this server issued') }),
    },
    handler: async (req, reply) => {
      const p = await publicProject(req.params.id);
      const [file] = await db
        .select()
        .from(files)
        .where(
          and(eq(files.storedName, req.params.fileName), eq(files.recordType, 'project'), eq(files.recordId, p.id)),
        );
      if (!file) throw notFound(text('file does not exist', '文件不存在'));
      const stream = await storage.open(file.storedName);
      if (!stream) throw notFound(text('file does not exist', '文件不存在'));
      return reply
        .header('content-type', file.mime)
        .header(
          'content-disposition',
          `attachment; filename="${file.originalName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  });

  // Announcements (/pub): notices for everyone.
  const publicNotices = (q: { noticeType?: string; keyword?: string }) =>
    and(
      eq(notices.status, '0'),
      eq(notices.audience, 'all'),
      q.noticeType ? eq(notices.noticeType, q.noticeType) : undefined,
      q.keyword ? ilike(notices.title, like(q.keyword)) : undefined,
    );

  r.get('/api/public/notices', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: 'Published announcements for everyone, newest first',
      querystring: pageQuery.extend({
        noticeType: z.string().trim().max(20).optional(),
        keyword: z.string().trim().max(100).optional(),
      }),
      response: { 200: listAnswer(noticeSummary) },
    },
    handler: async (req) => {
      const cond = publicNotices(req.query);
      const [total] = await db.select({ n: count() }).from(notices).where(cond);
      const rows = await db
        .select({
          id: notices.id,
          title: notices.title,
          noticeType: notices.noticeType,
          projectId: notices.projectId,
          createdAt: notices.createdAt,
        })
        .from(notices)
        .where(cond)
        .orderBy(desc(notices.createdAt), desc(notices.id))
        .limit(req.query.pageSize)
        .offset(offsetOf(req.query));
      return { code: 200 as const, msg: 'ok', rows, total: total?.n ?? 0 };
    },
  });

  r.get('/api/public/notices/:id', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: 'One announcement with its (sanitised) content',
      params: idParam,
      response: { 200: okWith({ data: noticeSummary.extend({ content: z.string() }) }) },
    },
    handler: async (req) => {
      const [row] = await db
        .select({
          id: notices.id,
          title: notices.title,
          noticeType: notices.noticeType,
          projectId: notices.projectId,
          createdAt: notices.createdAt,
          content: notices.content,
        })
        .from(notices)
        .where(and(eq(notices.id, req.params.id), publicNotices({})));
      if (!row) throw notFound(text('notice does not exist', '公告不存在'));
      return { code: 200 as const, msg: 'ok', data: row };
    },
  });

  // A supplier's followed projects (sup/supItem).
  r.get('/api/supplier/follows', {
    config: { access: { permission: 'supplier:follow:list' } },
    schema: {
      tags,
      summary: 'The projects a supplier follows',
      querystring: pageQuery,
      response: { 200: listAnswer(hallRow.extend({ followedAt: z.date() })) },
    },
    handler: async (req) => {
      const cond = and(eq(projectFollows.userId, req.user!.id), isPublic);
      const [total] = await db
        .select({ n: count() })
        .from(projectFollows)
        .innerJoin(projects, eq(projects.id, projectFollows.projectId))
        .where(cond);
      const rows = await db
        .select({ ...publicColumns, followedAt: projectFollows.createdAt })
        .from(projectFollows)
        .innerJoin(projects, eq(projects.id, projectFollows.projectId))
        .innerJoin(projectTypes, eq(projectTypes.id, projects.typeId))
        .innerJoin(places, eq(places.id, projects.placeId))
        .innerJoin(departments, eq(departments.id, projects.ownerDeptId))
        .where(cond)
        .orderBy(desc(projectFollows.createdAt))
        .limit(req.query.pageSize)
        .offset(offsetOf(req.query));
      return { code: 200 as const, msg: 'ok', rows, total: total?.n ?? 0 };
    },
  });

  r.get('/api/supplier/follows/:id', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      summary: 'Does the caller follow this project?',
      params: idParam,
      response: { 200: okWith({ data: z.object({ followed: z.boolean() }) }) },
    },
    handler: async (req) => {
      const [row] = await db
        .select()
        .from(projectFollows)
        .where(and(eq(projectFollows.userId, req.user!.id), eq(projectFollows.projectId, req.params.id)));
      return { code: 200 as const, msg: 'ok', data: { followed: Boolean(row) } };
    },
  });

  r.post('/api/supplier/follows/:id', {
    config: { access: { permission: 'supplier:follow:list', incompleteCompanyAllowed: true } },
    schema: { tags, summary: 'Follow a published project', params: idParam, response: { 200: ok } },
    handler: async (req) => {
      if (req.user!.types !== AccountType.supplier)
        throw badRequest(text('only suppliers follow projects', '只有供应商可以关注项目'));
      await publicProject(req.params.id);
      await db.insert(projectFollows).values({ userId: req.user!.id, projectId: req.params.id }).onConflictDoNothing();
      return { code: 200 as const, msg: 'following' };
    },
  });

  r.delete('/api/supplier/follows/:id', {
    config: { access: { permission: 'supplier:follow:list', incompleteCompanyAllowed: true } },
    schema: { tags, summary: 'Stop following a project', params: idParam, response: { 200: ok } },
    handler: async (req) => {
      await db
        .delete(projectFollows)
        .where(and(eq(projectFollows.userId, req.user!.id), eq(projectFollows.projectId, req.params.id)));
      return { code: 200 as const, msg: 'no longer following' };
    },
  });
}
