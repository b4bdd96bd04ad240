import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProjectNotice, ProjectNoticeRow } from '@/features/results/api/project-notices';
import ProjectNoticesPage from '../project-notices-page';
import { fill, PAGE_FLOW_MS, renderAt, serve } from './fixtures';

const NOTICE: ProjectNoticeRow = {
  id: 51,
  projectId: 9,
  projectCode: 'LV20261125000009',
  projectName: 'Canal lighting',
  noticeType: 'correction',
  title: 'Correction of the opening time',
  createdByName: 'Olivia Owner',
  createdAt: '2026-12-01T02:00:00.000Z',
};
const FULL: ProjectNotice = { ...NOTICE, content: '<p>The opening moves to <strong>10:00</strong>.</p>' };
const PROJECT = { id: 9, code: NOTICE.projectCode, name: NOTICE.projectName, status: 'published' };
const DRAFT = { id: 10, code: 'LV20261125000010', name: 'Harbour benches', status: 'draft' };

function serveNotices() {
  return serve((call) => {
    const path = call.url.pathname;
    if (path === '/api/project-notices' && call.method === 'GET')
      return { code: 200, msg: 'ok', rows: [NOTICE], total: 1 };
    if (path === '/api/project-notices' && call.method === 'POST')
      return (call.body as { title: string }).title === 'Announcement'
        ? { code: 400, msg: 'a title must say more', field: 'title' }
        : { code: 200, msg: 'notice published', data: { id: 52 } };
    if (path === '/api/project-notices/51') return { code: 200, msg: 'ok', data: FULL };
    if (path === '/api/projects') return { code: 200, msg: 'ok', rows: [PROJECT, DRAFT], total: 2 };
    return undefined;
  });
}

describe('project notices (mandraw/notice)', { timeout: PAGE_FLOW_MS }, () => {
  it('lists the notices and shows one as the public reads it', async () => {
    serveNotices();
    const user = userEvent.setup();
    renderAt(<ProjectNoticesPage />, ['selection:notice:list', 'selection:notice:query']);
    const list = await screen.findByTestId('project-notices');
    const row = (await within(list).findByText('Correction of the opening time')).closest('tr')!;
    expect(within(row).getByText('Canal lighting')).toBeInTheDocument();
    expect(within(row).getByText('2026-12-01 10:00')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Add/ })).toBeNull();
    await user.click(within(row).getByRole('button', { name: /View/ }));
    const notice = await screen.findByTestId('project-notice');
    expect(within(notice).getByText('10:00')).toBeInTheDocument();
  });

  it('publishes a correction of a published project; a refused title stands under the title', async () => {
    const server = serveNotices();
    const user = userEvent.setup();
    renderAt(<ProjectNoticesPage />, ['selection:notice:list', 'selection:notice:add']);
    await user.click(await screen.findByRole('button', { name: /Add/ }));
    const dialog = (await screen.findByText('Publish a notice of a project')).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Choose the project.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the title.')).toBeInTheDocument();

    // Only projects the public can see are offered.
    await user.click(within(dialog).getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByText(`${PROJECT.code} ${PROJECT.name}`));
    expect(screen.queryByText(`${DRAFT.code} ${DRAFT.name}`)).toBeNull();
    await fill(user, within(dialog).getByLabelText('Title'), 'Announcement');
    const editor = (await within(dialog).findByTestId('rich-text-editor')).querySelector<HTMLElement>('.ql-editor')!;
    editor.innerHTML = '<p>Postponed.</p>';
    fireEvent.input(editor);
    await waitFor(() => expect(within(dialog).queryByText('Write the notice.')).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('a title must say more')).toBeInTheDocument();
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await fill(user, title, 'Correction of the opening time');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The notice is published.')).toBeInTheDocument();
    const [refused, sent] = server.writes();
    expect(sent).toMatchObject({
      path: '/api/project-notices',
      body: {
        projectId: 9,
        noticeType: 'correction',
        title: 'Correction of the opening time',
        content: '<p>Postponed.</p>',
      },
    });
    // Another body, another key; each sent with one.
    expect(refused!.key).toBeTruthy();
    expect(sent!.key).toBeTruthy();
    expect(sent!.key).not.toBe(refused!.key);
  });
});
