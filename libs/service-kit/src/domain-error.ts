/**
 * A domain error: a stable `code` for programs and an Italian `message` for people.
 * Kept free of transport imports so `domain/` folders stay pure; handlers map codes to gRPC
 * statuses through one table per service. A service types its own codes with one line,
 * `export class CarriersError extends DomainError<CarriersErrorCode> {}`; the name follows the class.
 */
export class DomainError<C extends string = string> extends Error {
  constructor(
    readonly code: C,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
