import { TRANSIT_TOLERANCE_BP_MAX, type TransitToleranceRequest, TransitToleranceRequestSchema } from '@grain/shared';
import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { NumberField } from '../../../components/form/number-input';
import { showServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useTransitTolerance, useUpdateTransitTolerance } from '../api';

/** Basis points as the percent a person types (30 bp = 0,3 %), and back, exact to the basis point. */
const toPercent = (bp: number) => bp / 100;
const toBasisPoints = (percent: number) => Math.round(percent * 100);

function ToleranceForm({ rawMaterialId, saved }: { rawMaterialId: number; saved: number }) {
  const { t } = useTranslation();
  const isAdmin = useSession().user?.role === 'ADMIN';
  const update = useUpdateTransitTolerance(rawMaterialId);
  const form = useZodForm<TransitToleranceRequest>({
    schema: TransitToleranceRequestSchema,
    initialValues: { transitToleranceBp: saved },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await update.mutateAsync(values);
      form.setInitialValues({ transitToleranceBp: answer.transitToleranceBp });
      form.setValues({ transitToleranceBp: answer.transitToleranceBp });
      notifications.show({ color: 'green', message: t('cargo.transitToleranceSaved'), withCloseButton: true });
    } catch (error) {
      showServerErrors(form, error);
    }
  });
  const field = form.getInputProps('transitToleranceBp');
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberField
          label={t('cargo.transitTolerance')}
          description={t('cargo.transitToleranceHint')}
          rightSection={<Text size="sm">%</Text>}
          decimals={2}
          min={0}
          max={toPercent(TRANSIT_TOLERANCE_BP_MAX)}
          w={{ base: '100%', sm: 320 }}
          readOnly={!isAdmin}
          value={toPercent(form.values.transitToleranceBp)}
          onChange={(percent) => form.setFieldValue('transitToleranceBp', toBasisPoints(percent ?? 0))}
          onBlur={field.onBlur}
          error={field.error}
        />
        {isAdmin && (
          <Button type="submit" variant="light" loading={update.isPending} disabled={!form.isDirty()}>
            {t('cargo.saveTransitTolerance')}
          </Button>
        )}
      </Group>
    </form>
  );
}

/**
 * A raw material's transit tolerance (RULES.md Transports, weighbridge: a loading against unloading difference above
 * it is flagged on the transport), read by every role, set by ADMIN.
 */
export function TransitToleranceForm({ rawMaterialId }: { rawMaterialId: number }) {
  const tolerance = useTransitTolerance(rawMaterialId);
  if (!tolerance.data) return null;
  return (
    <Paper withBorder p="sm" mb="md">
      <ToleranceForm key={rawMaterialId} rawMaterialId={rawMaterialId} saved={tolerance.data.transitToleranceBp} />
    </Paper>
  );
}
