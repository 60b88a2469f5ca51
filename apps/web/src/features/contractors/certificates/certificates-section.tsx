import { CERTIFICATE_KINDS, MAX_CONTRACTOR_CERTIFICATES } from '@grain/shared';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';
import { AddEntryButton, EntryCard } from '../../../components/form/entry-card';
import type { ContractorFormValues } from '../form-values';
import { CertificateBadge } from './certificate-badge';
import { emptyCertificate } from './certificate-form-values';

/** The contractor's certificates (GMP+, QS, ISCC, other) with their validity; none is fine. */
export function CertificatesSection({ form }: { form: UseFormReturnType<ContractorFormValues> }) {
  const { t } = useTranslation();
  const certificates = form.values.certificates;
  return (
    <Stack gap="sm">
      {certificates.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('carriers.certificates.none')}
        </Text>
      )}
      {certificates.map((certificate, index) => {
        const path = `certificates.${index}`;
        const number = index + 1;
        return (
          <EntryCard
            key={form.key(path)}
            title={t('carriers.certificates.entry', { number })}
            removeLabel={t('carriers.certificates.remove', { number })}
            onRemove={() => form.removeListItem('certificates', index)}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
              <Select
                label={t('carriers.certificates.kind')}
                withAsterisk
                allowDeselect={false}
                data={CERTIFICATE_KINDS.map((kind) => ({
                  value: kind,
                  label: t(`carriers.certificates.kinds.${kind}`),
                }))}
                {...form.getInputProps(`${path}.kind`)}
              />
              <TextInput
                label={t('carriers.certificates.number')}
                withAsterisk
                {...form.getInputProps(`${path}.number`)}
              />
              <DateInput
                label={t('carriers.certificates.validFrom')}
                {...form.getInputProps(`${path}.validFrom`)}
                value={certificate.validFrom}
              />
              <DateInput
                label={t('carriers.certificates.validTo')}
                withAsterisk
                {...form.getInputProps(`${path}.validTo`)}
                value={certificate.validTo}
              />
              <TextInput
                label={t('carriers.certificates.scope')}
                style={{ gridColumn: '1 / -1' }}
                {...form.getInputProps(`${path}.scope`)}
              />
            </SimpleGrid>
            {certificate.validTo && <CertificateBadge validTo={certificate.validTo} showValid />}
          </EntryCard>
        );
      })}
      <AddEntryButton
        label={t('carriers.certificates.add')}
        count={certificates.length}
        max={MAX_CONTRACTOR_CERTIFICATES}
        onAdd={() => form.insertListItem('certificates', emptyCertificate())}
      />
    </Stack>
  );
}
