import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { stubServer } from '@/testing/render';
import { ExtractPage } from '../extract-page';

/** DESIGN's worked example of a draw: five candidates, seed 0011…eeff, entropy 314159. */
const NAMES = [
  'Fuzhou Road Works Co.',
  'Minjiang Survey Ltd.',
  'Haixi Design Institute',
  'Gulou Construction',
  'Cangshan Services',
];
const CANDIDATES = NAMES.map((companyName, i) => ({
  position: i,
  memberId: i + 1,
  companyId: 100 + i,
  creditCode: `91350100MA2XXXXX0${i + 1}`,
  companyName,
}));
const LIST_HASH = 'd164dc0d8b3a2f7a806e7f04f60f274ca587870fec85d12735328263faa5db15';
const COMMITMENT = '4773d12e2371bb935b9a0f5439b4a1c3ad3f2414b86980f8418d1cfabdfadfef';
const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

const ROW = {
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
  engagedCompany: null,
  createdAt: '2026-12-01T02:00:00.000Z',
};
const SCHEDULED = {
  ...ROW,
  listText: CANDIDATES.map((c) => `${c.memberId}\t${c.creditCode}\t${c.companyName}\n`).join(''),
  candidates: CANDIDATES,
  picks: [],
};
const DRAWN = {
  ...SCHEDULED,
  status: 'engaged',
  seed: SEED,
  entropy: '314159',
  order: [3, 2, 4, 0, 1],
  drawnAt: '2026-12-03T02:01:00.000Z',
  engagedCompany: 'Haixi Design Institute',
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
      status: 'confirmed',
      statusReason: null,
      askedAt: '2026-12-03T05:00:00.000Z',
      deadline: '2026-12-04T05:00:00.000Z',
      answeredAt: '2026-12-03T06:00:00.000Z',
    },
  ],
};

function serve(draw: Record<string, unknown>) {
  return stubServer((url) => {
    if (url.pathname === '/api/public/draws') return { code: 200, msg: 'ok', rows: [ROW], total: 1 };
    if (url.pathname === '/api/public/draws/7') return { code: 200, msg: 'ok', data: draw };
    return { code: 404, msg: 'not found' };
  });
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/extract', element: <ExtractPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const items = (list: HTMLElement) => [...list.querySelectorAll('li')].map((li) => li.textContent);

describe('the public draw records (/extract)', () => {
  it('lists the draws without a token and opens one at ?id=', async () => {
    const server = serve(SCHEDULED);
    const user = userEvent.setup();
    const router = renderAt('/extract');
    const row = await screen.findByTestId('extract-row');
    expect(row).toHaveTextContent('Bridge inspection');
    expect(row).toHaveTextContent('Scheduled');
    expect(row).toHaveTextContent('Draw time: 2026-12-03 10:00');
    expect(row).toHaveTextContent('5 candidates');
    expect(row).toHaveTextContent('d164dc0d…faa5db15');
    expect(new Headers((server.mock.calls[0]![1] as RequestInit).headers).get('Authorization')).toBeNull();
    await user.click(row);
    expect(router.state.location.search).toBe('?id=7');
    const detail = await screen.findByTestId('extract-detail');
    // Before the draw: the list, its hash and the commitment; the seed comes at the draw.
    expect(within(detail).getByTestId('extract-list-hash')).toHaveTextContent(LIST_HASH);
    expect(within(detail).getByTestId('extract-commitment')).toHaveTextContent(COMMITMENT);
    expect(within(detail).getByTestId('extract-candidates')).toHaveTextContent('491350100MA2XXXXX05Cangshan Services');
    expect(within(detail).getByTestId('extract-not-drawn')).toHaveTextContent('The seed is revealed at the draw.');
    expect(within(detail).queryByTestId('extract-seed')).toBeNull();
    expect(screen.queryByText('Check this draw')).toBeNull();
  });

  it('shows a drawn draw, and its check says the list hash, commitment and order all match', async () => {
    serve(DRAWN);
    const user = userEvent.setup();
    renderAt('/extract?id=7');
    const detail = await screen.findByTestId('extract-detail');
    expect(within(detail).getByTestId('extract-seed')).toHaveTextContent(SEED);
    expect(detail).toHaveTextContent('Witness entropy314159');
    expect(detail).toHaveTextContent('Engaged contractorHaixi Design Institute');
    expect(items(within(detail).getByTestId('extract-order'))).toEqual([
      'Gulou Construction',
      'Haixi Design Institute',
      'Cangshan Services',
      'Fuzhou Road Works Co.',
      'Minjiang Survey Ltd.',
    ]);
    const picks = within(detail).getByTestId('extract-picks');
    expect(picks).toHaveTextContent('Gulou Construction Declined');
    expect(picks).toHaveTextContent('Haixi Design Institute Confirmed');

    await user.click(screen.getByRole('button', { name: 'Check this draw' }));
    const check = await screen.findByTestId('extract-check');
    expect(check).toHaveTextContent('Everything matches: this draw is as published.');
    const verdicts = within(check).getAllByTestId('extract-verdict');
    expect(verdicts.map((v) => v.textContent)).toEqual([
      '✓ List hash: matches',
      '✓ Commitment: matches',
      '✓ Order: matches',
    ]);
    verdicts.forEach((v) => expect(v).toHaveClass('xp-verdict--ok'));
    expect(check).toHaveTextContent('Computed order: [3, 2, 4, 0, 1]');
    expect(items(within(check).getByTestId('extract-computed-order'))[0]).toBe('Gulou Construction');

    await setLanguage('zh-CN');
    expect(await screen.findByText('全部一致：本次抽取与公布内容相符。')).toBeInTheDocument();
    expect(screen.getByTestId('extract-detail')).toHaveTextContent('监督人熵值314159');
  });

  it('says which part differs when the published order was altered', async () => {
    serve({ ...DRAWN, order: [3, 2, 4, 1, 0] });
    const user = userEvent.setup();
    renderAt('/extract?id=7');
    await user.click(await screen.findByRole('button', { name: 'Check this draw' }));
    const check = await screen.findByTestId('extract-check');
    expect(check).toHaveTextContent('Something does not match the published draw.');
    const verdicts = within(check).getAllByTestId('extract-verdict');
    expect(verdicts.map((v) => v.textContent)).toEqual([
      '✓ List hash: matches',
      '✓ Commitment: matches',
      '✗ Order: does not match',
    ]);
    expect(verdicts[2]).toHaveClass('xp-verdict--bad');
    expect(check).toHaveTextContent('Computed order: [3, 2, 4, 0, 1]');
  });
});
