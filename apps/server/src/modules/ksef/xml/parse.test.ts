import { describe, expect, it } from 'vitest';
import { buildFaRrXml } from './fa-rr.js';
import { buildFa3Xml } from './fa3.js';
import { EU_SUPPLY, EUR_WITH_RATE, KOR_CORRECTION, PLN_CEREALS, RR_WHEAT } from './fixtures.js';
import {
  parseAmountMinor,
  parseFa3Invoice,
  parseQuantityKg,
  ReceivedInvoiceParseError,
  readInvoiceHeader,
} from './parse.js';

describe('parseFa3Invoice', () => {
  it('reads back what the builder wrote: parties, number, dates, lines with kilograms and net values, totals', () => {
    const invoice = parseFa3Invoice(buildFa3Xml(PLN_CEREALS));
    expect(invoice.seller).toMatchObject({ nip: '5265877635', name: 'Agro-Handel Zbożowy sp. z o.o.' });
    expect(invoice.buyer).toMatchObject({ nip: '7710000007', euVat: null, name: 'Młyn Zbożowy „Kłos” S.A.' });
    expect(invoice).toMatchObject({
      kind: 'VAT',
      number: 'FV/2026/11/0001',
      issueDate: '2026-11-20',
      sale: { date: '2026-11-18' },
      currency: 'PLN',
      transportOrders: ['ZT/2026/11/0088', 'ZT/2026/11/0091'],
      contracts: [{ date: '2026-09-02', number: 'SP/2026/0031' }],
      payment: { dueDates: ['2026-12-04'], form: '6', bankAccounts: ['PL61109010140000071219812874'] },
    });
    expect(invoice.lines.map((line) => [line.quantityKg, line.netMinor, line.rate, line.cn])).toEqual(
      PLN_CEREALS.lines.map((line) => [
        'kg' in line.quantity ? line.quantity.kg : null,
        line.netMinor,
        line.rate,
        line.cn,
      ]),
    );
    expect(invoice.totals).toEqual([{ ...PLN_CEREALS.totals[0]!, vatPlnMinor: null }]);
    const total = PLN_CEREALS.totals[0]!;
    expect(invoice.grossMinor).toBe(total.netMinor + total.vatMinor);
  });

  it('reads a foreign-currency invoice with its rates, an EU buyer and a correction with its lines before', () => {
    const eur = parseFa3Invoice(buildFa3Xml(EUR_WITH_RATE));
    expect(eur.currency).toBe('EUR');
    expect(eur.lines[0]!.exchangeRate).toBe('4.2512');
    expect(eur.totals[0]).toMatchObject({ rate: '8', vatPlnMinor: EUR_WITH_RATE.totals[0]!.vatPlnMinor });
    expect(parseFa3Invoice(buildFa3Xml(EU_SUPPLY)).buyer).toMatchObject({
      nip: null,
      euVat: { countryCode: 'DE', number: '811907980' },
    });
    const correction = parseFa3Invoice(buildFa3Xml(KOR_CORRECTION));
    expect(correction.kind).toBe('KOR');
    expect(correction.corrected).toEqual([
      {
        issueDate: '2026-11-20',
        number: 'FV/2026/11/0001',
        ksefNumber: expect.stringMatching(/^5265877635-20261120-/),
      },
    ]);
    expect(correction.lines.map((line) => line.isStateBefore)).toEqual([true, false]);
    expect(correction.grossMinor).toBeLessThan(0);
  });

  it('keeps numbers and identifiers as written: leading zeros, long digit strings', () => {
    const xml = Buffer.from(buildFa3Xml(PLN_CEREALS))
      .toString('utf8')
      .replace('<P_2>FV/2026/11/0001</P_2>', '<P_2>000123</P_2>')
      .replace('<NrRB>PL61109010140000071219812874</NrRB>', '<NrRB>09109010140000071219812874</NrRB>');
    const invoice = parseFa3Invoice(xml);
    expect(invoice.number).toBe('000123');
    expect(invoice.payment.bankAccounts).toEqual(['09109010140000071219812874']);
  });

  it('reads an invoice whose elements carry a namespace prefix', () => {
    const xml = Buffer.from(buildFa3Xml(PLN_CEREALS))
      .toString('utf8')
      .replace('<Faktura xmlns=', '<tns:Faktura xmlns:tns=')
      .replace('</Faktura>', '</tns:Faktura>')
      .replace(/<(\/?)(?!tns:|\?)([A-Za-z_])/g, '<$1tns:$2');
    expect(parseFa3Invoice(xml).seller.nip).toBe('5265877635');
  });

  it('refuses what is not an FA (3) invoice', () => {
    expect(() => parseFa3Invoice(buildFaRrXml(RR_WHEAT))).toThrow(ReceivedInvoiceParseError);
    expect(() => parseFa3Invoice('<Faktura><Fa>')).toThrow(/well-formed/);
    expect(() => parseFa3Invoice(new Uint8Array([0x3c, 0xff, 0xfe]))).toThrow(/UTF-8/);
    const withDoctype = `<?xml version="1.0"?><!DOCTYPE Faktura [<!ENTITY a "aaaa">]>${Buffer.from(
      buildFa3Xml(PLN_CEREALS),
    )
      .toString('utf8')
      .replace(/^<\?xml[^>]*>/, '')}`;
    expect(() => parseFa3Invoice(withDoctype)).toThrow(/document type declaration/);
  });
});

describe('readInvoiceHeader', () => {
  it('reads both forms: FA (3) and FA_RR (the farmer is Podmiot1)', () => {
    expect(readInvoiceHeader(buildFa3Xml(PLN_CEREALS))).toMatchObject({
      form: 'FA',
      sellerNip: '5265877635',
      buyerNip: '7710000007',
      number: 'FV/2026/11/0001',
      kind: 'VAT',
    });
    expect(readInvoiceHeader(buildFaRrXml(RR_WHEAT))).toMatchObject({
      form: 'FA_RR',
      sellerNip: '9520000005',
      buyerNip: '5265877635',
      number: 'RR/2026/11/0001',
      kind: 'VAT_RR',
      netMinor: RR_WHEAT.valueMinor,
      vatMinor: RR_WHEAT.refundMinor,
    });
  });
});

describe('string arithmetic of amounts and quantities', () => {
  it('turns amounts into minor units without floating point', () => {
    expect(parseAmountMinor('1234.56')).toBe(123_456);
    expect(parseAmountMinor('1234.5')).toBe(123_450);
    expect(parseAmountMinor('0.1')).toBe(10);
    expect(parseAmountMinor('-0.07')).toBe(-7);
    expect(parseAmountMinor('12')).toBe(1200);
    expect(() => parseAmountMinor('1.234')).toThrow(ReceivedInvoiceParseError);
    expect(() => parseAmountMinor('1,23')).toThrow(ReceivedInvoiceParseError);
  });

  it('turns weights into kilograms, rounding past the kilogram half up; other units are not weights', () => {
    expect(parseQuantityKg('24.98', 't')).toBe(24_980);
    expect(parseQuantityKg('24.9875', 't')).toBe(24_988);
    expect(parseQuantityKg('24.9874', 'T')).toBe(24_987);
    expect(parseQuantityKg('25', 'tona')).toBe(25_000);
    expect(parseQuantityKg('980.6', 'kg')).toBe(981);
    expect(parseQuantityKg('1', 'usł.')).toBeNull();
    expect(parseQuantityKg('abc', 't')).toBeNull();
  });
});
