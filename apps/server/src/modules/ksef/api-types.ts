import { z } from 'zod';

/**
 * The parts of the KSeF API 2.0 (OpenAPI document `tools/ksef-fake/open-api.json`, API 2.6.0) this client uses,
 * written by hand with the document's names: request bodies as types, answers as zod schemas the client checks
 * what KSeF sends against (unknown fields are dropped, missing ones are a `protocol` error). The fake KSeF checks
 * both directions against the document itself with ajv, so a name written wrong here fails its tests.
 */

const tokenInfo = z.object({ token: z.string(), validUntil: z.string() });

export const statusInfoSchema = z.object({
  code: z.number().int(),
  description: z.string(),
  details: z.array(z.string()).nullish(),
});

export const authenticationChallengeResponseSchema = z.object({
  challenge: z.string(),
  timestamp: z.string(),
  timestampMs: z.number().int(),
  clientIp: z.string(),
});
export type AuthenticationChallengeResponse = z.infer<typeof authenticationChallengeResponseSchema>;

export const authenticationInitResponseSchema = z.object({
  referenceNumber: z.string(),
  authenticationToken: tokenInfo,
});
export type AuthenticationInitResponse = z.infer<typeof authenticationInitResponseSchema>;

export const authenticationOperationStatusResponseSchema = z.object({
  startDate: z.string(),
  status: statusInfoSchema,
});
export type AuthenticationOperationStatusResponse = z.infer<typeof authenticationOperationStatusResponseSchema>;

export const authenticationTokensResponseSchema = z.object({ accessToken: tokenInfo, refreshToken: tokenInfo });
export type AuthenticationTokensResponse = z.infer<typeof authenticationTokensResponseSchema>;

export const authenticationTokenRefreshResponseSchema = z.object({ accessToken: tokenInfo });
export type AuthenticationTokenRefreshResponse = z.infer<typeof authenticationTokenRefreshResponseSchema>;

export type PublicKeyCertificateUsage = 'KsefTokenEncryption' | 'SymmetricKeyEncryption';
export const publicKeyCertificatesSchema = z.array(
  z.object({
    certificate: z.string(),
    certificateId: z.string(),
    publicKeyId: z.string(),
    validFrom: z.string(),
    validTo: z.string(),
    usage: z.array(z.string()),
  }),
);
export type PublicKeyCertificate = z.infer<typeof publicKeyCertificatesSchema>[number];

export const openOnlineSessionResponseSchema = z.object({ referenceNumber: z.string(), validUntil: z.string() });
export type OpenOnlineSessionResponse = z.infer<typeof openOnlineSessionResponseSchema>;

export const referenceNumberResponseSchema = z.object({ referenceNumber: z.string() });

export const sessionInvoiceStatusResponseSchema = z.object({
  ordinalNumber: z.number().int(),
  invoiceNumber: z.string().nullish(),
  ksefNumber: z.string().nullish(),
  referenceNumber: z.string(),
  invoiceHash: z.string(),
  acquisitionDate: z.string().nullish(),
  invoicingDate: z.string(),
  permanentStorageDate: z.string().nullish(),
  upoDownloadUrl: z.string().nullish(),
  invoicingMode: z.enum(['Online', 'Offline']).nullish(),
  status: statusInfoSchema.extend({ extensions: z.record(z.string(), z.string().nullable()).nullish() }),
});
export type SessionInvoiceStatusResponse = z.infer<typeof sessionInvoiceStatusResponseSchema>;

export const sessionStatusResponseSchema = z.object({
  status: statusInfoSchema,
  invoiceCount: z.number().int().nullish(),
  successfulInvoiceCount: z.number().int().nullish(),
  failedInvoiceCount: z.number().int().nullish(),
});
export type SessionStatusResponse = z.infer<typeof sessionStatusResponseSchema>;

export const invoiceMetadataSchema = z.object({
  ksefNumber: z.string(),
  invoiceNumber: z.string(),
  issueDate: z.string(),
  invoicingDate: z.string(),
  acquisitionDate: z.string(),
  permanentStorageDate: z.string(),
  seller: z.object({ nip: z.string(), name: z.string().nullish() }),
  buyer: z.object({
    identifier: z.object({ type: z.string(), value: z.string().nullish() }),
    name: z.string().nullish(),
  }),
  /** Amounts as KSeF sends them (JSON doubles): for display; the XML holds the exact figures. */
  netAmount: z.number(),
  grossAmount: z.number(),
  vatAmount: z.number(),
  currency: z.string(),
  invoicingMode: z.string(),
  invoiceType: z.string(),
  formCode: z.object({ systemCode: z.string(), schemaVersion: z.string(), value: z.string() }),
  isSelfInvoicing: z.boolean(),
  hasAttachment: z.boolean(),
  invoiceHash: z.string(),
  hashOfCorrectedInvoice: z.string().nullish(),
});
export type InvoiceMetadata = z.infer<typeof invoiceMetadataSchema>;

export const queryInvoicesMetadataResponseSchema = z.object({
  hasMore: z.boolean(),
  isTruncated: z.boolean(),
  permanentStorageHwmDate: z.string().nullish(),
  invoices: z.array(invoiceMetadataSchema),
});
export type QueryInvoicesMetadataResponse = z.infer<typeof queryInvoicesMetadataResponseSchema>;

export const invoicePackagePartSchema = z.object({
  ordinalNumber: z.number().int(),
  partName: z.string(),
  method: z.string(),
  url: z.string(),
  partSize: z.number().int(),
  partHash: z.string(),
  encryptedPartSize: z.number().int(),
  encryptedPartHash: z.string(),
  expirationDate: z.string(),
});
export type InvoicePackagePart = z.infer<typeof invoicePackagePartSchema>;

export const invoiceExportStatusResponseSchema = z.object({
  status: statusInfoSchema,
  completedDate: z.string().nullish(),
  packageExpirationDate: z.string().nullish(),
  package: z
    .object({
      invoiceCount: z.number().int(),
      size: z.number().int(),
      parts: z.array(invoicePackagePartSchema),
      isTruncated: z.boolean(),
      lastIssueDate: z.string().nullish(),
      lastInvoicingDate: z.string().nullish(),
      lastPermanentStorageDate: z.string().nullish(),
      permanentStorageHwmDate: z.string().nullish(),
    })
    .nullish(),
});
export type InvoiceExportStatusResponse = z.infer<typeof invoiceExportStatusResponseSchema>;

/** `_metadata.json` of an export package: `{ invoices: InvoiceMetadata[] }` (`pobieranie-faktur/*.md`). */
export const exportMetadataFileSchema = z.object({ invoices: z.array(invoiceMetadataSchema) });

// Request bodies.

export interface FormCode {
  systemCode: string;
  schemaVersion: string;
  value: string;
}

export interface EncryptionInfo {
  encryptedSymmetricKey: string;
  initializationVector: string;
  publicKeyId?: string;
}

export interface InitTokenAuthenticationRequest {
  challenge: string;
  contextIdentifier: { type: 'Nip' | 'InternalId' | 'NipVatUe' | 'PeppolId'; value: string };
  encryptedToken: string;
  publicKeyId?: string;
}

export interface OpenOnlineSessionRequest {
  formCode: FormCode;
  encryption: EncryptionInfo;
}

export interface SendInvoiceRequest {
  invoiceHash: string;
  invoiceSize: number;
  encryptedInvoiceHash: string;
  encryptedInvoiceSize: number;
  encryptedInvoiceContent: string;
  offlineMode?: boolean;
  hashOfCorrectedInvoice?: string;
}

export type InvoiceQuerySubjectType = 'Subject1' | 'Subject2' | 'Subject3' | 'SubjectAuthorized';
export type InvoiceQueryDateType = 'Issue' | 'Invoicing' | 'PermanentStorage';

export interface InvoiceQueryFilters {
  subjectType: InvoiceQuerySubjectType;
  dateRange: { dateType: InvoiceQueryDateType; from: string; to?: string; restrictToPermanentStorageHwmDate?: boolean };
  ksefNumber?: string;
  invoiceNumber?: string;
  sellerNip?: string;
  currencyCodes?: string[];
  formType?: 'FA' | 'PEF' | 'FA_RR';
}

export interface InvoiceExportRequest {
  encryption: EncryptionInfo;
  filters: InvoiceQueryFilters;
  onlyMetadata?: boolean;
}
