import { wellFormedString } from './text';

/** The longest name a person at the desk may record under. */
export const RECORDED_BY_MAX = 80;

/**
 * Who did it: the person at the desk (or a payment relay's name), as they typed it; every action
 * the desk records carries it (a jump, a ledger event). One rule for every route that asks.
 */
export const recordedBy = wellFormedString({
  error: (issue: { input: unknown }) =>
    issue.input === undefined
      ? 'is required: the name of the person at the desk'
      : 'must be the name of the person at the desk (text)',
})
  .trim()
  .min(1, { error: 'is required: the name of the person at the desk, not blank' })
  .max(RECORDED_BY_MAX, { error: `must be at most ${RECORDED_BY_MAX} characters` });
