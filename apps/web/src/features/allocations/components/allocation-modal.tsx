import type { AllocationChange, PurchaseToAllocateRow, SalesDashboardResponse } from '@grain/shared';
import { tonnesToKg } from '@grain/shared';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/form/confirm';
import { applyServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { formatTonnes } from '../../../lib/format';
import {
  type AllocationFormValues,
  allocationAction,
  allocationContext,
  allocationFormSchema,
  canLeaveQuantityStep,
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

/** spec/1 section 4 Allocation modal: the quantity step, then the mismatch step when the sale's GMP/cert is unmet. */
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

function AllocationForm({ sale, purchase, onClose }: AllocationModalProps & { purchase: PurchaseToAllocateRow }) {
  const { t } = useTranslation();
  const context = useMemo(() => allocationContext(sale, purchase), [sale, purchase]);
  const schema = useMemo(() => allocationFormSchema(context), [context]);
  const form = useZodForm<AllocationFormValues>({ schema, initialValues: initialAllocationValues(purchase) });
  const [step, setStep] = useState<'quantity' | 'mismatch'>('quantity');
  const allocate = useAllocate(sale.id);

  const quantity = form.values.cargoQuantity;
  const kg = quantity === null ? null : tonnesToKg(quantity);
  const action = allocationAction(form.values, context);
  const hasNextStep = step === 'quantity' && needsMismatchStep(kg, context);
  const submitLabel = t(
    action === 'remove'
      ? 'allocations.submitRemove'
      : action === 'update'
        ? 'allocations.submitEdit'
        : 'allocations.submitAdd',
  );

  const submit = async () => {
    if (form.validate().hasErrors) return;
    const request = toAllocateRequest(form.values, purchase.id, context);
    const names = { purchase: purchase.documentNumber, sale: sale.documentNumber };
    const confirmed = await confirmAction({
      title: t('allocations.confirmTitle'),
      message: t(`allocations.confirm${action === 'remove' ? 'Remove' : action === 'update' ? 'Edit' : 'Add'}`, {
        ...names,
        quantity: formatTonnes(request.cargoQuantity),
      }),
      confirmLabel: submitLabel,
      isDanger: action === 'remove',
    });
    if (!confirmed) return;
    try {
      const answer = await allocate.mutateAsync(request);
      notifications.show({ color: 'green', message: t(SUCCESS_KEY[answer.change]), withCloseButton: true });
      onClose();
    } catch (error) {
      // Refusals (ALLOCATE_QUANTITY_IS_TO_BIG, GMP_CERT_NOT_SATISFIED, ...) are toasted by the client.
      applyServerErrors(form as never, error);
    }
  };

  const onPrimary = () => {
    if (hasNextStep) setStep('mismatch');
    else void submit();
  };
  const canContinue = canLeaveQuantityStep(form.values, context);
  const isPrimaryEnabled = step === 'quantity' ? canContinue : form.isValid;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (isPrimaryEnabled) onPrimary();
      }}
      noValidate
    >
      <Stack gap="md">
        {step === 'quantity' ? (
          <AllocationQuantityStep form={form} context={context} kg={kg} />
        ) : (
          <AllocationMismatchStep form={form} context={context} />
        )}
        <Group justify="flex-end" gap="sm">
          {step === 'mismatch' ? (
            <Button variant="default" onClick={() => setStep('quantity')}>
              {t('common.back')}
            </Button>
          ) : (
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
          )}
          <Button
            type="submit"
            color={action === 'remove' ? 'red' : undefined}
            disabled={!isPrimaryEnabled}
            loading={allocate.isPending}
          >
            {hasNextStep ? t('allocations.next') : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
