import type { Filmer } from '../../../../shared/schemas/filmer';

/**
 * A filmer in the batch API is created whenever `id` is absent (spec 4.2), so re-sending a row
 * would make a second filmer. The wizard therefore looks each row up among the filmers the
 * server has: by external id; failing that by e-mail, when exactly one filmer has it and that
 * filmer has no other external id. A match is sent with its `id` (an update), so an import and
 * its retries together never create the same filmer twice.
 */
export class FilmerMatcher {
  private readonly byExternalId = new Map<string, Filmer>();
  private readonly byEmail = new Map<string, Filmer | 'several'>();

  constructor(existing: readonly Filmer[]) {
    for (const filmer of existing) {
      if (filmer.external_id !== null) this.byExternalId.set(filmer.external_id, filmer);
      const email = filmer.email.trim().toLowerCase();
      this.byEmail.set(email, this.byEmail.has(email) ? 'several' : filmer);
    }
  }

  match(record: Record<string, unknown>): Filmer | undefined {
    const externalId = typeof record.external_id === 'string' ? record.external_id : null;
    if (externalId !== null) {
      const byId = this.byExternalId.get(externalId);
      if (byId) return byId;
    }
    const email = typeof record.email === 'string' ? record.email.trim().toLowerCase() : null;
    const byEmail = email === null ? undefined : this.byEmail.get(email);
    if (!byEmail || byEmail === 'several') return undefined;
    return byEmail.external_id === null || byEmail.external_id === externalId ? byEmail : undefined;
  }

  /** The record as it goes up: with the matched filmer's id, or without (a new filmer). */
  addressed(record: Record<string, unknown>): Record<string, unknown> {
    const found = this.match(record);
    return found ? { ...record, id: found.id } : record;
  }
}
