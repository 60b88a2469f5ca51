import type { TransactionRow } from '@grain/shared';
import { Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { SEARCH_DEBOUNCE_MS } from '../../../components/list/list-state';
import { formatTonnes } from '../../../lib/format';
import { useRawMaterialsWithQualities } from '../../cargo';
import { useMove, useMoveCandidates } from '../api';
import { type MoveFormValues, moveFormSchema, rawMaterialOfRow } from '../row-forms';
import { RowSummary } from './row-summary';

interface MoveOption {
  value: number;
  label: string;
  number: string;
}

/** Move (RULES.md Settlements): to another open contract of the same counterparty, raw material and currency. */
export function MoveForm({ row, onDone }: { row: TransactionRow; onDone: () => void }) {
  const { t } = useTranslation();
  const move = useMove();
  const schema = useMemo(() => moveFormSchema(row), [row]);
  const form = useZodForm<MoveFormValues>({ schema, initialValues: { contractId: null } });
  const [search, setSearch] = useState('');
  const [isOpen, setOpen] = useState(false);
  const rawMaterials = useRawMaterialsWithQualities();
  const rawMaterialId = rawMaterialOfRow(rawMaterials.data, row)?.id ?? null;
  const currentNumber =
    row.type === 'PURCHASE' ? row.purchaseAgreementDocumentNumber : row.salesAgreementDocumentNumber;

  const [selected, setSelected] = useState<MoveOption | null>(null);
  // Typing searches; the input showing the chosen contract is not a search.
  const query = search === selected?.label ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  // Waits for the raw material, so the first request is already filtered by it.
  const candidates = useMoveCandidates(row, rawMaterialId, debounced, !rawMaterials.isPending);
  const found: MoveOption[] = (candidates.data ?? []).map((contract) => ({
    value: contract.id,
    number: contract.documentNumber,
    label: t('statement.move.option', {
      number: contract.documentNumber,
      quality: contract.rawMaterialQualityTitle,
      quantity: formatTonnes(contract.cargoQuantity),
    }),
  }));
  const options = selected && !found.some((option) => option.value === selected.value) ? [...found, selected] : found;

  const submit = form.handleSubmit(async (values) => {
    const request = schema.parse(values);
    await submitChange(form, { send: () => move.mutateAsync(request), saved: t('statement.move.saved'), done: onDone });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <RowSummary row={row} />
        <Text fz="sm">{t('statement.move.current', { number: currentNumber ?? '—' })}</Text>
        <Select<number>
          label={t('statement.move.contract')}
          description={t('statement.move.hint', { code: row.contractorCode, currency: row.currency })}
          placeholder={t('statement.move.placeholder')}
          withAsterisk
          searchable
          data={options.map(({ value, label }) => ({ value, label }))}
          value={form.values.contractId}
          onChange={(next) => {
            setSelected(options.find((option) => option.value === next) ?? null);
            form.setFieldValue('contractId', next ?? null);
          }}
          error={form.errors.contractId}
          searchValue={search}
          onSearchChange={setSearch}
          // The server searched by the text; the list holds only the candidates.
          filter={({ options: all }) => all}
          nothingFoundMessage={candidates.isFetching ? t('common.loading') : t('common.noOptions')}
          rightSection={candidates.isFetching && isOpen ? <Loader size={14} /> : undefined}
          onDropdownOpen={() => setOpen(true)}
          onDropdownClose={() => setOpen(false)}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={move.isPending}>
            {t('statement.move.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
