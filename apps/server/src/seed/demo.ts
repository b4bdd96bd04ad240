import { AccountType, RoleKey } from '@lvb/contracts/access';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../lib/secrets.ts';
import { accountsRepository } from '../modules/accounts/accounts.repository.ts';
import { companiesRepository } from '../modules/companies/companies.repository.ts';
import { departmentsRepository } from '../modules/departments/departments.repository.ts';
import { rolesRepository } from '../modules/roles/roles.repository.ts';
import { seedDemoProjects } from './demo-projects.ts';

/** The documented password of every demo account (DESIGN §3). */
export const DEMO_PASSWORD = 'Demo@2026';

const EMPLOYEES = [
  { loginUid: 'owner1', name: 'Olivia Owner', tel: '13800000001', role: RoleKey.owner, dept: 'Demo Owner' },
  { loginUid: 'auditor1', name: 'Adam Auditor', tel: '13800000002', role: RoleKey.auditor, dept: 'Audit' },
  {
    loginUid: 'supervisor1',
    name: 'Sara Supervisor',
    tel: '13800000003',
    role: RoleKey.supervisor,
    dept: 'Supervision',
  },
  { loginUid: 'guarantor1', name: 'Grace Guarantor', tel: '13800000004', role: RoleKey.guarantor, dept: 'Guarantee' },
  { loginUid: 'finance1', name: 'Frank Finance', tel: '13800000005', role: RoleKey.finance, dept: 'Finance' },
  { loginUid: 'expert1', name: 'Evan Expert', tel: '13800000006', role: RoleKey.expert, dept: 'Experts' },
  { loginUid: 'expert2', name: 'Emma Expert', tel: '13800000007', role: RoleKey.expert, dept: 'Experts' },
  { loginUid: 'expert3', name: 'Eric Expert', tel: '13800000008', role: RoleKey.expert, dept: 'Experts' },
];

const SUPPLIERS = [
  {
    tel: '13900000001',
    contact: 'Li Wei',
    company: {
      name: 'Hangzhou Jianye Construction Co., Ltd.',
      creditCode: '91330100MA27XK0A1B',
      induRegiNo: '330100000012345',
      bankName: 'Bank of Hangzhou',
      accountNo: '6222021001000000001',
    },
  },
  {
    tel: '13900000002',
    contact: 'Wang Fang',
    company: {
      name: 'Zhejiang Lianhe Survey and Design Co., Ltd.',
      creditCode: '91330100MA27XK0B2C',
      induRegiNo: '330100000023456',
      bankName: 'China Construction Bank',
      accountNo: '6227001002000000002',
    },
  },
  // Lacks its bank account, so the complete-your-company redirect can be seen.
  {
    tel: '13900000003',
    contact: 'Zhang Min',
    company: {
      name: 'Ningbo Hengtai Services Co., Ltd.',
      creditCode: '91330200MA27XK0C3D',
      induRegiNo: '330200000034567',
      bankName: 'Bank of Ningbo',
      accountNo: null,
    },
  },
];

/** Demo owners, staff and suppliers; idempotent, so it can run on every start with DEMO_DATA. */
/** Demo accounts, and with `projects` the demo owner's projects with their documents. */
export async function seedDemo(db: Db, projects = false): Promise<void> {
  await seedDemoAccounts(db);
  if (projects) await seedDemoProjects(db);
}

async function seedDemoAccounts(db: Db): Promise<void> {
  if (await accountsRepository.findEmployeeByLoginUid(db, 'owner1')) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const roleId = async (key: string) => (await rolesRepository.findByKey(tx, key))!.id;
    const demoAccount = async (fields: Parameters<typeof accountsRepository.insert>[1], role: string) =>
      accountsRepository.markDemo(tx, await accountsRepository.insert(tx, fields, [await roleId(role)]));
    const ownersBranch = (await departmentsRepository.findByName(tx, 'Owners'))!;
    if (!(await departmentsRepository.findByName(tx, 'Demo Owner'))) {
      await departmentsRepository.insert(tx, {
        name: 'Demo Owner',
        kind: 'organisation',
        parentId: ownersBranch.id,
        ancestors: `${ownersBranch.ancestors},${ownersBranch.id}`,
        orderNum: 1,
      });
    }
    for (const e of EMPLOYEES) {
      const deptId = (await departmentsRepository.findByName(tx, e.dept))?.id;
      await demoAccount(
        { types: AccountType.employee, loginUid: e.loginUid, name: e.name, tel: e.tel, passwordHash, deptId },
        e.role,
      );
    }
    for (const s of SUPPLIERS) {
      const companyId = await companiesRepository.insert(tx, {
        ...s.company,
        contactName: s.contact,
        contactTel: s.tel,
      });
      await demoAccount(
        { types: AccountType.supplier, name: s.contact, tel: s.tel, passwordHash, companyId },
        RoleKey.supplier,
      );
    }
  });
}

/** Demo accounts that still accept the documented password (production refuses to start then). */
export async function demoAccountsWithDocumentedPassword(
  db: Db,
  verify: (hash: string, pw: string) => Promise<boolean>,
) {
  const found: string[] = [];
  for (const r of await accountsRepository.demoCredentials(db)) {
    if (await verify(r.hash, DEMO_PASSWORD)) found.push(r.uid ?? r.tel ?? '?');
  }
  return found;
}
