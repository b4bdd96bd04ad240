import { SUPER_ROLE } from '@lvb/contracts/access';
import { Perm } from '@lvb/contracts/permissions';
import { hasPermission } from '../../plugins/access.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import type { FileRow } from './files.repository.ts';

/**
 * Who may read a file of a record type. Modules that attach files to their records add their
 * rule here; a file not attached to any record belongs to its uploader and the uploader's company.
 */
const recordRules: Record<string, (actor: SignedInUser, file: FileRow) => boolean> = {
  'letter-template': (actor) =>
    hasPermission(actor, Perm.guarantee.product.query) || hasPermission(actor, Perm.guarantee.product.list),
  notice: () => true,
  // Qualification documents: the staff who list or check applications (they learn the opaque
  // names only from the applications of projects in their data scope).
  application: (actor) => hasPermission(actor, Perm.bid.check.list) || hasPermission(actor, Perm.bid.apply.query),
  // A result's papers: the staff of its pages (they learn the opaque names only from the results
  // of projects in their data scope): objections' files, the contract, the acceptance, a voucher.
  objection: (actor) =>
    hasPermission(actor, Perm.audit.result.list) || hasPermission(actor, Perm.selection.confirm.list),
  contract: (actor) =>
    hasPermission(actor, Perm.selection.contract.list) || hasPermission(actor, Perm.bid.acceptance.list),
  acceptance: (actor) =>
    hasPermission(actor, Perm.bid.acceptance.list) || hasPermission(actor, Perm.selection.contract.list),
  'fee-voucher': (actor) => hasPermission(actor, Perm.selection.fee.list),
  // A guarantee order's voucher and letter: guarantee staff and finance (the supplier owns them).
  'guarantee-voucher': (actor) => hasPermission(actor, Perm.guarantee.order.list),
  // A claim's papers: the guarantee staff who decide claims and the owners who file them (they
  // learn the opaque names only from the applications of projects in their data scope).
  'guarantee-claim': (actor) =>
    hasPermission(actor, Perm.guarantee.letter.claim) ||
    hasPermission(actor, Perm.guarantee.letter.list) ||
    hasPermission(actor, Perm.bid.apply.claim),
  'guarantee-letter': (actor) =>
    hasPermission(actor, Perm.guarantee.order.list) || hasPermission(actor, Perm.guarantee.letter.list),
};

export function allowFileRead(actor: SignedInUser, file: FileRow): boolean {
  const owns = file.uploadedBy === actor.id || (file.companyId !== null && file.companyId === actor.company?.id);
  // A sealed bid's technical proposal: its bidder alone, the administrator included among the others.
  if (file.recordType === 'bid') return owns;
  if (actor.roles.includes(SUPER_ROLE)) return true;
  if (owns) return true;
  const rule = file.recordType ? recordRules[file.recordType] : undefined;
  return rule ? rule(actor, file) : false;
}
