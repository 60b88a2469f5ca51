import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useListDensity } from '../../../components/list/data-table';
import { currentLine, LINE_KINDS, type Lines } from '../row-figures';

interface ThreeLineCellProps<T> {
  lines: Lines<T>;
  format: (value: T) => string;
  align?: 'left' | 'right';
}

/**
 * spec/1 Transaction statement: final, real and planned one under another, each labelled small ("końc.",
 * "rzecz.", "plan."); a missing one shows "—"; the line that counts now is bold. Compact rows (at most 40 px)
 * keep all three lines, set tighter; no text under 12 px (WCAG 1.4.4, the desk reads these figures all day).
 */
export function ThreeLineCell<T>({ lines, format, align = 'right' }: ThreeLineCellProps<T>) {
  const { t } = useTranslation();
  const current = currentLine(lines);
  const isCompact = useListDensity() === 'compact';
  const lineHeight = isCompact ? 1 : undefined;
  if (isCompact) {
    // Compact rows are one line high and the statement fits 1440 px: the line that counts (final, else real, else
    // planned) alone, which one it is and all three in the title; the comfortable density shows the three lines.
    const all = LINE_KINDS.map((kind) => {
      const value = lines[kind];
      return `${t(`statement.lineNames.${kind}`)}: ${value === null ? '—' : format(value)}`;
    }).join('\n');
    const value = current ? lines[current] : null;
    return (
      <Text fz="sm" fw={700} ta={align} title={all} style={{ whiteSpace: 'nowrap' }} data-line={current ?? undefined}>
        {value === null || value === undefined ? '—' : format(value)}
      </Text>
    );
  }
  return (
    <Box
      component="dl"
      m={0}
      style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 6, alignItems: 'baseline' }}
    >
      {LINE_KINDS.map((kind) => {
        const value = lines[kind];
        return [
          <Text
            key={`${kind}-label`}
            component="dt"
            fz="xs"
            lh={lineHeight}
            c="dimmed"
            title={t(`statement.lineNames.${kind}`)}
          >
            {t(`statement.lines.${kind}`)}
          </Text>,
          <Text
            key={`${kind}-value`}
            component="dd"
            m={0}
            fz="xs"
            lh={lineHeight}
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
