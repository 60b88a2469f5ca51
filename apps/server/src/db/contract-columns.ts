import { contractors, contracts, rawMaterialQualities } from './schema/index.js';

/**
 * A contract as the allocation tables and the redirect candidates read it: its figures, its counterparty
 * (contractors joined on counterparty_id) and its quality (raw_material_qualities joined on its id), with the
 * tolerance terms that toleranceUpperLimitKg needs.
 */
export const contractSummaryColumns = {
  id: contracts.id,
  documentNumber: contracts.documentNumber,
  status: contracts.status,
  counterpartyId: contracts.counterpartyId,
  counterpartyCode: contractors.code,
  counterpartyName: contractors.name,
  rawMaterialId: contracts.rawMaterialId,
  rawMaterialQualityId: contracts.rawMaterialQualityId,
  rawMaterialQualityTitle: rawMaterialQualities.title,
  cargoQuantityKg: contracts.cargoQuantityKg,
  price: contracts.price,
  currency: contracts.currency,
  freight: contracts.freight,
  isGmp: contracts.isGmp,
  isCert: contracts.isCert,
  dateOfReceiptFrom: contracts.dateOfReceiptFrom,
  dateOfReceiptTo: contracts.dateOfReceiptTo,
  street: contracts.street,
  buildingNumber: contracts.buildingNumber,
  postCode: contracts.postCode,
  city: contracts.city,
  countryCode: contracts.countryCode,
  allocatedKg: contracts.allocatedKg,
  isTolerance: contracts.isTolerance,
  toleranceQuantity: contracts.toleranceQuantity,
  toleranceUnit: contracts.toleranceUnit,
};
