import { z } from 'zod';
import { recordId } from './ids.ts';

/** Envelope every answer shares (DESIGN §4). */
export const envelope = z.object({ code: z.number(), msg: z.string() });

/** Encrypted login field: base64 of AES-128-ECB/PKCS7 ciphertext (DESIGN §5). */
const cipherText = z.string().min(1).max(512);

/** POST /api/external/login: supplier password login; all three fields encrypted. */
export const supplierPasswordLoginBody = z.object({ tel: cipherText, msgCode: cipherText, pwd: cipherText });
/** POST /api/external/tellogin: supplier phone login (plain fields). */
export const supplierPhoneLoginBody = z.object({
  tel: z.string().min(1).max(20),
  msgCode: z.string().min(1).max(10),
  uuid: z.string().min(1).max(64),
});
/** POST /api/employee/loginEmp: employee password login; all fields encrypted. */
export const employeeLoginBody = z.object({
  loginUid: cipherText,
  loginPwd: cipherText,
  code: cipherText.optional(),
  uuid: cipherText.optional(),
});
/** POST /api/employee/adminLoginTel: employee phone login; all fields encrypted. */
export const employeePhoneLoginBody = z.object({ loginTel: cipherText, code: cipherText, uuid: cipherText });

export const phone = z
  .string()
  .trim()
  .regex(/^1\d{10}$/, 'phone must be 11 digits starting with 1');
export const password = z
  .string()
  .min(8, 'password must have at least 8 characters')
  .max(64, 'password must have at most 64 characters')
  .regex(/[A-Za-z]/, 'password must contain a letter')
  .regex(/\d/, 'password must contain a digit');
/** Unified social credit code: 18 characters, digits and capital letters. */
export const creditCode = z
  .string()
  .trim()
  .regex(/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/, 'unified credit code must be 18 characters');

/** POST /api/register: a supplier company and its first user. */
export const supplierRegisterBody = z.object({
  compName: z.string().trim().min(2).max(100),
  creditCode,
  contactName: z.string().trim().min(1).max(50),
  tel: phone,
  msgCode: z.string().trim().length(6, 'the SMS code has 6 digits'),
  uuid: z.string().min(1).max(64),
  password,
});

/** POST /api/employee/register: an owner organisation asks for a back-office account. */
export const employeeRegisterBody = z.object({
  orgName: z.string().trim().min(2).max(100),
  departCategory: z.string().trim().min(1).max(50),
  contactName: z.string().trim().min(1).max(50),
  tel: phone,
  msgCode: z.string().trim().length(6, 'the SMS code has 6 digits'),
  uuid: z.string().min(1).max(64),
  loginUid: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{2,29}$/, 'user name: 3 to 30 letters, digits or _, starting with a letter'),
});

export const smsPurpose = z.enum(['login', 'register', 'reset']);
export type SmsPurpose = z.infer<typeof smsPurpose>;

/** Company record (spec §3): all four of induRegiNo, contactTel, bankName, accountNo make it complete. */
export const companyRecord = z.object({
  compId: z.number(),
  compName: z.string(),
  creditCode: z.string(),
  contactName: z.string().nullable(),
  induRegiNo: z.string().nullable(),
  contactTel: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNo: z.string().nullable(),
  status: z.string(),
  /** 1 when the four required fields are present, 0 otherwise. */
  fix: z.number(),
});
export type CompanyRecord = z.infer<typeof companyRecord>;

/** POST /api/user/updateCompany. */
export const updateCompanyBody = z.object({
  compId: recordId.optional(),
  contactName: z.string().trim().min(1).max(50),
  induRegiNo: z.string().trim().min(1).max(50),
  contactTel: z
    .string()
    .trim()
    .regex(/^[0-9+\-() ]{6,20}$/, 'contact phone: 6 to 20 digits'),
  bankName: z.string().trim().min(2).max(100),
  accountNo: z
    .string()
    .trim()
    .regex(/^\d{8,30}$/, 'bank account: 8 to 30 digits'),
});

/** POST /api/user/cbs/updateEmpPwd: change one's own password. */
export const changePasswordBody = z.object({ oldPassword: z.string().min(1).max(64), newPassword: password });

/** rows.user of GET /api/user/info (spec §3). */
export const userInfo = z.object({
  logUid: z.string(),
  empId: z.number(),
  empName: z.string(),
  types: z.number(),
  userName: z.string(),
  logTel: z.string().nullable(),
  deptId: z.number().nullable(),
  deptName: z.string().nullable(),
  company: z.object({ compId: z.number(), compName: z.string() }).nullable(),
  fix: z.number(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfo>;

/** One node of the route tree of GET /api/system/menu/menu (spec §3). */
export interface MenuRoute {
  name: string;
  path: string;
  component: string;
  hidden: boolean;
  redirect?: string;
  alwaysShow?: boolean;
  query?: string;
  meta: {
    title: string;
    titleZh: string;
    icon: string;
    noCache: boolean;
    link: string | null;
    affix?: boolean;
    activeMenu?: string;
  };
  children?: MenuRoute[];
}

export const menuRoute: z.ZodType<MenuRoute> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    component: z.string(),
    hidden: z.boolean(),
    redirect: z.string().optional(),
    alwaysShow: z.boolean().optional(),
    query: z.string().optional(),
    meta: z.object({
      title: z.string(),
      titleZh: z.string(),
      icon: z.string(),
      noCache: z.boolean(),
      link: z.string().nullable(),
    }),
    children: z.array(menuRoute).optional(),
  }),
);

/** rows of a supplier sign-in: the token. */
export const signInRows = z.object({ token: z.string() });
/** data of the registration pages' uniqueness checks. */
export const existsData = z.object({ exists: z.boolean() });
/** A message of the development SMS outbox. */
export const smsOutboxMessage = z.object({ tel: z.string(), content: z.string(), createdAt: z.string() });

/** GET and PUT /api/dev/clock (outside production): the business clock and its offset. */
export const businessClock = z.object({ now: z.string(), offsetSeconds: z.number() });
export const businessClockMove = z.object({
  /** Seconds ahead of the database's time; at most a year either way. */
  offsetSeconds: z.number().int().min(-31_536_000).max(31_536_000),
});

/** GET /api/common/common/captcha. */
export const captchaAnswer = z.object({
  captchaEnabled: z.boolean(),
  uuid: z.string().optional(),
  img: z.string().optional(),
});

/** Dictionary entry of GET /system/dict/data/type/{dictType}. */
export const dictEntry = z.object({
  dictLabel: z.string(),
  dictLabelZh: z.string(),
  dictValue: z.string(),
  listClass: z.string(),
  cssClass: z.string(),
  dictSort: z.number(),
  isDefault: z.string(),
});
export type DictEntry = z.infer<typeof dictEntry>;
