import {
  isDoubleBookingNoteMissing,
  type TransportStatus,
  type VehicleClash,
  type VehicleClashRequest,
  vehicleClashes,
  vehicleKey,
} from '@grain/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { activeTransportsOfVehicle } from '../queries/vehicle-clashes.js';

/** The truck and driver of a transport being saved, and when it holds them. */
export interface PlannedVehicle {
  transportId: number | null;
  registrationNumber: string | null;
  driverDocumentId: string | null;
  dateLoading: string | null;
  dateUnloading: string | null;
}

/** RULES.md Transports: the other active transports the truck or driver would be on at the same time. */
export async function findVehicleClashes(db: Db, vehicle: PlannedVehicle): Promise<VehicleClash[]> {
  const candidates = await activeTransportsOfVehicle(db, vehicle);
  const planned = { ...vehicle, id: vehicle.transportId, status: 'NEW' as TransportStatus };
  return vehicleClashes(planned, candidates).map(({ other, fields }) => ({ ...other, fields }));
}

/** GET /transport/vehicle-clashes: what the form warns about before save. */
export async function listVehicleClashes(ctx: Ctx, input: VehicleClashRequest) {
  return { list: await findVehicleClashes(ctx.db, { ...input, transportId: input.transportId ?? null }) };
}

/**
 * RULES.md Transports: a truck or driver already on another NEW / ON_THE_WAY transport with
 * overlapping dates is saved only with `double_booking_note` (10+ characters): VEHICLE_ALREADY_PLANNED otherwise.
 * Answers the note to keep: only a double booking keeps one (create, edit and redirect write what this answers).
 * A transaction-scoped advisory lock per key, taken after every row lock (db/locks.ts), makes two parallel saves
 * of one truck check one after the other.
 */
export async function assertVehicleNotDoubleBooked(
  tx: Db,
  vehicle: PlannedVehicle,
  doubleBookingNote: string | null,
): Promise<string | null> {
  const keys = [
    ...new Set(
      [vehicleKey(vehicle.registrationNumber), vehicleKey(vehicle.driverDocumentId)].flatMap((key, index) =>
        key ? [`vehicle:${index}:${key}`] : [],
      ),
    ),
  ].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const clashes = await findVehicleClashes(tx, vehicle);
  if (clashes.length === 0) return null;
  if (!isDoubleBookingNoteMissing(clashes.length, doubleBookingNote)) return doubleBookingNote;
  const others = clashes
    .map((clash) => `#${clash.id} ${clash.purchaseDocumentNumber} → ${clash.salesDocumentNumber}`)
    .join(', ');
  throw new AppError('VEHICLE_ALREADY_PLANNED', `The truck or driver is already planned on ${others}`, [
    { field: 'double_booking_note', code: 'VEHICLE_ALREADY_PLANNED' },
  ]);
}
