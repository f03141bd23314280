/** The filmer dialogs' titles read as headings. */
export const DIALOG_STYLES = { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } };
