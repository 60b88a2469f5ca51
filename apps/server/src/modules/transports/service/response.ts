import { isGmpNotSatisfied, lineValue, type TransportResponse } from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import { getTransportRow, type TransportRow } from '../queries/rows.js';

/** The one response mapper of a transport: planned figures next to real ones (null until delivered). */
export function toTransportResponse(row: TransportRow): TransportResponse {
  const isDelivered = row.unloadingId !== null;
  const realKg = row.realCargoQuantityKg;
  return {
    id: row.id,
    purchaseId: row.purchaseId,
    salesId: row.salesId,
    status: row.status,
    registrationNumber: row.registrationNumber,
    trailerNumber: row.trailerNumber,
    carrierId: row.carrierId,
    carrierCode: row.carrierCode,
    carrierName: row.carrierName,
    driverName: row.driverName,
    phoneNumber: row.phoneNumber,
    driverDocumentId: row.driverDocumentId,
    cargoQuantity: row.cargoQuantityKg,
    pricePerTon: row.pricePerTon,
    currency: row.currency,
    value: lineValue(row.cargoQuantityKg, row.pricePerTon),
    dateLoading: row.dateLoading,
    dateUnloading: row.dateUnloading,
    isGmp: row.isGmp,
    gmpNumber: row.gmpNumber,
    comment: row.comment,
    confirmationNote: row.confirmationNote,
    doubleBookingNote: row.doubleBookingNote,
    saleIsGmp: row.salesIsGmp,
    gmpNotSatisfied: isGmpNotSatisfied(row.salesIsGmp, row.isGmp),
    purchaseSupplier: {
      contractorId: row.supplierId,
      code: row.supplierCode,
      name: row.supplierName,
      documentNumber: row.purchaseDocumentNumber,
      freight: row.purchaseFreight,
      isGmp: row.purchaseIsGmp,
      isCert: row.purchaseIsCert,
    },
    salesRecipient: {
      contractorId: row.recipientId,
      code: row.recipientCode,
      name: row.recipientName,
      documentNumber: row.salesDocumentNumber,
      freight: row.salesFreight,
      isGmp: row.salesIsGmp,
      isCert: row.salesIsCert,
    },
    loadingAddress: {
      street: row.purchaseStreet,
      buildingNumber: row.purchaseBuildingNumber,
      postCode: row.purchasePostCode,
      city: row.purchaseCity,
      countryCode: row.purchaseCountryCode,
    },
    unloadingAddress: {
      street: row.salesStreet,
      buildingNumber: row.salesBuildingNumber,
      postCode: row.salesPostCode,
      city: row.salesCity,
      countryCode: row.salesCountryCode,
    },
    loadingAddressFull: row.purchaseAddressFull,
    unloadingAddressFull: row.salesAddressFull,
    rawMaterialId: row.rawMaterialId,
    rawMaterial: row.rawMaterial,
    purchaseQualityId: row.purchaseQualityId,
    purchaseQualityTitle: row.purchaseQualityTitle,
    salesQualityId: row.salesQualityId,
    salesQualityTitle: row.salesQualityTitle,
    purchasePrice: row.purchasePrice,
    purchaseCurrency: row.purchaseCurrency,
    salesPrice: row.salesPrice,
    salesCurrency: row.salesCurrency,
    cargoValue: lineValue(row.cargoQuantityKg, row.purchasePrice),
    contractPurchaseStatus: row.purchaseStatus,
    contractSalesStatus: row.salesStatus,
    unloadingId: row.unloadingId,
    unloadingDate: row.unloadingDate,
    realCargoQuantity: realKg,
    realCargoPrice: row.realCargoPrice,
    realCargoValue: realKg !== null && row.realCargoPrice !== null ? lineValue(realKg, row.realCargoPrice) : null,
    realCargoQualityId: row.realCargoQualityId,
    realCargoQualityTitle: row.realCargoQualityTitle,
    realTransportPrice: isDelivered ? row.pricePerTon : null,
    realValue: realKg !== null ? lineValue(realKg, row.pricePerTon) : null,
    deductions: row.purchaseDeductions,
    purchaseDeductions: row.purchaseDeductions,
    salesDeductions: row.salesDeductions,
    transportDeductions: row.transportDeductions,
    details: row.details,
    labResults: row.labResults,
    isToDecide: row.isToDecide ?? false,
    decision: row.decision ?? null,
    decisionNote: row.decisionNote ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function loadTransport(db: Db, id: number): Promise<TransportResponse> {
  const row = await getTransportRow(db, id);
  if (!row) throw new AppError('TRANSPORT_NOT_FOUND');
  return toTransportResponse(row);
}
