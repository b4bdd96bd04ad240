import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderPage, stubServer } from '@/testing/render';
import DrawHistoryPage from '../draw-history-page';
import { dictAnswer, DRAWN, ok } from './fixtures';

describe('the draw history (marwsup/cbsselected)', () => {
  it('lists every contractor asked, by draw, with its answer, and offers the export', async () => {
    const server = stubServer((url) => {
      const dict = dictAnswer(url);
      if (dict) return dict;
      if (url.pathname === '/api/draws/picks')
        return ok({
          rows: DRAWN.picks.map((p) => ({
            ...p,
            drawId: 7,
            projectId: 31,
            projectCode: 'LV20261201000031',
            projectName: 'Bridge inspection',
            drawnAt: DRAWN.drawnAt,
          })),
          total: 2,
        });
      return ok({ data: [] });
    });
    renderPage(
      <MemoryRouter>
        <DrawHistoryPage />
      </MemoryRouter>,
      ['pool:drawn:list', 'pool:drawn:export'],
    );
    expect(await screen.findByText('Gulou Construction')).toBeInTheDocument();
    expect(screen.getByText('Crew busy')).toBeInTheDocument();
    expect(screen.getByText('No. 2')).toBeInTheDocument();
    expect(screen.getByText('Export')).toBeInTheDocument();
    const call = new URL(
      String(server.mock.calls.find(([u]) => String(u).includes('/api/draws/picks'))![0]),
      'http://x',
    );
    expect(call.searchParams.get('pageNum')).toBe('1');
  });
});
