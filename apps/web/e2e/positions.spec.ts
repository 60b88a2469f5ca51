import { nipFromSerial } from '@grain/shared';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiAs, signIn } from './support';

const OATS = 7;
let api: APIRequestContext;

/** A unique valid NIP per run (the server checks the checksum). */
const nipFor = (seed: number) => nipFromSerial(60_000_000 + (seed % 10_000_000));

async function contractor(code: string, seed: number) {
  const response = await api.post('/api/dictionary/contractor/create', {
    data: {
      code,
      name: `${code} sp. z o.o.`,
      nip: nipFor(seed),
      accounting_address: { city: 'Kalisz' },
      contact_list: [],
      additional_address: [],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).result.id as number;
}

async function contract(
  side: 'purchase' | 'sales',
  counterpartyId: number,
  qualityId: number,
  kg: number,
  userId: number,
) {
  const body: Record<string, unknown> = {
    user_id: userId,
    status: 'NEW',
    freight: side === 'purchase' ? 'FCA' : 'CPT',
    date_of_receipt_from: '2026-12-01',
    date_of_receipt_to: '2027-02-28',
    address: { city: 'Kalisz' },
    raw_material_id: OATS,
    cargo_quantity: kg,
    main_cargo_option: { price: 72_000, raw_material_quality_id: qualityId },
    contact_list: [],
    [side === 'purchase' ? 'purchase_supplier_id' : 'sales_recipient_id']: counterpartyId,
  };
  const response = await api.post(`/api/contract/create-${side}`, { data: body });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: number; document_number: string };
}

async function oatsPosition() {
  const response = await api.post('/api/dashboard/position', { data: {} });
  return (
    (await response.json()) as {
      id: number;
      purchase: number;
      sales: number;
      details: { id: number; purchase: number }[];
    }[]
  ).find((position) => position.id === OATS)!;
}

test('positions: the oats card shows the contracts created here, and its details lead to the pre-filtered list', async ({
  page,
}) => {
  api = await apiAs();
  const me = await (await api.get('/api/auth/me')).json();
  const qualities = (await (await api.get(`/api/cargo/get-all-quality-option/${OATS}`)).json()) as
    | { value: number; label: string }[]
    | { list: { value: number; label: string }[] };
  const quality = (Array.isArray(qualities) ? qualities : qualities.list)[0]!;
  const before = await oatsPosition();

  const seed = Date.now();
  const supplier = await contractor(`POZ-D${seed % 100000}`, seed);
  const recipient = await contractor(`POZ-O${seed % 100000}`, seed + 7);
  const purchase = await contract('purchase', supplier, quality.value, 150_000, me.id);
  await contract('sales', recipient, quality.value, 40_000, me.id);

  await signIn(page);
  await page.goto('/positions');
  const card = page.getByTestId(`position-card-${OATS}`);
  const tonnes = (kg: number) =>
    `${(kg / 1000).toLocaleString('pl-PL', { minimumFractionDigits: 3, useGrouping: 'always' } as Intl.NumberFormatOptions)} t`;
  const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
  await expect
    .poll(async () => plain(await card.getByTestId('position-purchase').textContent()))
    .toBe(plain(tonnes(before.purchase + 150_000)));
  expect(plain(await card.getByTestId('position-sales').textContent())).toBe(plain(tonnes(before.sales + 40_000)));
  const balance = before.purchase + 150_000 - before.sales - 40_000;
  expect(plain(await card.getByTestId('position-balance').textContent())).toBe(
    plain(`${balance > 0 ? '+' : ''}${tonnes(balance)}`),
  );

  await card.getByRole('button', { name: /Pokaż szczegóły: Owies/ }).click();
  await expect(page).toHaveURL(new RegExp(`/positions/${OATS}`));
  await page.getByRole('link', { name: `Kontrakty zakupu: ${quality.label}` }).click();
  await expect(page).toHaveURL(/\/contract\/purchase-list\?/);
  const url = new URL(page.url());
  expect(url.searchParams.getAll('filter_contractStatus[]')).toEqual(['NEW', 'ACTIVE']);
  expect(url.searchParams.get('filter_rawMaterialId')).toBe(String(OATS));
  expect(url.searchParams.getAll('filter_rawMaterialQualityId[]')).toEqual([String(quality.value)]);
  await expect(page.getByRole('row').filter({ hasText: purchase.document_number })).toBeVisible();
});

test('positions: a date-from after date-to is refused and an unknown position goes back to the list', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/positions?date_from=2026-06-01&date_to=2026-05-01');
  await expect(page.getByRole('alert')).toContainText('Data „do” nie może być wcześniejsza niż data „od”');

  // Typed by hand: "01.11" before "24.11" stays as typed with the message and is not applied.
  await page.goto('/positions');
  await page.getByLabel('Odbiór od').fill('24.11.2026');
  await expect(page).toHaveURL(/date_from=2026-11-24/);
  await page.getByLabel('Odbiór do').fill('01.11.2026');
  await page.getByLabel('Odbiór do').blur();
  await expect(page.getByLabel('Odbiór do')).toHaveValue('01.11.2026');
  await expect(page.getByText('Data „do” nie może być wcześniejsza niż data „od”')).toBeVisible();
  await expect(page).not.toHaveURL(/date_to=/);
  await page.getByLabel('Odbiór do').fill('30.11.2026');
  await expect(page).toHaveURL(/date_to=2026-11-30/);

  await page.goto('/positions/999');
  await expect(page).toHaveURL(/\/positions$/);
});
