import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import type { HallFilters as Filters } from '@/features/public/api/hall';
import { flattenPlaces } from '../hall-data';
import { HallFilters } from '../hall-filters';

const base: Filters = { status: 'all', sort: 'published', order: 'desc', pageNum: 1, pageSize: 20 };
const types = [
  { value: 1, label: 'Construction' },
  { value: 2, label: 'Survey' },
];
const places = flattenPlaces(
  [
    {
      id: 1,
      label: 'Zhejiang',
      labelZh: '浙江省',
      children: [
        { id: 2, label: 'Hangzhou', labelZh: '杭州市', children: [{ id: 3, label: 'Xihu', labelZh: '西湖区' }] },
      ],
    },
  ],
  'en',
);
const models = [{ value: 1, label: 'Pool draw' }];

function setup(filters: Partial<Filters> = {}) {
  const onChange = vi.fn();
  const onReset = vi.fn();
  render(
    <HallFilters
      filters={{ ...base, ...filters }}
      types={types}
      places={places}
      models={models}
      onChange={onChange}
      onReset={onReset}
    />,
  );
  return { onChange, onReset, user: userEvent.setup() };
}

describe('hall filters', () => {
  it('searches the trimmed keyword on Enter and on the button, and clears it', async () => {
    const { onChange, user } = setup();
    const box = screen.getByRole('searchbox', { name: 'Search by project name, code or owner' });
    await user.type(box, '  bridge {Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ keyword: 'bridge' });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onChange).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith({ keyword: undefined });
    expect(box).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('shows the keyword of the URL', () => {
    setup({ keyword: 'canal' });
    expect(screen.getByRole('searchbox')).toHaveValue('canal');
  });

  it('sets and clears type, place and model by their labels', async () => {
    const { onChange, user } = setup({ typeId: 2 });
    const type = screen.getByRole('combobox', { name: 'Project type' });
    expect(type).toHaveValue('2');
    await user.selectOptions(type, 'Construction');
    expect(onChange).toHaveBeenLastCalledWith({ typeId: 1 });
    await user.selectOptions(type, 'Project type');
    expect(onChange).toHaveBeenLastCalledWith({ typeId: undefined });

    const place = screen.getByRole('combobox', { name: 'Place' });
    // The tree in one list, each place after its parent, indented by level.
    expect(
      within(place)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Place', 'Zhejiang', '\u00a0\u00a0\u00a0Hangzhou', '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0Xihu']);
    await user.selectOptions(place, '3');
    expect(onChange).toHaveBeenLastCalledWith({ placeId: 3 });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Selection model' }), 'Pool draw');
    expect(onChange).toHaveBeenLastCalledWith({ model: 1 });
  });

  it('shows the chosen place unindented; keeps a value of the URL whose option has not arrived yet', () => {
    setup({ placeId: 2 });
    expect(screen.getByRole('combobox', { name: 'Place' })).toHaveDisplayValue('Hangzhou');
    cleanup();
    setup({ placeId: 99 });
    expect(screen.getByRole('combobox', { name: 'Place' })).toHaveValue('99');
  });

  it('filters by sign-up status and sorts; resets', async () => {
    const { onChange, onReset, user } = setup();
    const status = screen.getByRole('combobox', { name: 'Open or closed' });
    expect(status).toHaveValue('all');
    await user.selectOptions(status, 'Open for sign-up');
    expect(onChange).toHaveBeenLastCalledWith({ status: 'open' });
    await user.selectOptions(status, 'All projects');
    expect(onChange).toHaveBeenLastCalledWith({ status: undefined });

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('published:desc');
    await user.selectOptions(sort, 'Lowest budget');
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'budget', order: 'asc' });

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onReset).toHaveBeenCalled();
  });

  it('speaks Chinese', async () => {
    await setLanguage('zh-CN');
    setup();
    expect(screen.getByRole('combobox', { name: '项目类型' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重 置' })).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
  });
});
