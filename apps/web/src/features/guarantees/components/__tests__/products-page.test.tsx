import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/lib/i18n';
import { button, findButton, postsOf, renderPage, stubServer } from '@/testing/render';
import ProductsPage from '../products-page';
import { dialogTitled, dictAnswer, fill, ok } from './fixtures';

const TEMPLATE = {
  id: 2,
  name: 'Standard bid letter',
  bodyZh: '致{{beneficiary}}：本保函为{{project}}担保{{amountInWords}}。',
  bodyEn: '',
  letterhead: null,
  seal: null,
  updatedAt: '2026-11-30T02:00:00.000Z',
};

const PRODUCT = {
  id: 5,
  name: 'Bid guarantee standard',
  nameZh: '投标保函标准版',
  kind: 'bid',
  rateTiers: [
    [1_000_000, 0.005],
    [null, 0.003],
  ],
  minPremiumFen: 20_000,
  validityDays: 180,
  autoApproveLimitFen: 100_000_000,
  templateId: 2,
  templateName: TEMPLATE.name,
  onShelf: true,
  description: '',
  updatedAt: '2026-11-30T03:00:00.000Z',
};

function serve(onPost: () => unknown = () => ok({ data: { id: 6 } }), onPut: () => unknown = () => ok()) {
  return stubServer((url, init) => {
    const dict = dictAnswer(url);
    if (dict) return dict;
    if (init?.method === 'POST') return onPost();
    if (init?.method === 'PUT') return onPut();
    if (url.pathname === '/api/guarantee/products') return ok({ rows: [PRODUCT], total: 1 });
    if (url.pathname === '/api/guarantee/products/5') return ok({ data: PRODUCT });
    if (url.pathname === '/api/guarantee/templates') return ok({ rows: [TEMPLATE], total: 1 });
    return ok({ data: [] });
  });
}

const putsOf = (server: ReturnType<typeof stubServer>) =>
  postsOf(server, 'PUT').map(({ path, body }) => ({ path, body }));

const renderProducts = () =>
  renderPage(
    <MemoryRouter>
      <ProductsPage />
    </MemoryRouter>,
    ['guarantee:product:list', 'guarantee:product:add', 'guarantee:product:edit'],
  );

describe('the guarantee products (manager/product)', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('lists the products with their tiers, and the tier editor sends numbers and refuses a bad rate', async () => {
    const refusal = { code: 400, msg: 'a rate of 0 to 10%', field: 'rateTiers.1.1' };
    let answers = 0;
    const server = serve(
      () => ok(),
      () => (answers++ === 0 ? refusal : ok({ data: PRODUCT })),
    );
    const user = userEvent.setup();
    renderProducts();
    expect(await screen.findByText('≤ ¥1,000,000.00: 0.5%; above: 0.3%')).toBeInTheDocument();

    await user.click(await findButton(document.body, 'Edit'));
    const dialog = await dialogTitled('Edit product');
    const rateField = () => within(dialog).getByLabelText('Tier 2: rate (%)');
    await waitFor(() => expect(rateField()).toHaveValue('0.3'));
    const rate = rateField();
    await fill(user, rate, '12');
    await user.click(button(dialog, 'Save'));
    expect(
      await within(dialog).findByText('Enter a rate from 0 to 10 (%) with at most four decimals.'),
    ).toBeInTheDocument();
    expect(putsOf(server)).toHaveLength(0);

    await fill(user, rate, '0.25');
    await fill(user, within(dialog).getByLabelText('Tier 1: up to (¥)'), '2,000,000');
    await user.click(button(dialog, 'Save'));
    // The server's refusal of the second tier's rate stands under that field.
    expect(await within(dialog).findByText('a rate of 0 to 10%')).toBeInTheDocument();
    await user.click(button(dialog, 'Save'));
    await waitFor(() => expect(putsOf(server)).toHaveLength(2));
    expect(putsOf(server)[1]).toEqual({
      path: '/api/guarantee/products/5',
      body: {
        name: PRODUCT.name,
        nameZh: PRODUCT.nameZh,
        kind: 'bid',
        rateTiers: [
          [2_000_000, 0.005],
          [null, 0.0025],
        ],
        minPremiumFen: 20_000,
        validityDays: 180,
        autoApproveLimitFen: 100_000_000,
        templateId: 2,
        onShelf: true,
        description: '',
      },
    });
  });

  it('shows the page in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    serve();
    renderProducts();
    expect(await screen.findByText('投标保函标准版')).toBeInTheDocument();
    expect(screen.getByText('保函产品')).toBeInTheDocument();
    expect(screen.getAllByText('保函模板').length).toBeGreaterThan(0);
    expect(screen.getByText('≤ ¥1,000,000.00: 0.5%; 以上: 0.3%')).toBeInTheDocument();
    expect(screen.getByText('投标保函')).toBeInTheDocument();
  });

  it('inserts a placeholder into the text of a new letter template', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderProducts();
    await user.click(await screen.findByText('Letter templates'));
    expect((await screen.findAllByText('Template name')).length).toBeGreaterThan(0);
    const adds = screen.getAllByText('Add');
    await user.click(adds[adds.length - 1]!.closest('button')!);
    const dialog = await dialogTitled('Add letter template');
    await fill(user, within(dialog).getByLabelText('Template name'), 'Performance letter');
    const text = within(dialog).getByLabelText('Chinese text');
    await fill(user, text, '致：本保函担保金额为。');
    await user.click(within(dialog).getByText('{{beneficiary}}'));
    await user.click(button(dialog, 'Save'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(postsOf(server)[0]).toMatchObject({
      path: '/api/guarantee/templates',
      body: {
        name: 'Performance letter',
        bodyZh: '致：本保函担保金额为。{{beneficiary}}',
        letterhead: null,
        seal: null,
      },
    });
  });
});
