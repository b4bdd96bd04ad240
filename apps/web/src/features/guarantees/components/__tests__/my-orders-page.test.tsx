import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { button, findButton, postsOf, renderPage, stubServer } from '@/testing/render';
import MyOrdersPage from '../my-orders-page';
import { choose, dialogTitled, dictAnswer, fill, ok, ORDER, STORED } from './fixtures';

const APPLICATION = {
  applicationId: 12,
  projectId: 7,
  projectCode: 'LV20261125000007',
  projectName: 'School roof repair',
  beneficiary: 'Demo Owner',
  kinds: ['bid'],
  suggestedAmountFen: 5_000_000,
  bidDeadline: '2026-12-10T02:00:00.000Z',
};
const SHELF = [
  {
    id: 5,
    name: 'Bid guarantee standard',
    nameZh: '投标保函标准版',
    kind: 'bid',
    minPremiumFen: 20_000,
    validityDays: 180,
  },
];

function serve(order: Record<string, unknown> = {}) {
  return stubServer((url, init) => {
    const dict = dictAnswer(url);
    if (dict) return dict;
    if (url.pathname === '/common/upload') return ok({ fileName: STORED });
    if (init?.method === 'POST') return ok({ data: { id: ORDER.id, status: 'draft' } });
    if (url.pathname === '/api/guarantee/my-orders') return ok({ rows: [{ ...ORDER, ...order }], total: 1 });
    if (url.pathname === '/api/guarantee/my-applications') return ok({ rows: [APPLICATION], total: 1 });
    if (url.pathname === '/api/guarantee/shelf') return ok({ rows: SHELF, total: 1 });
    if (url.pathname === '/api/guarantee/quote') {
      const amount = Number(url.searchParams.get('amountFen'));
      return ok({
        data: { premiumFen: Math.max(Math.round(amount * 0.005), 20_000), rate: 0.005, minPremiumFen: 20_000 },
      });
    }
    return ok({ data: [] });
  });
}

const renderMine = () =>
  renderPage(
    <MemoryRouter>
      <MyOrdersPage />
    </MemoryRouter>,
    ['web:order:list', 'web:order:add', 'web:order:cancel'],
  );

describe("the supplier's guarantee orders (web/order)", () => {
  it('quotes the premium of the amount typed and sends the amount in fen', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderMine();
    await user.click(await findButton(document.body, 'Add'));
    const dialog = await dialogTitled('Apply for a guarantee');
    await choose(user, dialog, 'Application', 'School roof repair (LV20261125000007)');
    await waitFor(() => expect(within(dialog).getByLabelText('Guaranteed amount')).toHaveValue('50000'));
    await choose(user, dialog, 'Product', 'Bid guarantee standard');
    expect(await within(dialog).findByTestId('quote-figures')).toHaveTextContent('¥250.00');
    await fill(user, within(dialog).getByLabelText('Guaranteed amount'), '123,456.78');
    await waitFor(() => expect(within(dialog).getByTestId('quote-figures')).toHaveTextContent('¥617.28'));
    expect(within(dialog).getByTestId('quote-words')).toHaveTextContent('陆佰壹拾柒元贰角捌分');
    await user.click(button(dialog, 'Save draft'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({
      path: '/api/guarantee/orders',
      body: { applicationId: 12, productId: 5, amountFen: 12_345_678 },
    });
    expect(postsOf(server)[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks before submitting, with amount and premium in figures and capital numerals', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderMine();
    await user.click(await findButton(document.body, 'Submit'));
    const confirm = await screen.findByTestId('submit-confirm');
    expect(within(confirm).getByTestId('submit-amount-figures')).toHaveTextContent('¥50,000.00');
    expect(within(confirm).getByTestId('submit-amount-words')).toHaveTextContent('伍万元整');
    expect(within(confirm).getByTestId('submit-premium-figures')).toHaveTextContent('¥250.00');
    expect(within(confirm).getByTestId('submit-premium-words')).toHaveTextContent('贰佰伍拾元整');
    expect(postsOf(server)).toHaveLength(0);
    await user.click(button(confirm.closest<HTMLElement>('.ant-modal')!, 'Submit'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({ path: '/api/guarantee/orders/41/submit' });
  });

  it('sends the bank-transfer voucher of a submitted order', async () => {
    const server = serve({ status: 'submitted' });
    const user = userEvent.setup();
    renderMine();
    expect(screen.queryByText('Submit')).toBeNull();
    await user.click(await findButton(document.body, 'Upload voucher'));
    const dialog = await dialogTitled('Transfer voucher of order GO20261201000041');
    await user.click(button(dialog, 'Send voucher'));
    expect(await within(dialog).findByText('Upload the voucher.')).toBeInTheDocument();
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type=file]')!,
      new File(['%PDF-1.4'], 'transfer.pdf', { type: 'application/pdf' }),
    );
    await within(dialog).findByText('transfer.pdf');
    await user.click(button(dialog, 'Send voucher'));
    await waitFor(() => expect(postsOf(server).filter((p) => p.path.endsWith('/voucher'))).toHaveLength(1));
    const sent = postsOf(server).find((p) => p.path.endsWith('/voucher'))!;
    expect(sent).toMatchObject({ path: '/api/guarantee/orders/41/voucher', body: { voucher: STORED } });
    expect(sent.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('opens the new order for the application of ?applicationId= (the letter choice of an application)', async () => {
    serve();
    renderPage(
      <MemoryRouter initialEntries={['/orders/order?applicationId=12']}>
        <MyOrdersPage />
      </MemoryRouter>,
      ['web:order:list', 'web:order:add', 'web:order:cancel'],
    );
    const dialog = await dialogTitled('Apply for a guarantee');
    await waitFor(() => expect(within(dialog).getByLabelText('Guaranteed amount')).toHaveValue('50000'));
    expect(dialog).toHaveTextContent('School roof repair (LV20261125000007)');
  });
});
