/**
 * What a reader remembers of one booking list (a dropzone and its filters with their values)
 * for as long as the dropzone's list version (migration 009) stays the same: the exact count,
 * and page boundaries. A booking system pages through a list one page after the other, and
 * asks for the same page again; neither should walk or count every row before it again.
 *
 * An anchor (offset o, id a) says: exactly o matching bookings have an id ≤ a, so the rows from
 * position o on are the matching rows with id > a. A page at offset O starts at the nearest
 * anchor at or before O and skips only O − o rows. Ids are integers, so a page's first row
 * (id f) at offset o gives the anchor (o, f − 1), and its last row (id l) the anchor
 * (o + rows, l): the page before and the page after are both found without a walk.
 */
export interface Anchor {
  offset: number;
  afterId: number;
}

interface CachedList {
  version: number;
  /** The count and the version it was taken at: kept across versions, to be brought up to date. */
  counted: { version: number; total: number } | undefined;
  anchors: Map<number, number>;
}

const START: Anchor = { offset: 0, afterId: 0 };

export class ListCache {
  private readonly lists = new Map<string, CachedList>();

  /** Bounded: a few hundred lists of up to `maxAnchors` numbers each is well under a megabyte. */
  constructor(
    private readonly maxLists = 256,
    private readonly maxAnchors = 256,
  ) {}

  /** The list's entry at this version; at a different version its page boundaries are forgotten. */
  private entry(key: string, version: number): CachedList {
    let list = this.lists.get(key);
    if (list && list.version !== version) list = { version, counted: list.counted, anchors: new Map() };
    this.lists.delete(key);
    list ??= { version, counted: undefined, anchors: new Map() };
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.lists.set(key, list);
    if (this.lists.size > this.maxLists) this.lists.delete(this.lists.keys().next().value as string);
    return list;
  }

  /**
   * The count at this version: the cached one, or one taken at an older version brought up to date
   * by `catchUp` (undefined: it cannot be), or else `count`.
   */
  total(key: string, version: number, count: () => number, catchUp: (from: number) => number | undefined): number {
    const list = this.entry(key, version);
    const { counted } = list;
    if (counted?.version === version) return counted.total;
    const delta = counted && counted.version < version ? catchUp(counted.version) : undefined;
    const total = delta === undefined ? count() : counted!.total + delta;
    list.counted = { version, total };
    return total;
  }

  /** The nearest known boundary at or before `offset` (the list's start, if none). */
  anchorBefore(key: string, version: number, offset: number): Anchor {
    let best = START;
    for (const [at, afterId] of this.entry(key, version).anchors) {
      if (at <= offset && at > best.offset) best = { offset: at, afterId };
    }
    return best;
  }

  /** What one page taught: where it starts and where the next one starts. */
  rememberPage(key: string, version: number, offset: number, firstId: number, lastId: number, rows: number): void {
    const { anchors } = this.entry(key, version);
    if (offset > 0) anchors.set(offset, firstId - 1);
    anchors.set(offset + rows, lastId);
    // Oldest first out; a list with more boundaries than this is being read at random.
    while (anchors.size > this.maxAnchors) anchors.delete(anchors.keys().next().value as number);
  }
}
