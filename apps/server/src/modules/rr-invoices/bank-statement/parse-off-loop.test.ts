import { readFileSync } from 'node:fs';
import { RR_STATEMENT_MAX_BYTES } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { parseBankStatement, StatementLineError } from './index.js';
import { parseBankStatementOffLoop } from './parse-off-loop.js';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url)));

/** An MT940 statement as large as an import may be: thousands of outgoing transfers naming RR invoices. */
function largestStatement(): Uint8Array {
  const lines = [':20:ST', ':25:/PL27102055581111123456789012', ':28C:1', ':60F:C260301PLN1000000,00'];
  let size = lines.join('\r\n').length;
  for (let index = 0; ; index++) {
    const transfer = [
      `:61:2604102604D${1000 + index},00NTRFNONREF`,
      `:86:020~00IBTR~20Faktura VAT RR RR/2026/${String(index).padStart(4, '0')} z~21 dnia 09.03.2026~38PL61109010140000071219812874~32JAN KOWALSKI`,
    ];
    size += transfer.join('\r\n').length + 2;
    if (size > RR_STATEMENT_MAX_BYTES - 10) break;
    lines.push(...transfer);
  }
  return new TextEncoder().encode([...lines, '-'].join('\r\n'));
}

describe('parseBankStatementOffLoop', () => {
  it('reads the largest statement on its own thread: the server’s timers run while it reads, the result is the same', async () => {
    const bytes = largestStatement();
    const events: string[] = [];
    const parsing = parseBankStatementOffLoop(bytes).then((parsed) => {
      events.push('parsed');
      return parsed;
    });
    // Read on the server's thread, the whole file would be read before this timer could run.
    setTimeout(() => events.push('timer'), 0);
    const parsed = await parsing;
    expect(events).toEqual(['timer', 'parsed']);
    expect(parsed.transfers.length).toBeGreaterThan(6_000);
    expect(parsed).toEqual(parseBankStatement(bytes));
  });

  it('refuses a file it cannot read with the line named, as the parser does', async () => {
    const refused = await parseBankStatementOffLoop(fixture('mt940-bad-line.mt940')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StatementLineError);
    expect((refused as StatementLineError).message).toMatch(/^Wiersz 7: /);
  });
});
