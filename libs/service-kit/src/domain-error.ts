/**
 * A domain error: a stable `code` for programs and an Italian `message` for people.
 * Kept free of transport imports so `domain/` folders stay pure; handlers map codes to gRPC
 * statuses through one table per service.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
