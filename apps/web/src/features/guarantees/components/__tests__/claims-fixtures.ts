import { DICTS, dictAnswer, ok, ORDER } from './fixtures';

/** What the claim calls answer in the tests of the drawer and of the Claims tab. */

export const CLAIM_DICTS = {
  ...DICTS,
  claim_status: [
    { dictValue: 'filed', dictLabel: 'Filed', dictLabelZh: '待处理' },
    { dictValue: 'paid', dictLabel: 'Paid', dictLabelZh: '已赔付' },
    { dictValue: 'refused', dictLabel: 'Refused', dictLabelZh: '已拒赔' },
  ],
};

/** A dictionary answer that knows `claim_status` too, or null for any other call. */
export function claimDictAnswer(url: URL) {
  const type = /^\/system\/dict\/data\/type\/(.+)$/.exec(url.pathname)?.[1];
  if (type !== 'claim_status') return dictAnswer(url);
  return ok({
    data: CLAIM_DICTS.claim_status.map((d, i) => ({
      ...d,
      dictSort: i,
      listClass: 'default',
      cssClass: '',
      isDefault: 'N',
    })),
  });
}

export const STORED_CLAIM_FILE = `${'d4'.repeat(16)}.pdf`;

export const CLAIM = {
  id: 9,
  claimNo: 'GC20261215000009',
  orderId: ORDER.id,
  letterNo: 'GL20261205000041',
  kind: 'bid',
  companyName: 'Hill Builders',
  applicationId: 12,
  projectId: 7,
  projectCode: 'LV20261125000007',
  projectName: 'School roof repair',
  beneficiary: 'Demo Owner',
  letterAmountFen: 5_000_000,
  amountFen: 1_234_550,
  reason: 'The bidder withdrew after the deadline',
  status: 'filed',
  statusReason: null,
  files: [STORED_CLAIM_FILE],
  fileNames: { [STORED_CLAIM_FILE]: 'withdrawal-letter.pdf' },
  filedByName: 'Olivia Owner',
  decidedAt: null,
  createdAt: '2026-12-15T02:00:00.000Z',
};
