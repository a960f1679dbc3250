import { runLegacyImportCommand } from "#app/modules/legacy-import/index.server";
import { importCommandEnvironment, type CommandRun, type ImportTarget } from "./legacy-import";

// Apart from legacy-import.ts, which the browser tests import too: Playwright's loader would load
// the whole application with it, and it resolves modules as Node's ESM does.

/**
 * The same command in this test's process: what `runImportCommand` runs, without a second Node
 * loading the whole application through tsx (some 5–10 s a run on a busy machine). Its output is
 * what the command would print, line by line; a failure it does not handle is exit 1 with the
 * error, as Node would end the process. The spawned command keeps a test of its own (the contract's
 * --help, and the README's commands in moving-in.test.ts).
 */
export async function runImportInProcess(args: string[], target: ImportTarget): Promise<CommandRun> {
  const environment = importCommandEnvironment(target);
  let stdout = "";
  let stderr = "";
  const output = { out: (text: string) => (stdout += `${text}\n`), err: (text: string) => (stderr += `${text}\n`) };
  try {
    const code = await runLegacyImportCommand(args, output, { environment });
    return { code, stdout, stderr };
  } catch (error) {
    return { code: 1, stdout, stderr: `${stderr}${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n` };
  }
}
