import { recordIdParam } from '@lvb/contracts/ids';
import { AccountType } from '@lvb/contracts/access';
import { companyRecord, updateCompanyBody } from '@lvb/contracts/identity';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { accountRequests, users } from '../accounts/accounts.table.ts';
import { allowCompany } from './companies.policy.ts';
import { companiesRepository, presentCompany } from './companies.repository.ts';
import { companies } from './companies.table.ts';

const exists = okWith({ data: z.object({ exists: z.boolean() }) });
const answer = (found: boolean) => ({ code: 200 as const, msg: 'ok', data: { exists: found } });

/** Company record calls and the uniqueness checks the registration pages make as the user types. */
export async function companiesRoutes(app: FastifyInstance, { db, checkLimit }: { db: Db; checkLimit: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['companies'];
  // Uniqueness checks are public (registration) and so reveal whether a value is taken: limit them.
  const publicCheck = { access: { public: true } as const, rateLimit: { max: checkLimit, timeWindow: 60_000 } };
  const filled = (max: number) => z.string().trim().min(1).max(max);

  r.post('/api/common/companyName', {
    config: publicCheck,
    schema: {
      tags,
      summary: 'Is a company name registered?',
      querystring: z.object({ compName: filled(100) }),
      response: { 200: exists },
    },
    handler: async (req) =>
      answer(
        (await db.select({ id: companies.id }).from(companies).where(eq(companies.name, req.query.compName))).length >
          0,
      ),
  });

  r.post('/api/common/selectByAccountNo', {
    config: publicCheck,
    schema: {
      tags,
      summary: 'Is a bank account number registered?',
      querystring: z.object({ accountNo: filled(30) }),
      response: { 200: exists },
    },
    handler: async (req) =>
      answer(
        (await db.select({ id: companies.id }).from(companies).where(eq(companies.accountNo, req.query.accountNo)))
          .length > 0,
      ),
  });

  r.post('/api/common/selectByLoginUid', {
    config: publicCheck,
    schema: {
      tags,
      summary: 'Is a back-office user name taken?',
      querystring: z.object({ loginUid: filled(30) }),
      response: { 200: exists },
    },
    handler: async (req) => {
      const uid = req.query.loginUid;
      const taken = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.loginUid}) = lower(${uid})`);
      const requested = await db
        .select({ id: accountRequests.id })
        .from(accountRequests)
        .where(and(eq(accountRequests.status, 'pending'), sql`lower(${accountRequests.loginUid}) = lower(${uid})`));
      return answer(taken.length + requested.length > 0);
    },
  });

  r.post('/api/common/selectByTel', {
    config: publicCheck,
    schema: {
      tags,
      summary: 'Is a phone number registered? types 1 suppliers (default), 0 back office',
      querystring: z.object({
        tel: filled(20),
        types: z.coerce.number().int().min(0).max(1).default(AccountType.supplier),
      }),
      response: { 200: exists },
    },
    handler: async (req) =>
      answer(
        (
          await db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.types, req.query.types), eq(users.tel, req.query.tel)))
        ).length > 0,
      ),
  });

  r.get('/api/user/jkqgetUserInfoById', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      summary: 'A company record: a supplier its own, staff any with manager:user:query',
      querystring: z.object({ compId: recordIdParam }),
      response: { 200: okWith({ data: companyRecord }) },
    },
    handler: async (req) => {
      if (!allowCompany(req.user!, 'view', req.query.compId)) throw forbidden();
      const company = await companiesRepository.findById(db, req.query.compId);
      if (!company) throw notFound(text('company does not exist', '企业不存在'));
      return { code: 200 as const, msg: 'ok', data: presentCompany(company) };
    },
  });

  r.post('/api/user/updateCompany', {
    config: { access: { signedIn: true, incompleteCompanyAllowed: true } },
    schema: {
      tags,
      summary: 'Complete or edit a company record: a supplier its own, staff any with manager:user:edit',
      body: updateCompanyBody,
      response: { 200: okWith({ data: companyRecord }) },
    },
    handler: async (req) => {
      const actor = req.user!;
      const compId = req.body.compId ?? actor.company?.id;
      if (!compId) throw badRequest(text('compId: which company to update', '请指定要修改的企业'));
      if (!allowCompany(actor, 'edit', compId)) throw forbidden();
      const clash = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.accountNo, req.body.accountNo), ne(companies.id, compId)));
      if (clash.length > 0)
        throw conflict(
          text('this bank account number is already registered to another company', '该银行账号已被其他企业登记'),
        );
      const { compId: _ignored, ...fields } = req.body;
      const [updated] = await db
        .update(companies)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(companies.id, compId))
        .returning();
      if (!updated) throw notFound(text('company does not exist', '企业不存在'));
      return { code: 200 as const, msg: 'company record saved', data: presentCompany(updated) };
    },
  });
}
