import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyFix } from '../accounts/accounts.repository.ts';
import { companies } from './companies.table.ts';

export type CompanyRow = typeof companies.$inferSelect;

export const presentCompany = (c: CompanyRow) => ({
  compId: c.id,
  compName: c.name,
  creditCode: c.creditCode,
  contactName: c.contactName,
  induRegiNo: c.induRegiNo,
  contactTel: c.contactTel,
  bankName: c.bankName,
  accountNo: c.accountNo,
  status: c.status,
  fix: companyFix(c),
});

export const companiesRepository = {
  findById: async (db: Db, id: number) => (await db.select().from(companies).where(eq(companies.id, id)))[0],
};
