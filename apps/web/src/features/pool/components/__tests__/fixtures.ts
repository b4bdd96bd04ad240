import { screen } from '@testing-library/react';

/** What the pool pages' calls answer in their tests. */

export const ok = (extra: Record<string, unknown> = {}) => ({ code: 200, msg: 'ok', ...extra });

const DICTS: Record<string, { dictValue: string; dictLabel: string; dictLabelZh: string; listClass: string }[]> = {
  pool_member_status: [
    { dictValue: 'active', dictLabel: 'Active', dictLabelZh: '正常', listClass: 'success' },
    { dictValue: 'suspended', dictLabel: 'Suspended', dictLabelZh: '已暂停', listClass: 'danger' },
  ],
};

/** A dictionary answer for `/system/dict/data/type/<type>`, or null for any other call. */
export function dictAnswer(url: URL) {
  const type = /^\/system\/dict\/data\/type\/(.+)$/.exec(url.pathname)?.[1];
  if (!type) return null;
  return ok({
    data: (DICTS[type] ?? []).map((d, i) => ({ ...d, dictSort: i, cssClass: '', isDefault: 'N' })),
  });
}

export const HALL_OPTIONS = {
  types: [{ id: 2, code: 'construction', name: 'Construction', nameZh: '施工', valueLimit: 4_000_000 }],
  subCategories: [{ id: 5, typeId: 2, name: 'Renovation', nameZh: '装饰装修' }],
  places: [
    {
      id: 1,
      label: 'Zhejiang',
      labelZh: '浙江省',
      children: [{ id: 3, label: 'Hangzhou', labelZh: '杭州市', children: [] }],
    },
  ],
};

export const MEMBER = {
  id: 11,
  companyId: 4,
  companyName: 'Hill Builders Co., Ltd.',
  creditCode: '91330100MA00000004',
  typeId: 2,
  typeName: 'Construction',
  typeNameZh: '施工',
  subCategoryId: null,
  subCategoryName: null,
  subCategoryNameZh: null,
  placeId: 3,
  placeName: 'Hangzhou',
  placeNameZh: '杭州市',
  validFrom: '2026-01-01',
  validTo: '2030-12-31',
  remark: 'Qualified in 2026',
  status: 'active',
  statusReason: null,
  createdAt: '2026-12-01T02:00:00.000Z',
  updatedAt: '2026-12-01T02:00:00.000Z',
};

export const dialogTitled = async (title: string) =>
  (await screen.findByText(title)).closest<HTMLElement>('.ant-modal')!;
