import { z } from 'zod';
import { isoDateField, optionalString, requiredString, V } from './validation.js';

/** Certificates a contractor holds (GMP+, QS, ISCC or another), with their validity. */
export const CERTIFICATE_KINDS = ['GMP_PLUS', 'QS', 'ISCC', 'OTHER'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];
export const MAX_CONTRACTOR_CERTIFICATES = 10;
/** A certificate this close to its end is "expiring" (lists' badge, the daily mail). */
export const CERTIFICATE_WARNING_DAYS = 30;

export const CertificateSchema = z
  .strictObject({
    kind: z.enum(CERTIFICATE_KINDS, { error: V.oneOf }),
    number: requiredString(),
    validFrom: isoDateField.nullish().transform((value) => value ?? null),
    validTo: isoDateField,
    scope: optionalString(),
  })
  .superRefine((value, ctx) => {
    if (value.validFrom && value.validTo < value.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: V.dateToIsBefore });
    }
  });
export type Certificate = z.infer<typeof CertificateSchema>;

/** Contractor create/update: when given, the list replaces the contractor's certificates; when left out, they stay. */
export const certificateListField = z
  .array(CertificateSchema, { error: V.wrongType })
  .max(MAX_CONTRACTOR_CERTIFICATES, V.tooBig)
  .optional();

export const CertificateResponseSchema = z.object({
  id: z.number(),
  kind: z.enum(CERTIFICATE_KINDS),
  number: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string(),
  scope: z.string().nullable(),
});
export type CertificateResponse = z.infer<typeof CertificateResponseSchema>;

const DAY_MS = 86_400_000;
/** Whole days from `today` to `date` (both YYYY-MM-DD); negative when the date has passed. */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

export type CertificateState = { state: 'EXPIRED'; days: number } | { state: 'EXPIRING' | 'VALID'; days: number };

/** Expired once its last day has passed; expiring within CERTIFICATE_WARNING_DAYS of it. */
export function certificateState(validTo: string, today: string): CertificateState {
  const days = daysBetween(today, validTo);
  if (days < 0) return { state: 'EXPIRED', days };
  return { state: days <= CERTIFICATE_WARNING_DAYS ? 'EXPIRING' : 'VALID', days };
}

/**
 * The certificate the list badge speaks of: of each kind the one that lasts longest (a renewed certificate
 * replaces the old one), and of those the one that ends first. Null when the contractor has none.
 */
export function certificateToWatch<T extends { kind: CertificateKind; validTo: string }>(certificates: T[]): T | null {
  const latestByKind = new Map<CertificateKind, T>();
  for (const certificate of certificates) {
    const current = latestByKind.get(certificate.kind);
    if (!current || certificate.validTo > current.validTo) latestByKind.set(certificate.kind, certificate);
  }
  let watched: T | null = null;
  for (const certificate of latestByKind.values())
    if (!watched || certificate.validTo < watched.validTo) watched = certificate;
  return watched;
}

export interface GmpCertificateCheck {
  /** NOT_TRACKED: the contractor has no certificate on record, so the GMP flags alone decide (RULES.md proposal). */
  status: 'VALID' | 'EXPIRED' | 'MISSING' | 'NOT_TRACKED';
  /** The GMP+ certificate that comes closest, for the warning's dates. */
  certificate: { number: string; validFrom: string | null; validTo: string } | null;
}

/**
 * Whether a contractor's GMP+ certificate covers the period `from`..`to`. A contractor with
 * certificates on record but no GMP+ one is MISSING; one whose GMP+ certificates do not cover the period EXPIRED.
 */
export function gmpCertificateCheck(
  certificates: { kind: CertificateKind; number: string; validFrom: string | null; validTo: string }[],
  from: string,
  to: string,
): GmpCertificateCheck {
  if (certificates.length === 0) return { status: 'NOT_TRACKED', certificate: null };
  const gmp = certificates.filter((certificate) => certificate.kind === 'GMP_PLUS');
  const covering = gmp.find((c) => (c.validFrom === null || c.validFrom <= from) && c.validTo >= to);
  const pick = (c: (typeof gmp)[number]) => ({ number: c.number, validFrom: c.validFrom, validTo: c.validTo });
  if (covering) return { status: 'VALID', certificate: pick(covering) };
  const latest = certificateToWatch(gmp);
  return latest ? { status: 'EXPIRED', certificate: pick(latest) } : { status: 'MISSING', certificate: null };
}

/** The certificate gives the same note rule as a missing GMP flag when it is expired or missing. */
export const isGmpCertificateLacking = (check: GmpCertificateCheck) =>
  check.status === 'EXPIRED' || check.status === 'MISSING';
