import type { DeskActionKind } from '../../../../../../shared/schemas/booking-actions';

/** What each action is called on its button and in its dialog, and what it does in plain words. */
export const ACTION_TEXT: Record<DeskActionKind, { button: string; title: string; does: string }> = {
  send_preview: {
    button: 'Send free preview',
    title: 'Send a free preview',
    does: 'The customer gets a watermarked preview of their album. Nothing is paid; no credit moves.',
  },
  deliver: {
    button: 'Deliver paid content',
    title: 'Deliver the paid content',
    does: 'The customer gets the content their product pays for.',
  },
  convert: {
    button: 'Convert to paid',
    title: 'Convert at reception',
    does: 'After the free preview the customer buys a product at the desk; its content is delivered.',
  },
  reception_upgrade: {
    button: 'Upgrade at reception',
    title: 'Upgrade at reception',
    does: 'The customer adds an upgrade at the desk.',
  },
  change_product: {
    button: 'Change product',
    title: 'Change the product',
    does: 'The delivered booking gets another product; credits move by the difference.',
  },
  manual_credit: {
    button: 'Manual credit',
    title: 'Manual credit adjustment',
    does: 'An administrator adds or takes credits (a refund, goodwill), saying why.',
  },
  correct: {
    button: 'Correct last event',
    title: 'Correct the last event',
    does: 'A new event undoes the last one and names it; the ledger itself is never edited.',
  },
};

/** The order the card lists them in: reception's first, then the administrator's. */
export const ACTION_ORDER: DeskActionKind[] = [
  'deliver',
  'send_preview',
  'convert',
  'reception_upgrade',
  'change_product',
  'manual_credit',
  'correct',
];
