import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'green',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  colors: {
    green: [
      '#eef7ef',
      '#dcebdd',
      '#b5d6b8',
      '#8bc090',
      '#68ad6f',
      '#52a15a',
      '#469b4f',
      '#378740',
      '#2f6b3a',
      '#1f5a2a',
    ],
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
  },
});
