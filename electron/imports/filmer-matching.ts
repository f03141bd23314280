import type { Filmer } from '../../shared/schemas/filmer';

/** How a row goes up: as an update of a filmer the server has, as a new filmer, or not at all (and why). */
export type FilmerAddress = { record: Record<string, unknown> } | { refused: string };

/** The part of a filmer matching looks at: the local store's and a remote's list both give it. */
export type KnownFilmer = Pick<Filmer, 'id' | 'external_id' | 'name' | 'email'>;

const foldEmail = (email: string) => email.trim().toLowerCase();

const named = (filmer: KnownFilmer) =>
  `${filmer.name} (${filmer.external_id === null ? 'no external id' : `external id ${filmer.external_id}`})`;

/**
 * A filmer in the batch API is created whenever `id` is absent (spec 4.2), so re-sending a row
 * would make a second filmer. An import therefore looks each row up among the filmers the store
 * (or the remote) has, and sends a match with its `id` (an update):
 * - a row with an external id: the filmer with that external id; failing that, the filmer with
 *   the row's e-mail if it has no external id yet (it gets this one);
 * - a row without one: the filmer with its e-mail (case and spaces ignored), whatever that
 *   filmer's external id: a Name/E-mail sheet of the roster updates it.
 * Refused, never sent: an e-mail that belongs to a filmer with another external id (the row says
 * one filmer, the e-mail another: the person decides), or to several filmers. Else: a new filmer.
 * So an import and its retries together never create the same filmer twice.
 */
export class FilmerMatcher {
  private readonly byExternalId = new Map<string, KnownFilmer>();
  private readonly byEmail = new Map<string, KnownFilmer[]>();

  constructor(existing: readonly KnownFilmer[]) {
    for (const filmer of existing) this.remember(filmer);
  }

  /** A filmer created since the list was read (by an earlier row of the same batch): later rows match it. */
  remember(filmer: KnownFilmer): void {
    if (filmer.external_id !== null) this.byExternalId.set(filmer.external_id, filmer);
    const email = foldEmail(filmer.email);
    const holders = this.byEmail.get(email);
    if (holders) holders.push(filmer);
    else this.byEmail.set(email, [filmer]);
  }

  /** The filmer this row updates, none (a new filmer), or why the row cannot go. */
  match(record: Record<string, unknown>): { filmer: KnownFilmer | undefined } | { refused: string } {
    const externalId =
      typeof record.external_id === 'string' && record.external_id.trim() !== '' ? record.external_id : null;
    if (externalId !== null) {
      const byId = this.byExternalId.get(externalId);
      if (byId) return { filmer: byId };
    }
    const email = typeof record.email === 'string' ? foldEmail(record.email) : null;
    const holders = email === null ? [] : (this.byEmail.get(email) ?? []);
    if (holders.length === 0) return { filmer: undefined };
    if (holders.length > 1) {
      return {
        refused: `e-mail ${email} belongs to ${holders.length} filmers: ${holders.map(named).join(', ')}; ${externalId === null ? 'add an external id column to say which one' : `none has external id ${externalId}`}`,
      };
    }
    const holder = holders[0] as KnownFilmer;
    if (externalId === null || holder.external_id === null) return { filmer: holder };
    return {
      refused: `e-mail ${email} belongs to filmer ${named(holder)}, not ${externalId}: correct the external id (or the e-mail) and retry`,
    };
  }

  /** The record as it goes up: with the matched filmer's id, or without (a new filmer); or refused. */
  addressed(record: Record<string, unknown>): FilmerAddress {
    const found = this.match(record);
    if ('refused' in found) return found;
    return { record: found.filmer ? { ...record, id: found.filmer.id } : record };
  }
}

/** A refused row, answered as the batch endpoint answers a conflict: never sent. */
export function refusedResult(reason: string): Record<string, unknown> {
  return { status: 'conflict', error: reason };
}
