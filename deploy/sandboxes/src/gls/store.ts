import type { GlsSandboxAccount } from './accounts';
import type { Branch } from './branches';
import { romeDay } from './dates';
import type { ParcelInput } from './parcel-rules';

/** GLS keeps shipments for 40 days (providers.md). */
const RETENTION_MS = 40 * 24 * 3600 * 1000;
/** At most this many packages in one shipment; a further one starts a new shipment. */
export const MAX_PARCELS_PER_SHIPMENT = 99;
/** The first number of each sede; 9 digits, far from the 999999999 failure value. */
const FIRST_NUMBER = 800_000_001;

export type ShipmentState = 'open' | 'closed' | 'deleted';

export interface SandboxParcel {
  progressivo: number;
  contatore: string;
  pesoKg: number;
  codCents: number;
  bda: string;
  /** The `<Parcel>` answer, kept so a retried counter answers the same (a promise: the PDF renders after the state changed). */
  answer: Promise<string>;
}

export interface SandboxShipment {
  /** 9 digits. */
  number: string;
  sede: string;
  accountKey: string;
  contract: string;
  /** Working day (Rome) it was created on: only same-day open shipments take more parcels. */
  day: string;
  createdAt: Date;
  state: ShipmentState;
  closedAt?: Date;
  /** The recipient as the first parcel gave it. */
  recipient: ParcelInput;
  mergeKey: string;
  destination: Branch;
  /** The GLS Check reason when the street is unknown, else ''. */
  glsCheck: string;
  parcels: SandboxParcel[];
}

export const accountKey = (a: Pick<GlsSandboxAccount, 'sede' | 'codiceCliente'>) => `${a.sede}/${a.codiceCliente}`;

/** Parcels with the same contract + RagioneSociale + Localita + Indirizzo + TipoPorto travel as one shipment. */
function mergeKeyOf(input: ParcelInput): string {
  const norm = (s: string) => s.trim().toUpperCase().replace(/\s+/g, ' ');
  return [input.contract, norm(input.ragioneSociale), norm(input.localita), norm(input.indirizzo), input.tipoPorto].join('|');
}

/** A 9-digit shipment number as sent by a client (the real service also takes it without leading zeros). */
export function normaliseNumber(raw: string): string | undefined {
  const digits = raw.trim();
  return /^\d{1,9}$/.test(digits) ? digits.padStart(9, '0') : undefined;
}

/** Parcels of one `RiferimentoCliente`: asked for (AddParcel, replays included) and made. */
export interface ReferenceTally {
  requested: number;
  created: number;
}

/**
 * The sandbox's memory: accounts, shipments per sede with their open/closed state, and the
 * `ContatoreProgressivo` of every parcel per account (what makes a retried AddParcel idempotent).
 * Every change happens synchronously, so concurrent requests never interleave inside one.
 */
export class GlsStore {
  private readonly nextNumber = new Map<string, number>();
  private readonly shipments = new Map<string, SandboxShipment>();
  private readonly byContatore = new Map<string, { shipment: SandboxShipment; parcel: SandboxParcel }>();
  private readonly bdaOwner = new Map<string, SandboxShipment>();
  /** The latest shipment per account and merge key: where the next parcel to that recipient may go. */
  private readonly latestByMergeKey = new Map<string, SandboxShipment>();
  private lastPurge = 0;
  /** Per `RiferimentoCliente`: parcels asked for (AddParcel, replays included) and parcels made. */
  private readonly tally = new Map<string, ReferenceTally>();

  constructor(
    private readonly accounts: readonly GlsSandboxAccount[],
    private readonly now: () => Date = () => new Date(),
  ) {}

  authenticate(sede: string, codiceCliente: string, password: string): GlsSandboxAccount | undefined {
    return this.accounts.find((a) => a.sede === sede.trim().toUpperCase() && a.codiceCliente === codiceCliente.trim() && a.password === password);
  }

  /** Counts one parcel of an AddParcel request under its reference, whatever the answer. */
  countRequested(reference: string): void {
    this.tallyOf(reference).requested++;
  }

  /** What each reference asked for and got: a client that retries safely has `created` 1 per parcel. */
  referenceTally(): Record<string, ReferenceTally> {
    return Object.fromEntries([...this.tally].map(([k, v]) => [k, { ...v }]));
  }

  private tallyOf(reference: string): ReferenceTally {
    let t = this.tally.get(reference);
    if (!t) this.tally.set(reference, (t = { requested: 0, created: 0 }));
    return t;
  }

  /** The parcel a counter already made, unless its shipment was deleted (the counter is then free again). */
  replay(account: GlsSandboxAccount, contatore: string): { shipment: SandboxShipment; parcel: SandboxParcel } | undefined {
    if (!contatore) return undefined;
    const hit = this.byContatore.get(`${accountKey(account)}#${contatore}`);
    return hit && hit.shipment.state !== 'deleted' ? hit : undefined;
  }

  /** The open shipment of today this parcel joins, if any. */
  mergeTarget(account: GlsSandboxAccount, input: ParcelInput): SandboxShipment | undefined {
    const s = this.latestByMergeKey.get(`${accountKey(account)}#${mergeKeyOf(input)}`);
    return s && s.state === 'open' && s.day === romeDay(this.now()) && s.parcels.length < MAX_PARCELS_PER_SHIPMENT ? s : undefined;
  }

  /** Whether the Bda belongs to another live shipment (GLS refuses reusing one). */
  bdaTaken(account: GlsSandboxAccount, bda: string, target: SandboxShipment | undefined): boolean {
    if (!bda) return false;
    const owner = this.bdaOwner.get(`${accountKey(account)}#${bda.toUpperCase()}`);
    return owner !== undefined && owner.state !== 'deleted' && owner !== target;
  }

  /**
   * Adds one parcel: to `target` (a merge) or to a new shipment with the sede's next number.
   * `render` makes the `<Parcel>` answer from the final state (number, progressivo, totals).
   */
  addParcel(
    account: GlsSandboxAccount,
    input: ParcelInput,
    target: SandboxShipment | undefined,
    fresh: { destination: Branch; glsCheck: string },
    render: (shipment: SandboxShipment, parcel: Omit<SandboxParcel, 'answer'>) => Promise<string>,
  ): { shipment: SandboxShipment; parcel: SandboxParcel } {
    this.purgeOld();
    const now = this.now();
    const shipment = target ?? this.newShipment(account, input, fresh, now);
    const base = { progressivo: shipment.parcels.length + 1, contatore: input.contatore, pesoKg: input.pesoKg, codCents: input.codCents, bda: input.bda };
    const parcel: SandboxParcel = { ...base, answer: render(shipment, base) };
    shipment.parcels.push(parcel);
    this.tallyOf(input.riferimentoCliente).created++;
    if (input.contatore) this.byContatore.set(`${accountKey(account)}#${input.contatore}`, { shipment, parcel });
    if (input.bda) this.bdaOwner.set(`${accountKey(account)}#${input.bda.toUpperCase()}`, shipment);
    return { shipment, parcel };
  }

  private newShipment(account: GlsSandboxAccount, input: ParcelInput, fresh: { destination: Branch; glsCheck: string }, now: Date): SandboxShipment {
    const next = this.nextNumber.get(account.sede) ?? FIRST_NUMBER;
    this.nextNumber.set(account.sede, next + 1);
    const shipment: SandboxShipment = {
      number: String(next).padStart(9, '0'),
      sede: account.sede,
      accountKey: accountKey(account),
      contract: input.contract,
      day: romeDay(now),
      createdAt: now,
      state: 'open',
      recipient: input,
      mergeKey: mergeKeyOf(input),
      destination: fresh.destination,
      glsCheck: fresh.glsCheck,
      parcels: [],
    };
    this.shipments.set(`${account.sede}:${shipment.number}`, shipment);
    this.latestByMergeKey.set(`${shipment.accountKey}#${shipment.mergeKey}`, shipment);
    return shipment;
  }

  /** A live (not deleted) shipment of the account. */
  get(account: GlsSandboxAccount, number: string): SandboxShipment | undefined {
    const s = this.shipments.get(`${account.sede}:${number}`);
    return s && s.accountKey === accountKey(account) && s.state !== 'deleted' ? s : undefined;
  }

  delete(account: GlsSandboxAccount, number: string): 'deleted' | 'missing' | 'closed' {
    const s = this.get(account, number);
    if (!s) return 'missing';
    if (s.state === 'closed') return 'closed';
    s.state = 'deleted';
    return 'deleted';
  }

  /** Confirms a shipment to GLS; closing a closed one again is fine (a retried close). */
  close(account: GlsSandboxAccount, number: string): SandboxShipment | undefined {
    const s = this.get(account, number);
    if (s && s.state === 'open') {
      s.state = 'closed';
      s.closedAt = this.now();
    }
    return s;
  }

  list(account: GlsSandboxAccount, state?: 'open' | 'closed'): SandboxShipment[] {
    return [...this.shipments.values()].filter((s) => s.accountKey === accountKey(account) && s.state !== 'deleted' && (!state || s.state === state));
  }

  /** Public tracking: by departure sede, number and contract, as GLS's infoweb looks it up. */
  forTracking(sede: string, number: string, contract: string): SandboxShipment | undefined {
    const s = this.shipments.get(`${sede.trim().toUpperCase()}:${number}`);
    return s && s.state !== 'deleted' && s.contract === contract.trim() ? s : undefined;
  }

  private purgeOld(): void {
    const now = this.now().getTime();
    if (now - this.lastPurge < 60_000) return;
    this.lastPurge = now;
    for (const [key, s] of this.shipments) {
      if (now - s.createdAt.getTime() <= RETENTION_MS) continue;
      this.shipments.delete(key);
      for (const p of s.parcels) {
        const counterKey = `${s.accountKey}#${p.contatore}`;
        if (p.contatore && this.byContatore.get(counterKey)?.shipment === s) this.byContatore.delete(counterKey);
        const bdaKey = `${s.accountKey}#${p.bda.toUpperCase()}`;
        if (p.bda && this.bdaOwner.get(bdaKey) === s) this.bdaOwner.delete(bdaKey);
      }
      const mergeKey = `${s.accountKey}#${s.mergeKey}`;
      if (this.latestByMergeKey.get(mergeKey) === s) this.latestByMergeKey.delete(mergeKey);
    }
  }
}
