/** What other features use of sales invoices: the link to an invoice's screen and issuing one, with the invoice texts. */
import './i18n';

export { useCreateInvoice } from './api';
export { CorrectionFormBody, CorrectionModal } from './components/correction-form-body';
export {
  asNetPrice,
  type CorrectionFormValues,
  correctionDefaults,
  correctionFormSchema,
  correctionLineChanges,
  correctionRequestBase,
  previewableChanges,
} from './correction-form';
export { invoicePath } from './paths';
