import JSDOMEnvironment from 'jest-environment-jsdom';

/**
 * jsdom has no Fetch API, web streams or TextEncoder, and its AbortSignal is not the one
 * Node's Request accepts. ky, RTK Query and react-router need them all, so the test
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
] as const;

/** One end of `TimerMessageChannel`: a message arrives as a macrotask on the other end. */
class TimerMessagePort {
  peer: TimerMessagePort | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  postMessage(data: unknown): void {
    const target = this.peer;
    setTimeout(() => target?.onmessage?.({ data }), 0);
  }
  start(): void {}
  close(): void {
    this.peer = null;
  }
}

/**
 * antd's Form schedules work through `MessageChannel`, which jsdom lacks. Node's own
 * would keep the test process alive (a port with a listener holds the event loop), so
 * this stand-in delivers each message with a timer instead.
 */
class TimerMessageChannel {
  readonly port1 = new TimerMessagePort();
  readonly port2 = new TimerMessagePort();
  constructor() {
    this.port1.peer = this.port2;
    this.port2.peer = this.port1;
  }
}

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
    Object.defineProperty(this.global, 'MessageChannel', {
      value: TimerMessageChannel,
      writable: true,
      configurable: true,
    });
  }
}
