import { screen } from '@testing-library/react';

/** What the completion pages' calls answer in their tests: one project after its award. */

export const STORED = `${'a1'.repeat(16)}.pdf`;

export const ROW = {
  projectId: 7,
  code: 'LV20261125000007',
  name: 'School roof repair',
  ownerName: 'Demo Owner',
  status: 'awarded',
  winnerName: 'Hill Builders',
  winnerStatus: 'confirmed',
  awardFen: 300_000_000,
  contractNo: null,
  feeFen: 2_400_000,
  feeStatus: 'submitted',
  acceptance: null,
  awardedAt: '2026-12-01T02:00:00.000Z',
};

export const FEE = {
  id: 5,
  projectId: 7,
  applicationId: 3,
  companyName: 'Hill Builders',
  awardFen: 300_000_000,
  feeFen: 2_400_000,
  bands: [
    { fromFen: 0, toFen: 100_000_000, rate: 0.01, partFen: 100_000_000, feeFen: 1_000_000 },
    { fromFen: 100_000_000, toFen: 500_000_000, rate: 0.007, partFen: 200_000_000, feeFen: 1_400_000 },
  ],
  status: 'submitted',
  voucher: STORED,
  voucherAt: '2026-12-02T03:00:00.000Z',
  rejectReason: null,
  decidedAt: null,
  createdAt: '2026-12-01T03:00:00.000Z',
};

export const DETAIL = {
  projectId: 7,
  code: ROW.code,
  name: ROW.name,
  ownerName: 'Demo Owner',
  status: 'awarded',
  winnerApplicationId: 3,
  winnerName: 'Hill Builders',
  winnerStatus: 'confirmed',
  awardFen: 300_000_000,
  contract: null,
  fee: FEE,
  awardNotice: null,
  acceptance: null,
  fileNames: {},
};

export const ok = (extra: Record<string, unknown> = {}) => ({ code: 200, msg: 'ok', ...extra });

/** The project's drawer, once its details show. */
export const openedDrawer = async () =>
  (await screen.findByTestId('completion-detail')).closest<HTMLElement>('.ant-drawer')!;
