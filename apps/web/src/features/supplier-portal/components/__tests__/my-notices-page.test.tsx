import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubServer } from '@/testing/render';
import MyNoticesPage from '../my-notices-page';

const NOTICE = {
  id: 41,
  title: 'Bid deadline moved',
  noticeType: '1',
  audience: 'suppliers',
  content: '<p>The deadline is now Friday.</p>',
  status: '0',
  createdAt: '2026-11-26T02:00:00.000Z',
};

describe('sup/supPub', () => {
  it('opening a notice shows its text and tells the server it was read, once', async () => {
    const fetchMock = stubServer((url) => {
      if (url.pathname === '/api/supplier/notices') return { code: 200, msg: 'ok', rows: [NOTICE], total: 1 };
      if (url.pathname === '/api/supplier/notices/41') return { code: 200, msg: 'ok', data: NOTICE };
      return { code: 200, msg: 'ok', data: [] };
    });
    renderPage(<MyNoticesPage />);
    const header = await screen.findByText('Bid deadline moved');
    const opens = () =>
      fetchMock.mock.calls.filter(
        ([input]) => new URL(String(input), 'http://x').pathname === '/api/supplier/notices/41',
      );
    expect(opens()).toHaveLength(0);
    await userEvent.click(header);
    expect(await screen.findByText('The deadline is now Friday.')).toBeInTheDocument();
    await waitFor(() => expect(opens()).toHaveLength(1));
    await userEvent.click(header);
    await userEvent.click(header);
    expect(opens()).toHaveLength(1);
  });
});
