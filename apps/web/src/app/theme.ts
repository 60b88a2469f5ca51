import { Badge, type CSSVariablesResolver, createTheme, darken, type MantineTheme, Notification } from '@mantine/core';
import { pl } from '../i18n/pl';

/** spec/1 Inputs: "Text area has 4 rows by default". */
export const TEXTAREA_ROWS = 4;

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
    // No text under 12 px (WCAG 1.4.4 and 1.4.12): Mantine's badges set 9 to 11 px up to size md; the larger sizes
    // keep theirs. A badge is never cut to "NO…" in a narrow column: it keeps its own width.
    Badge: Badge.extend({
      vars: (_theme, props) =>
        props.size === 'lg' || props.size === 'xl' ? { root: {} } : { root: { '--badge-fz': '12px' } },
      styles: { root: { minWidth: 'max-content' } },
    }),
    // spec/1 Inputs: a text area has 4 rows by default; set once here, so no component sets its own.
    Textarea: { defaultProps: { rows: TEXTAREA_ROWS } },
    // WCAG 4.1.2: the dialogs' × button is named (axe button-name), in every modal.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': pl.common.closeDialog } } },
    // WCAG 4.1.2 (axe aria-required-children): Mantine's focus placeholder is a presentational div with a tabindex
    // inside role="menu"; without it the opened menu focuses its first item, as the menu pattern wants.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // WCAG 4.1.2 and spec/1 (the UI is Polish): Mantine names the eye button in English otherwise.
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': pl.common.togglePassword } } },
    // WCAG 4.1.2: a toast's × button is named; WCAG 1.4.3: a toast's message under a title is Mantine's gray 6
    // (3.3:1 on white), the dimmed ink instead.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': pl.common.close } },
      styles: (_theme, props) => (props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {}),
    }),
  },
});

/**
 * WCAG 2.1 AA: Mantine's shade 6 is too light for text on white or on its own light tint (grey #868e96
 * 3.3:1, brand green #469b4f 3.5:1, the blue NOWY badge 2.7:1). Every colour's text, light-variant text, outline
 * and filled background uses a darker "ink" that reaches at least 4.5:1 on white, on its light tint (shade 1)
 * and under white text. The palettes stay as they are, so tints and hovers look the same.
 */
const INK: Record<string, string> = {
  gray: '#495057',
  dark: '#343a40',
  red: '#b02525',
  pink: '#a61e4d',
  grape: '#862e9c',
  violet: '#5f3dc4',
  indigo: '#364fc7',
  blue: '#1864ab',
  cyan: '#0b6b7d',
  teal: '#066b4d',
  green: '#2f6b3a',
  lime: '#466d0b',
  yellow: '#855600',
  orange: '#a8420a',
};
/** The brand's filled green (buttons): white text on it is 5.3:1. */
const BRAND_FILLED = '#2f7a37';
const BRAND_FILLED_HOVER = '#2f6b3a';
const DIMMED = '#5f666d';
/**
 * The light and subtle variants' hover tint. Mantine's shade 2 leaves the ink under 4.5:1 (green 4.0:1 on a hovered
 * "Ilość z planu", axe color-contrast); shade 1 darkened by 3 % keeps every ink at 4.6:1 or more.
 */
const LIGHT_HOVER_DARKEN = 0.03;

function inkVariables(theme: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [color, ink] of Object.entries(INK)) {
    const filled = color === 'green' ? BRAND_FILLED : ink;
    const lightTint = theme.colors[color]?.[1];
    variables[`--mantine-color-${color}-text`] = ink;
    variables[`--mantine-color-${color}-light-color`] = ink;
    if (lightTint) variables[`--mantine-color-${color}-light-hover`] = darken(lightTint, LIGHT_HOVER_DARKEN);
    variables[`--mantine-color-${color}-outline`] = ink;
    variables[`--mantine-color-${color}-filled`] = filled;
    variables[`--mantine-color-${color}-filled-hover`] = color === 'green' ? BRAND_FILLED_HOVER : ink;
  }
  return variables;
}

export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    ...inkVariables(theme),
    '--mantine-color-dimmed': DIMMED,
    '--mantine-color-anchor': INK.green!,
    '--mantine-primary-color-filled': BRAND_FILLED,
    '--mantine-primary-color-filled-hover': BRAND_FILLED_HOVER,
    '--mantine-primary-color-light-color': INK.green!,
    '--mantine-color-placeholder': DIMMED,
    // A field's error text ("Pole jest wymagane") on white: red shade 6 is 3.6:1.
    '--mantine-color-error': INK.red!,
  },
  dark: {},
});
