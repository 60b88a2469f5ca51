import { MantineProvider, Textarea } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TEXTAREA_ROWS, theme } from './theme';

afterEach(cleanup);

/** Every component of the app, as text: the rows of a text area are the theme's, never a component's own. */
const sources = import.meta.glob<string>(['/src/**/*.tsx', '!/src/**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The props of each `<Textarea ... />` element in a source file. */
function textareaProps(source: string): string[] {
  return [...source.matchAll(/<Textarea\b([\s\S]*?)\/>/g)].map((match) => match[1] ?? '');
}

describe('text areas (spec/1 Inputs: 4 rows by default)', () => {
  it('renders a Textarea with 4 rows under the app theme', () => {
    render(
      <MantineProvider theme={theme}>
        <Textarea label="Uwagi" />
      </MantineProvider>,
    );
    const textarea = screen.getByRole('textbox', { name: 'Uwagi' }) as HTMLTextAreaElement;
    expect(TEXTAREA_ROWS).toBe(4);
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea.rows).toBe(4);
  });

  it('leaves the rows to the theme in every component of the app', () => {
    const files = Object.entries(sources).filter(([, source]) => source.includes('<Textarea'));
    expect(files.length).toBeGreaterThan(3);
    for (const [file, source] of files) {
      for (const props of textareaProps(source)) {
        expect(props, file).not.toMatch(/\b(rows|minRows|maxRows|autosize)\b/);
      }
    }
  });
});
