import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { createKsefClient, exportInvoices, KsefAccess, type KsefClientOptions, KsefError } from '../ksef/index.js';
import { readCompanySettings } from '../settings/service.js';
import * as q from './queries.js';
import { storeReceivedInvoice } from './store.js';

/**
 * The received side of the KSeF worker (RULES.md Invoices, VAT and KSeF; KSeF docs `przyrostowe-pobieranie-faktur.md`,
 * `hwm.md`): an incremental export of the invoices where we are the buyer (Subject2), by permanent-storage date up to
 * KSeF's high water mark, windows adjoining (each starts where the last ended), not more often than every 15 minutes
 * (claimed in the database, so several server processes export once). Each invoice is stored as received and matched;
 * one already here (windows touch) is skipped by its KSeF number, so a pass run again changes nothing.
 */
export const RECEIVED_EXPORT_SECONDS = 15 * 60;
/** The first window starts this far back: the invoices of the last month or so. */
const FIRST_WINDOW_DAYS = 30;
/** A truncated package is continued at most this many times a pass; the rest waits for the next pass. */
const MAX_PACKAGES = 10;

export interface ReceivedTarget {
  baseUrl: string;
  ksefToken: string;
  /** The NIP of the KSeF context; null: the company's NIP from the settings. */
  contextNip: string | null;
  clientOptions?: Partial<KsefClientOptions>;
}

export interface ReceivedPass {
  /** False when the last export ran less than 15 minutes ago, or there is no NIP to ask as. */
  ran: boolean;
  stored: number;
  skipped: number;
}

export async function fetchReceivedInvoices(
  db: Db,
  target: ReceivedTarget,
  log: FastifyBaseLogger,
  now: Date = new Date(),
  intervalSeconds = RECEIVED_EXPORT_SECONDS,
): Promise<ReceivedPass> {
  const nip = target.contextNip || (await readCompanySettings(db)).nip || null;
  if (!nip) return { ran: false, stored: 0, skipped: 0 };
  const claim = await q.claimSync(db, now, intervalSeconds);
  if (!claim) return { ran: false, stored: 0, skipped: 0 };
  const client = createKsefClient({ baseUrl: target.baseUrl, ...target.clientOptions });
  const access = new KsefAccess(client, { nip, ksefToken: target.ksefToken });
  let from = claim.nextFrom ?? new Date(now.getTime() - FIRST_WINDOW_DAYS * 86_400_000).toISOString();
  const pass: ReceivedPass = { ran: true, stored: 0, skipped: 0 };
  try {
    for (let packageNo = 0; packageNo < MAX_PACKAGES; packageNo++) {
      const result = await exportInvoices(client, access, {
        subjectType: 'Subject2',
        dateRange: { dateType: 'PermanentStorage', from, restrictToPermanentStorageHwmDate: true },
      });
      const ownRr = await q.ownRrKsefNumbers(
        db,
        result.invoices.map((invoice) => invoice.ksefNumber),
      );
      for (const invoice of result.invoices) {
        if (ownRr.has(invoice.ksefNumber)) {
          pass.skipped += 1;
          continue;
        }
        const stored = await storeReceivedInvoice(db, {
          ksefNumber: invoice.ksefNumber,
          xml: invoice.xml,
          permanentStorageDate: invoice.metadata?.permanentStorageDate ?? null,
        });
        if (stored) pass.stored += 1;
        else pass.skipped += 1;
      }
      // Progress is kept after each package: a failure later starts again from here, not from the beginning.
      if (result.nextWindowFrom) from = result.nextWindowFrom;
      await q.saveSync(db, { nextFrom: from, lastError: null });
      if (!result.isTruncated) break;
    }
  } catch (error) {
    const message = error instanceof KsefError || error instanceof Error ? error.message : String(error);
    log.warn({ err: message }, 'KSeF received-invoice export failed');
    await q.saveSync(db, { lastError: message.slice(0, 4000) });
  }
  return pass;
}
