import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  contractorContacts,
  contractors,
  contracts,
  countries,
  transportOrderSends,
  users,
} from '../../db/schema/index.js';

/** The carrier as the order shows it, with the first contact's e-mail as a fallback address. */
export async function getCarrier(db: Db, carrierId: number) {
  const [row] = await db
    .select({
      code: contractors.code,
      name: contractors.name,
      nip: contractors.nip,
      email: contractors.email,
      phoneNumber: contractors.phoneNumber,
      street: contractors.street,
      buildingNumber: contractors.buildingNumber,
      postCode: contractors.postCode,
      city: contractors.city,
      countryName: countries.name,
      contactEmail: sql<string | null>`(select ${contractorContacts.email} from ${contractorContacts}
        where ${contractorContacts.contractorId} = ${contractors.id} and ${contractorContacts.email} is not null
          and ${contractorContacts.email} <> ''
        order by ${contractorContacts.id} limit 1)`,
    })
    .from(contractors)
    .leftJoin(countries, eq(countries.code, contractors.countryCode))
    .where(eq(contractors.id, carrierId));
  return row ?? null;
}
export type CarrierRow = NonNullable<Awaited<ReturnType<typeof getCarrier>>>;

/** The delivery windows (date of receipt from-to) of the transport's two contracts, by contract id. */
export async function getContractWindows(db: Db, contractIds: number[]) {
  const rows = await db
    .select({ id: contracts.id, from: contracts.dateOfReceiptFrom, to: contracts.dateOfReceiptTo })
    .from(contracts)
    .where(inArray(contracts.id, contractIds));
  return new Map(rows.map((row) => [row.id, { from: row.from, to: row.to }]));
}

/** Every sending of one transport's order, newest first, with the sender's name. */
export function listOrderSends(db: Db, transportId: number) {
  return db
    .select({
      id: transportOrderSends.id,
      recipient: transportOrderSends.recipient,
      orderNumber: transportOrderSends.orderNumber,
      sentAt: transportOrderSends.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(transportOrderSends)
    .leftJoin(users, eq(users.id, transportOrderSends.sentBy))
    .where(eq(transportOrderSends.transportId, transportId))
    .orderBy(desc(transportOrderSends.id));
}

export async function insertOrderSend(
  db: Db,
  values: { transportId: number; recipient: string; orderNumber: string; sentBy: number; mailId: number | null },
) {
  const [row] = await db.insert(transportOrderSends).values(values).returning({ id: transportOrderSends.id });
  return row!.id;
}
