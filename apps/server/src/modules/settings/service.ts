import type { CompanySettingsRequest, CompanySettingsResponse } from '@grain/shared';
import type { Db } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import { audit, diff } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import {
  type CompanySettingsRow,
  getCompanySettingsRow,
  lockCompanySettingsRow,
  upsertCompanySettings,
} from './queries.js';

const NOT_CONFIGURED: CompanySettingsResponse = {
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
  rrInvoiceSeries: null,
  bankAccount: null,
  paymentTermDays: 14,
  updatedAt: null,
};

function toCompanySettingsResponse(row: CompanySettingsRow | null): CompanySettingsResponse {
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
    rrInvoiceSeries: row.rrInvoiceSeries,
    bankAccount: row.bankAccount,
    paymentTermDays: row.paymentTermDays,
    updatedAt: row.updatedAt,
  };
}

/** The header of documents we issue; `configured` false until an ADMIN saved it. */
export async function readCompanySettings(db: Db): Promise<CompanySettingsResponse> {
  return toCompanySettingsResponse(await getCompanySettingsRow(db));
}

/** GET /settings/company. */
export function getCompanySettings(ctx: Ctx): Promise<CompanySettingsResponse> {
  return readCompanySettings(ctx.db);
}

/** PUT /settings/company (ADMIN): saves the one row and audits what changed (the logo only as changed). */
export function saveCompanySettings(ctx: Ctx, input: CompanySettingsRequest): Promise<CompanySettingsResponse> {
  return withWriteTransaction(ctx.db, async (tx) => {
    const before = await lockCompanySettingsRow(tx);
    const row = await upsertCompanySettings(tx, {
      ...input,
      // Invoice fields a client leaves out keep their stored values (the company form predates them).
      invoiceSeries: input.invoiceSeries ?? before?.invoiceSeries ?? null,
      rrInvoiceSeries: input.rrInvoiceSeries ?? before?.rrInvoiceSeries ?? null,
      bankAccount: input.bankAccount ?? before?.bankAccount ?? null,
      paymentTermDays: input.paymentTermDays ?? before?.paymentTermDays ?? 14,
      updatedBy: ctx.user.id,
    });
    const { logoDataUrl: oldLogo, ...oldRest } = before ?? ({} as Partial<CompanySettingsRow>);
    const { logoDataUrl: newLogo, ...newRest } = input;
    const changes = diff(oldRest as Record<string, unknown>, newRest);
    if ((oldLogo ?? null) !== newLogo) changes.logo = newLogo ? 'changed' : 'removed';
    await audit(tx, ctx.user.id, 'company_settings', 1, before ? 'update' : 'create', changes);
    return toCompanySettingsResponse(row);
  });
}
