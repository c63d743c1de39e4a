import os from 'node:os';

/** What a bench's figures were taken on: `node v24.9.0, 2 cpus, load 1.9 1.7 1.5`. */
export function machine(digits = 1): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(digits))
    .join(' ');
  return `node ${process.version}, ${os.cpus().length} cpus, load ${load}`;
}
