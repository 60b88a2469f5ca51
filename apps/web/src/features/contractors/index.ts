/**
 * What other features use of contractors: the code and picker on every contract and transport, the address and
 * data fields of a new counterparty on the contract form, and the carrier's GMP+ certificate warning on transports.
 * Its texts come along (./i18n), so a screen that shows these has them.
 */
import './i18n';

export { useContractor } from './api';
export { CarrierCertificateWarning, useCarrierGmpCertificate } from './certificates/carrier-certificate-warning';
export { AddressFields } from './components/address-fields';
export { ContractorCode, contractorLabel } from './components/contractor-code';
export { ContractorDataSection } from './components/contractor-data-section';
export { ContractorSelect } from './components/contractor-select';
export {
  type ContractorFormValues,
  contractorFormSchema,
  emptyContractorForm,
  hasAddress,
  removedIds,
  toCreateRequest,
} from './form-values';
