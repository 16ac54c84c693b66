import type { createHandlerFactory, Keyring, Logger, Pool } from '@smista/service-kit';
import type { AdapterCache } from '../adapters';
import type { AddressBook } from '../app/ports';

/** What the handlers are built from; main.ts (startCarriers) wires the real ones. */
export interface CarriersServiceDeps {
  pool: Pool;
  logger: Logger;
  /** CALLER_TOKEN_SECRET: verifies the caller token identity signed. */
  callerSecret: string;
  /** SECRETS_KEYS: seals and opens the carriers' passwords. */
  keyring: Keyring;
  /** One adapter per integration and credentials version. */
  adapters: AdapterCache;
  /** merchants.ListAddresses: the sender of a label. */
  addressBook: AddressBook;
  /** The clock; tests may fix it. */
  now?: () => Date;
}

export type Unary = ReturnType<typeof createHandlerFactory>;

export interface HandlerDeps extends CarriersServiceDeps {
  unary: Unary;
  now: () => Date;
}
