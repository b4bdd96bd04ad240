import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, NavLink, startLightRouter, useLocation, useSearchParams, type Leave } from '../router';

/** The light client's pages in these tests: any other address is left to the browser. */
const PAGES = ['/', '/hall', '/iteminfo'];
const loadPage = vi.fn(async (pathname: string) => PAGES.includes(pathname));
const leave = vi.fn<Leave>();

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function Filters() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <output data-testid="keyword">{params.get('keyword') ?? ''}</output>
      <button type="button" onClick={() => setParams((p) => (p.set('keyword', 'bridge'), p))}>
        search
      </button>
      <button type="button" onClick={() => setParams({ pageNum: '2' }, { replace: true })}>
        page two
      </button>
    </>
  );
}

function Page() {
  return (
    <>
      <Where />
      <nav>
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/hall">Hall</NavLink>
      </nav>
      <Link to="/iteminfo?id=7">Project 7</Link>
      <Link to="/adminindex">Workbench</Link>
      <Filters />
    </>
  );
}

beforeEach(() => {
  window.history.replaceState(null, '', '/hall?status=open');
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  startLightRouter({ loadPage, leave });
});

afterEach(() => {
  loadPage.mockClear();
  leave.mockClear();
});

/** Lets the move's awaited page load and its history entry happen. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the light client moving between pages', () => {
  it('opens a public page from a link in place: new address, new history entry, at the top', async () => {
    render(<Page />);
    expect(screen.getByTestId('where')).toHaveTextContent('/hall?status=open');
    const before = window.history.length;
    const click = fireEvent.click(screen.getByRole('link', { name: 'Project 7' }));
    expect(click).toBe(false); // the browser's own navigation was prevented
    await settle();
    expect(loadPage).toHaveBeenCalledWith('/iteminfo');
    expect(window.location.pathname + window.location.search).toBe('/iteminfo?id=7');
    expect(window.history.length).toBe(before + 1);
    expect(screen.getByTestId('where')).toHaveTextContent('/iteminfo?id=7');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(leave).not.toHaveBeenCalled();
  });

  it('leaves any other address to the browser (the app loads with it)', async () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('link', { name: 'Workbench' }));
    await settle();
    expect(leave).toHaveBeenCalledWith('/adminindex', { replace: false });
    expect(window.location.pathname).toBe('/hall');
  });

  it('lets the browser open a link with a modifier (a new tab) and gives every link its real address', () => {
    render(<Page />);
    const link = screen.getByRole('link', { name: 'Project 7' });
    expect(link).toHaveAttribute('href', '/iteminfo?id=7');
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('marks the link of the page shown, as React Router does', async () => {
    render(<Page />);
    const hall = screen.getByRole('link', { name: 'Hall' });
    expect(hall).toHaveClass('active');
    expect(hall).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveClass('active');
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    await settle();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Hall' })).not.toHaveAttribute('aria-current');
  });

  it('changes the query on the same page, pushing or replacing the entry as asked', async () => {
    render(<Page />);
    const before = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: 'search' }));
    await settle();
    expect(window.location.search).toBe('?status=open&keyword=bridge');
    expect(screen.getByTestId('keyword')).toHaveTextContent('bridge');
    expect(window.history.length).toBe(before + 1);
    expect(window.scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'page two' }));
    await settle();
    expect(window.location.search).toBe('?pageNum=2');
    expect(window.history.length).toBe(before + 1);
  });

  it('follows the back button', async () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('link', { name: 'Project 7' }));
    await settle();
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    await settle();
    expect(screen.getByTestId('where')).toHaveTextContent('/hall?status=open');
  });
});
