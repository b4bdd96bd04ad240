/**
 * A refusal that names a field of the body (`{code, msg, field}`: a business rule or a failed
 * schema check) belongs on that field of the form that sent it, not in a toast. A form claims the
 * fields it shows while its call runs (shared/lib/form-submit.ts); the request wrapper leaves the
 * toast out for a claimed field, and the form puts the message under the field. A field no form
 * claims is toasted as before.
 */
type Claim = (field: string) => boolean;
const claims = new Set<Claim>();

/** While a form's call runs, it answers which refused fields it shows itself; returns the release. */
export function claimFieldRefusals(claim: Claim): () => void {
  claims.add(claim);
  return () => {
    claims.delete(claim);
  };
}

/** Whether a form under way shows a refusal of this field itself (then no toast). */
export function isFieldClaimed(field: string): boolean {
  for (const claim of claims) if (claim(field)) return true;
  return false;
}
