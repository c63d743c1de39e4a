import fs from 'node:fs';
import { INDEX_PUBLISH_USAGE, runOperatorCommand } from '../admin';

/**
 * `npm run index:publish -- <file.json>`: publishes a reference version. The file is
 * `{ "version": 2, "note": "...", "rows": [{ "test", "sex", "level"?, "mean", "sd",
 * "lowerIsBetter", "source" }, ...] }` (the shape of `GET /api/index-reference`); every
 * profile is re-scored with it in the same transaction. Read here, then sent to the
 * server that runs on DATA_DIR, or published on the database the server would use when
 * none runs (decision 037).
 */
async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || file === '-h' || file === '--help') {
    console.error(INDEX_PUBLISH_USAGE);
    process.exitCode = 2;
    return;
  }
  let input: unknown;
  try {
    input = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'there is no such file'
        : error instanceof SyntaxError
          ? `it is not JSON (${error.message})`
          : (error as Error).message;
    console.error(`index:publish: cannot read ${file}: ${reason}.`);
    process.exitCode = 1;
    return;
  }
  process.exitCode = await runOperatorCommand({
    program: 'index:publish',
    command: 'index:publish',
    args: [],
    input,
  });
}

main().catch((error: unknown) => {
  console.error(`index:publish: failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
