/** Dialog titles read as headings (filmer forms, confirmations). */
export const DIALOG_STYLES = { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } };
