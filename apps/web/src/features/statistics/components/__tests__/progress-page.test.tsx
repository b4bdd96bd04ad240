import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { renderPage, stubServer } from '@/testing/render';
import ProgressPage from '../progress-page';
import { dictAnswer, ok, urlsOf } from './fixtures';

const LATE = {
  id: 31,
  code: 'LV20260501000031',
  name: 'Bridge inspection',
  ownerDeptId: 4,
  ownerName: 'Gulou Works Bureau',
  typeId: 1,
  typeName: 'Construction',
  typeNameZh: '施工',
  placeId: 11,
  placeName: 'Gulou District',
  placeNameZh: '鼓楼区',
  model: 2,
  budget: 50_000_000,
  status: 'evaluating',
  stageSince: '2026-05-20T01:00:00.000Z',
  daysInStage: 12,
  nextStep: 'evaluation',
  // 10:00 in Shanghai: the platform's time zone, whatever the browser's.
  nextDueAt: '2026-05-29T02:00:00.000Z',
  overdueDays: 3,
  createdAt: '2026-05-01T01:00:00.000Z',
  publishedAt: '2026-05-02T01:00:00.000Z',
};
const ON_TIME = {
  ...LATE,
  id: 32,
  code: 'LV20260502000032',
  name: 'Road resurfacing',
  status: 'published',
  nextStep: 'close_signup',
  nextDueAt: '2026-06-10T09:30:00.000Z',
  overdueDays: 0,
  daysInStage: 1,
};
const SUMMARY = {
  total: 2,
  overdue: 1,
  byStatus: [
    { status: 'published', count: 1 },
    { status: 'evaluating', count: 1 },
    { status: 'awarded', count: 0 },
  ],
};

function serve() {
  return stubServer((url) => {
    const dict = dictAnswer(url);
    if (dict) return dict;
    if (url.pathname === '/api/stats/progress') return ok({ rows: [LATE, ON_TIME], total: 2 });
    if (url.pathname === '/api/stats/progress/summary') return ok({ data: SUMMARY });
    if (url.pathname === '/api/hall/options') return ok({ data: { types: [], subCategories: [], places: [] } });
    return ok({ data: [] });
  });
}

const renderProgress = () =>
  renderPage(
    <MemoryRouter>
      <ProgressPage />
    </MemoryRouter>,
    ['stats:progress:list', 'stats:progress:query', 'stats:progress:export'],
  );

describe('project progress (seach/bidsc)', () => {
  it('lists each project with its stage, next step and how late it is, in both languages', async () => {
    serve();
    renderProgress();
    const late = (await screen.findByText('Bridge inspection')).closest('tr')!;
    expect(within(late).getByText('Opening or draw')).toBeInTheDocument();
    expect(within(late).getByText('due 2026-05-29 10:00')).toBeInTheDocument();
    expect(within(late).getByText('12 days')).toBeInTheDocument();
    // Late in words and with an icon, not by its colour alone.
    const overdue = within(late).getByTestId('overdue-days');
    expect(overdue).toHaveTextContent('3 days late');
    expect(overdue.querySelector('.anticon svg')).not.toBeNull();
    const onTime = screen.getByText('Road resurfacing').closest('tr')!;
    expect(within(onTime).getByText('Sign-up closes')).toBeInTheDocument();
    expect(within(onTime).getByText('On time')).toBeInTheDocument();
    expect(within(onTime).queryByTestId('overdue-days')).toBeNull();

    const summary = await screen.findByTestId('progress-summary');
    expect(within(summary).getByTestId('summary-total')).toHaveTextContent('2');
    expect(within(summary).getByTestId('summary-overdue')).toHaveTextContent('1');
    expect(within(summary).getByText('Evaluating')).toBeInTheDocument();
    // A status without projects is not listed.
    expect(within(summary).queryByText('Awarded')).toBeNull();

    await act(() => setLanguage('zh-CN'));
    const lateZh = screen.getByText('Bridge inspection').closest('tr')!;
    expect(within(lateZh).getByText('开标或抽取')).toBeInTheDocument();
    expect(within(lateZh).getByTestId('overdue-days')).toHaveTextContent('逾期 3 天');
    expect(within(lateZh).getByText('施工')).toBeInTheDocument();
    expect(within(lateZh).getByText('鼓楼区')).toBeInTheDocument();
    expect(within(screen.getByText('Road resurfacing').closest('tr')!).getByText('报名截止')).toBeInTheDocument();
  });

  it('sends the filters with the list and the summary, and exports with them', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderProgress();
    await screen.findByText('Bridge inspection');
    await user.type(screen.getByLabelText('Project code or name'), ' bridge ');
    await user.click(screen.getByLabelText('Overdue only'));
    await user.click(screen.getByText('Search').closest('button')!);
    await waitFor(() =>
      expect(urlsOf(server).some((u) => u.pathname === '/api/stats/progress' && u.searchParams.get('overdue'))).toBe(
        true,
      ),
    );
    const listed = urlsOf(server)
      .filter((u) => u.pathname === '/api/stats/progress')
      .at(-1)!;
    expect(listed.searchParams.get('keyword')).toBe('bridge');
    expect(listed.searchParams.get('overdue')).toBe('1');
    expect(listed.searchParams.get('pageNum')).toBe('1');
    await waitFor(() =>
      expect(
        urlsOf(server).some(
          (u) => u.pathname === '/api/stats/progress/summary' && u.searchParams.get('keyword') === 'bridge',
        ),
      ).toBe(true),
    );
    const summed = urlsOf(server)
      .filter((u) => u.pathname === '/api/stats/progress/summary')
      .at(-1)!;
    expect(summed.searchParams.get('overdue')).toBe('1');

    await user.click(screen.getByText('Export').closest('button')!);
    await waitFor(() => expect(urlsOf(server).some((u) => u.pathname === '/api/stats/progress/export')).toBe(true));
    const exported = urlsOf(server).find((u) => u.pathname === '/api/stats/progress/export')!;
    expect(exported.searchParams.get('keyword')).toBe('bridge');
    expect(exported.searchParams.get('overdue')).toBe('1');
    // The file is the whole filtered list, not a page of it.
    expect(exported.searchParams.get('pageNum')).toBeNull();
  });
});
