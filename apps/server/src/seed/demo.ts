import { AccountType, RoleKey } from '@lvb/contracts/access';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../lib/secrets.ts';
import { userRoles, users } from '../modules/accounts/accounts.table.ts';
import { companies } from '../modules/companies/companies.table.ts';
import { departments } from '../modules/departments/departments.table.ts';
import { roles } from '../modules/roles/roles.table.ts';
import type { FileStorage } from '../modules/files/file-storage.ts';
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
/** Demo accounts, and with a file storage the demo owner's projects with their documents. */
export async function seedDemo(db: Db, storage?: FileStorage): Promise<void> {
  await seedDemoAccounts(db);
  if (storage) await seedDemoProjects(db, storage);
}

async function seedDemoAccounts(db: Db): Promise<void> {
  const [present] = await db.select({ id: users.id }).from(users).where(eq(users.loginUid, 'owner1'));
  if (present) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const roleId = async (key: string) =>
      (await tx.select({ id: roles.id }).from(roles).where(eq(roles.roleKey, key)))[0]!.id;
    const dept = async (name: string) =>
      (await tx.select({ id: departments.id }).from(departments).where(eq(departments.name, name)))[0];
    const ownersBranch = (await tx.select().from(departments).where(eq(departments.name, 'Owners')))[0]!;
    if (!(await dept('Demo Owner'))) {
      await tx.insert(departments).values({
        name: 'Demo Owner',
        kind: 'organisation',
        parentId: ownersBranch.id,
        ancestors: `${ownersBranch.ancestors},${ownersBranch.id}`,
        orderNum: 1,
      });
    }
    for (const e of EMPLOYEES) {
      const [u] = await tx
        .insert(users)
        .values({
          types: AccountType.employee,
          loginUid: e.loginUid,
          name: e.name,
          tel: e.tel,
          passwordHash,
          deptId: (await dept(e.dept))?.id,
          demo: 1,
        })
        .returning({ id: users.id });
      await tx.insert(userRoles).values({ userId: u!.id, roleId: await roleId(e.role) });
    }
    const supplierRole = await roleId(RoleKey.supplier);
    for (const s of SUPPLIERS) {
      const [c] = await tx
        .insert(companies)
        .values({ ...s.company, contactName: s.contact, contactTel: s.tel })
        .returning({ id: companies.id });
      const [u] = await tx
        .insert(users)
        .values({ types: AccountType.supplier, name: s.contact, tel: s.tel, passwordHash, companyId: c!.id, demo: 1 })
        .returning({ id: users.id });
      await tx.insert(userRoles).values({ userId: u!.id, roleId: supplierRole });
    }
  });
}

/** Demo accounts that still accept the documented password (production refuses to start then). */
export async function demoAccountsWithDocumentedPassword(
  db: Db,
  verify: (hash: string, pw: string) => Promise<boolean>,
) {
  const rows = await db
    .select({ hash: users.passwordHash, uid: users.loginUid, tel: users.tel })
    .from(users)
    .where(eq(users.demo, 1));
  const found: string[] = [];
  for (const r of rows) if (await verify(r.hash, DEMO_PASSWORD)) found.push(r.uid ?? r.tel ?? '?');
  return found;
}
