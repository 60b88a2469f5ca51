import { Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface GmpCertWarningProps {
  missingGmp: boolean;
  missingCert: boolean;
  /** The pair's confirmation note; undefined where no pair exists yet (the note is still to be given). */
  note?: string | null;
}

/** spec/2 section 8: the allocation warns that the certificate/GMP condition is not satisfied, showing the note. */
export function GmpCertWarning({ missingGmp, missingCert, note }: GmpCertWarningProps) {
  const { t } = useTranslation();
  if (!missingGmp && !missingCert) return null;
  const label = (
    <Stack gap={2} maw={320} data-testid="gmp-cert-tooltip">
      <Text size="sm" fw={600}>
        {t('allocations.mismatchTitle')}
      </Text>
      {missingGmp && <Text size="xs">{t('allocations.mismatchGmp')}</Text>}
      {missingCert && <Text size="xs">{t('allocations.mismatchCert')}</Text>}
      <Text size="xs" fs="italic">
        {note === undefined
          ? t('allocations.mismatchRowHint')
          : note
            ? t('allocations.note', { note })
            : t('allocations.noNote')}
      </Text>
    </Stack>
  );
  return (
    <Tooltip label={label} multiline withArrow position="left" events={{ hover: true, focus: true, touch: true }}>
      <ThemeIcon
        color="yellow"
        variant="light"
        size="md"
        tabIndex={0}
        role="img"
        aria-label={t('allocations.mismatchTitle')}
        data-testid="gmp-cert-warning"
      >
        <IconAlertTriangle size={16} />
      </ThemeIcon>
    </Tooltip>
  );
}
