import type { AlbumStage } from './album';

/**
 * Why the service's actions (actions.ts) are refused, one rule each. A refusal names the rule
 * that stops the action and says the album's stage as it is, so reception never reads "this
 * booking has no preview" beside a preview in the ledger, or "edit the booking" beside "use
 * Change product": the reasons of every action for one state agree with each other.
 */
export type RefusalRule =
  /** The album holds a value the desk does not move (a seed's or an older service's "processing"). */
  | 'album_unknown'
  /** The album is at a stage the action does not start from. */
  | 'album_stage'
  /** A free preview goes to a booking without a paid product; a delivery needs one. */
  | 'product'
  /** Nothing is delivered before the jump is recorded and its day has come. */
  | 'jump'
  /** The chosen product or upgrade does not fit (inactive, free, the same, not offered). */
  | 'choice'
  /** The request itself (a manual credit's amount, a comment). */
  | 'input'
  /** The ledger's order: which event may be corrected. */
  | 'ledger';

export interface Refusal {
  ok: false;
  rule: RefusalRule;
  reason: string;
}

export const refusal = (rule: RefusalRule, reason: string): Refusal => ({ ok: false, rule, reason });

/** The album's stage in words, as every stage refusal starts. */
export function albumNow(stage: AlbumStage, raw: string | null): string {
  switch (stage) {
    case 'none':
      return 'nothing was sent yet';
    case 'preview':
      return 'a free preview was sent';
    case 'delivered':
      return 'paid content was delivered';
    case 'other':
      return `the album is "${raw ?? ''}"`;
  }
}

/** An album value the desk does not know: no action of the album's moves it, whatever the action. */
export const unknownAlbum = (raw: string | null): Refusal =>
  refusal(
    'album_unknown',
    `${albumNow('other', raw)}, a state the desk does not move: it sends, delivers, converts and upgrades only from no album, a preview sent or paid content delivered`,
  );
