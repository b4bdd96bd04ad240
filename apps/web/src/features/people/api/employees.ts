/** An employee row of `/api/system/users` and `/api/people/*`. */
export interface EmployeeRow {
  userId: number;
  loginUid: string;
  name: string;
  tel: string | null;
  deptId: number | null;
  deptName: string | null;
  status: string;
  createdAt: string;
  roles: { roleId: number; roleKey: string; roleName: string }[];
}

export interface RoleOption {
  roleId: number;
  roleKey: string;
  name: string;
  types: number;
  status: string;
}

export interface EmployeeFilter {
  loginUid?: string;
  name?: string;
  tel?: string;
  status?: '0' | '1';
  deptId?: number;
  beginTime?: string;
  endTime?: string;
}

export const DEPT_TREE_URL = '/api/system/depts/tree';
export const ROLE_OPTIONS_URL = '/api/system/roles/options';
