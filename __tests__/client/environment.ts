import JSDOMEnvironment from 'jest-environment-jsdom';

/**
 * jsdom has no Fetch API, web streams, TextEncoder or MessageChannel, and its AbortSignal
 * is not the one Node's Request accepts. ky, RTK Query, react-router and antd's Form need
 * them all, so the test
 * window borrows Node's own. (FormData, Blob and File stay jsdom's, for form elements.)
 */
const borrowedFromNode = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'structuredClone',
  // antd's Form batches field updates through a MessageChannel.
  'MessageChannel',
] as const;

export default class JsdomWithFetchEnvironment extends JSDOMEnvironment {
  constructor(...args: ConstructorParameters<typeof JSDOMEnvironment>) {
    super(...args);
    for (const name of borrowedFromNode) {
      Object.defineProperty(this.global, name, {
        value: globalThis[name],
        writable: true,
        configurable: true,
      });
    }
  }
}
