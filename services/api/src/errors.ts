/**
 * Domain errors. Services throw these; the error handler (plugins/error-handler.ts) maps them to
 * HTTP status codes with their pt-BR `message` for the UI.
 */
export class DomainError extends Error {
  /** HTTP status code the error maps to. */
  readonly statusCode: number;
  /** Stable machine-readable code, e.g. `not_found`. */
  readonly code: string;

  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.code = code;
  }
}

/** 404: the addressed resource does not exist. */
export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(404, 'not_found', message);
  }
}

/** 409: the request conflicts with the current state (e.g. no unit left). */
export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}
