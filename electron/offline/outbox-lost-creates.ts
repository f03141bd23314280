import { isObject } from '../../shared/objects';
import { lostFilmerCreateLane } from '../../shared/schemas/outbox';
import type { OutboxRow } from '../store/repos/outbox';
import type { RemoteCall } from './remote-call';
import type { OutboxSettler } from './outbox-settle';
import type { RemoteCopy } from './remote-copy';

/**
 * A filmer create whose answer was lost (the line dropped after the request left, or the remote
 * answered 5xx): the remote may have made the filmer, and only it knows the id. The caller was
 * answered 503 and will send the create again; before that create goes up, the desk looks the
 * filmer up (by external id, else by name and e-mail) and, found, adopts it, so it is never made
 * twice. The replay does the same look-up on its own once the remote answers.
 */

type Json = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

/** The filmer a create names: its external id if it has one, else its name and e-mail. */
export function lostCreateKey(body: unknown): string | undefined {
  if (!isObject(body) || body.id !== undefined) return undefined;
  if (typeof body.external_id === 'string' && body.external_id.trim() !== '') return `x:${body.external_id.trim()}`;
  if (typeof body.name === 'string' && typeof body.email === 'string')
    return `f:${text(body.name)}|${text(body.email)}`;
  return undefined;
}

function matches(key: string, filmer: Json): boolean {
  if (key.startsWith('x:')) return filmer.external_id === key.slice(2);
  return key === `f:${text(filmer.name)}|${text(filmer.email)}`;
}

export class LostFilmerCreates {
  constructor(
    private readonly copy: RemoteCopy,
    private readonly remote: RemoteCall,
    private readonly settler: OutboxSettler,
    private readonly now: () => Date,
  ) {}

  /** Remembers a create that may have landed; nothing is sent for it, ever (the caller sends it again). */
  remember(body: unknown, source: string): void {
    const key = lostCreateKey(body);
    if (!key || this.copy.store.outbox.hasOpen(lostFilmerCreateLane(key))) return;
    const at = this.now().toISOString();
    const id = this.copy.store.outbox.insert({
      lane: lostFilmerCreateLane(key),
      record_kind: 'filmer',
      record_key: key,
      action: 'upsert',
      label: isObject(body) && typeof body.name === 'string' ? body.name : null,
      jump_on: null,
      source,
      predicted: 'unknown (the answer was lost)',
      before: null,
      after: JSON.stringify(body),
      queued_at: at,
    });
    this.copy.store.outbox.addHistory(
      id,
      at,
      source,
      'a filmer create got no answer: it is looked up before it is made again',
    );
  }

  /**
   * Before a create goes up: a lost create of the same filmer is looked up first. Found: the
   * filmer as the remote made it (the caller is answered with it). Not found, or no such lost
   * create: undefined, and the create goes up. Throws nothing; a failed look-up leaves it open.
   */
  async adoptBefore(body: unknown): Promise<Json | undefined> {
    const key = lostCreateKey(body);
    if (!key) return undefined;
    const open = this.copy.store.outbox.openInLane(lostFilmerCreateLane(key));
    if (open.length > 0) return (await this.lookUp(open)) ?? undefined;
    // The replay may have adopted it already: the caller's create is answered with that filmer.
    const last = this.copy.store.outbox.listLane(lostFilmerCreateLane(key), 1, 0).rows[0];
    if (last?.outcome !== 'adopted') return undefined;
    const held = this.copy.store.filmers.list(this.copy.dropzone.id, true).find((f) => matches(key, { ...f }));
    return held ? { ...held } : undefined;
  }

  /** The replay's turn: each lost create looked up; found → adopted, not there → it never landed. */
  async lookUp(ops: readonly OutboxRow[]): Promise<Json | null | undefined> {
    const head = ops[0];
    if (!head) return undefined;
    const result = await this.remote('GET', '/filmers?include_all=true');
    if (!result.ok || result.statusCode !== 200) return undefined;
    let list: unknown;
    try {
      list = JSON.parse(result.body.toString('utf8'));
    } catch {
      return undefined;
    }
    const found = Array.isArray(list) ? list.filter(isObject).find((f) => matches(head.record_key, f)) : undefined;
    if (found) {
      this.copy.store.transaction(() => {
        this.settler.settle(
          ops,
          'adopted',
          `found on the remote as filmer ${String(found.id)}: adopted, not made again`,
        );
        this.copy.absorbFilmerWrite(found);
      });
      return found;
    }
    this.settler.settle(ops, 'not_landed', 'not on the remote: it never landed (the caller sends it again)');
    return null;
  }
}
