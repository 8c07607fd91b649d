// What one operation of the contract is: its method and path, how it is authorised, the schema of
// its query or body and the schema of its answer. Every group's table is made of these.
import { entriesOf, obj, type Schema } from '../schema.js';

export type Method = 'GET' | 'POST' | 'PATCH';

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
  request: Schema<Req>;
  response: Schema<Res>;
  /** the request's fields, in the order they go on the wire */
  fields: string[];
}

export const op = <Req, Res>(
  method: Method,
  path: string,
  request: Schema<Req>,
  response: Schema<Res>,
  bearer = false,
): Operation<Req, Res> => ({
  method,
  path,
  auth: true,
  bearer,
  idempotent: method === 'GET' || path.endsWith('/execute'),
  request,
  response,
  fields: Object.keys(entriesOf(request)),
});

/** A request without fields. */
export const none = obj();
