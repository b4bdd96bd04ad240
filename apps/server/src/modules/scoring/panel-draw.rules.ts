import { drawListText, sha256Hex } from '@lvb/contracts/draw';
import type { PANEL_EXCLUSIONS, PanelCandidateLine } from '@lvb/contracts/experts';
import { drawOrderSync } from '../../lib/draw-order.ts';
import type { EligibleExpert } from '../experts/experts.eligible.ts';

type Exclusion = (typeof PANEL_EXCLUSIONS)[number];

/**
 * The list a panel draw picks from: the eligible experts of the project's type and region, less
 * those tied to the owner (their account's organisation is the owner's), to a bidder (their
 * employer's credit code is a bidder's) or seated as the owner's representatives; each left-out
 * expert counted under its first reason.
 */
export function panelList(
  eligible: readonly EligibleExpert[],
  ties: { ownerDeptId: number; bidderCreditCodes: ReadonlySet<string>; representatives: ReadonlySet<number> },
) {
  const excluded = new Map<Exclusion, number>();
  const listed: PanelCandidateLine[] = [];
  for (const e of eligible) {
    const reason: Exclusion | undefined =
      e.orgDeptId === ties.ownerDeptId
        ? 'owner'
        : e.employerCreditCode && ties.bidderCreditCodes.has(e.employerCreditCode)
          ? 'bidder'
          : ties.representatives.has(e.userId)
            ? 'representative'
            : undefined;
    if (reason) excluded.set(reason, (excluded.get(reason) ?? 0) + 1);
    else
      listed.push({
        expertId: e.expertId,
        userId: e.userId,
        loginUid: e.loginUid,
        name: e.name,
        employer: e.employer,
      });
  }
  listed.sort((a, b) => a.expertId - b.expertId);
  return { listed, excluded: [...excluded].map(([reason, count]) => ({ reason, count })) };
}

/**
 * DESIGN's draw over the panel's list: its lines are `expert id<TAB>account<TAB>name` (the
 * account in the place a contractor's credit code takes), the order from the seed, the list hash
 * and the entropy; the first `experts` of the order sit on the panel.
 */
export async function drawPanel(
  listed: readonly PanelCandidateLine[],
  seed: Uint8Array,
  entropy: string,
  experts: number,
) {
  const listText = drawListText(listed.map((c) => ({ id: c.expertId, creditCode: c.loginUid, name: c.name })));
  const listHash = await sha256Hex(listText);
  const order = drawOrderSync(seed, listHash, entropy, listed.length);
  return { listText, listHash, order, seated: order.slice(0, experts).map((i) => listed[i]!) };
}
