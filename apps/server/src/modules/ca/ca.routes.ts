import { caBindBody, caBinding, caChallenge, caLoginQuery, caSha256 } from '@lvb/contracts/ca';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAnswer } from '../../lib/paging.ts';
import { ok, okAfter, okWith, requestMeta } from '../../lib/route-helpers.ts';
import type { CaService } from './ca.service.ts';

interface Deps {
  ca: CaService;
  limits: { signinPerMinute: number };
}

/** CA certificate sign-in and the caller's certificate bindings (DESIGN §9). */
export async function caRoutes(app: FastifyInstance, { ca, limits }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signinLimit = { max: limits.signinPerMinute, timeWindow: 60_000 };
  const tags = ['identity'];

  r.get('/api/caLogin/challenge', {
    config: { access: { public: true }, rateLimit: signinLimit },
    schema: {
      tags,
      summary: 'A challenge for a certificate sign-in or binding: valid two minutes, usable once',
      response: { 200: okWith({ data: caChallenge }) },
    },
    handler: async () => ({ code: 200 as const, msg: 'ok', data: await ca.challenge() }),
  });

  r.post('/api/caLogin', {
    config: { access: { public: true }, rateLimit: signinLimit },
    schema: {
      tags,
      summary:
        'Certificate sign-in; the seven fields are in the query string, each encrypted with the login cipher; msg is the token',
      querystring: caLoginQuery,
      response: { 200: ok },
    },
    handler: async (req) => ({ code: 200 as const, msg: await ca.signIn(req.query, requestMeta(req)) }),
  });

  r.post('/api/user/ca/bind', {
    // Suppliers bind on their company page, also before their company record is complete.
    config: { access: { signedIn: true, incompleteCompanyAllowed: true } },
    schema: {
      tags,
      summary: "Bind a certificate to the caller's account, proven by its key's signature over a fresh challenge",
      body: caBindBody,
      response: { 200: ok },
    },
    handler: async (req) => okAfter(ca.bind(req.user!.id, req.body), 'certificate bound'),
  });

  r.get('/api/user/ca', {
    config: { access: { signedIn: true } },
    schema: { tags, summary: "The caller's certificates", response: { 200: listAnswer(caBinding) } },
    handler: async (req) => {
      const rows = await ca.list(req.user!.id);
      return { code: 200 as const, msg: 'ok', rows, total: rows.length };
    },
  });

  r.delete('/api/user/ca/:sha256', {
    config: { access: { signedIn: true, incompleteCompanyAllowed: true } },
    schema: {
      tags,
      summary: "Remove one of the caller's certificates",
      params: z.object({ sha256: caSha256 }),
      response: { 200: ok },
    },
    handler: async (req) => okAfter(ca.remove(req.user!.id, req.params.sha256), 'certificate removed'),
  });
}
