import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { PlainPager, pagerItems, type PageState } from '../plain-pager';

const labels = (current: number, pages: number, less = false) =>
  pagerItems(current, pages, less).map((i) => (i.kind === 'page' ? String(i.page) : `${i.direction}…`));

describe('pager items (as antd lays them out)', () => {
  it('lists every page when there are few', () => {
    expect(labels(1, 1)).toEqual(['1']);
    expect(labels(3, 7)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(labels(2, 5, true)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('shows the first, the last, the pages around the current one and jumps between', () => {
    expect(labels(1, 20)).toEqual(['1', '2', '3', '4', '5', 'next…', '20']);
    expect(labels(10, 20)).toEqual(['1', 'prev…', '9', '10', '11', 'next…', '20']);
    expect(labels(20, 20)).toEqual(['1', 'prev…', '16', '17', '18', '19', '20']);
    // Fewer items under 992 px.
    expect(labels(10, 20, true)).toEqual(['1', 'prev…', '9', '10', '11', 'next…', '20']);
    expect(labels(1, 20, true)).toEqual(['1', '2', '3', 'next…', '20']);
    const jumps = pagerItems(10, 20, false).filter((i) => i.kind === 'jump');
    expect(jumps.map((j) => j.page)).toEqual([5, 15]);
  });
});

function Harness({ total, start, onChange }: { total: number; start: PageState; onChange: (p: PageState) => void }) {
  const [state, setState] = useState(start);
  return (
    <PlainPager
      {...state}
      total={total}
      onChange={(next) => {
        onChange(next);
        setState(next);
      }}
    />
  );
}

describe('plain pager', () => {
  it('shows nothing without rows', () => {
    const { container } = render(<PlainPager page={1} limit={20} total={0} onChange={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('pages with previous, next, a page number and the jump box', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const scroll = vi.spyOn(window, 'scrollTo');
    render(<Harness total={95} start={{ page: 1, limit: 10 }} onChange={onChange} />);
    expect(screen.getByText('Total 95')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 2, limit: 10 });
    expect(scroll).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '10' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 10, limit: 10 });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous 5 pages' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 5, limit: 10 });

    const jump = screen.getByRole('textbox', { name: /Go to/ });
    await user.type(jump, '7{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ page: 7, limit: 10 });
    // Past the last page goes to the last.
    await user.type(jump, '99{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ page: 10, limit: 10 });
  });

  it('changes the page size (10/20/30/50), keeping a page that still exists', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness total={95} start={{ page: 8, limit: 10 }} onChange={onChange} />);
    const size = screen.getByRole('combobox', { name: 'Page size' });
    expect(Array.from((size as HTMLSelectElement).options).map((o) => o.text)).toEqual([
      '10 / page',
      '20 / page',
      '30 / page',
      '50 / page',
    ]);
    await user.selectOptions(size, '50 / page');
    expect(onChange).toHaveBeenLastCalledWith({ page: 2, limit: 50 });
    // A single page: no jump box.
    await user.selectOptions(size, '20 / page');
    expect(onChange).toHaveBeenLastCalledWith({ page: 2, limit: 20 });
  });

  it('hides the jump box when everything fits one page', () => {
    render(<PlainPager page={1} limit={20} total={13} onChange={() => undefined} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('speaks Chinese', async () => {
    await setLanguage('zh-CN');
    render(<PlainPager page={1} limit={20} total={45} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: '下一页' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: '每页条数' })).toHaveDisplayValue('20 条/页');
    expect(screen.getByRole('textbox', { name: /跳至/ })).toBeInTheDocument();
  });

  it('in a list whose page is in the URL, pages are links that a plain click follows inside the app', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <PlainPager
        page={2}
        limit={10}
        total={95}
        onChange={onChange}
        hrefFor={(page) => (page > 1 ? `/hall?keyword=road&pageNum=${page}` : '/hall?keyword=road')}
      />,
    );
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/hall?keyword=road');
    expect(screen.getByRole('link', { name: '3' })).toHaveAttribute('href', '/hall?keyword=road&pageNum=3');
    expect(screen.getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/hall?keyword=road&pageNum=3');
    await user.click(screen.getByRole('link', { name: '3' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 3, limit: 10 });
    // A click that opens a new tab is the browser's: the list stays where it is.
    onChange.mockClear();
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: '10' }));
    await user.keyboard('{/Control}');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps an arrow that leads nowhere a disabled button', () => {
    render(
      <PlainPager page={1} limit={20} total={45} onChange={() => undefined} hrefFor={(page) => `?pageNum=${page}`} />,
    );
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '?pageNum=2');
  });
});
