// The request helpers and account factories live in factories.ts; this module keeps the names
// that test files import from here.
export {
  TEST_PASSWORD,
  adminApp,
  as,
  deptIdByName,
  employeeWith,
  menuIdsFor,
  roleIdByKey,
  rootDeptId,
} from './factories.ts';
