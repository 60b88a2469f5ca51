import {
  addDaysIso,
  CERTIFICATE_WARNING_DAYS,
  type Certificate,
  type CertificateResponse,
  type GmpCertificateCheck,
  gmpCertificateCheck,
  isConfirmationNoteSufficient,
  isGmpCertificateLacking,
  isoToDisplayDate,
  V,
} from '@grain/shared';
import type { Db } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import { AppError } from '../../lib/errors.js';
import { enqueueMail } from '../mail/service.js';
import * as q from './queries.js';

const KIND_LABEL: Record<CertificateResponse['kind'], string> = {
  GMP_PLUS: 'GMP+',
  QS: 'QS',
  ISCC: 'ISCC',
  OTHER: 'inny',
};

function toCertificateResponse({ contractorId: _contractorId, ...row }: q.CertificateRow): CertificateResponse {
  return row;
}

/** The certificates of each contractor, ordered by their end. */
export async function certificatesByContractor(db: Db, contractorIds: number[]) {
  const byContractor = new Map<number, CertificateResponse[]>();
  for (const row of await q.certificatesOf(db, contractorIds)) {
    const list = byContractor.get(row.contractorId) ?? [];
    list.push(toCertificateResponse(row));
    byContractor.set(row.contractorId, list);
  }
  return byContractor;
}

/** Contractor create/update: a given list replaces the certificates (answers what the audit records). */
export async function replaceContractorCertificates(
  db: Db,
  contractorId: number,
  certificates: Certificate[] | undefined,
): Promise<Record<string, unknown>> {
  if (certificates === undefined) return {};
  await q.replaceCertificates(db, contractorId, certificates);
  return { certificates };
}

/** Does the contractor's GMP+ certificate cover `from`..`to`? */
export async function gmpCertificateOf(db: Db, contractorId: number, from: string, to: string) {
  const rows = await q.certificatesOf(db, [contractorId]);
  return gmpCertificateCheck(rows, from, to);
}

/** The dates a refusal or warning shows: "GMP+ nr X ważny 01.01.2026–31.12.2026" or that there is none. */
export function describeGmpCertificate(check: GmpCertificateCheck): string {
  if (!check.certificate) return 'brak certyfikatu GMP+';
  const { number, validFrom, validTo } = check.certificate;
  return `GMP+ nr ${number} ważny ${validFrom ? isoToDisplayDate(validFrom) : '…'}–${isoToDisplayDate(validTo)}`;
}

/**
 * The daily check of the mail worker: once a day one e-mail to every active user who opted in, listing
 * the certificates that end within CERTIFICATE_WARNING_DAYS days. Answers how many messages were queued (0 or 1).
 */
export async function runCertificateExpiryCheck(db: Db, today: string): Promise<number> {
  return withWriteTransaction(db, async (tx) => {
    if (!(await q.claimDailyRun(tx, 'certificate-expiry', today))) return 0;
    const ending = await q.certificatesEndingBetween(tx, today, addDaysIso(today, CERTIFICATE_WARNING_DAYS));
    const recipients = await q.certificateSubscribers(tx);
    if (ending.length === 0 || recipients.length === 0) return 0;
    const lines = ending.map(
      (c) =>
        `- ${c.code}${c.name ? ` (${c.name})` : ''}: ${KIND_LABEL[c.kind]} nr ${c.number}, ważny do ${isoToDisplayDate(c.validTo)}`,
    );
    const id = await enqueueMail(tx, {
      to: recipients,
      subject: `Certyfikaty wygasające w ciągu ${CERTIFICATE_WARNING_DAYS} dni (${ending.length})`,
      body: [
        'Dzień dobry,',
        '',
        `te certyfikaty kontrahentów wygasają w ciągu ${CERTIFICATE_WARNING_DAYS} dni:`,
        ...lines,
        '',
        'Wiadomość wysłana automatycznie; powiadomienia wyłączysz w swoim profilu użytkownika.',
      ].join('\n'),
    });
    return id === null ? 0 : 1;
  });
}

/**
 * Where the sale requires GMP, an expired or missing GMP+ certificate of the contractor over `from`..`to`
 * needs the same note as a missing GMP flag (`isConfirmationNoteSufficient`, spec/2 section 9). The refusal names
 * the certificate's dates.
 */
export async function assertGmpCertificateNote(
  db: Db,
  check: {
    saleIsGmp: boolean;
    contractorId: number;
    from: string;
    to: string;
    confirmationNote: string | null;
    code: 'GMP_NOT_SATISFIED' | 'GMP_CERT_NOT_SATISFIED';
  },
) {
  if (!check.saleIsGmp || isConfirmationNoteSufficient(check.confirmationNote)) return;
  const certificate = await gmpCertificateOf(db, check.contractorId, check.from, check.to);
  if (!isGmpCertificateLacking(certificate)) return;
  throw new AppError(check.code, describeGmpCertificate(certificate), [
    { field: 'confirmation_note', code: V.gmpCertificate },
  ]);
}
