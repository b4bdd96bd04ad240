import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, stubServer } from '@/testing/render';
import { setLanguage } from '@/shared/lib/i18n';
import { usePagedList } from '@/shared/lib/list';
import { FormDialog } from '../form-dialog';
import { ListFrame, SearchForm, Toolbar } from '../list-frame';
import { DeleteLink, ListTable, useListState } from '../list-parts';

interface Person {
  id: number;
  name: string;
}

const PEOPLE_URL = '/api/test/people';

/** A list page as the features build it: search, toolbar, table with a delete link, pagination. */
function PeoplePage({ onDelete = async () => undefined }: { onDelete?: (row: Person) => Promise<unknown> }) {
  const state = useListState<{ name?: string }>();
  const list = usePagedList<Person>(PEOPLE_URL, state.query, state.page);
  const [form] = Form.useForm<{ name?: string }>();
  return (
    <ListFrame testId="people">
      <SearchForm form={form} onSearch={state.search} onReset={state.reset}>
        <Form.Item name="name" label="Name">
          <Input />
        </Form.Item>
      </SearchForm>
      <Toolbar onRefresh={() => undefined} />
      <ListTable<Person>
        rowKey="id"
        list={list}
        paging={{ page: state.page, onChange: state.setPage }}
        columns={[
          { key: 'name', dataIndex: 'name', title: 'Name' },
          {
            key: 'actions',
            render: (_, row) => (
              <DeleteLink permissions={['test:people:remove']} name={row.name} onDelete={() => onDelete(row)} />
            ),
          },
        ]}
      />
    </ListFrame>
  );
}

/** 25 people, served a page at a time as the server does (`pageNum`, `pageSize`). */
function servePeople() {
  const everyone = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}` }));
  return stubServer((url) => {
    const pageNum = Number(url.searchParams.get('pageNum'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    const rows = everyone.slice((pageNum - 1) * pageSize, pageNum * pageSize);
    return { code: 200, msg: 'ok', rows, total: everyone.length };
  });
}

describe('list kit', () => {
  it('shows the rows the server answers', async () => {
    servePeople();
    renderPage(<PeoplePage />);
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(screen.getByText('Person 20')).toBeInTheDocument();
    expect(screen.queryByText('Person 21')).not.toBeInTheDocument();
    expect(screen.getByText('Total 25')).toBeInTheDocument();
  });

  it('shows the empty state when there are no rows', async () => {
    stubServer(() => ({ code: 200, msg: 'ok', rows: [], total: 0 }));
    renderPage(<PeoplePage />);
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });

  it('asks the server for the next page and shows it', async () => {
    const server = servePeople();
    renderPage(<PeoplePage />);
    await screen.findByText('Person 1');
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Person 21')).toBeInTheDocument();
    expect(screen.queryByText('Person 1')).not.toBeInTheDocument();
    const asked = server.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(asked.at(-1)?.searchParams.get('pageNum')).toBe('2');
  });

  it('deletes only after the user confirms', async () => {
    servePeople();
    const onDelete = vi.fn(async () => undefined);
    renderPage(<PeoplePage onDelete={onDelete} />);
    const row = (await screen.findByText('Person 3')).closest('tr')!;

    await userEvent.click(within(row).getByRole('button', { name: /Delete/ }));
    const question = (await screen.findAllByText('Delete "Person 3"? This cannot be undone.')).at(-1)!;
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(question.closest('.ant-modal-confirm')!).getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();

    await userEvent.click(within(row).getByRole('button', { name: /Delete/ }));
    // The cancelled dialog may still be fading out: the newest one is the open one.
    await waitFor(async () => expect(await screen.findAllByText(/Delete "Person 3"/)).toHaveLength(2));
    const again = (await screen.findAllByText('Delete "Person 3"? This cannot be undone.')).at(-1)!;
    await userEvent.click(within(again.closest('.ant-modal-confirm')!).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
    expect(onDelete).toHaveBeenCalledWith({ id: 3, name: 'Person 3' });
  });

  it('hides the delete link from users without the permission', async () => {
    servePeople();
    renderPage(<PeoplePage />, ['test:people:list']);
    const row = (await screen.findByText('Person 3')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});

function NameDialog({ onSubmit }: { onSubmit: (values: { name: string }) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  return (
    <FormDialog<{ name: string }>
      open
      title="Person"
      form={form}
      name="person"
      onClose={() => undefined}
      onSubmit={onSubmit}
    >
      <Form.Item name="name" label="Name" rules={[{ required: true, message: t('validation.required') }]}>
        <Input />
      </Form.Item>
    </FormDialog>
  );
}

describe('form dialog', () => {
  it.each([
    ['en', /^Save$/, 'This field is required.'],
    // antd spaces out a two-character Chinese button label.
    ['zh-CN', /^保\s?存$/, '此项为必填项。'],
  ] as const)('in %s, refuses an empty required field and sends nothing', async (language, save, message) => {
    await act(() => setLanguage(language));
    const onSubmit = vi.fn(async () => undefined);
    renderPage(<NameDialog onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: save }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the values once they are valid', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderPage(<NameDialog onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Ann' }));
  });
});
