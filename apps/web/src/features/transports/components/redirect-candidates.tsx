import type { ReallocateCandidate, TransportResponse } from '@grain/shared';
import { Center, Group, Loader, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../components/list/list-state';
import { formatTonnes } from '../../../lib/format';
import { FlagBadges } from '../../allocations';
import { useReallocateCandidates } from '../api';
import { isOverSaleTolerance } from '../reallocate-form';

interface RedirectCandidatesProps {
  transport: TransportResponse;
  value: ReallocateCandidate | null;
  onChange: (sale: ReallocateCandidate) => void;
  error?: string;
}

/** The sales contracts a transport could go to instead (same raw material, open statuses), searchable. */
export function RedirectCandidates({ transport, value, onChange, error }: RedirectCandidatesProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const candidates = useReallocateCandidates(transport, debounced);
  const found = candidates.data?.list ?? [];
  // The chosen sale stays listed whatever the search shows (coming back from the summary the search starts empty).
  const list = value && !found.some((sale) => sale.id === value.id) ? [value, ...found] : found;

  return (
    <Stack gap="xs">
      <TextInput
        label={t('transports.redirect.chooseSale')}
        withAsterisk
        leftSection={<IconSearch size={16} />}
        placeholder={t('transports.redirect.searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        error={error}
      />
      <ScrollArea.Autosize mah={260} type="auto">
        {candidates.isLoading && list.length === 0 ? (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed" py="sm">
            {t('transports.redirect.noCandidates')}
          </Text>
        ) : (
          <Radio.Group
            value={value ? String(value.id) : null}
            onChange={(id) => {
              const sale = list.find((item) => String(item.id) === id);
              if (sale) onChange(sale);
            }}
            aria-label={t('transports.redirect.candidates')}
          >
            <Stack gap={6}>
              {list.map((sale) => (
                <Radio.Card key={sale.id} value={String(sale.id)} p="xs" radius="sm">
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator mt={2} />
                    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                      <Group gap="xs" justify="space-between" wrap="wrap">
                        <Text size="sm" fw={600}>
                          {sale.documentNumber} · {sale.counterpartyCode}
                        </Text>
                        <FlagBadges isGmp={sale.isGmp} isCert={sale.isCert} />
                      </Group>
                      <Text size="xs" c="dimmed">
                        {t('transports.redirect.candidateLine', {
                          quality: sale.rawMaterialQualityTitle,
                          address: sale.addressFull,
                          toAllocate: formatTonnes(sale.toAllocate),
                        })}
                      </Text>
                      {isOverSaleTolerance(transport, sale) && (
                        <Text size="xs" c="red.8">
                          {t('transports.redirect.overToleranceShort')}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}
