import { Box, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { isValidElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardPlace, Column } from './column';

/** Where each column goes on a card; a list that names no place gets its first column as title, the next four as fields. */
function placesOf<T>(columns: Column<T>[]): Map<string, CardPlace> {
  const named = columns.filter((column) => column.card);
  if (named.length) return new Map(named.map((column) => [column.key, column.card!]));
  const places = new Map<string, CardPlace>();
  columns.forEach((column, index) => {
    if (column.sticky) places.set(column.key, 'actions');
    else if (index === 0) places.set(column.key, 'title');
    else if (index <= 4) places.set(column.key, 'field');
  });
  return places;
}

/** The column's name as text: its label, its title, or the text inside a title element (a header with a hint). */
export function columnLabel<T>(column: Column<T>): string {
  if (column.label) return column.label;
  if (typeof column.title === 'string') return column.title;
  if (isValidElement<{ children?: unknown }>(column.title) && typeof column.title.props.children === 'string') {
    return column.title.props.children;
  }
  return column.key;
}

interface RowCardsProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  rowNote?: (row: T) => ReactNode;
  /** A card someone else just changed is marked for a moment (lib/live). */
  isMarked?: (row: T) => boolean;
}

/** Phone: every list is a list of cards (number, counterparty, figures, status, the row's actions). */
export function RowCards<T>({ columns, rows, rowKey, rowNote, isMarked }: RowCardsProps<T>) {
  const { t } = useTranslation();
  const places = placesOf(columns);
  const at = (place: CardPlace) => columns.filter((column) => places.get(column.key) === place);
  const titles = at('title');
  const subtitles = at('subtitle');
  const badges = at('badge');
  const fields = at('field');
  const actions = at('actions');
  return (
    <Stack gap="sm" component="ul" aria-label={t('tableView.cards')} p={0} m={0} data-testid="row-cards">
      {rows.map((row) => {
        const note = rowNote?.(row);
        return (
          <Card
            key={rowKey(row)}
            component="li"
            withBorder
            padding="sm"
            radius="md"
            data-testid="row-card"
            data-live-changed={isMarked?.(row) || undefined}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                {titles.map((column) => (
                  <Box key={column.key} fw={600}>
                    {column.render(row)}
                  </Box>
                ))}
                {subtitles.map((column) => (
                  <Box key={column.key} fz="sm">
                    {column.render(row)}
                  </Box>
                ))}
              </Stack>
              <Stack gap={4} align="flex-end">
                {badges.map((column) => (
                  <Box key={column.key}>{column.render(row)}</Box>
                ))}
              </Stack>
            </Group>
            {fields.length > 0 && (
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} mt="xs">
                {fields.map((column) => (
                  <Box key={column.key} style={{ minWidth: 0 }}>
                    <Text size="xs" c="dimmed">
                      {columnLabel(column)}
                    </Text>
                    <Box fz="sm">{column.render(row)}</Box>
                  </Box>
                ))}
              </SimpleGrid>
            )}
            {note && <Box mt="xs">{note}</Box>}
            {actions.length > 0 && (
              <Group justify="flex-end" mt="xs" gap="xs">
                {actions.map((column) => (
                  <Box key={column.key}>{(column.cardRender ?? column.render)(row)}</Box>
                ))}
              </Group>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
