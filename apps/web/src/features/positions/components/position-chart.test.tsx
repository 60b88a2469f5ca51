import { MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PositionChart } from './position-chart';

afterEach(cleanup);

describe('the position chart', () => {
  it("names each bar's tonnes as the rest of the screen does", () => {
    const { container } = render(
      <MantineProvider env="test">
        <PositionChart
          timeline={{ rawMaterialId: 1, months: [{ month: '2026-03', purchase: 1_234_500, sales: 25_000 }] }}
        />
      </MantineProvider>,
    );
    const titles = [...container.querySelectorAll('title')].map((title) => title.textContent?.replace(/\u00a0/g, ' '));
    expect(titles).toEqual(['2026-03 zakup: 1 234,500 t', '2026-03 sprzedaż: 25,000 t']);
  });
});
