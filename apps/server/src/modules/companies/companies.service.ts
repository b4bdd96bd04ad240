import { AccountType, RoleKey } from '@lvb/contracts/access';
import { COMPANY_STATUS, companyWorkflow, type CompanyEvent } from '@lvb/contracts/company-workflow';
import type { supplierFilter, supplierUserBody } from '@lvb/contracts/admin';
import type { updateCompanyBody } from '@lvb/contracts/identity';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/secrets.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { timelineOf } from '../audit-trail/audit-trail.service.ts';
import { createAccountsService } from '../accounts/accounts.service.ts';
import { rolesRepository } from '../roles/roles.repository.ts';
import type { SessionService, SignedInUser } from '../sessions/sessions.service.ts';
import { createCompanyMachine } from './companies.machine.ts';
import { allowCompany } from './companies.policy.ts';
import { companiesRepository, companyFix, type CompanyRow } from './companies.repository.ts';

const MISSING = text('company does not exist', '企业不存在');

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

/**
 * Company records: their owners complete them; staff review them and move their standing (enable,
 * disable, blacklist, lift) through the company machine.
 */
export function createCompaniesService({ db, sessions }: { db: Db; sessions: SessionService }) {
  const accounts = createAccountsService({ db, sessions });
  const machine = createCompanyMachine();

  async function statusOf(id: number) {
    const company = await companiesRepository.findById(db, id);
    if (!company) throw notFound(MISSING);
    return company.status;
  }

  return {
    nameExists: (name: string) => companiesRepository.nameExists(db, name),
    accountNoExists: (accountNo: string) => companiesRepository.accountNoExists(db, accountNo),
    loginUidTaken: (loginUid: string) => accountsRepository.loginUidTaken(db, loginUid),
    telRegistered: (tel: string, types: number) => accountsRepository.telExists(db, tel, types),

    /** A company record: a supplier its own, staff any with the supplier-management permission. */
    async record(actor: SignedInUser, compId: number) {
      if (!allowCompany(actor, 'view', compId)) throw forbidden();
      const company = await companiesRepository.findById(db, compId);
      if (!company) throw notFound(MISSING);
      return presentCompany(company);
    },

    async updateRecord(actor: SignedInUser, body: z.output<typeof updateCompanyBody>) {
      const compId = body.compId ?? actor.company?.id;
      if (!compId) throw badRequest(text('compId: which company to update', '请指定要修改的企业'));
      if (!allowCompany(actor, 'edit', compId)) throw forbidden();
      if (await companiesRepository.accountNoExists(db, body.accountNo, compId))
        throw conflict(
          text('this bank account number is already registered to another company', '该银行账号已被其他企业登记'),
        );
      const { compId: _ignored, ...fields } = body;
      const updated = await companiesRepository.update(db, compId, fields);
      if (!updated) throw notFound(MISSING);
      // A signed-in supplier's `fix` follows its record.
      await sessions.changed();
      return presentCompany(updated);
    },

    suppliers: (q: z.output<typeof supplierFilter>, page: { offset: number; limit: number }) =>
      companiesRepository.supplierPage(db, q, page),

    /** A batch of an export: the page's rows, not counted. */
    exportSuppliers: (q: z.output<typeof supplierFilter>, page: { offset: number; limit: number }) =>
      companiesRepository.suppliers(db, q, page.limit, page.offset),

    async supplier(id: number) {
      const company = await companiesRepository.supplier(db, id);
      if (!company) throw notFound(MISSING);
      return {
        ...company,
        users: await accountsRepository.companyMembers(db, company.compId),
        timeline: await timelineOf(db, companyWorkflow.subject, company.compId),
      };
    },

    /**
     * Moves a company's standing by `event` (manager/user): refused with 409, naming the status,
     * when its status does not allow the event (also when another request moved it first). Once it
     * is no longer active its users' sessions end; when it is active again, signed-in users see it
     * so. Both follow the commit of the move.
     */
    async transition(actor: SignedInUser, id: number, event: CompanyEvent, reason?: string) {
      await statusOf(id);
      const row = await machine.fire(db, id, { event, actor, reason });
      if (row.status !== COMPANY_STATUS.active) await accounts.endSessionsOfCompany(id);
      else await sessions.changed();
      return row.status;
    },

    /** Adds an account to a supplier company, with the supplier role; it signs in with its phone. */
    async addUser(id: number, body: z.output<typeof supplierUserBody>) {
      if ((await statusOf(id)) === COMPANY_STATUS.blacklisted)
        throw badRequest(
          text('the company is blacklisted: lift the blacklisting first', '该企业已被列入黑名单，请先解除黑名单'),
        );
      if (await accountsRepository.findByTel(db, AccountType.supplier, body.tel))
        throw conflict(text('this phone number is already registered', '该手机号已注册'));
      const roleIds = await rolesRepository.idsOfKeys(db, [RoleKey.supplier]);
      const passwordHash = await hashPassword(body.password);
      return accounts.create(
        { types: AccountType.supplier, name: body.name, tel: body.tel, passwordHash, companyId: id },
        roleIds,
      );
    },

    /** Removes an account of a supplier company (its sessions end); the company keeps at least one. */
    async removeUser(id: number, userId: number) {
      const members = await accountsRepository.companyMembers(db, id);
      if (!members.some((m) => m.userId === userId)) throw notFound(text('account does not exist', '账号不存在'));
      if (members.length === 1) throw badRequest(text('a company keeps at least one account', '企业至少保留一个账号'));
      await accounts.remove([userId]);
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
