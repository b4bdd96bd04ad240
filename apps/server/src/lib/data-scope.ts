/** The data scope lives with the department tree; kept here for existing imports. */
export { organisationOf, scopeCondition, type ScopedActor } from '../modules/departments/departments.scope.ts';
