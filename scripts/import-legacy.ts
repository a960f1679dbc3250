// `npm run import:legacy -- --from <postgres://… | folder> [--apply] [--json] …`: brings the old
// site's data over (app/modules/legacy-import/CONTEXT.md). A dry run unless --apply. On the
// embedded database, stop the server first: its data directory is locked while it runs.
import { existsSync } from "node:fs";
import { runLegacyImportCommand } from "#app/modules/legacy-import/index.server";
import { keepNewFilesPrivate } from "#server/private-umask.js";

// Before anything touches the disk: see server/private-umask.js.
keepNewFilesPrivate();

// The same configuration as the server's: DATABASE_URL, DATA_DIR and UPLOADS_DIR from .env when there is one.
if (existsSync(".env") && !process.env.HARMONIA_IGNORE_ENV_FILE) process.loadEnvFile(".env");

const code = await runLegacyImportCommand(process.argv.slice(2), {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
process.exitCode = code;
