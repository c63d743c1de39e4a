import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageBody } from '../../contract/errors';
import {
  DISK_FULL_MESSAGE,
  DISK_FULL_RETRY_AFTER_SECONDS,
  megabytes,
  readDiskSpace,
  type DiskReading,
  type StatFs,
} from '../db/disk-space';

/**
 * The disk guard (decision 039): reads the free space of DATA_DIR's file system, warns in
 * the log and on /metrics when it runs low, says so in /api/health, and on the embedded
 * database refuses API writes up-front (503 + Retry-After) while too little is left for
 * PGlite to write safely. Reads go on. Every write reads the space afresh, so writes are
 * accepted again as soon as space returns, without a restart.
 */
export interface DiskSettings {
  /** How often the space is read for the log, health and metrics. */
  pollMs: number;
  /** A write reuses a reading at most this old (many writes at once share one statfs). */
  writeMaxAgeMs: number;
  /** Health and a scrape reuse a reading at most this old. */
  reportMaxAgeMs: number;
  /** While the space stays low or full, the log says so again this often. */
  remindEveryMs: number;
  /** fs.promises.statfs, or a stand-in (tests). */
  statfs?: StatFs;
}

export const defaultDiskSettings: DiskSettings = {
  pollMs: 5_000,
  writeMaxAgeMs: 100,
  reportMaxAgeMs: 1_000,
  remindEveryMs: 10 * 60_000,
};

/** The disk's state as health and metrics show it; undefined until first read. */
export class DiskMonitor {
  private last: { reading: DiskReading; at: number } | undefined;
  private pending: Promise<DiskReading | undefined> | undefined;
  private lastLoggedAt = 0;
  private readFailed = false;
  /** Writes answered 503 since start (metrics). */
  refused = 0;

  constructor(
    private readonly dataDir: string,
    private readonly settings: DiskSettings,
    private readonly log: FastifyBaseLogger,
    /** Whether API writes are refused when full (the embedded database lives there). */
    private readonly refusesWrites = true,
  ) {}

  /** The last reading (undefined before the first, or when the file system cannot be read). */
  get current(): DiskReading | undefined {
    return this.last?.reading;
  }

  /**
   * A reading no older than `maxAgeMs` (default: reportMaxAgeMs, for health and
   * metrics); concurrent callers share one statfs. Undefined
   * when the file system cannot be read: then nothing is refused (the write's own error
   * is the answer).
   */
  async read(maxAgeMs = this.settings.reportMaxAgeMs): Promise<DiskReading | undefined> {
    if (this.last && performance.now() - this.last.at <= maxAgeMs) return this.last.reading;
    this.pending ??= this.readNow().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async readNow(): Promise<DiskReading | undefined> {
    let reading: DiskReading;
    try {
      reading = await readDiskSpace(this.dataDir, this.settings.statfs);
    } catch (error) {
      if (!this.readFailed) {
        this.log.warn({ err: error, dataDir: this.dataDir }, 'disk space: cannot read it');
      }
      this.readFailed = true;
      this.last = undefined;
      return undefined;
    }
    this.readFailed = false;
    const before = this.last?.reading.state;
    this.last = { reading, at: performance.now() };
    this.report(before, reading);
    return reading;
  }

  /** A line when the state changes, and again every remindEveryMs while it is not ok. */
  private report(before: DiskReading['state'] | undefined, reading: DiskReading): void {
    const now = performance.now();
    const changed = before !== reading.state;
    const remind = reading.state !== 'ok' && now - this.lastLoggedAt >= this.settings.remindEveryMs;
    if (!changed && !remind) return;
    this.lastLoggedAt = now;
    const facts = {
      dataDir: this.dataDir,
      freeBytes: reading.freeBytes,
      sizeBytes: reading.sizeBytes,
      warnBelowBytes: reading.thresholds.warnBelow,
      refuseBelowBytes: reading.thresholds.refuseBelow,
    };
    const free = `${megabytes(reading.freeBytes)} free of ${megabytes(reading.sizeBytes)}`;
    const refuseBelow = megabytes(reading.thresholds.refuseBelow);
    if (!this.refusesWrites && reading.state !== 'ok') {
      // PostgreSQL: DATA_DIR holds logos and mail only.
      const level = reading.state === 'full' ? 'error' : 'warn';
      this.log[level](facts, `disk space ${reading.state}: ${free} on DATA_DIR (logos, mail)`);
    } else if (reading.state === 'full') {
      this.log.error(
        facts,
        `disk nearly full: ${free} on DATA_DIR; API writes are refused (503) until ` +
          `${refuseBelow} are free`,
      );
    } else if (reading.state === 'low') {
      const again = before === 'full' ? ' (API writes are accepted again)' : '';
      this.log.warn(
        facts,
        `disk space low: ${free} on DATA_DIR; writes are refused below ${refuseBelow}${again}`,
      );
    } else if (before !== undefined) {
      this.log.info(facts, `disk space back to normal: ${free} on DATA_DIR`);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** DATA_DIR's free space (health and metrics read it). */
    disk: DiskMonitor;
  }
}

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An API request that may write: any method but GET, HEAD and OPTIONS under /api/. */
export function isApiWrite(request: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  return request.url.startsWith('/api/') && !READ_METHODS.has(request.method);
}

function refuse(reply: FastifyReply): FastifyReply {
  const body: MessageBody = { message: DISK_FULL_MESSAGE };
  return reply.code(503).header('retry-after', String(DISK_FULL_RETRY_AFTER_SECONDS)).send(body);
}

/**
 * Registered before the admission gate, so that a refused write neither queues nor runs
 * the sign-in's lookup. Writes are refused on the embedded database only: on PostgreSQL
 * the database is elsewhere, and DATA_DIR holds only logos and mail (a write there that
 * meets ENOSPC answers the same 503 through the error handler).
 */
export default fp<Partial<DiskSettings>>(
  async (app, options) => {
    const settings = { ...defaultDiskSettings, ...options };
    const monitor = new DiskMonitor(app.config.dataDir, settings, app.log, !app.config.databaseUrl);
    app.decorate('disk', monitor);

    if (!app.config.databaseUrl) {
      app.addHook('onRequest', async (request, reply) => {
        if (!isApiWrite(request)) return;
        const reading = await monitor.read(settings.writeMaxAgeMs);
        if (reading?.state !== 'full') return;
        monitor.refused += 1;
        return refuse(reply);
      });
    }

    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await monitor.read(0);
      timer = setInterval(() => void monitor.read(0), settings.pollMs);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));

    app.metricsSources.add({
      name: 'splitline_disk_free_bytes',
      help: "Free bytes on DATA_DIR's file system (what this user may write).",
      read: async () => (await monitor.read())?.freeBytes ?? Number.NaN,
    });
    app.metricsSources.add({
      name: 'splitline_disk_size_bytes',
      help: "Size of DATA_DIR's file system in bytes.",
      read: async () => (await monitor.read())?.sizeBytes ?? Number.NaN,
    });
    app.metricsSources.add({
      name: 'splitline_disk_low',
      help: '1 while free space on DATA_DIR is below the warning threshold (5 % or 200 MB), else 0.',
      read: async () => (((await monitor.read())?.state ?? 'ok') === 'ok' ? 0 : 1),
    });
    app.metricsSources.add({
      name: 'splitline_disk_writes_refused',
      help: '1 while API writes are refused because DATA_DIR is nearly full (below 64 MB free), else 0.',
      read: async () =>
        (await monitor.read())?.state === 'full' && !app.config.databaseUrl ? 1 : 0,
    });
    app.metricsSources.add({
      name: 'splitline_disk_refused_writes',
      help: 'API writes answered 503 since start because DATA_DIR was nearly full.',
      read: () => monitor.refused,
    });
  },
  { name: 'disk', dependencies: ['config', 'metrics'], fastify: '5.x' },
);
