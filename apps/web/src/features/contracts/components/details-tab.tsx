import { nextContractStatuses } from '@grain/shared';
import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../../components/form/confirm';
import { formatDateTime, formatTonnes } from '../../../lib/format';
import { useDeleteContract, useUpdateContract } from '../api';
import { type ContractDashboard, cannotDeleteReasons } from '../contract-view';
import { toFormValues, toUpdateRequest } from '../form-values';
import { type ContractSide, dashboardPath } from '../side';
import { ContractForm } from './contract-form';
import { ContractHistory } from './contract-history';

const toast = (message: string) =>
  notifications.show({ color: 'green', message, autoClose: 5000, withCloseButton: true });

/** spec/1 Contract dashboards, details tab: the edit form, delete (only with canDelete), timestamps and history. */
export function DetailsTab({ side, contract }: { side: ContractSide; contract: ContractDashboard }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateContract(side, contract.id);
  const remove = useDeleteContract(side, contract.id);
  const initialValues = useMemo(() => toFormValues(side, contract), [side, contract]);
  const statuses = useMemo(() => [contract.status, ...nextContractStatuses(contract.status)], [contract.status]);

  const askDelete = async () => {
    const confirmed = await confirmAction({
      title: t(`${side.i18n}.deleteTitle`),
      message: t(`${side.i18n}.deleteConfirm`, { number: contract.documentNumber }),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!confirmed) return;
    await remove.mutateAsync();
    toast(t(`${side.i18n}.deleted`));
    navigate(side.listPath);
  };

  const cannotDeleteText = t('contracts.dashboard.cannotDeleteBecause', {
    reasons: cannotDeleteReasons(contract)
      .map((reason) => t(`contracts.dashboard.${reason}`, { quantity: formatTonnes(contract.allocated) }))
      .join(t('contracts.dashboard.reasonJoin')),
  });

  const deleteButton = (
    <Button
      variant="outline"
      color="red"
      leftSection={<IconTrash size={16} />}
      loading={remove.isPending}
      disabled={!contract.canDelete}
      onClick={() => void askDelete().catch(() => undefined)}
    >
      {t('common.delete')}
    </Button>
  );

  return (
    <Stack gap="md">
      <ContractForm
        key={contract.updatedAt}
        side={side}
        mode="edit"
        initialValues={initialValues}
        statuses={statuses}
        isSaving={update.isPending}
        onCancel={() => navigate(dashboardPath(side, contract.id))}
        onSave={async (values) => {
          await update.mutateAsync(toUpdateRequest(side, values, initialValues));
          toast(t(`${side.i18n}.updated`));
        }}
        extraActions={
          contract.canDelete ? (
            deleteButton
          ) : (
            <Group gap="xs" wrap="nowrap">
              <Tooltip label={cannotDeleteText}>
                <span>{deleteButton}</span>
              </Tooltip>
              <Text size="sm" c="dimmed" data-testid="cannot-delete-reason" maw={360}>
                {cannotDeleteText}
              </Text>
            </Group>
          )
        }
      />
      <Group gap="lg">
        <Text size="sm" c="dimmed" data-testid="created-at">
          {t('contractors.createdAt')}: {formatDateTime(contract.createdAt)}
        </Text>
        <Text size="sm" c="dimmed" data-testid="updated-at">
          {t('contractors.updatedAt')}: {formatDateTime(contract.updatedAt)}
        </Text>
      </Group>
      <ContractHistory history={contract.history} currency={contract.currency} />
    </Stack>
  );
}
