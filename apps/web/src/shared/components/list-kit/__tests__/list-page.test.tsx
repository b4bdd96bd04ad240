import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderPage, stubServer } from '@/testing/render';
import { searchFilter, TextFilter } from '../filters';
import { FormDialog } from '../form-dialog';
import { DeleteSelectedButton } from '../list-frame';
import { RecordList, useRecordList } from '../list-page';
import { DeleteLink, EditLink } from '../list-parts';

interface Item {
  id: number;
  name: string;
}

const ITEMS_URL = '/api/test/items';

/** A page as the features build it on the kit: search, add, export, row links, the dialog. */
function ItemsPage() {
  const items = useRecordList<Item>(ITEMS_URL);
  const [form] = Form.useForm<{ name: string }>();
  return (
    <>
      <RecordList<Item>
        records={items}
        search={<TextFilter name="name" label="Name" />}
        add={['test:item:add']}
        exportAs={{ permissions: ['test:item:export'], fileName: 'items.xlsx' }}
        columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]}
        rowActions={(row) => (
          <>
            <EditLink permissions={['test:item:edit']} onClick={() => void items.openRecord(row.id)} />
            <DeleteLink permissions={['test:item:remove']} name={row.name} onDelete={() => items.remove([row.id])} />
          </>
        )}
      />
      <FormDialog<{ name: string }>
        open={items.editing !== null}
        title={items.editedRow ? `Edit ${items.editedRow.name}` : 'New item'}
        form={form}
        name="item"
        initialValues={items.editedRow}
        onClose={items.close}
        onSubmit={(v) => items.save(items.editedRow?.id, v)}
      >
        <Form.Item name="name" label="Item name">
          <Input />
        </Form.Item>
      </FormDialog>
    </>
  );
}

const ITEMS = [
  { id: 1, name: 'Bolt' },
  { id: 2, name: 'Nut' },
];

/** Answers the list (filtered by `name`), one item by id, and `ok` to everything else. */
function serveItems() {
  return stubServer((url) => {
    const one = /\/api\/test\/items\/(\d+)$/.exec(url.pathname);
    if (one) return { code: 200, msg: 'ok', data: { ...ITEMS[Number(one[1]) - 1], name: 'Bolt (fresh)' } };
    if (url.pathname === ITEMS_URL) {
      const name = url.searchParams.get('name');
      const rows = ITEMS.filter((i) => !name || i.name.includes(name));
      return { code: 200, msg: 'ok', rows, total: rows.length };
    }
    return { code: 200, msg: 'ok' };
  });
}

const callsOf = (server: ReturnType<typeof stubServer>) =>
  (server.mock.calls as unknown as [string, RequestInit | undefined][]).map(([input, init]) => ({
    url: new URL(String(input), 'http://localhost'),
    method: init?.method ?? 'GET',
  }));

describe('record list', () => {
  it('searches with the trimmed text and exports what the filter shows', async () => {
    const server = serveItems();
    renderPage(<ItemsPage />);
    expect(await screen.findByText('Nut')).toBeInTheDocument();

    // Text queries: role queries over antd's table are slow in jsdom.
    await userEvent.type(screen.getByLabelText('Name'), '  Bol ');
    await userEvent.click(screen.getByText('Search').closest('button')!);
    await waitFor(() => expect(screen.queryByText('Nut')).not.toBeInTheDocument());
    const listed = callsOf(server).filter((c) => c.url.pathname === ITEMS_URL);
    expect(listed.at(-1)?.url.searchParams.get('name')).toBe('Bol');
    expect(listed.at(-1)?.url.searchParams.get('pageNum')).toBe('1');

    await userEvent.click(screen.getByText('Export').closest('button')!);
    await waitFor(() => expect(callsOf(server).some((c) => c.url.pathname === `${ITEMS_URL}/export`)).toBe(true));
    const exported = callsOf(server).find((c) => c.url.pathname === `${ITEMS_URL}/export`)!;
    expect(exported.url.searchParams.get('name')).toBe('Bol');
  }, 15_000);

  it('offers add, export and the row links only to holders of their permissions', async () => {
    serveItems();
    renderPage(<ItemsPage />, ['test:item:list']);
    const row = (await screen.findByText('Bolt')).closest('tr')!;
    expect(screen.queryByText('Add')).toBeNull();
    expect(screen.queryByText('Export')).toBeNull();
    expect(within(row).queryByText('Edit')).not.toBeInTheDocument();
    expect(within(row).queryByText('Delete')).not.toBeInTheDocument();
  }, 15_000);

  it('opens the edit dialog with the record as the server has it now, and saves it', async () => {
    const server = serveItems();
    renderPage(<ItemsPage />);
    const row = (await screen.findByText('Bolt')).closest('tr')!;
    await userEvent.click(within(row).getByText('Edit'));
    expect(await screen.findByText('Edit Bolt (fresh)')).toBeInTheDocument();
    expect(screen.getByLabelText('Item name')).toHaveValue('Bolt (fresh)');

    await userEvent.click(screen.getByText('Save').closest('button')!);
    await waitFor(() =>
      expect(callsOf(server).some((c) => c.method === 'PUT' && c.url.pathname === `${ITEMS_URL}/1`)).toBe(true),
    );
  }, 15_000);

  it('opens an empty dialog for a new record and posts it to the list call', async () => {
    const server = serveItems();
    renderPage(<ItemsPage />);
    await screen.findByText('Bolt');
    await userEvent.click(screen.getByText('Add').closest('button')!);
    expect(await screen.findByText('New item')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Item name'), 'Washer');
    await userEvent.click(screen.getByText('Save').closest('button')!);
    await waitFor(() =>
      expect(callsOf(server).some((c) => c.method === 'POST' && c.url.pathname === ITEMS_URL)).toBe(true),
    );
  }, 15_000);
});

describe('search filter', () => {
  it('trims text and reads a date range as beginTime and endTime', () => {
    const day = (d: string) => ({ format: () => d });
    expect(searchFilter({ name: ' Ann ', status: '0', range: [day('2026-01-02'), day('2026-01-31')] })).toEqual({
      name: 'Ann',
      status: '0',
      beginTime: '2026-01-02',
      endTime: '2026-01-31',
    });
    expect(searchFilter({ name: undefined, range: null })).toEqual({ name: undefined });
  });
});

describe('delete selected', () => {
  it('is disabled until a row is ticked', () => {
    renderPage(
      <>
        <DeleteSelectedButton permissions={['x:y:remove']} count={0} onClick={() => undefined} />
        <DeleteSelectedButton permissions={['x:y:remove']} count={2} onClick={() => undefined} />
      </>,
    );
    const [none, two] = screen.getAllByRole('button', { name: /Delete/ });
    expect(none).toBeDisabled();
    expect(two).toBeEnabled();
  });
});
