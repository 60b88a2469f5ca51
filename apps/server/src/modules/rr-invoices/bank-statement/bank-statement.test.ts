import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accountFrom, parseGrosze } from './amounts.js';
import { decodeStatement, parseBankStatement, StatementLineError } from './index.js';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url)));
const ACCOUNT = '61109010140000071219812874';

function refusalOf(bytes: Uint8Array): StatementLineError {
  try {
    parseBankStatement(bytes);
  } catch (error) {
    if (error instanceof StatementLineError) return error;
    throw error;
  }
  throw new Error('the file was read');
}

describe('parseGrosze', () => {
  it('reads amounts by their digits into integer grosze', () => {
    const cases: [string, number, boolean][] = [
      ['2592,07', 259_207, false],
      ['-2 592,07', 259_207, true],
      ['1\u00a0284,5', 128_450, false],
      ['1.284,28', 128_428, false],
      ['0,01', 1, false],
      ['15000,', 1_500_000, false],
      ['+12', 1_200, false],
      ['-1 000,00 PLN', 100_000, true],
      // 0.1 + 0.2 style float errors cannot happen: 4 503 599 627 370,49 stays exact.
      ['4503599627370,49', 450_359_962_737_049, false],
    ];
    for (const [text, minor, isNegative] of cases) expect(parseGrosze(text, 1), text).toEqual({ minor, isNegative });
  });

  it('refuses what is not an amount, naming the line', () => {
    for (const text of ['1,234', '12,3a', '', '1 2,00', '--1,00', '99999999999999,00']) {
      expect(() => parseGrosze(text, 7), text).toThrow(/^Wiersz 7: kwota/);
    }
  });
});

describe('accountFrom', () => {
  it('keeps 26 digits and completes 24 digits (bank + account) with the IBAN check digits', () => {
    expect(accountFrom('PL61 1090 1014 0000 0712 1981 2874')).toBe(ACCOUNT);
    expect(accountFrom('109010140000071219812874')).toBe(ACCOUNT);
    expect(accountFrom('10901014')).toBeNull();
    expect(accountFrom(null)).toBeNull();
  });
});

describe('MT940', () => {
  it('reads :61: lines with their :86: title, account and name (~ and ^ subfields)', () => {
    const { format, transfers } = parseBankStatement(fixture('pko-bp.mt940'));
    expect(format).toBe('MT940');
    expect(transfers).toEqual([
      {
        line: 5,
        bookedAt: '2026-03-10',
        amountMinor: 259_207,
        currency: 'PLN',
        isOutgoing: true,
        counterpartyAccount: ACCOUNT,
        counterpartyName: 'Jan Kowalski Gospodarstwo Rolne',
        title: 'Zapłata za fakturę VAT RR RR/2026/0001 z dnia 09.03.2026',
        bankReference: '1031000001234',
      },
      {
        line: 7,
        bookedAt: '2026-03-11',
        amountMinor: 100_000,
        currency: 'PLN',
        isOutgoing: true,
        counterpartyAccount: ACCOUNT,
        counterpartyName: 'Anna Nowak',
        title: 'RR/2026/0007 z dnia 11.03.2026',
        bankReference: '1031100004321',
      },
      {
        line: 9,
        bookedAt: '2026-03-12',
        amountMinor: 1_500_050,
        currency: 'PLN',
        isOutgoing: false,
        counterpartyAccount: null,
        counterpartyName: null,
        title: 'Wpłata od odbiorcy FV/2026/03/12',
        bankReference: null,
      },
    ]);
  });

  it('reads the same statement exported in Windows-1250', () => {
    expect(parseBankStatement(fixture('pko-bp-windows-1250.mt940'))).toEqual(
      parseBankStatement(fixture('pko-bp.mt940')),
    );
  });

  it('refuses a malformed :61: line, naming it', () => {
    const refusal = refusalOf(fixture('mt940-bad-line.mt940'));
    expect([refusal.line, refusal.message]).toEqual([7, expect.stringMatching(/^Wiersz 7: pole :61:/)]);
  });
});

describe('CSV (mBank)', () => {
  it('reads the rows under the header: dates, signed amounts, titles, accounts in apostrophes', () => {
    const { format, transfers } = parseBankStatement(fixture('mbank-utf8.csv'));
    expect(format).toBe('CSV');
    expect(transfers.map((row) => [row.line, row.bookedAt, row.amountMinor, row.isOutgoing])).toEqual([
      [12, '2026-03-10', 259_207, true],
      [13, '2026-03-11', 100_000, true],
      [14, '2026-03-12', 1_500_050, false],
    ]);
    expect(transfers[0]).toMatchObject({
      counterpartyAccount: ACCOUNT,
      counterpartyName: 'JAN KOWALSKI GOSPODARSTWO ROLNE',
      title: 'Zapłata za fakturę VAT RR RR/2026/0001 z dnia 09.03.2026',
    });
    expect(transfers[1]).toMatchObject({ counterpartyAccount: ACCOUNT, title: 'RR/2026/0007; zaliczka "żyto"' });
    expect(transfers[2]).toMatchObject({ counterpartyName: 'MŁYN ŻYTNI SP. Z O.O.' });
  });

  it('reads the Windows-1250 export exactly as the UTF-8 one', () => {
    const windows = fixture('mbank-windows-1250.csv');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(windows)).toThrow();
    expect(decodeStatement(windows)).toBe(decodeStatement(fixture('mbank-utf8.csv')));
    expect(parseBankStatement(windows)).toEqual(parseBankStatement(fixture('mbank-utf8.csv')));
  });

  it('refuses a row with a bad amount, naming its line', () => {
    const refusal = refusalOf(fixture('mbank-bad-amount.csv'));
    expect([refusal.line, refusal.message]).toEqual([13, 'Wiersz 13: kwota „-1 000,0x” nie jest liczbą']);
  });

  it('refuses a file that is neither MT940 nor a bank CSV on its first line', () => {
    expect(refusalOf(new TextEncoder().encode('to nie jest wyciąg')).line).toBe(1);
  });
});
