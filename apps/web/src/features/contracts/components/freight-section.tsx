import { FREIGHTS, type Freight, formatAddressLine } from '@grain/shared';
import { Group, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../contractors';
import {
  ACCOUNTING_ADDRESS_KEY,
  isCounterpartyAddress,
  type PartyAddress,
  withFreight,
  withPartyAddress,
} from '../address-values';
import type { ContractSide } from '../side';
import type { ContractFormApi, CounterpartyFormApi } from './form-types';

interface FreightSectionProps {
  side: ContractSide;
  form: ContractFormApi;
  partyAddresses: PartyAddress[];
}

/**
 * Freight and address (spec/1 Contract forms): FCA is reception at the supplier's address, CPT supply to the
 * recipient's. Choosing the freight resets the address and fills in the counterparty's when it is theirs.
 */
export function FreightSection({ side, form, partyAddresses }: FreightSectionProps) {
  const { t } = useTranslation();
  const { freight, isCert } = form.values;
  const isPartyAddress = isCounterpartyAddress(side, freight);
  const partyLabel = (party: PartyAddress) =>
    party.key === ACCOUNTING_ADDRESS_KEY
      ? t('contractors.accountingAddressSection')
      : (party.name ?? t('contractors.addressesSection'));
  const hasCounterparty = form.values.newCounterparty !== null || form.values.counterpartyId !== null;

  const changeFreight = (next: string) => {
    if (next !== freight) form.setValues(withFreight(side, form.getValues(), next as Freight, partyAddresses));
  };
  const chooseAddress = (key: string | null) => {
    form.setValues(
      withPartyAddress(
        form.getValues(),
        partyAddresses.find((party) => party.key === key),
      ),
    );
  };

  return (
    <Stack gap="md">
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('contracts.fields.freight')}
          </Text>
          <SegmentedControl
            aria-label={t('contracts.fields.freight')}
            value={freight}
            onChange={changeFreight}
            data={FREIGHTS.map((value) => ({ value, label: t(`contracts.freights.${value}`) }))}
          />
        </Stack>
        <Switch label={t('contracts.fields.isFor')} {...form.getInputProps('isFor', { type: 'checkbox' })} />
        <Switch label={t('contracts.fields.isCert')} {...form.getInputProps('isCert', { type: 'checkbox' })} />
        <Switch label={t('contracts.fields.isGmp')} {...form.getInputProps('isGmp', { type: 'checkbox' })} />
      </Group>
      {side.hasCountyCode && isCert && (
        <TextInput label={t('contracts.fields.countyCode')} maw={{ sm: 240 }} {...form.getInputProps('countyCode')} />
      )}
      <Text size="sm" fw={600}>
        {t(`contracts.addressTitle.${freight}`)}
      </Text>
      {isPartyAddress && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('contracts.form.chosenAddress', { party: t(`${side.i18n}.counterparty`).toLowerCase() })}
            placeholder={
              partyAddresses.length
                ? undefined
                : t(hasCounterparty ? 'contracts.form.noPartyAddress' : 'contracts.form.chooseCounterpartyFirst')
            }
            disabled={partyAddresses.length === 0}
            data={partyAddresses.map((party) => ({
              value: party.key,
              label: `${partyLabel(party)}: ${formatAddressLine(party.address)}`,
            }))}
            value={form.values.chosenAddress}
            onChange={chooseAddress}
            allowDeselect={false}
          />
        </SimpleGrid>
      )}
      {/* The contractor form's address fields; they read only the form's input props under `address`. */}
      <AddressFields form={form as unknown as CounterpartyFormApi} path="address" isCityRequired />
    </Stack>
  );
}
