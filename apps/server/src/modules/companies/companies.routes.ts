import { AccountType } from '@lvb/contracts/access';
import { recordIdParam } from '@lvb/contracts/ids';
import { companyRecord, existsData, updateCompanyBody } from '@lvb/contracts/identity';
import { Perm } from '@lvb/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { okWith } from '../../lib/route-helpers.ts';
import type { SessionService } from '../sessions/sessions.service.ts';
import { COMPANY_EDIT_PERMISSION, COMPANY_VIEW_PERMISSION } from './companies.policy.ts';
import { createCompaniesService } from './companies.service.ts';

const exists = okWith({ data: existsData });
const answer = (found: boolean) => ({ code: 200 as const, msg: 'ok', data: { exists: found } });

interface Deps {
  db: Db;
  sessions: SessionService;
  checkLimit: number;
}

/** Company record calls and the uniqueness checks the registration pages make as the user types. */
export async function companiesRoutes(app: FastifyInstance, { db, sessions, checkLimit }: Deps) {
  const companies = createCompaniesService({ db, sessions });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['companies'];
  // Uniqueness checks are public (registration) and so reveal whether a value is taken: limit them.
  const publicCheck = { access: { public: true } as const, rateLimit: { max: checkLimit, timeWindow: 60_000 } };
  const filled = (max: number) => z.string().trim().min(1).max(max);

  /** A public check whether a value is taken, answered as `data.exists`. */
  function uniquenessCheck<Q extends z.ZodObject>(
    path: string,
    summary: string,
    querystring: Q,
    taken: (q: z.output<Q>) => Promise<boolean>,
  ) {
    r.post(path, {
      config: publicCheck,
      schema: { tags, summary, querystring, response: { 200: exists } },
      handler: async (req) => answer(await taken(req.query as z.output<Q>)),
    });
  }

  uniquenessCheck(
    '/api/common/companyName',
    'Is a company name registered?',
    z.object({ compName: filled(100) }),
    (q) => companies.nameExists(q.compName),
  );
  uniquenessCheck(
    '/api/common/selectByAccountNo',
    'Is a bank account number registered?',
    z.object({ accountNo: filled(30) }),
    (q) => companies.accountNoExists(q.accountNo),
  );
  uniquenessCheck(
    '/api/common/selectByLoginUid',
    'Is a back-office user name taken?',
    z.object({ loginUid: filled(30) }),
    (q) => companies.loginUidTaken(q.loginUid),
  );
  uniquenessCheck(
    '/api/common/selectByTel',
    'Is a phone number registered? types 1 suppliers (default), 0 back office',
    z.object({ tel: filled(20), types: z.coerce.number().int().min(0).max(1).default(AccountType.supplier) }),
    (q) => companies.telRegistered(q.tel, q.types),
  );

  // A supplier reaches its own record through the supplier centre's company page, staff any through
  // supplier management; the policy then keeps a supplier to its own company.
  r.get('/api/user/jkqgetUserInfoById', {
    config: { access: { permission: [Perm.web.company.list, COMPANY_VIEW_PERMISSION] } },
    schema: {
      tags,
      summary: 'A company record: a supplier its own, staff any with manager:user:query',
      querystring: z.object({ compId: recordIdParam }),
      response: { 200: okWith({ data: companyRecord }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await companies.record(req.user!, req.query.compId),
    }),
  });

  r.post('/api/user/updateCompany', {
    config: {
      access: { permission: [Perm.web.company.edit, COMPANY_EDIT_PERMISSION], incompleteCompanyAllowed: true },
    },
    schema: {
      tags,
      summary: 'Complete or edit a company record: a supplier its own, staff any with manager:user:edit',
      body: updateCompanyBody,
      response: { 200: okWith({ data: companyRecord }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'company record saved',
      data: await companies.updateRecord(req.user!, req.body),
    }),
  });
}
