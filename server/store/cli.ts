import { runOperatorCommand } from '../admin';
import { STORE_USAGE } from './operator';

/**
 * `npm run store -- <command>`: the operator's side of the manual payment provider
 * (docs/store.md). Sent to the server that runs on DATA_DIR when there is one, else run
 * on the database the server would use (DATABASE_URL, else the embedded one in
 * DATA_DIR): decision 037.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === '--help' || args[0] === '-h') {
    console.error(STORE_USAGE);
    process.exitCode = 2;
    return;
  }
  process.exitCode = await runOperatorCommand({ program: 'store', command: 'store', args });
}

main().catch((error: unknown) => {
  console.error(`store: failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
