import { createTheme } from '@mantine/core';

/** One look for every screen: a calm sky blue, compact controls for a desk used all day. */
export const theme = createTheme({
  primaryColor: 'sky',
  colors: {
    sky: ['#e6f4ff', '#cfe5fb', '#a0c8f2', '#6daaea', '#4390e3', '#2980df', '#1877de', '#0566c6', '#005ab2', '#004e9e'],
  },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
  },
});
