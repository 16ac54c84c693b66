/** List pages kept per gateway process: a few tens of kB of JSON each. */
export const KEPT_PAGES = 300;

/** What a service answers to a read on condition (ListOrders with `knownVersion`). */
export interface VersionedAnswer {
  /** The version the answer was read at; empty: not to be kept. */
  version: string;
  /** The known version sent is still the current one: the kept page is the answer. */
  unchanged: boolean;
}

/**
 * List pages as the JSON this gateway sent, each with the version the service read it at. A read
 * sends the kept version; the service (which owns the data and its version) answers `unchanged`
 * while it is current, and the kept bytes are sent again without decoding, reshaping or
 * serialising the page. Keys start with the caller's merchant id: a page is never another
 * merchant's. The least recently used pages go first.
 *
 * @example const json = await keptPages.json(`${merchantId}\n${path}`, (known) => orders.listOrders({ ...request, knownVersion: known }), orderPageJson);
 */
export class KeptPages {
  private readonly kept = new Map<string, { version: string; json: Buffer }>();

  constructor(private readonly capacity = KEPT_PAGES) {}

  async json<A extends VersionedAnswer>(key: string, read: (knownVersion: string) => Promise<A>, present: (answer: A) => unknown): Promise<Buffer> {
    const kept = this.kept.get(key);
    const answer = await read(kept?.version ?? '');
    if (answer.unchanged && kept) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept.json;
    }
    if (answer.unchanged) throw new Error(`${key}: answered unchanged, but no page was kept`);
    const json = Buffer.from(JSON.stringify(present(answer)));
    if (answer.version) {
      this.kept.delete(key);
      this.kept.set(key, { version: answer.version, json });
      if (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value as string);
    }
    return json;
  }

  /** Pages kept now. */
  get size(): number {
    return this.kept.size;
  }
}
