import type { createHandlerFactory, Logger } from '@smista/service-kit';
import type { AppDeps } from '../app';

/** What the handlers work with: the use cases' deps and the handler factory; built once in main.ts. */
export interface HandlerDeps extends AppDeps {
  logger: Logger;
  unary: ReturnType<typeof createHandlerFactory>;
}
