import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildFaRrXml } from './fa-rr.js';
import { buildFa3Xml, InvoiceDocumentError } from './fa3.js';
import { KOR_CORRECTION, PLN_CEREALS, RR_FIXTURES, RR_WHEAT, SALES_FIXTURES } from './fixtures.js';
import { validateXml } from './validate.js';

/**
 * Golden files: what the builders write for the fixture documents, committed in `../__fixtures__/` and validated
 * against the official schemas. A change to a builder shows as a diff of these files;
 * `UPDATE_KSEF_FIXTURES=1 npx vitest run src/modules/ksef/xml/golden.test.ts` rewrites them.
 */
const FIXTURES_DIR = new URL('../__fixtures__/', import.meta.url);
const isUpdating = process.env.UPDATE_KSEF_FIXTURES === '1';

function golden(name: string, built: Uint8Array): Buffer {
  const url = new URL(`${name}.xml`, FIXTURES_DIR);
  if (isUpdating) writeFileSync(url, built);
  return readFileSync(url);
}

describe('FA (3) golden invoices', () => {
  for (const [name, document] of Object.entries(SALES_FIXTURES)) {
    it(`${name}: the builder writes the committed bytes, and they pass the FA (3) schema`, async () => {
      const built = buildFa3Xml(document);
      const committed = golden(name, built);
      expect(Buffer.from(built).toString('utf8')).toBe(committed.toString('utf8'));
      expect(await validateXml(committed, 'FA')).toEqual({ valid: true, errors: [] });
    });
  }
});

describe('FA (3) buyers without a Polish NIP', () => {
  it('a buyer with another tax id, or with none, passes the schema', async () => {
    const identifiers = [
      { type: 'other', countryCode: 'UA', id: '1234567890' },
      { type: 'other', id: 'TAX-77' },
      { type: 'none' },
    ] as const;
    for (const identifier of identifiers) {
      const xml = buildFa3Xml({ ...PLN_CEREALS, buyer: { ...PLN_CEREALS.buyer, identifier } });
      expect(await validateXml(xml, 'FA'), identifier.type).toEqual({ valid: true, errors: [] });
    }
  });
});

describe('FA_RR golden invoices', () => {
  for (const [name, document] of Object.entries(RR_FIXTURES)) {
    it(`${name}: the builder writes the committed bytes, and they pass the FA_RR schema`, async () => {
      const built = buildFaRrXml(document);
      const committed = golden(name, built);
      expect(Buffer.from(built).toString('utf8')).toBe(committed.toString('utf8'));
      expect(await validateXml(committed, 'FA_RR')).toEqual({ valid: true, errors: [] });
    });
  }

  it('refuses a payment form other than transfer, as the schema allows only 1', async () => {
    const xml = Buffer.from(buildFaRrXml(RR_WHEAT))
      .toString('utf8')
      .replace('<FormaPlatnosci>1<', '<FormaPlatnosci>6<');
    const result = await validateXml(xml, 'FA_RR');
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toMatchObject({
      path: 'Faktura/FakturaRR/Platnosc/FormaPlatnosci',
      element: 'FormaPlatnosci',
    });
  });
});

describe('XSD refusals name the field', () => {
  const pln = () => Buffer.from(buildFa3Xml(PLN_CEREALS)).toString('utf8');

  it('an invoice without Adnotacje is refused, and the error says Adnotacje was expected', async () => {
    const xml = pln().replace(/\n\s*<Adnotacje>[\s\S]*?<\/Adnotacje>/, '');
    const result = await validateXml(xml, 'FA');
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ path: 'Faktura/Fa/RodzajFaktury', element: 'RodzajFaktury' });
    expect(result.errors[0]!.expected).toContain('Adnotacje');
    expect(result.errors[0]!.message).toContain('Expected is one of ( KursWalutyZ, Adnotacje )');
  });

  it('a malformed value points at its element, the second line by its index', async () => {
    const xml = pln()
      .replace('<P_8B>24.98</P_8B>', '<P_8B>24,98</P_8B>')
      .replace('<NIP>7710000007</NIP>', '<NIP>771000</NIP>');
    const result = await validateXml(xml, 'FA');
    expect(result.errors.map((error) => error.path)).toEqual([
      'Faktura/Podmiot2/DaneIdentyfikacyjne/NIP',
      'Faktura/Fa/FaWiersz[2]/P_8B',
    ]);
    expect(result.errors[1]!.message).toBe(
      "Element 'P_8B': '24,98' is not a valid value of the atomic type 'TIlosci'.",
    );
  });

  it('a document that is not well-formed is refused with the parser error', async () => {
    const result = await validateXml('<Faktura><Fa>', 'FA');
    expect(result.valid).toBe(false);
    expect(result.errors[0]!.message).toMatch(/parser error/);
  });

  it('many documents at once are each judged on their own', async () => {
    const good = pln();
    const bad = good.replace('<P_12>5</P_12>', '<P_12>6</P_12>'); // 6 % is no Polish rate
    const results = await Promise.all([good, bad, good, bad].map((xml) => validateXml(xml, 'FA')));
    expect(results.map((result) => result.valid)).toEqual([true, false, true, false]);
    expect(results[1]!.errors[0]!.path).toBe('Faktura/Fa/FaWiersz/P_12');
  });
});

describe('the builders refuse figures that disagree', () => {
  it('lines that do not add up to the total of their rate', () => {
    const totals = PLN_CEREALS.totals.map((total) => ({ ...total, netMinor: total.netMinor + 1 }));
    expect(() => buildFa3Xml({ ...PLN_CEREALS, totals })).toThrow(InvoiceDocumentError);
  });

  it('a foreign-currency invoice without its exchange rate or its VAT in PLN', () => {
    expect(() => buildFa3Xml({ ...PLN_CEREALS, currency: 'EUR' })).toThrow(/exchange rate/);
    expect(() => buildFa3Xml({ ...PLN_CEREALS, currency: 'EUR', exchangeRate: 42_512 })).toThrow(/VAT in PLN/);
  });

  it('a line "as before" outside a correction, and a correction naming no invoice', () => {
    const before = { ...PLN_CEREALS.lines[0]!, isStateBefore: true };
    expect(() => buildFa3Xml({ ...PLN_CEREALS, lines: [before] })).toThrow(InvoiceDocumentError);
    expect(() => buildFa3Xml({ ...KOR_CORRECTION, kind: { type: 'KOR', corrected: [] } })).toThrow(/corrects/);
  });

  it('an RR invoice whose refunds do not add up', () => {
    expect(() => buildFaRrXml({ ...RR_WHEAT, refundMinor: RR_WHEAT.refundMinor + 1 })).toThrow(InvoiceDocumentError);
  });
});
