import { PARAM_TYPES, type ParamType } from '@grain/shared';
import { ActionIcon, Autocomplete, Select, Table, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-input';
import {
  booleanToText,
  PARAMETER_NAMES,
  type ParamsFormValues,
  textToBoolean,
  withSuggestion,
  withType,
} from '../params-form';

interface ParamRowProps {
  form: UseFormReturnType<ParamsFormValues>;
  index: number;
}

function ValueInput({ form, index, label }: ParamRowProps & { label: string }) {
  const { t } = useTranslation();
  const path = `params.${index}.value`;
  const row = form.values.params[index]!;
  const { error, onBlur, onFocus } = form.getInputProps(path);
  const common = { 'aria-label': label, error, onBlur, onFocus };
  if (row.type === 'boolean') {
    return (
      <Select
        {...common}
        clearable
        data={[
          { value: 'true', label: t('common.yes') },
          { value: 'false', label: t('common.no') },
        ]}
        value={booleanToText(row.value)}
        onChange={(text) => form.setFieldValue(path, textToBoolean(text))}
      />
    );
  }
  if (row.type === 'number') {
    return (
      <NumberField
        {...common}
        allowNegative
        decimals={3}
        value={typeof row.value === 'number' ? row.value : null}
        onChange={(value) => form.setFieldValue(path, value)}
      />
    );
  }
  return (
    <TextInput
      {...common}
      value={typeof row.value === 'string' ? row.value : ''}
      onChange={(event) => form.setFieldValue(path, event.currentTarget.value)}
    />
  );
}

/**
 * One editable parameter: name (the market's parameters suggested: protein, falling number, DON…), type, unit and a
 * value input that follows the type.
 */
export function ParamRow({ form, index }: ParamRowProps) {
  const { t } = useTranslation();
  const row = form.values.params[index]!;
  const number = index + 1;
  const suffix = row.name.trim() ? `: ${row.name.trim()}` : ` ${number}`;
  const removeLabel = t('cargo.removeParam', { number });
  return (
    <Table.Tr>
      <Table.Td>
        <Autocomplete
          aria-label={`${t('cargo.paramName')} ${number}`}
          data={PARAMETER_NAMES}
          {...form.getInputProps(`params.${index}.name`)}
          onOptionSubmit={(name) => form.setFieldValue(`params.${index}`, withSuggestion(row, name))}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`${t('cargo.paramType')}${suffix}`}
          allowDeselect={false}
          data={PARAM_TYPES.map((type) => ({ value: type, label: t(`cargo.types.${type}`) }))}
          value={row.type}
          onChange={(type) => type && form.setFieldValue(`params.${index}`, withType(row, type as ParamType))}
        />
      </Table.Td>
      <Table.Td>
        <TextInput aria-label={`${t('cargo.paramUnit')}${suffix}`} {...form.getInputProps(`params.${index}.unit`)} />
      </Table.Td>
      <Table.Td>
        <ValueInput form={form} index={index} label={`${t('cargo.paramValue')}${suffix}`} />
      </Table.Td>
      <Table.Td>
        <Tooltip label={removeLabel}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={removeLabel}
            onClick={() => form.removeListItem('params', index)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}
