import { AGREEMENT_STATUSES, type AgreementStatus, type ContractStatus, nextContractStatuses } from '@grain/shared';
import { ActionIcon, Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsExchange, IconSignature } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/form/confirm';
import { AgreementStatusBadge, ContractStatusBadge } from '../../../components/status-badges';
import { useChangeAgreementStatus, useChangeContractStatus } from '../api';
import type { ContractSide } from '../side';

interface StatusMenuProps {
  side: ContractSide;
  id: number;
  documentNumber: string;
  /** The dashboard header shows the current status with the action's name instead of an icon. */
  isInHeader?: boolean;
}

/** The menu's opener: an icon in table rows, the current badge and the action's name in the dashboard header. */
function MenuOpener({
  label,
  documentNumber,
  isLoading,
  icon,
  current,
  isInHeader,
  ...targetProps
}: {
  label: string;
  documentNumber: string;
  isLoading: boolean;
  icon: ReactNode;
  current: ReactNode;
  isInHeader?: boolean;
  // Menu.Target passes its ref, click handler and aria attributes on to the opener.
  ref?: Ref<HTMLButtonElement>;
}) {
  if (isInHeader) {
    return (
      <Button
        {...targetProps}
        variant="default"
        size="sm"
        leftSection={icon}
        rightSection={current}
        loading={isLoading}
      >
        {label}
      </Button>
    );
  }
  return (
    <ActionIcon
      {...targetProps}
      variant="light"
      title={label}
      aria-label={`${label} ${documentNumber}`}
      loading={isLoading}
    >
      {icon}
    </ActionIcon>
  );
}

const success = (message: string) =>
  notifications.show({ color: 'green', message, autoClose: 5000, withCloseButton: true });

/**
 * Offers only the transitions of the shared table (RULES.md Contracts); only cancelling, which throws the contract
 * out of every list, is confirmed (confirm only what cannot be undone).
 */
export function useContractStatusChoice({
  side,
  id,
  documentNumber,
  status,
}: StatusMenuProps & { status: ContractStatus }): StatusChoice<ContractStatus> {
  const { t } = useTranslation();
  const change = useChangeContractStatus(side);
  const label = t('contracts.actions.changeStatus');
  const choose = async (to: ContractStatus) => {
    if (to === 'CANCELLED') {
      const confirmed = await confirmAction({
        title: label,
        message: t('contracts.actions.changeStatusConfirm', {
          number: documentNumber,
          from: t(`status.contract.${status}`),
          to: t(`status.contract.${to}`),
        }),
        isDanger: true,
        isStatusChange: true,
      });
      if (!confirmed) return;
    }
    await change.mutateAsync({ id, status: to });
    success(t('contracts.actions.statusChanged'));
  };
  return { label, isPending: change.isPending, choose };
}

/** Any agreement status to any other; choosing the current one does nothing (spec/1 section 4). */
export function useAgreementStatusChoice({
  side,
  id,
  agreementStatus,
}: StatusMenuProps & { agreementStatus: AgreementStatus }): StatusChoice<AgreementStatus> {
  const { t } = useTranslation();
  const change = useChangeAgreementStatus(side);
  const label = t('contracts.actions.changeAgreementStatus');
  const choose = async (to: AgreementStatus) => {
    if (to === agreementStatus) return;
    await change.mutateAsync({ id, agreementStatus: to });
    success(t('contracts.actions.agreementStatusChanged'));
  };
  return { label, isPending: change.isPending, choose };
}

export interface StatusChoice<S> {
  label: string;
  isPending: boolean;
  choose: (to: S) => Promise<void>;
}

type ContractStatusProps = StatusMenuProps & { status: ContractStatus };
type AgreementStatusProps = StatusMenuProps & { agreementStatus: AgreementStatus };

/** The status menu's items under their label; also a group of a phone card's actions menu. */
export function ContractStatusItems({
  choice,
  status,
}: {
  choice: StatusChoice<ContractStatus>;
  status: ContractStatus;
}) {
  const { label, choose } = choice;
  return (
    <>
      <Menu.Label>{label}</Menu.Label>
      {nextContractStatuses(status).map((to) => (
        <Menu.Item key={to} onClick={() => void choose(to).catch(() => undefined)}>
          <ContractStatusBadge status={to} />
        </Menu.Item>
      ))}
    </>
  );
}

export function AgreementStatusItems({
  choice,
  agreementStatus,
}: {
  choice: StatusChoice<AgreementStatus>;
  agreementStatus: AgreementStatus;
}) {
  const { label, choose } = choice;
  return (
    <>
      <Menu.Label>{label}</Menu.Label>
      {AGREEMENT_STATUSES.map((to) => (
        <Menu.Item
          key={to}
          onClick={() => void choose(to).catch(() => undefined)}
          aria-current={to === agreementStatus ? 'true' : undefined}
        >
          <AgreementStatusBadge status={to} />
        </Menu.Item>
      ))}
    </>
  );
}

export function ContractStatusMenu(props: ContractStatusProps) {
  const choice = useContractStatusChoice(props);
  const { label, isPending } = choice;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <MenuOpener
          label={label}
          documentNumber={props.documentNumber}
          isLoading={isPending}
          icon={<IconArrowsExchange size={16} />}
          current={<ContractStatusBadge status={props.status} />}
          isInHeader={props.isInHeader}
        />
      </Menu.Target>
      <Menu.Dropdown>
        <ContractStatusItems choice={choice} status={props.status} />
      </Menu.Dropdown>
    </Menu>
  );
}

export function AgreementStatusMenu(props: AgreementStatusProps) {
  const choice = useAgreementStatusChoice(props);
  const { label, isPending } = choice;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <MenuOpener
          label={label}
          documentNumber={props.documentNumber}
          isLoading={isPending}
          icon={<IconSignature size={16} />}
          current={<AgreementStatusBadge status={props.agreementStatus} />}
          isInHeader={props.isInHeader}
        />
      </Menu.Target>
      <Menu.Dropdown>
        <AgreementStatusItems choice={choice} agreementStatus={props.agreementStatus} />
      </Menu.Dropdown>
    </Menu>
  );
}
