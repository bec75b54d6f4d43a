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
  constructor(message: string, code = 'not_found') {
    super(404, code, message);
  }
}

/** 409: the request conflicts with the current state (e.g. no unit left). */
export class ConflictError extends DomainError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}

/** 400 with a pt-BR message (and optional field issues) for rule violations found by services. */
export class ValidationError extends DomainError {
  readonly issues: { path: string; message: string }[] | undefined;

  constructor(message: string, issues?: { path: string; message: string }[], code = 'validation') {
    super(400, code, message);
    this.issues = issues;
  }
}

/** 401: not signed in, or credentials/tokens are not valid. */
export class UnauthorizedError extends DomainError {
  constructor(message = 'Não autenticado', code = 'unauthorized') {
    super(401, code, message);
  }
}

/** 403: signed in, but not allowed. */
export class ForbiddenError extends DomainError {
  constructor(message = 'Acesso negado', code = 'forbidden') {
    super(403, code, message);
  }
}

/** 422: well-formed, but cannot be processed as sent (e.g. an Idempotency-Key reused with another body). */
export class UnprocessableError extends DomainError {
  constructor(message: string, code = 'unprocessable') {
    super(422, code, message);
  }
}

/** 429: too many attempts. */
export class TooManyRequestsError extends DomainError {
  constructor(message: string) {
    super(429, 'too_many_requests', message);
  }
}
