import { type GmpCertificateCheck, gmpCertificateCheck, isGmpCertificateLacking } from '@grain/shared';
import { Alert } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useContractor } from '../api';

/**
 * For a sale that requires GMP, whether the carrier's GMP+ certificate covers loading to unloading.
 * Null while unknown or not asked (no sale GMP, no carrier or dates yet).
 */
export function useCarrierGmpCertificate(
  carrierId: number | null,
  from: string | null,
  to: string | null,
  saleRequiresGmp: boolean,
): GmpCertificateCheck | null {
  const isAsked = saleRequiresGmp && carrierId !== null && Boolean(from && to);
  const carrier = useContractor(carrierId, { enabled: isAsked, keepNotFound: true });
  if (!isAsked || !carrier.data) return null;
  return gmpCertificateCheck(carrier.data.certificates ?? [], from as string, to as string);
}

export function CarrierCertificateWarning({ check }: { check: GmpCertificateCheck | null }) {
  const { t } = useTranslation();
  if (!check || !isGmpCertificateLacking(check)) return null;
  const { certificate } = check;
  return (
    <Alert
      color="orange"
      icon={<IconCertificate size={18} />}
      title={t('carriers.certificates.gmpWarningTitle')}
      data-testid="carrier-certificate-warning"
    >
      {certificate
        ? t('carriers.certificates.gmpWarningExpired', {
            number: certificate.number,
            from: certificate.validFrom ? formatDate(certificate.validFrom) : '…',
            to: formatDate(certificate.validTo),
          })
        : t('carriers.certificates.gmpWarningMissing')}
    </Alert>
  );
}
