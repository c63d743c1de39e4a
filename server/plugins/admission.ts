import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageBody } from '../../contract/errors';

/**
 * Load shedding in front of the embedded database (decision 016). PGlite runs in this
 * process on one connection: every query holds the event loop while it runs, and the
 * pool queues the rest without bound, so under overload every request waits behind all
 * the others (24.7 s for a health check) and new connections are not even read. The
 * gate lets a few API requests work at once, queues a bounded number of others for a
 * bounded time, and answers the rest at once with 503 and `Retry-After`.
 */
export interface AdmissionSettings {
  /** API requests working at once (the embedded database has one connection). */
  maxActive: number;
  /**
   * Requests waiting for their turn; one more is answered 503 at once. Every open TV
   * board asks at once after a live notice (50 in issue 32's testing day), so the queue
   * holds a burst of them; the wait bound, not the queue's length, keeps answers quick.
   */
  maxQueued: number;
  /** A request that waited this long for its turn is answered 503. */
  maxWaitMs: number;
  /** Seconds in the 503's `Retry-After`. */
  retryAfterSeconds: number;
}

export const defaultAdmissionSettings: AdmissionSettings = {
  maxActive: 2,
  maxQueued: 128,
  maxWaitMs: 500,
  retryAfterSeconds: 1,
};

/**
 * Routes that never queue: the health check must answer under load (load balancers take
 * an instance out of rotation when it does not), and a live stream stays open for hours
 * (its one query, the sign-in's account, runs when the stream opens).
 */
const EXEMPT_ROUTES: ReadonlySet<string> = new Set(['/api/health', '/api/event/stream']);

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

/** Why a request was not admitted, for the 503's message. */
export type Refusal = 'queue-full' | 'waited-too-long' | 'gone';

/**
 * A counting semaphore with a bounded FIFO queue and a bounded wait. The next waiter is
 * admitted on a later turn of the event loop (setImmediate), not in the releasing
 * request's microtasks: otherwise one admission's queries follow the last one's without
 * the loop ever polling the network, which is how new connections starved.
 */
export class AdmissionGate {
  private active = 0;
  private readonly queue: Waiter[] = [];
  private refusals = 0;
  private readonly idleWaiters = new Set<() => void>();

  constructor(private readonly settings: AdmissionSettings) {}

  /** Requests working now and waiting now (for tests, logs and metrics). */
  get load(): { active: number; queued: number } {
    return { active: this.active, queued: this.queue.length };
  }

  /** Requests answered 503 since start: the queue was full or the wait too long (metrics). */
  get refused(): number {
    return this.refusals;
  }

  /**
   * Resolves with a release function once the caller may work, or with the reason it
   * may not. `onGone` registers a callback that withdraws a waiting request.
   */
  enter(onGone: (withdraw: () => void) => void): Promise<(() => void) | Refusal> {
    if (this.active < this.settings.maxActive && this.queue.length === 0) {
      this.active += 1;
      return Promise.resolve(this.releaser());
    }
    if (this.queue.length >= this.settings.maxQueued) {
      this.refusals += 1;
      return Promise.resolve('queue-full');
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          this.active += 1;
          resolve(this.releaser());
        },
        timer: setTimeout(() => {
          this.remove(waiter);
          this.refusals += 1;
          resolve('waited-too-long');
        }, this.settings.maxWaitMs),
      };
      this.queue.push(waiter);
      onGone(() => {
        if (this.remove(waiter)) {
          clearTimeout(waiter.timer);
          resolve('gone');
        }
      });
    });
  }

  /**
   * Resolves once no request works or waits, or after `maxWaitMs` (background work, such
   * as the embedded database's maintenance, goes between requests rather than ahead of
   * them: decision 028). Resolves at once when the gate is idle.
   */
  whenIdle(maxWaitMs: number): Promise<void> {
    if (this.active === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.idleWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, maxWaitMs);
      this.idleWaiters.add(done);
    });
  }

  private remove(waiter: Waiter): boolean {
    const at = this.queue.indexOf(waiter);
    if (at >= 0) this.queue.splice(at, 1);
    return at >= 0;
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      setImmediate(() => this.admitNext());
    };
  }

  private admitNext(): void {
    while (this.active < this.settings.maxActive && this.queue.length > 0) {
      this.queue.shift()!.admit();
    }
    if (this.active === 0 && this.queue.length === 0) {
      for (const done of [...this.idleWaiters]) done();
    }
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set while an admitted request holds its place at the gate. Work that needs no
     * database (a PDF drawn in a worker, an image decoded) gives the place back by
     * calling it first; calling it again does nothing.
     */
    admissionRelease?: () => void;
    /** The request gave its place back while its body was read, and queues again. */
    admissionAgain: boolean;
  }
  interface FastifyInstance {
    /** The gate, on the embedded database only (server/metrics reads its load). */
    admissionGate?: AdmissionGate;
  }
}

function shed(reply: FastifyReply, seconds: number): FastifyReply {
  const body: MessageBody = {
    message: 'The server is busy; try again in a moment.',
  };
  return reply.code(503).header('retry-after', String(seconds)).send(body);
}

/** Whether the request has a body still to read (a length over 0, or chunks). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return length !== undefined ? length !== '0' : request.headers['transfer-encoding'] !== undefined;
}

function gated(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/') && !EXEMPT_ROUTES.has(request.routeOptions.url ?? '');
}

/**
 * The gate as a root onRequest hook, so that it runs before authentication (whose
 * lookup is a query) and before the body is read. On PostgreSQL it is not registered:
 * the server's pool has several connections in other processes and does not hold the
 * event loop.
 */
export default fp<Partial<AdmissionSettings>>(
  async (app, options) => {
    if (app.config.databaseUrl) return;
    const settings = { ...defaultAdmissionSettings, ...options };
    const gate = new AdmissionGate(settings);
    app.decorate('admissionGate', gate);
    app.decorateRequest('admissionRelease', undefined);
    app.decorateRequest('admissionAgain', false);

    const admit = async (request: FastifyRequest, reply: FastifyReply) => {
      const outcome = await gate.enter((withdraw) => reply.raw.once('close', withdraw));
      if (typeof outcome === 'function') {
        request.admissionRelease = outcome;
        return;
      }
      if (outcome === 'gone') return reply.hijack(); // nobody to answer
      request.log.warn({ reason: outcome, ...gate.load }, 'request shed: the database is busy');
      return shed(reply, settings.retryAfterSeconds);
    };
    app.addHook('onRequest', async (request, reply) => {
      if (gated(request)) return admit(request, reply);
    });
    // A body arrives at the client's pace: its place goes back while it is read, and the
    // request queues again once it is in (two slow uploads must not hold both places).
    app.addHook('preParsing', async (request, _reply, payload) => {
      if (request.admissionRelease && hasBody(request)) {
        request.admissionRelease();
        request.admissionRelease = undefined;
        request.admissionAgain = true;
      }
      return payload;
    });
    app.addHook('preValidation', async (request, reply) => {
      if (!request.admissionAgain) return;
      request.admissionAgain = false;
      return admit(request, reply);
    });
    const release = async (request: FastifyRequest) => request.admissionRelease?.();
    app.addHook('onResponse', release);
    app.addHook('onRequestAbort', release);
  },
  { name: 'admission', dependencies: ['config'], fastify: '5.x' },
);
