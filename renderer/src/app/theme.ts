import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Light badges and buttons (a status, "Locked", "Delivered") write their text in the colour's
 * shade 9, not Mantine's 6: teal, green and orange text on their light tint is below 4.5:1 otherwise.
 */
/** Colours whose darkest shade is still below 4.5:1 on their own tint: their light variant writes in near-black. */
const PALE = new Set(['orange', 'yellow', 'lime']);

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade !== undefined) return colors;
  // Dark mode keeps Mantine's own translucent tint and its light text (light-dark(): the scheme in force).
  const lightText = PALE.has(parsed.color) ? 'var(--mantine-color-dark-7)' : `var(--mantine-color-${parsed.color}-9)`;
  return {
    ...colors,
    background: `light-dark(var(--mantine-color-${parsed.color}-0), ${colors.background})`,
    color: `light-dark(${lightText}, ${colors.color})`,
  };
};

/** One look for every screen: a calm sky blue, compact controls for a desk used all day. */
export const theme = createTheme({
  primaryColor: 'sky',
  // Shade 7: white text on a filled button at 5.6:1 (shade 6 was 4.4:1, below WCAG AA's 4.5).
  primaryShade: { light: 7, dark: 8 },
  variantColorResolver,
  colors: {
    sky: ['#e6f4ff', '#cfe5fb', '#a0c8f2', '#6daaea', '#4390e3', '#2980df', '#1877de', '#0566c6', '#005ab2', '#004e9e'],
  },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
  // Mantine ignores the system's "reduce motion" unless told: modals, menus and notifications
  // then appear at once for those who asked (and for the end-to-end tests, which ask too).
  respectReducedMotion: true,
  components: {
    // Close buttons show only an ×: their name is what a screen reader says (axe: button-name).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close the message' } },
      // Mantine's gray 6 description is 3.3:1; the dimmed colour is 4.5:1 or more.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
  },
});

/**
 * Dimmed text (hints, counts, secondary lines) in gray 7 rather than Mantine's gray 6, which is
 * 3.3:1 on white: reception reads these all day, often on a dim laptop screen (WCAG AA: 4.5:1).
 */
/**
 * Coloured text (`c="teal"`: a saved note, a credit, an error line) in each colour's shade 9, which
 * is 4.5:1 or more on white; shade 6, Mantine's default, is 2.6:1 for teal. Pale colours get a
 * darker tone of their own.
 */
const PALE_TEXT: Record<string, string> = { orange: '#a63c06', yellow: '#7a5200', lime: '#3f6212' };

function textColours(t: Parameters<CSSVariablesResolver>[0]): Record<string, string> {
  const names = Object.keys(t.colors).filter((name) => name !== 'dark' && name !== 'gray');
  return Object.fromEntries(
    names.map((name) => [`--mantine-color-${name}-text`, PALE_TEXT[name] ?? t.colors[name]![9]!]),
  );
}

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  // Placeholders at 4.7:1 (Mantine's gray 5 is 2.1:1): "Any jump date" is the filter's state, not decoration.
  light: { '--mantine-color-dimmed': t.colors.gray[7]!, '--mantine-color-placeholder': '#6c757d', ...textColours(t) },
  // Dark: links and sky text in shade 3 (shade 4 is 4.1:1 on an input's dark-6), placeholders at 4.8:1.
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1]!,
    '--mantine-color-placeholder': '#9a9a9a',
    '--mantine-color-anchor': t.colors.sky![3]!,
    '--mantine-color-sky-text': t.colors.sky![3]!,
  },
});
