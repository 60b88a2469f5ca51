import { MAX_CONTRACTOR_ADDRESSES } from '@grain/shared';
import { Button, Stack, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AddEntryButton, EntryCard } from '../../../components/form/entry-card';
import { type ContractorFormValues, emptyAdditionalAddress, hasAddress, withAccountingAddress } from '../form-values';
import { AddressFields } from './address-fields';

/** "Adresy dodatkowe": repeatable, at most MAX_CONTRACTOR_ADDRESSES, each can copy the accounting address. */
export function AdditionalAddressesSection({ form }: { form: UseFormReturnType<ContractorFormValues> }) {
  const { t } = useTranslation();
  const addresses = form.values.additionalAddress;
  const canCopy = hasAddress(form.values.accountingAddress);

  const remove = (index: number) => {
    if (addresses.length === 1) form.setFieldValue('additionalAddress', [emptyAdditionalAddress()]);
    else form.removeListItem('additionalAddress', index);
  };

  const copyAccountingAddress = (index: number) => {
    form.setFieldValue(
      `additionalAddress.${index}`,
      withAccountingAddress(addresses[index]!, form.values.accountingAddress),
    );
  };

  return (
    <Stack gap="sm">
      {addresses.map((address, index) => {
        const path = `additionalAddress.${index}`;
        const number = index + 1;
        const copyButton = (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconCopy size={14} />}
            disabled={!canCopy}
            onClick={() => copyAccountingAddress(index)}
          >
            {t('contractors.useContractorAddress')}
          </Button>
        );
        return (
          <EntryCard
            key={address.id ?? `new-${index}`}
            title={t('contractors.addressNumber', { number })}
            removeLabel={t('contractors.removeAddress', { number })}
            onRemove={() => remove(index)}
            actions={
              <Tooltip label={t('contractors.useContractorAddressHint')} disabled={canCopy}>
                <span>{copyButton}</span>
              </Tooltip>
            }
          >
            <Stack gap="sm">
              <TextInput
                label={t('contractors.addressName')}
                maw={{ sm: 420 }}
                {...form.getInputProps(`${path}.name`)}
              />
              <AddressFields form={form} path={path} isCityRequired />
            </Stack>
          </EntryCard>
        );
      })}
      <AddEntryButton
        label={t('contractors.addAddress')}
        count={addresses.length}
        max={MAX_CONTRACTOR_ADDRESSES}
        onAdd={() => form.insertListItem('additionalAddress', emptyAdditionalAddress())}
      />
    </Stack>
  );
}
