import type { AllocationChange, PurchaseToAllocateRow, SalesDashboardResponse } from '@grain/shared';
import { tonnesToKg } from '@grain/shared';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/form/confirm';
import { showServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import {
  type AllocationFormValues,
  allocationAction,
  allocationContext,
  allocationFormSchema,
  initialAllocationValues,
  needsMismatchStep,
  toAllocateRequest,
} from '../allocation-form';
import { useAllocate } from '../api';
import { AllocationMismatchStep } from './allocation-mismatch-step';
import { AllocationQuantityStep } from './allocation-quantity-step';

interface AllocationModalProps {
  sale: SalesDashboardResponse;
  /** The purchase row to allocate from; null keeps the modal closed. */
  purchase: PurchaseToAllocateRow | null;
  onClose: () => void;
}

const SUCCESS_KEY: Record<AllocationChange, string> = {
  CREATED: 'allocations.added',
  UPDATED: 'allocations.edited',
  REMOVED: 'allocations.removed',
};

/** spec/1 section 4 Allocation modal: the quantity and, when the sale's GMP/cert is unmet, the note, in one dialog. */
export function AllocationModal({ sale, purchase, onClose }: AllocationModalProps) {
  const { t } = useTranslation();
  const isEdit = purchase?.allocationId !== null && purchase !== null;
  return (
    <Modal
      opened={purchase !== null}
      onClose={onClose}
      centered
      title={
        purchase
          ? t(isEdit ? 'allocations.modalEdit' : 'allocations.modalAdd', { number: purchase.documentNumber })
          : ''
      }
    >
      {purchase && <AllocationForm key={purchase.id} sale={sale} purchase={purchase} onClose={onClose} />}
    </Modal>
  );
}

/**
 * One dialog: the quantity and, when the sale's GMP/certificate is unmet, the explanation note beneath
 * it. Saving does not ask twice; only removing an allocation (0 on edit) is confirmed.
 */
function AllocationForm({ sale, purchase, onClose }: AllocationModalProps & { purchase: PurchaseToAllocateRow }) {
  const { t } = useTranslation();
  const context = useMemo(() => allocationContext(sale, purchase), [sale, purchase]);
  const schema = useMemo(() => allocationFormSchema(context), [context]);
  const form = useZodForm<AllocationFormValues>({ schema, initialValues: initialAllocationValues(purchase) });
  const allocate = useAllocate(sale.id);

  const quantity = form.values.cargoQuantity;
  const kg = quantity === null ? null : tonnesToKg(quantity);
  const action = allocationAction(form.values, context);
  const isNoteShown = needsMismatchStep(kg, context);
  const submitLabel = t(
    action === 'remove'
      ? 'allocations.submitRemove'
      : action === 'update'
        ? 'allocations.submitEdit'
        : 'allocations.submitAdd',
  );

  const submit = form.handleSubmit(async (values) => {
    const request = toAllocateRequest(values, purchase.id, context);
    if (action === 'remove') {
      const confirmed = await confirmAction({
        title: t('allocations.confirmTitle'),
        message: t('allocations.confirmRemove', { purchase: purchase.documentNumber, sale: sale.documentNumber }),
        confirmLabel: submitLabel,
        isDanger: true,
      });
      if (!confirmed) return;
    }
    try {
      const answer = await allocate.mutateAsync(request);
      notifications.show({ color: 'green', message: t(SUCCESS_KEY[answer.change]), withCloseButton: true });
      onClose();
    } catch (error) {
      // ALLOCATE_QUANTITY_IS_TO_BIG under the quantity, GMP_CERT_NOT_SATISFIED under the note; others toasted.
      showServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AllocationQuantityStep form={form} context={context} kg={kg} />
        {isNoteShown && <AllocationMismatchStep form={form} context={context} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color={action === 'remove' ? 'red' : undefined} loading={allocate.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
