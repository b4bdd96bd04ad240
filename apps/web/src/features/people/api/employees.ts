import type { employeeRow, roleOption } from '@lvb/contracts/admin';
import type { WireOf } from '@lvb/contracts/wire';

/** An employee row of `/api/system/users` and `/api/people/*`. */
export type EmployeeRow = WireOf<typeof employeeRow>;

export type RoleOption = WireOf<typeof roleOption>;

export const DEPT_TREE_URL = '/api/system/depts/tree';
export const ROLE_OPTIONS_URL = '/api/system/roles/options';
