import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Body,
  contractApi,
  fieldCodes,
  option,
  purchaseBody,
  WHEAT_CONSUMER,
  WHEAT_FEED,
} from '../../../test/fixtures/contracts.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let token: string;
let api: ReturnType<typeof contractApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = contractApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

/** The process's warnings meanwhile: pg warns of a query sent on a connection while another runs there. */
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
beforeAll(() => process.on('warning', onWarning));
afterAll(() => process.off('warning', onWarning));

const moistureTerm: Body = {
  parameter: 'Wilgotność',
  unit: '%',
  rule: 'MOISTURE_SHRINK',
  direction: 'MAX',
  basis: 1400,
  rejection_limit: 1800,
  handling_percent: 25,
  step: null,
  discount_per_step: null,
  premium_per_step: null,
  is_stepped: false,
  is_percent_of_price: false,
  drying_fee_per_point: null,
};

const mainOption = (extra: Body = {}) => ({ price: 100_000, raw_material_quality_id: WHEAT_CONSUMER, ...extra });

/** PUT update-purchase of a created purchase, with its supplier and number and these fields. */
const updatePurchase = (created: Body, fields: Body) =>
  api.call(
    'PUT',
    `update-purchase/${created.id}`,
    purchaseBody(created.supplier_id as number, { document_number: created.document_number, ...fields }),
  );

describe('quality terms of the price options', () => {
  it('defaults the terms from the quality parameters of each option when none are sent', async () => {
    const created = await api.createPurchase({ additional_cargo_option: [option(90_000)] });
    // Pszenica konsumpcyjna: moisture 14,5 %, protein 12,5 %, falling number 250 s, test weight 76 kg/hl, impurities 2 %.
    expect(
      created.main_cargo_option.quality_terms.map((term: Body) => [term.parameter, term.rule, term.basis]),
    ).toEqual([
      ['Wilgotność', 'MOISTURE_SHRINK', 1450],
      ['Białko', 'PRICE', 1250],
      ['Liczba opadania', 'PRICE', 25_000],
      ['Gęstość', 'PRICE', 7600],
      ['Zanieczyszczenia', 'WEIGHT_1_TO_1', 200],
    ]);
    // Pszenica paszowa: protein 10,5 %.
    expect(created.additional_cargo_option[0].quality_terms).toContainEqual(
      expect.objectContaining({ parameter: 'Białko', basis: 1050, direction: 'MIN' }),
    );
  });

  it('stores the terms sent, answers them on read, and keeps them on an update that leaves them out', async () => {
    const created = await api.createPurchase({ main_cargo_option: mainOption({ quality_terms: [moistureTerm] }) });
    expect(created.main_cargo_option.quality_terms).toEqual([moistureTerm]);
    const read = await api.call('GET', `get-purchase-dashboard/${created.id}`);
    expect(read.json().main_cargo_option.quality_terms).toEqual([moistureTerm]);

    const kept = await updatePurchase(created, { main_cargo_option: mainOption({ price: 110_000 }) });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().main_cargo_option.quality_terms).toEqual([moistureTerm]);
  });

  it('takes the new quality defaults when an update changes the quality without terms, and [] clears them', async () => {
    const created = await api.createPurchase({ main_cargo_option: mainOption({ quality_terms: [moistureTerm] }) });
    const update = (main: Body) => updatePurchase(created, { main_cargo_option: main });
    const changed = await update(mainOption({ raw_material_quality_id: WHEAT_FEED }));
    expect(changed.json().main_cargo_option.quality_terms[0]).toMatchObject({ parameter: 'Wilgotność', basis: 1450 });
    const cleared = await update(mainOption({ raw_material_quality_id: WHEAT_FEED, quality_terms: [] }));
    expect(cleared.json().main_cargo_option.quality_terms).toEqual([]);
  });

  it('reads the defaults of several options one query at a time on the write transaction (one connection)', async () => {
    const created = await api.createPurchase({ additional_cargo_option: [option(90_000), option(95_000)] });
    const updated = await updatePurchase(created, {
      additional_cargo_option: [option(91_000), option(92_000), option(93_000)],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    for (const added of updated.json().additional_cargo_option) {
      expect(added.quality_terms).toContainEqual(expect.objectContaining({ parameter: 'Białko' }));
    }
    await new Promise((resolve) => setImmediate(resolve));
    // pg deprecates a query sent while another runs on the same client (pg@9 refuses it).
    expect(warnings.filter((warning) => warning.includes('already executing a query'))).toEqual([]);
  });

  it('stores a percentage premium and a drying fee, and defaults them to amounts and no fee when left out', async () => {
    // Rapeseed oil: 1,5 % of the price per 1 % of oil above 40 %; moisture dried at 12,00 zł/t per point.
    const oil = {
      ...moistureTerm,
      parameter: 'Zawartość tłuszczu',
      rule: 'PRICE',
      direction: 'MIN',
      basis: 4000,
      rejection_limit: null,
      handling_percent: null,
      step: 100,
      discount_per_step: 150,
      premium_per_step: 150,
      is_percent_of_price: true,
    };
    const dried = { ...moistureTerm, drying_fee_per_point: 1200 };
    const created = await api.createPurchase({ main_cargo_option: mainOption({ quality_terms: [dried, oil] }) });
    expect(created.main_cargo_option.quality_terms).toEqual([dried, oil]);
    const { is_percent_of_price: _percent, drying_fee_per_point: _fee, ...older } = moistureTerm;
    const defaulted = await updatePurchase(created, { main_cargo_option: mainOption({ quality_terms: [older] }) });
    expect(defaulted.statusCode, defaulted.body).toBe(200);
    expect(defaulted.json().main_cargo_option.quality_terms).toEqual([moistureTerm]);
  });

  it('refuses a percentage of the price above 100 % per step with tooBig at the field', async () => {
    const response = await api.call(
      'POST',
      'create-purchase',
      purchaseBody(null, {
        purchase_supplier: undefined,
        main_cargo_option: mainOption({
          quality_terms: [
            {
              ...moistureTerm,
              rule: 'PRICE',
              handling_percent: null,
              step: 100,
              discount_per_step: 10_001,
              premium_per_step: 10_000,
              is_percent_of_price: true,
            },
          ],
        }),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toContain('main_cargo_option.quality_terms.0.discount_per_step:tooBig');
    expect(fieldCodes(response)).not.toContain('main_cargo_option.quality_terms.0.premium_per_step:tooBig');
  });

  it('refuses wrong terms with VALIDATION_ERROR and the field marked', async () => {
    const response = await api.call(
      'POST',
      'create-purchase',
      purchaseBody(null, {
        purchase_supplier: undefined,
        main_cargo_option: mainOption({
          quality_terms: [
            { ...moistureTerm, direction: 'MIN' },
            { ...moistureTerm, parameter: 'Białko', rule: 'PRICE', step: null, rejection_limit: 1000 },
            { ...moistureTerm, parameter: 'wilgotność', basis: -1 },
          ],
        }),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('VALIDATION_ERROR');
    expect(fieldCodes(response)).toEqual(
      expect.arrayContaining([
        'main_cargo_option.quality_terms.0.direction:oneOf',
        'main_cargo_option.quality_terms.1.step:required',
        'main_cargo_option.quality_terms.1.rejection_limit:rangeOrder',
        'main_cargo_option.quality_terms.2.basis:nonNegative',
      ]),
    );
  });
});
