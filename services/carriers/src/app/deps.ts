import type { Pool } from '@smista/service-kit';
import type { AdapterCache } from '../adapters';
import type { AddressBook } from './ports';

/** What the use cases work with; main.ts wires the real ones (the gRPC handlers pass theirs on). */
export interface AppDeps {
  pool: Pool;
  /** One adapter per integration and credentials version. */
  adapters: AdapterCache;
  /** merchants.ListAddresses: the sender of a label. */
  addressBook: AddressBook;
  now: () => Date;
}
