/**
 * A call of the API as contract/permissions.ts spells its routes: `POST /api/athlete`,
 * `PUT /api/athlete/{id}`. A module of its own, without the api: lib/paths.ts (which the
 * browser tests import too) names the calls its pages need.
 */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A route as contract/permissions.ts spells it: `POST /api/athlete`, `PUT /api/athlete/{id}`. */
export type ApiCall = `${ApiMethod} /api/${string}`;

/** `"POST /api/athlete"` → `['POST', '/api/athlete']`. */
export function splitCall(call: ApiCall): [ApiMethod, string] {
  const space = call.indexOf(' ');
  return [call.slice(0, space) as ApiMethod, call.slice(space + 1)];
}
