import { useEffect, useMemo, useRef } from 'react';
import { useContractor } from '../../contractors';
import { newPartyAddresses, partyAddressesOf, withCounterpartyAddresses } from '../address-values';
import type { ContractSide } from '../side';
import type { ContractFormApi } from './form-types';

/**
 * The counterparty's addresses the form can copy (those on file, or the inline new one's), and choosing a
 * counterparty: once its record arrives, its address fills the contract address when the freight says so.
 */
export function useCounterpartyAddresses(side: ContractSide, form: ContractFormApi) {
  const { newCounterparty, counterpartyId } = form.values;
  const contractor = useContractor(newCounterparty ? null : counterpartyId);
  const prefillFor = useRef<number | null>(null);

  const partyAddresses = useMemo(() => {
    if (newCounterparty) return newPartyAddresses(newCounterparty);
    return contractor.data && contractor.data.id === counterpartyId ? partyAddressesOf(contractor.data) : [];
  }, [newCounterparty, contractor.data, counterpartyId]);

  useEffect(() => {
    const data = contractor.data;
    if (!data || data.id !== prefillFor.current) return;
    prefillFor.current = null;
    form.setValues(withCounterpartyAddresses(side, form.getValues(), partyAddressesOf(data)));
  }, [contractor.data, side, form]);

  const chooseCounterparty = (id: number | null) => {
    prefillFor.current = id;
    form.setFieldValue('counterpartyId', id);
  };

  return { partyAddresses, chooseCounterparty };
}
