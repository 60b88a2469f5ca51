import type { Certificate, CertificateKind, CertificateResponse } from '@grain/shared';

/** One certificate in the contractor form; the shared CertificateSchema validates it as it is. */
export interface CertificateFormValues {
  kind: CertificateKind | null;
  number: string;
  validFrom: string | null;
  validTo: string | null;
  scope: string;
}

export const emptyCertificate = (): CertificateFormValues => ({
  kind: 'GMP_PLUS',
  number: '',
  validFrom: null,
  validTo: null,
  scope: '',
});

export function toCertificateForm(certificate: CertificateResponse): CertificateFormValues {
  return {
    kind: certificate.kind,
    number: certificate.number,
    validFrom: certificate.validFrom,
    validTo: certificate.validTo,
    scope: certificate.scope ?? '',
  };
}

export function toCertificateRequest(values: CertificateFormValues): Certificate {
  return {
    kind: values.kind as CertificateKind,
    number: values.number.trim(),
    validFrom: values.validFrom,
    validTo: values.validTo as string,
    scope: values.scope.trim() ? values.scope.trim() : null,
  };
}
