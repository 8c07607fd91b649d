// Handler errors and their rendering in each group's real envelope.
import type { SimErrorInit, SimGroup } from './kernel.js';

export class SimError extends Error {
  constructor(readonly init: SimErrorInit) {
    super(init.message);
    this.name = 'SimError';
  }
}

export function fail(init: SimErrorInit): never {
  throw new SimError(init);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? 'Error';
}

/** the body a group answers an error with */
export function errorBody(group: SimGroup, e: SimErrorInit): Record<string, unknown> {
  switch (group) {
    case 'trigger':
      return { error: e.message, ...(e.cause ? { cause: e.cause } : {}), code: e.status };
    case 'recurring':
      return { code: e.status, error: e.message, status: statusText(e.status) };
    case 'studio':
      return e.fieldErrors ? { errors: e.fieldErrors } : { error: e.message };
    case 'swap':
      return { error: e.message, ...(e.errorCode ? { errorCode: e.errorCode } : {}) };
    case 'ultra':
      return { error: e.message, ...(e.code !== undefined ? { code: e.code } : {}) };
    case 'swap-v2':
      return {
        ...(e.requestId ? { requestId: e.requestId } : {}),
        error: e.message,
        ...(e.code !== undefined ? { code: e.code } : {}),
      };
    case 'trigger-v2':
      return { error: e.message, ...(e.details ? { details: e.details } : {}) };
    case 'portfolio':
    case 'send':
    case 'tokens':
      return { error: e.message };
  }
}

/** gateway envelope (auth, rate limit, unknown paths, injected faults) */
export function gatewayBody(status: number, message: string): Record<string, unknown> {
  return { code: status, message };
}
