import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, stubServer } from '@/testing/render';
import { TreeTablePage, useTreeExpansion } from '../tree-table';

interface Unit {
  id: number;
  name: string;
  children?: Unit[];
}

const tree: Unit[] = [
  { id: 1, name: 'Head office', children: [{ id: 2, name: 'Sales', children: [{ id: 3, name: 'Export desk' }] }] },
];

function UnitsPage({
  initial,
  onRefresh = async () => undefined,
}: {
  initial: 'all' | 'none';
  onRefresh?: () => Promise<unknown>;
}) {
  const expansion = useTreeExpansion(tree, initial);
  return (
    <TreeTablePage<Unit>
      testId="units"
      source={{
        url: '/api/test/units',
        tree,
        list: { isFetching: false, isError: false },
        expansion,
        query: { status: '0' },
        refresh: onRefresh,
      }}
      filters={null}
      columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]}
      perm={(action) => [`test:unit:${action}`]}
      rowName={(u) => u.name}
      exportName="units.xlsx"
      onAdd={() => undefined}
      onEdit={() => undefined}
      onAddChild={() => undefined}
    />
  );
}

/** Whether a row's text is on screen (a collapsed row is either hidden or not rendered). */
function shown(text: string): boolean {
  const element = screen.queryByText(text);
  return element !== null && element.closest('tr')?.style.display !== 'none' && !element.closest('[hidden]');
}

describe('tree-table page', () => {
  it('collapses an open tree and expands it again', async () => {
    renderPage(<UnitsPage initial="all" />);
    expect(shown('Export desk')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(shown('Head office')).toBe(true);
    expect(shown('Sales')).toBe(false);
    expect(shown('Export desk')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(shown('Sales')).toBe(true);
    expect(shown('Export desk')).toBe(true);
  });

  it('starts closed when asked and opens one row on its expander', async () => {
    renderPage(<UnitsPage initial="none" />);
    expect(shown('Sales')).toBe(false);
    await userEvent.click(screen.getAllByRole('button', { name: /expand row/i })[0]!);
    expect(shown('Sales')).toBe(true);
    expect(shown('Export desk')).toBe(false);
  });

  it('offers edit, add-child and delete links on every row', () => {
    renderPage(<UnitsPage initial="all" />);
    const rows = document.querySelectorAll<HTMLElement>('tbody tr[data-row-key]');
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      // Text queries: role queries over antd's table are slow in jsdom.
      expect(within(row).getByText('Edit').closest('button')).toBeInTheDocument();
      expect(within(row).getByText('Add').closest('button')).toBeInTheDocument();
      expect(within(row).getByText('Delete').closest('button')).toBeInTheDocument();
    }
  });

  it('removes a row at its call after the user confirms, then refetches', async () => {
    const server = stubServer(() => ({ code: 200, msg: 'ok' }));
    const onRefresh = vi.fn(async () => undefined);
    renderPage(<UnitsPage initial="all" onRefresh={onRefresh} />);
    const row = screen.getByText('Export desk').closest('tr')!;
    await userEvent.click(within(row).getByText('Delete').closest('button')!);
    const question = (await screen.findAllByText('Delete "Export desk"? This cannot be undone.')).at(-1)!;
    await userEvent.click(within(question.closest('.ant-modal-confirm')!).getByText('Confirm').closest('button')!);
    await waitFor(() => expect(onRefresh).toHaveBeenCalled());
    const [input, init] = server.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(String(input)).toContain('/api/test/units/3');
    expect(init.method).toBe('DELETE');
  });

  it('exports the filtered rows to holders of the export permission only', async () => {
    const server = stubServer(() => ({ code: 200, msg: 'ok' }));
    renderPage(<UnitsPage initial="all" />);
    await userEvent.click(screen.getByText('Export').closest('button')!);
    await waitFor(() => expect(server).toHaveBeenCalled());
    const asked = new URL(String(server.mock.calls[0]![0]), 'http://localhost');
    expect(asked.pathname).toBe('/api/test/units/export');
    expect(asked.searchParams.get('status')).toBe('0');
  });

  it('hides the export button without its permission', () => {
    renderPage(<UnitsPage initial="all" />, ['test:unit:list']);
    expect(screen.queryByText('Export')).toBeNull();
  });
});
