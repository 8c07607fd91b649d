// What one operation of the contract is: its method and path, how it is authorised, the schema of
// its query or body and the schema of its answer. Every group's table is made of these.
import type { GenericSchema, InferOutput } from 'valibot';
import { fieldsOf, type Fields, fields } from './schema.js';

export type Method = 'GET' | 'POST' | 'PATCH';

/** A request schema: an object, or a variant of objects (through any pipe of rules), so its fields can be listed. */
export type RequestSchema<Req = unknown> = GenericSchema<unknown, Req> & Fields;

export interface Operation<Req, Res> {
  method: Method;
  /** the contract's path; `{name}` parts are filled from the request field of that name (left out of the body) */
  path: string;
  /** sends x-api-key when the client has one (every group, portfolio included: the real service reads it) */
  auth: boolean;
  /** sends `Authorization: Bearer <token>`: the login token given in the call's options (Trigger API V2) */
  bearer: boolean;
  /** safe to send again: GET reads and the execute POSTs (the same signed transaction never executes twice) */
  idempotent: boolean;
  /** the query (GET) or body (POST, PATCH), path parameters included */
  request: RequestSchema<Req>;
  response: GenericSchema<unknown, Res>;
  /** the request's fields, in the order they go on the wire */
  fields: string[];
}

export const op = <Q extends RequestSchema, R extends GenericSchema>(
  method: Method,
  path: string,
  request: Q,
  response: R,
  bearer = false,
): Operation<InferOutput<Q>, InferOutput<R>> => ({
  method,
  path,
  auth: true,
  bearer,
  idempotent: method === 'GET' || path.endsWith('/execute'),
  request,
  response,
  fields: Object.keys(fieldsOf(request)),
});

/** An operation that sends the login token (Trigger API V2). */
export const jwtOp = <Q extends RequestSchema, R extends GenericSchema>(
  method: Method,
  path: string,
  request: Q,
  response: R,
) => op(method, path, request, response, true);

/** A request without fields. */
export const none = fields({});
