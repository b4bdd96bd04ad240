import { languageOf } from '../../i18n/text.ts';
import { Perm } from '@lvb/contracts/permissions';
import { followedProject, hallProjectDetail, hallRow } from '@lvb/contracts/project-rows';
import { hallQuery } from '@lvb/contracts/projects';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/download.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, offsetOf, pageQuery } from '../../lib/paging.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import { STORED_NAME } from '../files/file-storage.ts';
import type { HallService } from './hall.service.ts';

/** The public side: the project hall, a project's detail and documents, announcements; follows. */
export async function hallRoutes(app: FastifyInstance, { hall }: { hall: HallService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['hall'];

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
      // The rows come as the database wrote them, in the shape of `hallRow` (contracts); they are
      // sent on as they are (a string with a JSON type is not serialised again).
      return (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(`{"code":200,"msg":"ok","rows":${rowsJson},"total":${total}}`);
    },
  });

  r.get('/api/hall/projects/:id', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: 'A published project with its documents and notices',
      params: idParam,
      response: {
        200: okWith({ data: hallProjectDetail }),
      },
    },
    handler: async (req, reply) => {
      const json = await hall.projectDetail(req.params.id, languageOf(req));
      // As the list: the database wrote the answer's data in the shape of `hallProjectDetail`.
      return (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(`{"code":200,"msg":"ok","data":${json}}`);
    },
  });

  r.get('/api/hall/projects/:id/documents/:fileName', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: "Download a published project's document",
      params: idParam.extend({ fileName: z.string().regex(STORED_NAME, 'not a file name this server issued') }),
    },
    handler: async (req, reply) => sendDownload(req, reply, await hall.document(req.params.id, req.params.fileName)),
  });

  // A supplier's followed projects (sup/supItem).
  r.get('/api/supplier/follows', {
    config: { access: { permission: Perm.supplier.follow.list } },
    schema: {
      tags,
      summary: 'The projects a supplier follows',
      querystring: pageQuery,
      response: { 200: listAnswer(followedProject) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await hall.followed(req.user!, { limit: req.query.pageSize, offset: offsetOf(req.query) })),
    }),
  });

  r.get('/api/supplier/follows/:id', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      summary: 'Does the caller follow this project?',
      params: idParam,
      response: { 200: okWith({ data: z.object({ followed: z.boolean() }) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: { followed: await hall.isFollowing(req.user!, req.params.id) },
    }),
  });

  r.post('/api/supplier/follows/:id', {
    config: { access: { permission: Perm.supplier.follow.list, incompleteCompanyAllowed: true } },
    schema: { tags, summary: 'Follow a published project', params: idParam, response: { 200: ok } },
    handler: async (req) => okAfter(hall.follow(req.user!, req.params.id), 'following'),
  });

  r.delete('/api/supplier/follows/:id', {
    config: { access: { permission: Perm.supplier.follow.list, incompleteCompanyAllowed: true } },
    schema: { tags, summary: 'Stop following a project', params: idParam, response: { 200: ok } },
    handler: async (req) => okAfter(hall.unfollow(req.user!, req.params.id), 'no longer following'),
  });
}
