import { type CertificateKind, certificateState, certificateToWatch, todayIso } from '@grain/shared';
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/** "wygasa za N dni" / "wygasł" (and "ważny" where asked) for a certificate's last day. */
export function CertificateBadge({ validTo, showValid = false }: { validTo: string; showValid?: boolean }) {
  const { t } = useTranslation();
  const { state, days } = certificateState(validTo, todayIso());
  if (state === 'VALID' && !showValid) return null;
  const color = state === 'EXPIRED' ? 'red' : state === 'EXPIRING' ? 'orange' : 'green';
  const label =
    state === 'EXPIRED'
      ? t('carriers.certificates.expired')
      : state === 'EXPIRING'
        ? t('carriers.certificates.expiresIn', { count: days })
        : t('carriers.certificates.valid');
  return (
    <Badge color={color} variant="light" tt="none" data-testid="certificate-badge">
      {label}
    </Badge>
  );
}

/** The contractor list's badge: the certificate that ends first (of each kind the latest one). */
export function ContractorCertificateBadge({
  certificates,
}: {
  certificates: { kind: CertificateKind; number: string; validTo: string }[];
}) {
  const { t } = useTranslation();
  const watched = certificateToWatch(certificates);
  if (!watched) return null;
  const { state } = certificateState(watched.validTo, todayIso());
  if (state === 'VALID') return null;
  return (
    <Tooltip
      label={t('carriers.certificates.tooltip', {
        kind: t(`carriers.certificates.kinds.${watched.kind}`),
        number: watched.number,
        date: formatDate(watched.validTo),
      })}
    >
      <span>
        <CertificateBadge validTo={watched.validTo} />
      </span>
    </Tooltip>
  );
}
