import { AccountType } from '@lvb/contracts/access';
import { blacklistBody, supplierFilter } from '@lvb/contracts/admin';
import { and, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { EXPORT_MAX_ROWS, sendExcel } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, offsetOf, pageQuery } from '../../lib/paging.ts';
import { ok, okWith } from '../../lib/route-helpers.ts';
import { users } from '../accounts/accounts.table.ts';
import type { SessionService } from '../sessions/sessions.service.ts';
import { companies } from './companies.table.ts';

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
// Correlated subqueries name the outer table literally: an interpolated column renders
// unqualified and would bind to the subquery's own table.
const complete = sql<boolean>`(${companies.induRegiNo} is not null and ${companies.contactTel} is not null and ${companies.bankName} is not null and ${companies.accountNo} is not null)`;

const supplierRow = z.object({
  compId: z.number(),
  compName: z.string(),
  creditCode: z.string(),
  contactName: z.string().nullable(),
  contactTel: z.string().nullable(),
  induRegiNo: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNo: z.string().nullable(),
  status: z.string(),
  blacklistReason: z.string().nullable(),
  complete: z.boolean(),
  userCount: z.number(),
  createdAt: z.date(),
});
const supplierUser = z.object({
  userId: z.number(),
  name: z.string(),
  tel: z.string().nullable(),
  status: z.string(),
  createdAt: z.date(),
});

const STATUS_TEXT: Record<string, string> = { '0': 'Active', '1': 'Disabled', '2': 'Blacklisted' };

/** manager/user: supplier companies and their accounts: review, enable, disable, blacklist. */
export async function suppliersRoutes(app: FastifyInstance, { db, sessions }: { db: Db; sessions: SessionService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['suppliers'];

  const where = (q: z.output<typeof supplierFilter>): SQL | undefined =>
    and(
      q.compName ? ilike(companies.name, like(q.compName)) : undefined,
      q.creditCode ? ilike(companies.creditCode, like(q.creditCode)) : undefined,
      q.tel
        ? sql`exists (select 1 from users u where u.company_id = companies.id and u.tel like ${like(q.tel)})`
        : undefined,
      q.status ? eq(companies.status, q.status) : undefined,
      q.incomplete === 'true' ? sql`not ${complete}` : q.incomplete === 'false' ? complete : undefined,
    );
  const columns = {
    compId: companies.id,
    compName: companies.name,
    creditCode: companies.creditCode,
    contactName: companies.contactName,
    contactTel: companies.contactTel,
    induRegiNo: companies.induRegiNo,
    bankName: companies.bankName,
    accountNo: companies.accountNo,
    status: companies.status,
    blacklistReason: companies.blacklistReason,
    complete,
    userCount: sql<number>`(select count(*)::int from users u where u.company_id = companies.id and u.deleted_at is null)`,
    createdAt: companies.createdAt,
  };
  const list = (q: z.output<typeof supplierFilter>, limit: number, offset: number) =>
    db
      .select(columns)
      .from(companies)
      .where(where(q))
      .orderBy(desc(companies.createdAt), desc(companies.id))
      .limit(limit)
      .offset(offset);

  /** Changes a company's state; its users' sessions end when it stops being active. */
  async function setState(id: number, status: string, reason: string | null) {
    const updated = await db
      .update(companies)
      .set({ status, blacklistReason: reason, updatedAt: sql`now()` })
      .where(eq(companies.id, id))
      .returning({ id: companies.id });
    if (updated.length === 0) throw notFound(text('company does not exist', '企业不存在'));
    if (status !== '0') {
      const members = await db.select({ id: users.id }).from(users).where(eq(users.companyId, id));
      for (const m of members) await sessions.revokeAllForUser(m.id);
    }
  }

  r.get('/api/manager/suppliers', {
    config: { access: { permission: 'manager:user:list' } },
    schema: {
      tags,
      summary: 'List supplier companies',
      querystring: supplierFilter.extend(pageQuery.shape),
      response: { 200: listAnswer(supplierRow) },
    },
    handler: async (req) => {
      const [total] = await db.select({ n: count() }).from(companies).where(where(req.query));
      const rows = await list(req.query, req.query.pageSize, offsetOf(req.query));
      return { code: 200 as const, msg: 'ok', rows, total: total?.n ?? 0 };
    },
  });

  r.get('/api/manager/suppliers/export', {
    config: { access: { permission: 'manager:user:export' } },
    schema: { tags, summary: 'Export the filtered supplier companies to Excel', querystring: supplierFilter },
    handler: async (req, reply) => {
      const rows = await list(req.query, EXPORT_MAX_ROWS, 0);
      return sendExcel(
        reply,
        'suppliers.xlsx',
        [
          { header: 'Company', width: 36, value: (c) => c.compName },
          { header: 'Credit code', width: 22, value: (c) => c.creditCode },
          { header: 'Contact', value: (c) => c.contactName },
          { header: 'Contact phone', value: (c) => c.contactTel },
          { header: 'Registration no.', width: 20, value: (c) => c.induRegiNo },
          { header: 'Bank', width: 24, value: (c) => c.bankName },
          { header: 'Account', width: 24, value: (c) => c.accountNo },
          { header: 'Record', value: (c) => (c.complete ? 'Complete' : 'Incomplete') },
          { header: 'Status', value: (c) => STATUS_TEXT[c.status] ?? c.status },
          { header: 'Blacklist reason', width: 30, value: (c) => c.blacklistReason },
          { header: 'Registered', width: 22, value: (c) => c.createdAt },
        ],
        rows,
      );
    },
  });

  r.get('/api/manager/suppliers/:id', {
    config: { access: { permission: 'manager:user:query' } },
    schema: {
      tags,
      summary: 'One supplier company with its accounts',
      params: idParam,
      response: { 200: okWith({ data: supplierRow.extend({ users: z.array(supplierUser) }) }) },
    },
    handler: async (req) => {
      const [company] = await db.select(columns).from(companies).where(eq(companies.id, req.params.id));
      if (!company) throw notFound(text('company does not exist', '企业不存在'));
      const members = await db
        .select({
          userId: users.id,
          name: users.name,
          tel: users.tel,
          status: users.status,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(
          and(eq(users.companyId, company.compId), eq(users.types, AccountType.supplier), isNull(users.deletedAt)),
        );
      return { code: 200 as const, msg: 'ok', data: { ...company, users: members } };
    },
  });

  r.put('/api/manager/suppliers/:id/status', {
    config: { access: { permission: 'manager:user:edit' } },
    schema: {
      tags,
      summary: 'Enable or disable a supplier company',
      params: idParam,
      body: z.object({ status: z.enum(['0', '1']) }),
      response: { 200: ok },
    },
    handler: async (req) => {
      const [current] = await db
        .select({ status: companies.status })
        .from(companies)
        .where(eq(companies.id, req.params.id));
      if (!current) throw notFound(text('company does not exist', '企业不存在'));
      if (current.status === '2')
        throw badRequest(
          text('the company is blacklisted: lift the blacklisting first', '该企业已被列入黑名单，请先解除黑名单'),
        );
      await setState(req.params.id, req.body.status, null);
      return { code: 200 as const, msg: req.body.status === '0' ? 'company enabled' : 'company disabled' };
    },
  });

  r.put('/api/manager/suppliers/:id/blacklist', {
    config: { access: { permission: 'manager:user:blacklist' } },
    schema: {
      tags,
      summary: 'Blacklist a supplier company, with the reason',
      params: idParam,
      body: blacklistBody,
      response: { 200: ok },
    },
    handler: async (req) => {
      await setState(req.params.id, '2', req.body.reason);
      return { code: 200 as const, msg: 'company blacklisted' };
    },
  });

  r.delete('/api/manager/suppliers/:id/blacklist', {
    config: { access: { permission: 'manager:user:blacklist' } },
    schema: { tags, summary: 'Lift the blacklisting of a supplier company', params: idParam, response: { 200: ok } },
    handler: async (req) => {
      const [current] = await db
        .select({ status: companies.status })
        .from(companies)
        .where(eq(companies.id, req.params.id));
      if (!current) throw notFound(text('company does not exist', '企业不存在'));
      if (current.status !== '2') throw badRequest(text('the company is not blacklisted', '该企业未被列入黑名单'));
      await setState(req.params.id, '0', null);
      return { code: 200 as const, msg: 'blacklisting lifted' };
    },
  });
}
