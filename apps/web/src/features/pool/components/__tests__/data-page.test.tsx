import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/lib/i18n';
import { postsOf, renderPage, stubServer } from '@/testing/render';
import DataPage from '../data-page';
import { HALL_OPTIONS, dictAnswer, ok } from './fixtures';

const XLSX = () =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'pool.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

function serve(onImport: () => unknown) {
  return stubServer((url, init) => {
    const dict = dictAnswer(url);
    if (dict) return dict;
    if (init?.method === 'POST' && url.pathname === '/api/pool/members/import') return onImport();
    if (url.pathname === '/api/hall/options') return ok({ data: HALL_OPTIONS });
    return ok({ data: [] });
  });
}

const renderData = () =>
  renderPage(
    <MemoryRouter>
      <DataPage />
    </MemoryRouter>,
    ['pool:data:list', 'pool:data:import', 'pool:data:export'],
  );

const uploadInput = () => screen.getByTestId('pool-import').querySelector<HTMLInputElement>('input[type="file"]')!;

describe('the pool import and export (marwsup/datatb)', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('uploads the workbook and shows how many members were imported', async () => {
    const server = serve(() => ok({ data: { imported: 3 } }));
    const user = userEvent.setup();
    renderData();
    await user.upload(uploadInput(), XLSX());
    expect(await screen.findByText('3 members imported.')).toBeInTheDocument();
    const [post] = postsOf(server);
    expect(post!.path).toBe('/api/pool/members/import');
    expect((post!.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('shows every row’s problem when the file is refused', async () => {
    serve(() => ({
      code: 500,
      msg: 'the file was not imported: 2 problem(s), nothing was written',
      errors: [
        { row: 4, column: 'Unified credit code', message: 'no supplier company has this unified credit code' },
        { row: 5, column: 'Valid to', message: 'on or after valid from' },
      ],
    }));
    const user = userEvent.setup();
    renderData();
    await user.upload(uploadInput(), XLSX());
    const report = await screen.findByTestId('pool-import-errors');
    expect(
      within(report).getByText('Nothing was imported: correct these rows and upload the file again.'),
    ).toBeInTheDocument();
    expect(within(report).getByText('no supplier company has this unified credit code')).toBeInTheDocument();
    expect(within(report).getByText('Valid to')).toBeInTheDocument();
    expect(within(report).getByText('5')).toBeInTheDocument();
    expect(screen.queryByTestId('pool-imported')).not.toBeInTheDocument();
  });

  it('shows the page in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    serve(() => ok({ data: { imported: 1 } }));
    renderData();
    expect(await screen.findByText('下载模板')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('导出入库承包商')).toBeInTheDocument());
  });
});
