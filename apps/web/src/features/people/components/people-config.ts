import type { EmployeesConfig } from '@/features/people/components/employees-page';

/** The bidperson pages: the users page configured for one function (`/api/people/{fn}`). */
export function peopleConfig(
  fn: 'staff' | 'auditors' | 'supervisors' | 'owners',
  perm: 'staff' | 'auditor' | 'supervisor' | 'owner',
  testId: string,
  exportName: string,
  placement: EmployeesConfig['placement'],
): EmployeesConfig {
  const p = (action: string) => [`people:${perm}:${action}`];
  return {
    testId,
    url: `/api/people/${fn}`,
    exportName,
    perms: { add: p('add'), edit: p('edit'), remove: p('remove'), export: p('export'), resetPwd: p('edit') },
    placement,
    deptFilter: false,
  };
}
