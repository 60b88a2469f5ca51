import type { FastifyInstance } from 'fastify';
import type { FakeAuth } from './auth.js';
import type { FakeExports } from './exports.js';
import type { FakeInvoice, FakeSessions } from './sessions.js';
import type { FakeStore } from './store.js';

/**
 * How tests (in process) and people (over HTTP, `/__control/…`, outside the KSeF paths) steer the fake.
 */
export type FakeFault =
  /** 429 with `Retry-After` (seconds, or an HTTP date to test that form; KSeF itself sends seconds). */
  | { status: 429; retryAfter?: number | string; operation?: string; times?: number }
  /** An outage: 500, 502, 503 or 504 (KSeF documents none; the answer is exempt from the document check). */
  | { status: 500 | 502 | 503 | 504; operation?: string; times?: number }
  /** Takes the request and never answers (for time-outs). */
  | { hang: true; operation?: string; times?: number };

export interface RecordedRequest {
  method: string;
  url: string;
  /** The OpenAPI operation, e.g. `POST /sessions/online`; null outside the KSeF paths. */
  operation: string | null;
  status: number;
}

export interface Violation {
  operation: string;
  direction: 'request' | 'answer';
  status?: number;
  problems: string[];
}

export interface InvoiceRejection {
  code: number;
  description: string;
  details?: string[];
}

export interface FakeKsefControl {
  registerKsefToken(nip: string, token: string): void;
  /** The next matching call(s) (any, or one operation like `POST /sessions/online`) fail as told. */
  failNext(fault: FakeFault): void;
  /** Every access (or refresh) token issued so far stops working: the next call answers 401. */
  expireTokens(kind: 'access' | 'refresh'): void;
  /** Closes the port (connections refused) or opens it again on the same port. */
  setDown(isDown: boolean): Promise<void>;
  /** The next invoice sent ends with this status instead of its own (default 450, as an XSD refusal). */
  rejectNextInvoice(rejection?: InvoiceRejection): void;
  /** Status polls answering "in progress" before the result: invoices, authentication, exports (default 1 each). */
  setPendingPolls(polls: { invoice?: number; authentication?: number; export?: number }): void;
  /** Time passes at KSeF: every invoice still processing is done now (its status and UPO answer at once). */
  finishProcessing(): void;
  /** Export package limits: invoices per package (then truncated), bytes per encrypted part. */
  setExportLimits(limits: { maxInvoices?: number; partBytes?: number }): void;
  /** How far the high water mark trails the fake's clock. */
  setHighWaterMarkLag(ms: number): void;
  /** An invoice addressed to someone (a received invoice: Podmiot2 is the context), kept as KSeF would. */
  addInvoice(
    xml: Uint8Array,
    options?: { ksefNumber?: string; invoicingDate?: Date; permanentStorageDate?: Date },
  ): string;
  requests(): RecordedRequest[];
  sentInvoices(): FakeInvoice[];
  violations(): Violation[];
  clearRecords(): void;
}

interface Parts {
  auth: FakeAuth;
  store: FakeStore;
  sessions: FakeSessions;
  exports: FakeExports;
  faults: FakeFault[];
  requests: RecordedRequest[];
  violations: Violation[];
  setDown(isDown: boolean): Promise<void>;
}

export function registerControlRoutes(app: FastifyInstance, parts: Parts): FakeKsefControl {
  const control: FakeKsefControl = {
    registerKsefToken: (nip, token) => parts.auth.registerKsefToken(nip, token),
    failNext: (fault) => {
      parts.faults.push({ ...fault });
    },
    expireTokens: (kind) => parts.auth.expire(kind),
    setDown: (isDown) => parts.setDown(isDown),
    rejectNextInvoice: (rejection) => {
      parts.sessions.nextRejection = rejection ?? {
        code: 450,
        description: 'Błąd weryfikacji semantyki dokumentu faktury',
        details: ['Odrzucona na życzenie testu.'],
      };
    },
    setPendingPolls: (polls) => {
      if (polls.invoice !== undefined) parts.sessions.processingPolls = polls.invoice;
      if (polls.authentication !== undefined) parts.auth.pendingPolls = polls.authentication;
      if (polls.export !== undefined) parts.exports.pendingPolls = polls.export;
    },
    finishProcessing: () => {
      for (const invoice of parts.sessions.invoices()) invoice.pollsLeft = 0;
    },
    setExportLimits: (limits) => {
      if (limits.maxInvoices !== undefined) parts.exports.maxInvoices = limits.maxInvoices;
      if (limits.partBytes !== undefined) parts.exports.partBytes = limits.partBytes;
    },
    setHighWaterMarkLag: (ms) => {
      parts.store.hwmLagMs = ms;
    },
    addInvoice: (xml, options) => parts.store.add(xml, options).ksefNumber,
    requests: () => [...parts.requests],
    sentInvoices: () => parts.sessions.invoices(),
    violations: () => [...parts.violations],
    clearRecords: () => {
      parts.requests.length = 0;
      parts.violations.length = 0;
    },
  };

  app.post('/__control/ksef-tokens', async (request) => {
    const { nip, token } = request.body as { nip: string; token: string };
    control.registerKsefToken(nip, token);
    return { ok: true };
  });
  app.post('/__control/fail-next', async (request) => {
    control.failNext(request.body as FakeFault);
    return { ok: true };
  });
  app.post('/__control/expire-tokens', async (request) => {
    control.expireTokens((request.body as { kind?: 'access' | 'refresh' } | undefined)?.kind ?? 'access');
    return { ok: true };
  });
  app.post('/__control/reject-next-invoice', async (request) => {
    control.rejectNextInvoice((request.body as InvoiceRejection | undefined) ?? undefined);
    return { ok: true };
  });
  // Over HTTP the fake cannot be told to come back up, so it goes down for a while.
  app.post('/__control/down', async (request) => {
    const forMs = (request.body as { forMs?: number } | undefined)?.forMs ?? 10_000;
    setTimeout(() => {
      void control.setDown(true).then(() => setTimeout(() => void control.setDown(false), forMs));
    }, 10);
    return { ok: true, forMs };
  });
  app.post('/__control/invoices', async (request) => ({ ksefNumber: control.addInvoice(request.body as Buffer) }));
  app.get('/__control/requests', async () => control.requests());
  app.get('/__control/violations', async () => control.violations());
  app.get('/__control/invoices', async () =>
    control.sentInvoices().map((invoice) => ({
      referenceNumber: invoice.referenceNumber,
      sessionReferenceNumber: invoice.sessionReferenceNumber,
      invoiceNumber: invoice.invoiceNumber,
      ksefNumber: invoice.ksefNumber,
      status: invoice.outcome,
      isOffline: invoice.isOffline,
    })),
  );
  return control;
}
