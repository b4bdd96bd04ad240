import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/testing/render';
import { TreeTablePage, useTreeExpansion } from '../tree-table';

interface Unit {
  id: number;
  name: string;
  children?: Unit[];
}

const tree: Unit[] = [
  { id: 1, name: 'Head office', children: [{ id: 2, name: 'Sales', children: [{ id: 3, name: 'Export desk' }] }] },
];

function UnitsPage({ initial }: { initial: 'all' | 'none' }) {
  const expansion = useTreeExpansion(tree, initial);
  return (
    <TreeTablePage<Unit>
      testId="units"
      tree={tree}
      list={{ isFetching: false, isError: false }}
      expansion={expansion}
      filters={null}
      columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]}
      permissions={{ add: ['test:unit:add'], edit: ['test:unit:edit'], remove: ['test:unit:remove'] }}
      rowName={(u) => u.name}
      onRefresh={() => undefined}
      onAdd={() => undefined}
      onEdit={() => undefined}
      onAddChild={() => undefined}
      onDelete={async () => undefined}
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
});
