import {
  type CompanyHeader,
  type CompanySettingsRequest,
  type CompanySettingsResponse,
  PRICE_DEVIATION_DEFAULT,
} from '@grain/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import { audit, diff } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import { ksefAnswerOf, ksefColumnsToStore } from './ksef-settings.js';
import {
  type CompanySettingsRow,
  getCompanySettingsRow,
  lockCompanySettingsRow,
  upsertCompanySettings,
} from './queries.js';

const NOT_CONFIGURED: CompanyHeader = {
  configured: false,
  name: '',
  street: null,
  postCode: null,
  city: '',
  nip: '',
  email: null,
  phoneNumber: null,
  logoDataUrl: null,
  invoiceSeries: null,
  correctionSeries: null,
  rrInvoiceSeries: null,
  rrCorrectionSeries: null,
  weighbridgeTicketSeries: null,
  bankAccount: null,
  paymentTermDays: 14,
  priceDeviationLimit: PRICE_DEVIATION_DEFAULT,
  updatedAt: null,
};

function toCompanySettingsResponse(row: CompanySettingsRow | null, config: Config): CompanySettingsResponse {
  return { ...toCompanyHeader(row), ...ksefAnswerOf(row, config) };
}

function toCompanyHeader(row: CompanySettingsRow | null): CompanyHeader {
  if (!row) return NOT_CONFIGURED;
  return {
    configured: true,
    name: row.name,
    street: row.street,
    postCode: row.postCode,
    city: row.city,
    nip: row.nip,
    email: row.email,
    phoneNumber: row.phoneNumber,
    logoDataUrl: row.logoDataUrl,
    invoiceSeries: row.invoiceSeries,
    correctionSeries: row.correctionSeries,
    rrInvoiceSeries: row.rrInvoiceSeries,
    rrCorrectionSeries: row.rrCorrectionSeries,
    weighbridgeTicketSeries: row.weighbridgeTicketSeries,
    bankAccount: row.bankAccount,
    paymentTermDays: row.paymentTermDays,
    priceDeviationLimit: row.priceDeviationLimit,
    updatedAt: row.updatedAt,
  };
}

/** The header of documents we issue; `configured` false until an ADMIN saved it. */
export async function readCompanySettings(db: Db): Promise<CompanyHeader> {
  return toCompanyHeader(await getCompanySettingsRow(db));
}

/** GET /settings/company. */
export async function getCompanySettings(ctx: Ctx): Promise<CompanySettingsResponse> {
  return toCompanySettingsResponse(await getCompanySettingsRow(ctx.db), ctx.config);
}

export { type KsefConfig, qrEnvironment, readKsefConfig } from './ksef-settings.js';

/** What the audit keeps of a KSeF token: that it changed, never the token (nor its ciphertext). */
function tokenChange(before: string | null | undefined, after: string | null): string | null {
  if ((before ?? null) === after) return null;
  return after ? 'changed' : 'removed';
}

/** PUT /settings/company (ADMIN): saves the one row and audits what changed (the logo only as changed). */
export function saveCompanySettings(ctx: Ctx, input: CompanySettingsRequest): Promise<CompanySettingsResponse> {
  return withWriteTransaction(ctx.db, async (tx) => {
    const before = await lockCompanySettingsRow(tx);
    const { ksefToken: _token, ksefTokenClear: _clear, ...fields } = input;
    const ksef = ksefColumnsToStore(input, before, ctx.config);
    const row = await upsertCompanySettings(tx, {
      ...fields,
      ...ksef,
      // Invoice fields a client leaves out keep their stored values (the company form predates them).
      invoiceSeries: input.invoiceSeries ?? before?.invoiceSeries ?? null,
      correctionSeries: input.correctionSeries ?? before?.correctionSeries ?? null,
      rrInvoiceSeries: input.rrInvoiceSeries ?? before?.rrInvoiceSeries ?? null,
      rrCorrectionSeries: input.rrCorrectionSeries ?? before?.rrCorrectionSeries ?? null,
      weighbridgeTicketSeries: input.weighbridgeTicketSeries ?? before?.weighbridgeTicketSeries ?? null,
      bankAccount: input.bankAccount ?? before?.bankAccount ?? null,
      paymentTermDays: input.paymentTermDays ?? before?.paymentTermDays ?? 14,
      priceDeviationLimit: input.priceDeviationLimit ?? before?.priceDeviationLimit ?? PRICE_DEVIATION_DEFAULT,
      updatedBy: ctx.user.id,
    });
    const {
      logoDataUrl: oldLogo,
      ksefTokenEncrypted: oldToken,
      ...oldRest
    } = before ?? ({} as Partial<CompanySettingsRow>);
    const { logoDataUrl: newLogo, ...newRest } = fields;
    const changes = diff(oldRest as Record<string, unknown>, {
      ...newRest,
      ksefEnvironment: ksef.ksefEnvironment,
      ksefNip: ksef.ksefNip,
      ksefCustomUrl: ksef.ksefCustomUrl,
    });
    if ((oldLogo ?? null) !== newLogo) changes.logo = newLogo ? 'changed' : 'removed';
    const token = tokenChange(oldToken, ksef.ksefTokenEncrypted);
    if (token) changes.ksefToken = token;
    await audit(tx, ctx.user.id, 'company_settings', 1, before ? 'update' : 'create', changes);
    return toCompanySettingsResponse(row, ctx.config);
  });
}
