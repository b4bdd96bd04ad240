import { z } from 'zod';
import { MAX_RECORD_ID, chosenId, recordId, recordIdParam } from './ids.ts';
import { companyRecord, password, phone } from './identity.ts';

/** Request schemas of the administration calls (issue "back-office administration"). */

export const status01 = z.enum(['0', '1'], { message: 'status must be 0 (enabled) or 1 (disabled)' });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
/** A list of ids; repeats are dropped. */
const unique = (ids: number[]) => [...new Set(ids)];
const idArray = z.array(recordId).max(500);
const idList = idArray.transform(unique);

export const loginUid = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{2,29}$/, 'user name: 3 to 30 letters, digits or _, starting with a letter');

export const employeeFilter = z.object({
  loginUid: optionalText(30),
  name: optionalText(50),
  tel: optionalText(20),
  status: status01.optional(),
  deptId: recordIdParam.optional(),
  roleKey: optionalText(50),
  beginTime: z.iso.date().optional(),
  endTime: z.iso.date().optional(),
});

const employeeFields = {
  loginUid,
  name: z.string().trim().min(1, 'name is required').max(50),
  tel: z.union([phone, z.literal('')]).optional(),
  deptId: chosenId('choose a department'),
  roleIds: idList.default([]),
  status: status01.default('0'),
};
export const employeeCreateBody = z.object({ ...employeeFields, password });
export const employeeUpdateBody = z.object(employeeFields);
export const statusBody = z.object({ status: status01 });
export const resetPasswordBody = z.object({ password });
export const idsBody = z.object({ ids: idArray.min(1, 'choose at least one record').transform(unique) });

export const roleFilter = z.object({
  roleKey: optionalText(50),
  name: optionalText(50),
  status: status01.optional(),
  types: z.coerce.number().int().min(0).max(1).optional(),
});
export const roleBody = z.object({
  roleKey: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,49}$/, 'role key: 2 to 50 lower-case letters, digits or _'),
  name: z.string().trim().min(1).max(50),
  types: z.number().int().min(0).max(1).default(0),
  orderNum: z.number().int().min(0).max(9999).default(0),
  dataScope: z.enum(['1', '3', '4', '5']).default('5'),
  status: status01.default('0'),
  remark: z.string().trim().max(255).optional(),
  menuIds: idList.default([]),
});

export const menuBody = z.object({
  parentId: z.number().int().min(0).max(MAX_RECORD_ID).default(0),
  name: z.string().trim().min(1).max(50),
  nameZh: z.string().trim().max(50).default(''),
  menuType: z.enum(['M', 'C', 'F']),
  path: z.string().trim().max(200).default(''),
  component: z.string().trim().max(255).optional(),
  query: z.string().trim().max(255).optional(),
  perms: z
    .string()
    .trim()
    .regex(/^([a-z][A-Za-z0-9]*)(:[a-z][A-Za-z0-9]*){2}$/, 'permission: module:entity:action')
    .optional()
    .or(z.literal('')),
  icon: z.string().trim().max(100).default('#'),
  orderNum: z.number().int().min(0).max(9999).default(0),
  types: z.number().int().min(0).max(1).default(0),
  visible: status01.default('0'),
  isCache: status01.default('0'),
  isFrame: status01.default('1'),
  status: status01.default('0'),
});

/** A landline or mobile number of an office, or nothing. */
const officePhone = z
  .union([
    z
      .string()
      .trim()
      .regex(/^[0-9+\-() ]{6,20}$/, 'phone: 6 to 20 digits'),
    z.literal(''),
  ])
  .optional();

export const deptBody = z.object({
  parentId: chosenId('choose the parent department'),
  name: z.string().trim().min(1).max(100),
  kind: z.enum(['organisation', 'department']).default('department'),
  leader: z.string().trim().max(50).optional(),
  phone: officePhone,
  orderNum: z.number().int().min(0).max(9999).default(0),
  status: status01.default('0'),
});

export const dictTypeBody = z.object({
  dictType: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,99}$/, 'dictionary type: lower-case letters, digits and _'),
  name: z.string().trim().min(1).max(100),
  nameZh: z.string().trim().max(100).default(''),
  status: status01.default('0'),
  remark: z.string().trim().max(255).optional(),
});
export const dictDataBody = z.object({
  dictType: dictTypeBody.shape.dictType,
  label: z.string().trim().min(1).max(100),
  labelZh: z.string().trim().max(100).default(''),
  value: z.string().trim().min(1).max(100),
  sort: z.number().int().min(0).max(9999).default(0),
  listClass: z.enum(['default', 'primary', 'success', 'info', 'warning', 'danger']).default('default'),
  cssClass: z.string().trim().max(100).default(''),
  isDefault: z.enum(['Y', 'N']).default('N'),
  status: status01.default('0'),
});

export const paramBody = z.object({
  configKey: z
    .string()
    .trim()
    .regex(/^[a-z][A-Za-z0-9_.]{1,99}$/, 'parameter key: letters, digits, _ and .'),
  name: z.string().trim().min(1).max(100),
  value: z.string().trim().max(500),
  valueType: z.enum(['string', 'number', 'boolean']).default('string'),
});

export const noticeBody = z.object({
  title: z.string().trim().min(1, 'title is required').max(200),
  noticeType: z.string().trim().min(1).max(20),
  audience: z.enum(['all', 'suppliers', 'staff']).default('all'),
  content: z.string().max(200_000, 'the content is too long'),
  status: status01.default('0'),
});

export const supplierFilter = z.object({
  compName: optionalText(100),
  creditCode: optionalText(18),
  tel: optionalText(20),
  status: z.enum(['0', '1', '2']).optional(),
  incomplete: z.enum(['true', 'false']).optional(),
});
export const blacklistBody = z.object({ reason: z.string().trim().min(2, 'give the reason').max(500) });

/** Response rows of the administration calls. Times are `Date` on the server, ISO text on the wire. */

/** One node of a labelled tree (departments, menus, places) for tree selects. */
export interface TreeNode {
  id: number;
  label: string;
  labelZh: string;
  children?: TreeNode[];
}
export const treeNode: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({ id: z.number(), label: z.string(), labelZh: z.string(), children: z.array(treeNode).optional() }),
);

export const deptRow = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  ancestors: z.string(),
  name: z.string(),
  kind: z.string(),
  leader: z.string().nullable(),
  phone: z.string().nullable(),
  orderNum: z.number(),
  status: z.string(),
  createdAt: z.date(),
});
export type DeptRow = z.infer<typeof deptRow>;

export const menuRow = z.object({
  id: z.number(),
  parentId: z.number(),
  name: z.string(),
  nameZh: z.string(),
  menuType: z.string(),
  path: z.string(),
  component: z.string().nullable(),
  query: z.string().nullable(),
  perms: z.string().nullable(),
  icon: z.string(),
  orderNum: z.number(),
  types: z.number(),
  visible: z.string(),
  isCache: z.string(),
  isFrame: z.string(),
  status: z.string(),
  createdAt: z.date(),
});
export type MenuRow = z.infer<typeof menuRow>;
export const menuFilter = z.object({
  name: z.string().trim().max(50).optional(),
  status: z.enum(['0', '1']).optional(),
  types: z.coerce.number().int().min(0).max(1).optional(),
});

export const roleRow = z.object({
  id: z.number(),
  roleKey: z.string(),
  name: z.string(),
  types: z.number(),
  orderNum: z.number(),
  dataScope: z.string(),
  status: z.string(),
  remark: z.string().nullable(),
  createdAt: z.date(),
});
export type RoleRow = z.infer<typeof roleRow>;
export const roleDetail = roleRow.extend({ menuIds: z.array(z.number()) });
export const roleOption = z.object({
  roleId: z.number(),
  roleKey: z.string(),
  name: z.string(),
  types: z.number(),
  status: z.string(),
});
export type RoleOption = z.infer<typeof roleOption>;

export const employeeRow = z.object({
  userId: z.number(),
  loginUid: z.string(),
  name: z.string(),
  tel: z.string().nullable(),
  deptId: z.number().nullable(),
  deptName: z.string().nullable(),
  status: z.string(),
  createdAt: z.date(),
  roles: z.array(z.object({ roleId: z.number(), roleKey: z.string(), roleName: z.string() })),
});
export type EmployeeRow = z.infer<typeof employeeRow>;

export const supplierRow = companyRecord.omit({ fix: true }).extend({
  blacklistReason: z.string().nullable(),
  complete: z.boolean(),
  userCount: z.number(),
  createdAt: z.date(),
});
export type SupplierRow = z.infer<typeof supplierRow>;
export const supplierUser = z.object({
  userId: z.number(),
  name: z.string(),
  tel: z.string().nullable(),
  status: z.string(),
  createdAt: z.date(),
});
export const supplierDetail = supplierRow.extend({ users: z.array(supplierUser) });
/** Another account of a supplier company, added by staff; it signs in with its phone number. */
export const supplierUserBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(50),
  tel: phone,
  password,
});
export const supplierUserParams = z.object({ id: recordIdParam, userId: recordIdParam });
export const supplierStatusBody = z.object({ status: z.enum(['0', '1']) });

/** People of a back-office function (bidperson pages): created with the function's role. */
export const personBody = z.object({
  loginUid,
  name: z.string().trim().min(1, 'name is required').max(50),
  tel: z.union([phone, z.literal('')]).optional(),
  /** Required for owners (their organisation); others default to their function's department. */
  deptId: recordId.optional(),
  /** For staff: which of the staff roles (guarantee staff or finance). */
  roleKey: z.string().optional(),
  status: status01.default('0'),
});
export const personCreateBody = personBody.extend({ password });

export const ownerOrganisationBody = z.object({
  name: z.string().trim().min(2).max(100),
  leader: z.string().trim().max(50).optional(),
  phone: officePhone,
});
export const ownerOrganisationRow = z.object({
  id: z.number(),
  name: z.string(),
  leader: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  staffCount: z.number(),
  createdAt: z.date(),
});
export const accountRequestStatus = z.enum(['pending', 'approved', 'rejected']);
export const accountRequestRow = z.object({
  id: z.number(),
  orgName: z.string(),
  departCategory: z.string(),
  contactName: z.string(),
  tel: z.string(),
  loginUid: z.string(),
  status: z.string(),
  reviewNote: z.string().nullable(),
  createdAt: z.date(),
});
export const rejectBody = z.object({ reason: z.string().trim().min(2, 'give the reason').max(255) });
