import { AccountType, hasPermission } from '@lvb/contracts/access';
import { Perm } from '@lvb/contracts/permissions';
import type { SignedInUser } from '../sessions/sessions.service.ts';

/** Permission strings that let back-office staff read or edit any company. */
export const COMPANY_VIEW_PERMISSION = Perm.manager.user.query;
export const COMPANY_EDIT_PERMISSION = Perm.manager.user.edit;

/** A supplier sees and edits its own company; staff need the supplier-management permissions. */
export function allowCompany(actor: SignedInUser, action: 'view' | 'edit', compId: number): boolean {
  if (actor.types === AccountType.supplier) return actor.company?.id === compId;
  return hasPermission(actor, action === 'view' ? COMPANY_VIEW_PERMISSION : COMPANY_EDIT_PERMISSION);
}
