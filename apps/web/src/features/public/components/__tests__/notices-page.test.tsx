import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { dictionaryAnswers, ok } from '@/testing/dictionaries';
import { announcement13, publicPage } from '@/testing/public-pages';
import { stubServer } from '@/testing/render';
import { NoticesPage } from '../notices-page';

const dictionaries = dictionaryAnswers({
  notice_type: [
    ['announcement', 'Announcement', '项目公告', 'primary'],
    ['correction', 'Correction', '更正公告', 'warning'],
  ],
});

function renderAt(path: string) {
  const { router, ui } = publicPage(<NoticesPage />, path);
  render(ui);
  return router;
}

describe('the public announcements page', () => {
  it('lists the announcements of the URL’s search, each with its type and time, searched and filtered in the URL', async () => {
    const server = stubServer(
      (url) =>
        dictionaries(url) ?? (url.pathname === '/api/public/notices' ? ok({ rows: [announcement13], total: 1 }) : null),
    );
    const router = renderAt('/pub?keyword=bridge&pageSize=10');
    const link = await screen.findByTestId('notice-link');
    expect(link).toHaveAttribute('href', '/pub?id=13');
    const item = link.closest('li')!;
    expect(await within(item).findByText('Announcement')).toBeInTheDocument();
    // Times in the platform's zone (Asia/Shanghai).
    expect(item).toHaveTextContent('2026-11-25 23:37');
    const list = server.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/public/notices')!;
    expect(Object.fromEntries(list.searchParams)).toEqual({ keyword: 'bridge', pageNum: '1', pageSize: '10' });
    expect(screen.getByText('Total 1')).toBeInTheDocument();

    const user = userEvent.setup();
    const search = screen.getByRole('search');
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Announcement type' }), 'Correction');
    expect(router.state.location.search).toBe('?keyword=bridge&pageSize=10&noticeType=correction');
    const box = within(search).getByRole('searchbox', { name: 'Search announcements by title' });
    expect(box).toHaveValue('bridge');
    await user.clear(box);
    await user.type(box, 'road{Enter}');
    expect(router.state.location.search).toBe('?keyword=road&pageSize=10&noticeType=correction');
  });

  it('says when none matches, and offers a retry when the list cannot be loaded', async () => {
    let failing = true;
    stubServer(
      (url) => dictionaries(url) ?? (failing ? { code: 500, msg: 'Server busy' } : ok({ rows: [], total: 0 })),
    );
    renderAt('/pub');
    expect(await screen.findByText('The data could not be loaded.')).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No announcements.')).toBeInTheDocument();
  });

  it('opens an announcement at ?id=, with the way back and to its project, in Chinese too', async () => {
    stubServer(
      (url) =>
        dictionaries(url) ??
        (url.pathname === '/api/public/notices/13'
          ? ok({ data: { ...announcement13, content: '<p>The works</p>' } })
          : null),
    );
    await setLanguage('zh-CN');
    renderAt('/pub?id=13');
    const detail = await screen.findByTestId('notice-detail');
    expect(within(detail).getByRole('heading', { level: 2, name: announcement13.title })).toBeInTheDocument();
    expect(detail).toHaveTextContent('The works');
    expect(await within(detail).findByText('项目公告')).toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: '查看项目' })).toHaveAttribute('href', '/iteminfo?id=18');
    expect(screen.getByRole('link', { name: '全部公告' })).toHaveAttribute('href', '/pub');
  });

  it('says when the announcement does not exist, and offers a retry when it cannot be loaded', async () => {
    stubServer((url) =>
      url.pathname === '/api/public/notices/99'
        ? { code: 404, msg: 'resource does not exist' }
        : url.pathname === '/api/public/notices/98'
          ? { code: 500, msg: 'Server busy' }
          : dictionaries(url),
    );
    const router = renderAt('/pub?id=99');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'This announcement does not exist.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All announcements' })).toHaveAttribute('href', '/pub');
    await router.navigate('/pub?id=98');
    expect(await screen.findByText('The data could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('This announcement does not exist.')).toBeNull();
  });
});
