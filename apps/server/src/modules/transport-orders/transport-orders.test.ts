import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveCompany, TINY_PNG } from '../../../test/fixtures/settings.js';
import { deliveredBody, seedPair, transportApi, transportBody } from '../../../test/fixtures/transports.js';
import { ADMIN_EMAIL, createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import {
  auditLog,
  contractorContacts,
  contractors,
  contracts,
  mailOutbox,
  transportOrderSends,
} from '../../db/schema/index.js';
import { startMailWorker } from '../mail/sender.js';
import { replyToOf } from './service.js';

let t: TestApp;
let token: string;
let api: ReturnType<typeof transportApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = transportApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

/** A transport of 25 t at 150,00 PLN/t whose carrier has the e-mail `carrierEmail`, on a 100 t pair unless told. */
async function seedTransport(
  carrierEmail: string | null = 'dyspozytor@trans-kurier.pl',
  overrides = {},
  pairKg = 100_000,
) {
  const pair = await seedPair(t.db, {
    allocationKg: pairKg,
    purchase: { cargoQuantityKg: pairKg },
    sale: { isGmp: true, cargoQuantityKg: pairKg },
  });
  await t.db
    .update(contractors)
    .set({ email: carrierEmail, name: 'Trans-Kurier Łódź sp.j.', nip: '7791011327' })
    .where(eq(contractors.id, pair.carrierId));
  const id = await api.createId(
    transportBody(pair, {
      is_gmp: true,
      gmp_number: 'GMP-B.2 ŁÓDŹ-17',
      comment: 'Plandeka, źle wjechać od północy',
      ...overrides,
    }),
  );
  return { id, pair };
}

const pdfOf = (id: number, as = token) => t.call({ method: 'GET', url: `/api/transport/order-pdf/${id}`, token: as });
const send = (id: number, as = token) => t.call({ method: 'POST', url: `/api/transport/send-order/${id}`, token: as });

describe('GET /api/transport/order-pdf/{id}', () => {
  it('answers a one-page Polish PDF with the company, carrier, vehicle, route, cargo, tonnes, freight and GMP', async () => {
    await saveCompany(t, token, { logo_data_url: TINY_PNG });
    const { id } = await seedTransport(undefined, { registration_number: 'PO 12345', driver_document_id: 'ABC123456' });
    const response = await pdfOf(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const year = new Date().getUTCFullYear();
    const number = `ZT/${year}/${String(id).padStart(4, '0')}`;
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="zlecenie-transportowe-${number.replaceAll('/', '-')}.pdf"`,
    );
    const { pages, text } = await pdfText(response.rawPayload);
    expect(pages).toBe(1);
    for (const expected of [
      `ZLECENIE TRANSPORTOWE nr ${number}`,
      'Zbożex Handel Zbożem sp. z o.o.',
      'ul. Żytnia 7, 61-001 Poznań',
      'NIP: 5260250274',
      'Trans-Kurier Łódź sp.j.',
      '7791011327',
      'dyspozytor@trans-kurier.pl',
      'PO 12345',
      'PO 6789A',
      'Jan Kierowca',
      'ABC123456',
      'Miejsce załadunku',
      'Miejsce rozładunku',
      '02.03.2026',
      '04.03.2026',
      'Pszenica',
      '25,000 t',
      '150,00 zł/t',
      '3 750,00 zł',
      'Wymagany transport GMP; nr GMP: GMP-B.2 ŁÓDŹ-17',
      'Plandeka, źle wjechać od północy',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('writes tonnes and money as the screens do: thousands grouped, decimal comma, the currency after the amount', async () => {
    await saveCompany(t, token);
    const { id } = await seedTransport(
      undefined,
      { cargo_quantity: 1_234_500, price_per_ton: 101_050, currency: 'EUR' },
      2_000_000,
    );
    const response = await pdfOf(id);
    expect(response.statusCode, response.body).toBe(200);
    const { text } = await pdfText(response.rawPayload);
    // 1 234,5 t × 1 010,50 €/t = 1 247 462,25 €; no "PLN", no ungrouped "1234,500".
    for (const expected of ['1 234,500 t', '1 010,50 €/t', '1 247 462,25 €']) expect(text).toContain(expected);
    expect(text).not.toMatch(/\d{4},\d/);
  });

  it('names the ordering party and its trader, both parties with contacts and windows, the contracts, the payment term and the CMR clause', async () => {
    await saveCompany(t, token, { payment_term_days: 21 });
    const { id, pair } = await seedTransport();
    const [purchase] = await t.db.select().from(contracts).where(eq(contracts.id, pair.purchaseId));
    const [sale] = await t.db.select().from(contracts).where(eq(contracts.id, pair.salesId));
    await t.db
      .update(contractors)
      .set({ name: 'Gospodarstwo Rolne Nowak', email: 'nowak@rolnik.pl', phoneNumber: '601 111 222' })
      .where(eq(contractors.id, purchase!.counterpartyId));
    await t.db
      .update(contractors)
      .set({ name: 'Młyn Wielkopolski SA', email: 'magazyn@mlyn.pl', phoneNumber: '61 222 33 44' })
      .where(eq(contractors.id, sale!.counterpartyId));
    const trader = await t.userWithRole('USER', 'anna.handlowiec@zbozex.pl');
    const response = await pdfOf(id, trader.token);
    expect(response.statusCode, response.body).toBe(200);
    const { text } = await pdfText(response.rawPayload);
    const day = (iso: string) => iso.split('-').reverse().join('.');
    for (const expected of [
      'ZLECENIODAWCA',
      'Zbożex Handel Zbożem sp. z o.o.',
      'anna.handlowiec@zbozex.pl',
      'ZAŁADUNEK',
      'Gospodarstwo Rolne Nowak',
      'nowak@rolnik.pl, tel. 601 111 222',
      'ROZŁADUNEK',
      'Młyn Wielkopolski SA',
      'magazyn@mlyn.pl, tel. 61 222 33 44',
      `okno umowy: ${day(purchase!.dateOfReceiptFrom)} – ${day(purchase!.dateOfReceiptTo)}`,
      `okno umowy: ${day(sale!.dateOfReceiptFrom)} – ${day(sale!.dateOfReceiptTo)}`,
      `zakupu ${purchase!.documentNumber}, sprzedaży ${sale!.documentNumber}`,
      'Termin płatności frachtu',
      '21 dni od otrzymania faktury z potwierdzonym listem CMR',
      'KLAUZULA CMR',
      'Konwencji o umowie międzynarodowego przewozu drogowego towarów (CMR)',
    ]) {
      expect(text.replace(/\s+/g, ' ')).toContain(expected);
    }
  });

  it('refuses with COMPANY_NOT_EXIST until an ADMIN saved the company settings', async () => {
    const { id } = await seedTransport();
    const response = await pdfOf(id);
    expect([response.statusCode, response.json().message_code]).toEqual([404, 'COMPANY_NOT_EXIST']);
  });

  it('answers TRANSPORT_NOT_FOUND for a missing transport', async () => {
    await saveCompany(t, token);
    const response = await pdfOf(999_999);
    expect([response.statusCode, response.json().message_code]).toEqual([404, 'TRANSPORT_NOT_FOUND']);
  });
});

describe('POST /api/transport/send-order/{id}', () => {
  it('queues the order PDF as an attachment to the carrier, records the sending and audits it', async () => {
    await saveCompany(t, token);
    const { id } = await seedTransport();
    const response = await send(id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ transport_id: id, carrier_email: 'dyspozytor@trans-kurier.pl' });
    expect(body.is_changed_since_sent).toBe(false);
    expect(body.sends).toHaveLength(1);
    expect(body.sends[0]).toMatchObject({ recipient: 'dyspozytor@trans-kurier.pl', order_number: body.order_number });
    expect(body.sends[0].sent_by_name).toMatch(/\S/);

    const [mail] = await t.db.select().from(mailOutbox);
    expect(mail).toMatchObject({
      recipients: ['dyspozytor@trans-kurier.pl'],
      subject: `Zlecenie transportowe ${body.order_number}`,
      status: 'PENDING',
    });
    expect(mail!.body).toContain(`zlecenie transportowe nr ${body.order_number}`);
    // The carrier's confirmation goes to the trader who sent the order, not to the no-reply sender.
    expect(mail!.replyTo).toBe(ADMIN_EMAIL);
    expect(mail!.body).toContain('Termin płatności frachtu: ');
    // The e-mail writes figures as the screens and the PDF do (no-break spaces in the groups and before the unit).
    expect(mail!.body).toContain('Załadunek: 02.03.2026, ');
    expect(mail!.body).toMatch(/^Ładunek: Pszenica.*, 25,000 t$/m);
    expect(mail!.body).toContain('Fracht: 150,00\u00a0zł/t, wartość 3\u00a0750,00\u00a0zł');
    expect(mail!.attachments).toHaveLength(1);
    const [file] = mail!.attachments;
    expect(file!.contentType).toBe('application/pdf');
    expect(file!.filename).toMatch(/^zlecenie-transportowe-ZT-\d{4}-\d{4}\.pdf$/);
    const { text } = await pdfText(Buffer.from(file!.contentBase64, 'base64'));
    expect(text).toContain('Trans-Kurier Łódź sp.j.');

    const [row] = await t.db.select().from(transportOrderSends);
    expect(row).toMatchObject({ transportId: id, recipient: 'dyspozytor@trans-kurier.pl', mailId: mail!.id });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'transport'), eq(auditLog.action, 'send_order')));
    expect(entry).toMatchObject({ entityId: id, changes: { recipient: 'dyspozytor@trans-kurier.pl' } });
  });

  it('refuses sending the order of a delivered transport with WRONG_STATUS, nothing queued; the PDF stays', async () => {
    await saveCompany(t, token);
    const { id } = await seedTransport();
    await api.setStatus(id, 'ON_THE_WAY');
    const delivered = await api.deliver(id, deliveredBody());
    expect(delivered.statusCode, delivered.body).toBe(200);
    const response = await send(id);
    expect(response.json().message_code).toBe('WRONG_STATUS');
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
    expect(await t.db.select().from(transportOrderSends)).toEqual([]);
    expect((await pdfOf(id)).statusCode).toBe(200);
  });

  it('allows re-sending a changed transport: the info marks the change, a new sending clears it', async () => {
    await saveCompany(t, token);
    const { id, pair } = await seedTransport();
    await send(id);
    await t.db.execute(
      // The edit happens a moment after the sending even on a fast machine.
      sql`update transport_order_sends set created_at = now() - interval '1 minute'`,
    );
    const update = await api.update(
      id,
      transportBody(pair, { is_gmp: true, gmp_number: 'GMP-1', registration_number: 'WA 1' }),
    );
    expect(update.statusCode, update.body).toBe(200);
    const info = await t.call({ method: 'GET', url: `/api/transport/order-info/${id}`, token });
    expect(info.json()).toMatchObject({ is_changed_since_sent: true });
    expect(info.json().sends).toHaveLength(1);

    const again = await send(id);
    expect(again.json().sends).toHaveLength(2);
    expect(again.json().is_changed_since_sent).toBe(false);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(2);
  });

  it("falls back to the carrier's first contact e-mail, and refuses VALUE_IS_MISSING when there is none", async () => {
    await saveCompany(t, token);
    const { id, pair } = await seedTransport(null);
    await t.db.insert(contractorContacts).values([
      { contractorId: pair.carrierId, firstName: 'Bez', lastName: 'Adresu' },
      { contractorId: pair.carrierId, firstName: 'Ewa', lastName: 'Spedytor', email: 'ewa@trans-kurier.pl' },
    ]);
    const info = await t.call({ method: 'GET', url: `/api/transport/order-info/${id}`, token });
    expect(info.json().carrier_email).toBe('ewa@trans-kurier.pl');
    expect((await send(id)).json().sends[0].recipient).toBe('ewa@trans-kurier.pl');

    await t.db.delete(contractorContacts);
    await t.db.delete(transportOrderSends);
    await t.db.delete(mailOutbox);
    const refused = await send(id);
    expect([refused.statusCode, refused.json().message_code]).toEqual([400, 'VALUE_IS_MISSING']);
    expect(refused.json().errors).toEqual([{ field: 'carrier_email', code: 'required' }]);
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
  });

  it('the mail worker writes the message with the PDF attached (a MIME part application/pdf)', async () => {
    await saveCompany(t, token);
    const { id } = await seedTransport();
    await send(id);
    const worker = startMailWorker(t.db, t.config, t.app.log, 0);
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    const [mail] = await t.db.select().from(mailOutbox);
    expect(mail!.status).toBe('SENT');
    const file = join(t.config.dataDir, 'mail', `${String(mail!.id).padStart(6, '0')}.eml`);
    expect(existsSync(file)).toBe(true);
    const eml = readFileSync(file, 'utf8');
    expect(eml).toMatch(new RegExp(`^Reply-To: ${ADMIN_EMAIL}$`, 'm'));
    expect(eml).toMatch(/^From: /m);
    expect(eml).toMatch(/Content-Type: application\/pdf; name=zlecenie-transportowe-ZT-\d{4}-\d{4}\.pdf/);
    expect(eml).toMatch(/Content-Disposition: attachment;\s+filename=zlecenie-transportowe-ZT-/);
    const part = eml.slice(eml.indexOf('filename=zlecenie'));
    const base64 = part
      .slice(part.search(/\r?\n\r?\n/))
      .split(/\r?\n--/)[0]!
      .replace(/\s/g, '');
    expect(Buffer.from(base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('Reply-To of the order mail', () => {
  it("is the sending trader's e-mail, else the company's address from the settings", () => {
    expect(replyToOf({ email: 'anna@zbozex.pl' }, { email: 'biuro@zbozex.pl' })).toBe('anna@zbozex.pl');
    expect(replyToOf({ email: null }, { email: 'biuro@zbozex.pl' })).toBe('biuro@zbozex.pl');
    expect(replyToOf({ email: null }, { email: null })).toBeNull();
  });

  it("goes with another trader's sending to that trader", async () => {
    await saveCompany(t, token);
    const { id } = await seedTransport();
    const trader = await t.userWithRole('USER', 'piotr.handlowiec@zbozex.pl');
    expect((await send(id, trader.token)).statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox);
    expect(mail!.replyTo).toBe('piotr.handlowiec@zbozex.pl');
  });
});

describe('roles', () => {
  it('lets a USER download and send the order, and refuses a caller without a token', async () => {
    await saveCompany(t, token);
    const { id } = await seedTransport();
    const user = await t.userWithRole('USER');
    expect((await pdfOf(id, user.token)).statusCode).toBe(200);
    expect((await send(id, user.token)).statusCode).toBe(200);
    const anonymous = await t.call({ method: 'GET', url: `/api/transport/order-pdf/${id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
