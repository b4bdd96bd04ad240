/** Role key and permission string that pass every check (spec §6, DESIGN §5). */
export const SUPER_ROLE = 'admin';
export const ALL_PERMISSIONS = '*:*:*';
/** Role of a user that holds no role at all (spec §6). */
export const DEFAULT_ROLE = 'ROLE_DEFAULT';

/** `types` of an account: 0 back-office employee, 1 company (supplier) user. */
export const AccountType = { employee: 0, supplier: 1 } as const;
export type AccountTypeValue = (typeof AccountType)[keyof typeof AccountType];

/** Role keys seeded on an empty database. */
export const RoleKey = {
  administrator: 'admin',
  owner: 'owner',
  auditor: 'auditor',
  supervisor: 'supervisor',
  guarantor: 'guarantor',
  finance: 'finance',
  /** An evaluation expert: scores the best-value projects whose panel it was drawn onto. */
  expert: 'expert',
  supplier: 'supplier',
} as const;

/** Data scope of a role (DESIGN §5, issue "roles"): which records its holders see. */
export const DataScope = { all: '1', deptAndBelow: '4', organisation: '3', self: '5' } as const;

/** What a permission check reads of a signed-in user. */
export interface PermissionHolder {
  roles: readonly string[];
  permissions: readonly string[];
}

/** DESIGN §5: the administrator role and `*:*:*` pass every check. */
export function hasPermission(user: PermissionHolder, permission: string): boolean {
  return (
    user.roles.includes(SUPER_ROLE) ||
    user.permissions.includes(ALL_PERMISSIONS) ||
    user.permissions.includes(permission)
  );
}

/** Holds at least one of `permissions` (an empty list grants nothing). */
export function hasAnyPermission(user: PermissionHolder, permissions: readonly string[]): boolean {
  return permissions.some((p) => hasPermission(user, p));
}
