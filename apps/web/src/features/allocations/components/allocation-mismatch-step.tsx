import { Alert, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AllocationContext, AllocationFormValues } from '../allocation-form';

/** The mismatch step (spec/1 section 4): which GMP/certificate condition fails, and the required explanation. */
export function AllocationMismatchStep({
  form,
  context,
}: {
  form: UseFormReturnType<AllocationFormValues>;
  context: AllocationContext;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert
        color="yellow"
        icon={<IconAlertTriangle size={18} />}
        title={t('allocations.mismatchTitle')}
        data-testid="mismatch-warning"
      >
        {context.missingGmp && <Text size="sm">{t('allocations.mismatchGmp')}</Text>}
        {context.missingCert && <Text size="sm">{t('allocations.mismatchCert')}</Text>}
        <Text size="sm" mt={4}>
          {t('allocations.mismatchHint')}
        </Text>
      </Alert>
      <Textarea
        {...form.getInputProps('confirmationNote')}
        label={t('allocations.noteLabel')}
        placeholder={t('allocations.notePlaceholder')}
        withAsterisk
      />
    </Stack>
  );
}
