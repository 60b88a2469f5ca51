import type { UseFormReturnType } from '@mantine/form';
import { ApiError, showErrorToast } from '../../api/client';
import { messageCodeText, validationText } from '../../i18n';

/**
 * Which form field a refusal belongs to, by its catalogue code (a refusal that belongs to a field is
 * shown under that field, with focus moved there; a toast only for refusals that belong to no field).
 * A form whose field is named differently passes its own entry in `fieldOfCode`.
 */
export const FIELD_OF_MESSAGE_CODE: Readonly<Record<string, string>> = {
  DOCUMENT_NUMBER_IS_DUPLICATED: 'documentNumber',
  VALUE_IS_DUPLICATED: 'code',
  NAME_IS_DUPLICATED: 'name',
  NIP_IS_DUPLICATED: 'nip',
  PESEL_IS_DUPLICATED: 'pesel',
  USER_ALREADY_EXISTS: 'email',
  OLD_PASSWORD_IS_INVALID: 'oldPassword',
  INCORRECT_PASSWORD: 'oldPassword',
  WRONG_ACTIVATION_CODE: 'code',
  GMP_CERT_NOT_SATISFIED: 'confirmationNote',
  GMP_NOT_SATISFIED: 'confirmationNote',
  VEHICLE_ALREADY_PLANNED: 'doubleBookingNote',
  ALLOCATE_QUANTITY_IS_TO_BIG: 'cargoQuantity',
  TRANSPORT_QUANTITY_IS_TO_BIG: 'cargoQuantity',
  INVOICE_DATA_INCOMPLETE: 'invoiceNumber',
  DATE_FROM_CANNOT_BE_AFTER_TO: 'dateTo',
  DATE_TO_CANNOT_BE_BEFORE_FROM: 'dateTo',
};

const camelPath = (path: string) => path.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const isMessageCode = (code: string) => /^[A-Z][A-Z0-9_]+$/.test(code);

/** The refusal as Polish messages keyed by form path ("contacts.0.email"); empty when it names no field. */
export function serverFieldErrors(error: unknown, fieldOfCode: Record<string, string> = {}): Record<string, string> {
  // A refusal the client answered with the 404 page has no field left to mark.
  if (!(error instanceof ApiError) || error.isShownAsPage) return {};
  const errors: Record<string, string> = {};
  for (const fieldError of error.errors) {
    const path = camelPath(fieldError.field);
    errors[path] ??= isMessageCode(fieldError.code)
      ? messageCodeText(fieldError.code)
      : validationText(fieldError.code);
  }
  const codeField = fieldOfCode[error.messageCode] ?? FIELD_OF_MESSAGE_CODE[error.messageCode];
  if (Object.keys(errors).length === 0 && codeField) errors[codeField] = messageCodeText(error.messageCode);
  return errors;
}

function hasPath(values: unknown, path: string): boolean {
  let node: unknown = values;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

/** Scrolls to and focuses the first input (in page order) of the given form paths. */
export function focusFirstError(paths: string[], root: ParentNode = document) {
  if (paths.length === 0) return;
  const wanted = new Set(paths);
  // After React has rendered the messages, so the input is where it will stay.
  requestAnimationFrame(() => {
    const inputs = [...root.querySelectorAll<HTMLElement>('[data-path]')];
    const first =
      inputs.find((input) => wanted.has(input.dataset.path ?? '')) ??
      root.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: 'center', behavior: 'instant' as ScrollBehavior });
    first.focus({ preventScroll: true });
  });
}

/**
 * The one handler of a refused form call (the call was made with `silent: true`): errors that belong to a field of
 * this form go under that field and focus moves to the first; anything else is the usual error toast.
 * Answers whether the refusal was placed on fields.
 */
export function showServerErrors(
  // biome-ignore lint/suspicious/noExplicitAny: any form's values
  form: UseFormReturnType<any>,
  error: unknown,
  fieldOfCode: Record<string, string> = {},
  /** Where a server path goes in this form, when the form is shaped differently from the request. */
  pathOf: (path: string) => string = (path) => path,
): boolean {
  const values = form.getValues();
  const placed = Object.fromEntries(
    Object.entries(serverFieldErrors(error, fieldOfCode))
      .map(([path, text]) => [pathOf(path), text] as const)
      .filter(([path]) => hasPath(values, path)),
  );
  if (Object.keys(placed).length === 0) {
    if (!(error instanceof ApiError && error.messageCode === 'ABORTED')) showErrorToast(error);
    return false;
  }
  form.setErrors({ ...form.errors, ...placed });
  focusFirstError(Object.keys(placed));
  return true;
}
