import type { QueryClient } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '@lvb/contracts/limits';
import { clearSession } from '@/shared/lib/session';
import { dictionaryAnswers, ok } from '@/testing/dictionaries';
import { announcement13, hallProject18, newQueryClient, publicPage, signInSupplier } from '@/testing/public-pages';
import { stubServer } from '@/testing/render';
import { ProjectInfoPage } from '../project-info';

const PROJECT = hallProject18({
  qualification: 'Grade B surveyors',
  documents: [{ fileName: 'brief.pdf', originalName: 'Survey brief.pdf', size: 2048 }],
  notices: [announcement13],
});

const dictionaries = dictionaryAnswers({
  project_status: [['published', 'Published', '已发布', 'primary']],
  selection_model: [['3', 'Best-value evaluation', '综合评审', 'success']],
  notice_type: [['announcement', 'Announcement', '项目公告', 'primary']],
});

/** The server: the project, the dictionaries, no result, and a supplier's own state. */
const answer = (url: URL) =>
  dictionaries(url) ??
  (url.pathname === '/api/hall/projects/18'
    ? ok({ data: PROJECT })
    : url.pathname === '/api/hall/projects/18/my-application'
      ? ok({ data: { application: null } })
      : url.pathname === '/api/supplier/follows/18'
        ? ok({ data: { followed: false } })
        : { code: 404, msg: 'not found' });

const page = (client: QueryClient, path: string) => publicPage(<ProjectInfoPage />, path, client).ui;

describe('the public project page', () => {
  afterEach(() => {
    clearSession();
  });

  it('shows a visitor the project, its facts, documents and announcements, and invites them to sign in', async () => {
    stubServer(answer);
    render(page(newQueryClient(), '/iteminfo?id=18'));
    expect(await screen.findByRole('heading', { level: 1, name: PROJECT.name })).toBeInTheDocument();
    const facts = screen.getByTestId('project-info');
    expect(facts).toHaveTextContent('Budget¥270,000.00');
    expect(facts).toHaveTextContent('Bid guarantee¥2,700.00');
    expect(await within(facts).findByText('Best-value evaluation')).toBeInTheDocument();
    for (const title of ['Project information', 'Qualification requirements', 'Description', 'Project documents'])
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.getByText('Grade B surveyors')).toBeInTheDocument();
    expect(screen.getByText('Not set')).toBeInTheDocument();
    expect(screen.getByText('Survey brief.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    const notices = screen.getByRole('region', { name: 'Announcements' });
    expect(within(notices).getByRole('link', { name: PROJECT.notices[0]!.title })).toHaveAttribute(
      'href',
      '/pub?id=13',
    );
    expect(screen.getByTestId('apply-note')).toHaveTextContent('Sign in as a supplier to apply');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/iteminfo?id=18')}`,
    );
    expect(screen.queryByRole('button', { name: /Follow|Apply/ })).toBeNull();
  });

  it('says when the project does not exist, with the way back to the hall', async () => {
    const server = stubServer(() => ({ code: 404, msg: 'project does not exist' }));
    render(page(newQueryClient(), '/iteminfo?id=99'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This project does not exist or is not published.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the hall' })).toHaveAttribute('href', '/hall');
    server.mockClear();
    // Without an id it asks for no project.
    render(page(newQueryClient(), '/iteminfo'));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(2);
    const asked = server.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(asked.filter((path) => path.startsWith('/api/hall/projects'))).toEqual([]);
  });

  it('offers a retry when the project cannot be loaded', async () => {
    let failing = true;
    stubServer((url) => (failing ? { code: 500, msg: 'Server busy' } : answer(url)));
    render(page(newQueryClient(), '/iteminfo?id=18'));
    expect(await screen.findByText('The data could not be loaded.')).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: PROJECT.name })).toBeInTheDocument();
  });

  it('hydrates what the server drew for a visitor, then shows a signed-in supplier its follow and apply buttons', async () => {
    stubServer(answer);
    // The server's drawing: the data fetched first, then drawn for a visitor.
    const drawn = newQueryClient();
    drawn.setQueryData(['hall', 'project', 18], PROJECT);
    drawn.setQueryData(['public-result', 18], null);
    for (const type of ['project_status', 'selection_model', 'notice_type']) {
      const answered = dictionaries(new URL(`http://localhost/system/dict/data/type/${type}`)) as unknown as {
        data: unknown;
      };
      drawn.setQueryData(['dict', type], answered.data);
    }
    const html = renderToString(page(drawn, '/iteminfo?id=18'));
    expect(html).toContain('data-testid="project-info"');
    expect(html).toContain('Sign in as a supplier to apply');

    // The browser of a signed-in supplier hydrates it.
    document.cookie = `${TOKEN_COOKIE}=token; path=/`;
    signInSupplier(['web:hall:apply', 'supplier:follow:list']);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    const root = await act(async () =>
      hydrateRoot(container, page(drawn, '/iteminfo?id=18'), { onRecoverableError: recoverable }),
    );
    expect(await within(container).findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(await within(container).findByRole('button', { name: 'Apply' })).toBeInTheDocument();
    expect(within(container).queryByTestId('apply-note')).toBeNull();
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });
});
