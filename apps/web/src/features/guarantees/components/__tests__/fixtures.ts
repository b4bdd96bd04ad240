import { userEvent } from '@testing-library/user-event';
import { screen, within } from '@testing-library/react';

/** What the guarantee pages' calls answer in their tests. */

export const ok = (extra: Record<string, unknown> = {}) => ({ code: 200, msg: 'ok', ...extra });

export const STORED = `${'b2'.repeat(16)}.png`;

export const DICTS: Record<string, { dictValue: string; dictLabel: string; dictLabelZh: string }[]> = {
  guarantee_kind: [
    { dictValue: 'bid', dictLabel: 'Bid guarantee', dictLabelZh: '投标保函' },
    { dictValue: 'performance', dictLabel: 'Performance guarantee', dictLabelZh: '履约保函' },
  ],
  order_status: [
    { dictValue: 'draft', dictLabel: 'Draft', dictLabelZh: '草稿' },
    { dictValue: 'awaiting_payment', dictLabel: 'Payment to confirm', dictLabelZh: '待确认收款' },
    { dictValue: 'underwriting', dictLabel: 'Underwriting', dictLabelZh: '审核中' },
  ],
};

/** A dictionary answer for `/system/dict/data/type/<type>`, or null for any other call. */
export function dictAnswer(url: URL) {
  const type = /^\/system\/dict\/data\/type\/(.+)$/.exec(url.pathname)?.[1];
  if (!type) return null;
  return ok({
    data: (DICTS[type] ?? []).map((d, i) => ({
      ...d,
      dictSort: i,
      listClass: 'default',
      cssClass: '',
      isDefault: 'N',
    })),
  });
}

export const ORDER = {
  id: 41,
  orderNo: 'GO20261201000041',
  companyId: 3,
  companyName: 'Hill Builders',
  applicationId: 12,
  projectId: 7,
  projectCode: 'LV20261125000007',
  projectName: 'School roof repair',
  beneficiary: 'Demo Owner',
  productId: 5,
  productName: 'Bid guarantee standard',
  kind: 'bid',
  amountFen: 5_000_000,
  premiumFen: 25_000,
  status: 'draft',
  statusReason: null,
  voucher: null,
  refundFen: null,
  letterNo: null,
  validFrom: null,
  validTo: null,
  issuedAt: null,
  createdAt: '2026-12-01T02:00:00.000Z',
};

/** Types by pasting: antd re-renders the form on every keystroke, which costs seconds in jsdom. */
export async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text === '') return;
  await user.click(field);
  await user.paste(text);
}

/** Opens an antd select by its label and picks the option with this text. */
export async function choose(
  user: ReturnType<typeof userEvent.setup>,
  scope: HTMLElement,
  label: string,
  option: string,
) {
  await user.click(within(scope).getByLabelText(label));
  const options = await screen.findAllByText(option);
  const item = options.map((el) => el.closest<HTMLElement>('.ant-select-item-option')).find(Boolean);
  await user.click(item ?? options[options.length - 1]!);
}

/** The dialog under its title. */
export const dialogTitled = async (title: string) =>
  (await screen.findByText(title)).closest<HTMLElement>('.ant-modal')!;
