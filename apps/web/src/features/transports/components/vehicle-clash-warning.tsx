import type { VehicleClash } from '@grain/shared';
import { Alert, List, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTruck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { focusFirstError } from '../../../components/form/server-errors';
import { validationText } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import { doubleBookingNoteIssue } from '../transport-form';

/** A form that carries the double booking note: the transport form and the redirect dialog. */
type NoteForm = UseFormReturnType<{ doubleBookingNote: string }>;

/**
 * No truck in two places: the other planned transports of this truck or driver at the same time, with
 * their id, route, the parties' names (codes only where a name is missing), plate and dates, shown before save; saving then needs the double booking note. `hint` replaces the line under
 * the list where the note is shown elsewhere (the redirect summary).
 */
export function VehicleClashWarning({ clashes, hint }: { clashes: VehicleClash[]; hint?: string }) {
  const { t } = useTranslation();
  if (clashes.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconTruck size={18} />}
      title={t('transports.clash.title')}
      data-testid="vehicle-clash"
    >
      <List size="sm" spacing={4}>
        {clashes.map((clash) => (
          <List.Item key={clash.id}>
            <Text size="sm" span fw={600}>
              {t('transports.clash.transport', { id: clash.id })}
            </Text>{' '}
            {t('transports.clash.route', {
              from: clash.loadingCity ?? '—',
              to: clash.unloadingCity ?? '—',
              supplier: clash.supplierName || clash.supplierCode,
              recipient: clash.recipientName || clash.recipientCode,
              purchase: clash.purchaseDocumentNumber,
              sale: clash.salesDocumentNumber,
            })}
            {clash.registrationNumber && `, ${t('transports.clash.plate', { plate: clash.registrationNumber })}`}
            {', '}
            {formatDate(clash.dateLoading)}–{formatDate(clash.dateUnloading)}
            {' · '}
            {clash.fields.map((field) => t(`transports.clash.${field}`)).join(', ')}
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        {hint ?? t('transports.clash.hint')}
      </Text>
    </Alert>
  );
}

/**
 * The warning and, while there is a clash or the server refused for want of it (VEHICLE_ALREADY_PLANNED), the
 * double booking note: what the transport form and the redirect dialog show above their save buttons.
 */
export function VehicleClashFields({ clashes, form }: { clashes: VehicleClash[]; form: NoteForm }) {
  const { t } = useTranslation();
  return (
    <>
      <VehicleClashWarning clashes={clashes} />
      {(clashes.length > 0 || form.errors.doubleBookingNote) && (
        <Textarea
          label={t('transports.form.doubleBookingNote')}
          description={t('transports.form.doubleBookingNoteHint')}
          withAsterisk
          {...form.getInputProps('doubleBookingNote')}
        />
      )}
    </>
  );
}

/** Before save: marks the note the shown clashes need and moves the focus there; answers whether it was missing. */
export function markMissingDoubleBookingNote(form: NoteForm, clashCount: number): boolean {
  const issue = doubleBookingNoteIssue(clashCount, form.getValues().doubleBookingNote);
  if (!issue) return false;
  form.setFieldError(issue.path, validationText(issue.message));
  focusFirstError([issue.path]);
  return true;
}
