import type { UseFormReturnType } from '@mantine/form';
import type { ContractorFormValues } from '../../contractors';
import type { ContractFormValues } from '../form-value-types';

export type ContractFormApi = UseFormReturnType<ContractFormValues>;
export type CounterpartyFormApi = UseFormReturnType<ContractorFormValues>;

/** getInputProps with `value` always present, as NumberField and DateInput require it. */
export function valueInputProps(form: ContractFormApi, path: string) {
  const props = form.getInputProps(path);
  return { ...props, value: props.value ?? null };
}
