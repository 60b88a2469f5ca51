import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useListDensity } from '../../../components/list/data-table';
import { currentLine, LINE_KINDS, type LineKind, type Lines } from '../row-figures';

interface ThreeLineCellProps<T> {
  lines: Lines<T>;
  format: (value: T) => string;
  align?: 'left' | 'right';
}

/**
 * The lines a compact row (at most 40 px, issue 13) has room for: the one that counts now and, below it, the planned
 * one it is compared with. The others are in the cell's title and in the comfortable density.
 */
export function compactLineKinds<T>(lines: Lines<T>): LineKind[] {
  const current = currentLine(lines);
  return !current || current === 'planned' ? ['planned'] : [current, 'planned'];
}

/**
 * spec/1 Transaction statement: final, real and planned one under another, each labelled small ("końc.",
 * "rzecz.", "plan."); a missing one shows "—"; the line that counts now is bold.
 */
export function ThreeLineCell<T>({ lines, format, align = 'right' }: ThreeLineCellProps<T>) {
  const { t } = useTranslation();
  const current = currentLine(lines);
  const isCompact = useListDensity() === 'compact';
  const kinds = isCompact ? compactLineKinds(lines) : LINE_KINDS;
  const title = LINE_KINDS.map(
    (kind) => `${t(`statement.lineNames.${kind}`)}: ${lines[kind] === null ? '—' : format(lines[kind] as T)}`,
  ).join('\n');
  return (
    <Box
      component="dl"
      m={0}
      title={isCompact ? title : undefined}
      style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 6, alignItems: 'baseline' }}
    >
      {kinds.map((kind) => {
        const value = lines[kind];
        return [
          <Text key={`${kind}-label`} component="dt" fz={10} c="dimmed" title={t(`statement.lineNames.${kind}`)}>
            {t(`statement.lines.${kind}`)}
          </Text>,
          <Text
            key={`${kind}-value`}
            component="dd"
            m={0}
            fz="xs"
            fw={kind === current ? 700 : 400}
            c={value === null ? 'dimmed' : undefined}
            ta={align}
            style={{ whiteSpace: 'nowrap' }}
            data-line={kind}
          >
            {value === null ? '—' : format(value)}
          </Text>,
        ];
      })}
    </Box>
  );
}
