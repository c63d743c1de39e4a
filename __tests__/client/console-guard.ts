/**
 * Any console.error fails the test that caused it (React act() warnings, prop-type
 * and key warnings, unhandled RTK Query errors). A test that expects one says so with
 * `allowConsoleErrors()`, e.g. when it makes a page throw on purpose.
 */
let allowed = false;
let recorded: unknown[][] = [];

export function allowConsoleErrors(): void {
  allowed = true;
}

export function startConsoleGuard(): void {
  allowed = false;
  recorded = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    recorded.push(args);
  });
}

export function stopConsoleGuard(): void {
  jest.mocked(console.error).mockRestore();
  if (allowed || recorded.length === 0) return;
  const shown = recorded
    .map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '))
    .join('\n---\n');
  throw new Error(`console.error was called ${recorded.length} time(s):\n${shown}`);
}
