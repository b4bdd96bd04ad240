import { EmployeesPage, type EmployeesConfig } from './employees-page';

/** system/user and manager/auser: every back-office account; either page's permissions open it. */
const perm = (action: string) => [`system:user:${action}`, `manager:auser:${action}`];
const config: EmployeesConfig = {
  testId: 'users-page',
  url: '/api/system/users',
  exportName: 'employees.xlsx',
  perms: {
    add: perm('add'),
    edit: perm('edit'),
    remove: perm('remove'),
    export: perm('export'),
    resetPwd: ['system:user:resetPwd', 'manager:auser:edit'],
  },
  placement: 'roles',
  deptFilter: true,
};

export default function UsersPage() {
  return <EmployeesPage config={config} />;
}
