import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/** WCAG relative luminance of a #rrggbb or rgb(a)(r, g, b, ...) colour. */
function luminance(color: string): number {
  const channels = color.startsWith('#')
    ? [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16))
    : (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const [r = 0, g = 0, b = 0] = channels.map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(merged).light;
const inkColors = Object.keys(light)
  .filter((name) => name.startsWith('--mantine-color-') && name.endsWith('-light-color'))
  .map((name) => name.replace('--mantine-color-', '').replace('-light-color', ''));

describe('theme ink (WCAG 1.4.3, 4.5:1)', () => {
  it.each(inkColors)('%s text reads on white, on its light tint and on that tint hovered', (color) => {
    const ink = light[`--mantine-color-${color}-light-color`]!;
    expect(contrast(ink, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(ink, merged.colors[color]![1]!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(ink, light[`--mantine-color-${color}-light-hover`]!)).toBeGreaterThanOrEqual(4.5);
  });

  it('the hovered tint still differs from the resting one', () => {
    for (const color of inkColors)
      expect(light[`--mantine-color-${color}-light-hover`]).not.toBe(merged.colors[color]![1]);
  });
});
