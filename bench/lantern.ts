import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * What Lighthouse's simulation (Lantern) puts before a page's largest (or first)
 * contentful paint, from the runs `npm run bench -- lighthouse --out DIR` kept: for each
 * saved run, the simulated time, then every request of the metric's graph with its
 * simulated start and end and its bytes, and the main-thread tasks in it (their count and
 * simulated time; `--tasks` lists them). Lantern replays the unthrottled load's requests
 * and tasks under its throttling (slow 4G: 150 ms round trips, 1.6 Mbit/s shared by the
 * requests in flight, six HTTP/1.1 connections per origin; 4x CPU): the list shows what
 * the metric waits for, bytes or work. Lighthouse's own modules, read from the installed
 * package (its internals: another Lighthouse may need changes here).
 * @example npm run bench -- lantern --dir /tmp/lh --metric lcp
 * @example npm run bench -- lantern --dir /tmp/lh --metric tbt
 * @example npm run bench -- lantern --dir /tmp/lh --scale 'auth-sdk=0.4' --scale 'config.json=0'
 */
const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    metric: { type: 'string', default: 'lcp' },
    tasks: { type: 'boolean', default: false },
    // What if: `--scale 'antd\\.=0.7'` simulates the requests whose URL matches with that
    // share of their bytes (0 leaves them out), on the same kept runs: no noise of the
    // machine's speed between A and B. Repeatable.
    scale: { type: 'string', multiple: true, default: [] },
  },
});

/** `--scale` rules: a URL pattern and the share of its requests' bytes to keep. */
const scaleRules = values.scale.map((rule) => {
  const at = rule.lastIndexOf('=');
  const factor = Number(rule.slice(at + 1));
  if (at < 1 || !(factor >= 0)) throw new Error(`--scale ${rule}: PATTERN=FACTOR, FACTOR ≥ 0`);
  return { pattern: new RegExp(rule.slice(0, at)), factor };
});

interface DevtoolsEvent {
  method: string;
  params: {
    requestId?: string;
    request?: { url: string };
    encodedDataLength?: number;
    dataLength?: number;
  };
}

/** The devtools log with `--scale` applied: matching requests dropped or shrunk. */
function scaled(log: DevtoolsEvent[]): DevtoolsEvent[] {
  if (scaleRules.length === 0) return log;
  const factors = new Map<string, number>();
  for (const event of log) {
    const url = event.params.request?.url;
    if (event.method !== 'Network.requestWillBeSent' || !url) continue;
    const rule = scaleRules.find(({ pattern }) => pattern.test(url));
    if (rule) factors.set(event.params.requestId!, rule.factor);
  }
  return log.flatMap((event) => {
    const factor = factors.get(event.params.requestId ?? '');
    if (factor === undefined) return [event];
    if (factor === 0) return [];
    const params = { ...event.params };
    for (const key of ['encodedDataLength', 'dataLength'] as const)
      if (params[key] !== undefined) params[key] = Math.round(params[key] * factor);
    return [{ ...event, params }];
  });
}

interface TraceEvent {
  name: string;
  dur?: number;
  args?: { data?: { url?: string } };
}

interface SimulatedNode {
  type: 'network' | 'cpu';
  request: { url: string; transferSize: number };
  /** A main-thread task's trace events. */
  childEvents?: TraceEvent[];
}

/** A task by its longest events: "EvaluateScript(83) /js/boot.js | ParseAuthorStyleSheet(22)". */
function taskLabel(node: SimulatedNode): string {
  return (node.childEvents ?? [])
    .filter((event) => (event.dur ?? 0) >= 2000)
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 3)
    .map((event) => {
      const url = event.args?.data?.url;
      const where = url ? ` ${url.replace(/^https?:\/\/[^/]+/, '').slice(0, 40)}` : '';
      return `${event.name}(${Math.round((event.dur ?? 0) / 1000)})${where}`;
    })
    .join(' | ');
}

interface LanternResult {
  timing: number;
  pessimisticEstimate: {
    nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number }>;
  };
}

interface ComputedMetric {
  request(data: unknown, context: unknown): Promise<LanternResult>;
}

async function metricModule(metric: string): Promise<ComputedMetric> {
  const base = 'lighthouse/core/computed/metrics';
  if (metric === 'fcp') {
    const module = await import(`${base}/lantern-first-contentful-paint.js`);
    return module.LanternFirstContentfulPaint as ComputedMetric;
  }
  if (metric === 'lcp') {
    const module = await import(`${base}/lantern-largest-contentful-paint.js`);
    return module.LanternLargestContentfulPaint as ComputedMetric;
  }
  if (metric === 'tbt') {
    const module = await import(`${base}/lantern-total-blocking-time.js`);
    return module.LanternTotalBlockingTime as ComputedMetric;
  }
  throw new Error(`--metric ${metric}: lcp, fcp or tbt`);
}

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));

async function main(): Promise<void> {
  if (!values.dir) throw new Error('--dir DIR: the directory of `bench lighthouse --out DIR`');
  const metric = await metricModule(values.metric);
  const runs = fs
    .readdirSync(values.dir)
    .filter((file) => /^[a-z]+-\d+\.json$/.test(file))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
  for (const run of runs) {
    const file = (suffix: string) => path.join(values.dir!, `${run}${suffix}`);
    const lhr = readJson(file('.json')) as {
      configSettings: unknown;
      requestedUrl: string;
      mainDocumentUrl?: string;
      finalDisplayedUrl: string;
    };
    const data = {
      trace: readJson(file('.trace.json')),
      devtoolsLog: scaled(readJson(file('.devtoolslog.json')) as DevtoolsEvent[]),
      gatherContext: { gatherMode: 'navigation' },
      settings: lhr.configSettings,
      URL: {
        requestedUrl: lhr.requestedUrl,
        mainDocumentUrl: lhr.mainDocumentUrl ?? lhr.requestedUrl,
        finalDisplayedUrl: lhr.finalDisplayedUrl,
      },
      SourceMaps: [],
      HostDPR: 1,
      simulator: null,
    };
    const result = await metric.request(data, {
      computedCache: new Map(),
      settings: lhr.configSettings,
    });
    const nodes = [...result.pessimisticEstimate.nodeTimings.entries()].sort(
      (a, b) => a[1].startTime - b[1].startTime,
    );
    const requests = nodes.filter(([node]) => node.type === 'network');
    const tasks = nodes.filter(([node]) => node.type === 'cpu');
    const taskMs = tasks.reduce((sum, [, t]) => sum + t.endTime - t.startTime, 0);
    const kib = requests.reduce((sum, [node]) => sum + node.request.transferSize, 0) / 1024;
    console.log(
      `\n${run}: ${values.metric.toUpperCase()} ${Math.round(result.timing)} ms simulated; ` +
        `${requests.length} requests, ${kib.toFixed(0)} KiB; ` +
        `${tasks.length} main-thread tasks, ${Math.round(taskMs)} ms`,
    );
    // The blocking time: every task over 50 ms of simulated time is listed; TBT counts
    // each by its part over 50 ms, and only those between the simulated first paint and
    // the page's quiet (compare their start with the report's FCP).
    const blocking = values.metric === 'tbt';
    for (const [node, t] of nodes) {
      if (node.type === 'cpu' && !values.tasks && !blocking) continue;
      if (node.type === 'network' && blocking) continue;
      if (blocking && t.endTime - t.startTime <= 50) continue;
      const what =
        node.type === 'network'
          ? `${new URL(node.request.url).pathname.slice(0, 60)} ${(node.request.transferSize / 1024).toFixed(1)} KiB`
          : `main-thread task ${taskLabel(node)}`;
      console.log(
        `${String(Math.round(t.startTime)).padStart(6)} ${String(Math.round(t.endTime)).padStart(6)}  ${what}`,
      );
    }
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
