import { screen, within } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';

/** What the draw pages' calls answer in their tests: DESIGN's worked example of a draw. */

export const ok = (extra: Record<string, unknown> = {}) => ({ code: 200, msg: 'ok', ...extra });

const DICTS: Record<string, { dictValue: string; dictLabel: string; dictLabelZh: string }[]> = {
  draw_status: [
    { dictValue: 'scheduled', dictLabel: 'Scheduled', dictLabelZh: '待抽取' },
    { dictValue: 'drawn', dictLabel: 'Drawn', dictLabelZh: '已抽取' },
    { dictValue: 'engaged', dictLabel: 'Engaged', dictLabelZh: '已确定' },
  ],
  pick_status: [
    { dictValue: 'asked', dictLabel: 'Asked', dictLabelZh: '待答复' },
    { dictValue: 'confirmed', dictLabel: 'Confirmed', dictLabelZh: '已确认' },
    { dictValue: 'declined', dictLabel: 'Declined', dictLabelZh: '已放弃' },
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

export const NAMES = [
  'Fuzhou Road Works Co.',
  'Minjiang Survey Ltd.',
  'Haixi Design Institute',
  'Gulou Construction',
  'Cangshan Services',
];
export const CANDIDATES = NAMES.map((companyName, i) => ({
  position: i,
  memberId: i + 1,
  companyId: 100 + i,
  creditCode: `91350100MA2XXXXX0${i + 1}`,
  companyName,
}));
export const LIST_TEXT = CANDIDATES.map((c) => `${c.memberId}\t${c.creditCode}\t${c.companyName}\n`).join('');
export const LIST_HASH = 'd164dc0d8b3a2f7a806e7f04f60f274ca587870fec85d12735328263faa5db15';
export const COMMITMENT = '4773d12e2371bb935b9a0f5439b4a1c3ad3f2414b86980f8418d1cfabdfadfef';
export const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

export const DRAW = {
  id: 7,
  projectId: 31,
  projectCode: 'LV20261201000031',
  projectName: 'Bridge inspection',
  ownerName: 'Demo Owner',
  drawAt: '2026-12-03T02:00:00.000Z',
  typeId: 1,
  subCategoryId: null,
  placeId: 11,
  reserves: 2,
  candidateCount: 5,
  listHash: LIST_HASH,
  commitment: COMMITMENT,
  status: 'scheduled',
  statusReason: null,
  seed: null,
  entropy: null,
  order: null,
  drawnAt: null,
  witnessName: null,
  engagedCompany: null,
  createdAt: '2026-12-01T02:00:00.000Z',
};

export const DETAIL = { ...DRAW, listText: LIST_TEXT, candidates: CANDIDATES, picks: [], timeline: [] };

/** The same draw after the witness typed 314159: order [3, 2, 4, 0, 1], Gulou Construction asked first. */
export const DRAWN = {
  ...DETAIL,
  status: 'drawn',
  seed: SEED,
  entropy: '314159',
  order: [3, 2, 4, 0, 1],
  drawnAt: '2026-12-03T02:01:00.000Z',
  picks: [
    {
      id: 51,
      rank: 0,
      position: 3,
      companyId: 103,
      companyName: 'Gulou Construction',
      status: 'declined',
      statusReason: 'Crew busy',
      askedAt: '2026-12-03T02:01:00.000Z',
      deadline: '2026-12-04T02:01:00.000Z',
      answeredAt: '2026-12-03T05:00:00.000Z',
    },
    {
      id: 52,
      rank: 1,
      position: 2,
      companyId: 102,
      companyName: 'Haixi Design Institute',
      status: 'asked',
      statusReason: null,
      askedAt: '2026-12-03T05:00:00.000Z',
      deadline: '2026-12-04T05:00:00.000Z',
      answeredAt: null,
    },
  ],
};

export const HALL_OPTIONS = {
  types: [
    { id: 1, code: 'ENG', name: 'Engineering', nameZh: '工程', valueLimit: null },
    { id: 2, code: 'SRV', name: 'Services', nameZh: '服务', valueLimit: null },
  ],
  subCategories: [{ id: 5, typeId: 1, name: 'Roads', nameZh: '道路' }],
  places: [{ id: 11, label: 'Fuzhou', labelZh: '福州', children: [{ id: 12, label: 'Gulou', labelZh: '鼓楼' }] }],
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
