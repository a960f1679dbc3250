import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { vitestFilesByDatabase } from "#scripts/database-test-files.js";

// The PostgreSQL pass runs only the files this finds; a database test it missed would never run on
// PostgreSQL, so the classification is tested on a tree made for it and on the project itself.
const root = mkdtempSync(path.join(tmpdir(), "harmonia-db-test-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, source: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), source);
}

describe("vitestFilesByDatabase", () => {
  it("finds a database through a chain of test helpers, and leaves pure tests out", () => {
    write("tests/support/test-database.ts", "export const openTestDatabase = () => undefined;\n");
    write("tests/support/people.ts", 'import { openTestDatabase } from "./test-database";\nexport const person = openTestDatabase;\n');
    write("tests/support/words.ts", "export const word = 'a';\n");
    write("app/modules/a/direct.server.test.ts", 'import { openDatabase } from "#app/lib/db.server";\n');
    write("app/modules/a/through-helpers.test.ts", 'import { person } from "#tests/support/people";\n');
    write("tests/integration/relative.test.ts", 'import { person } from "../support/people";\n');
    write("app/modules/a/pure.test.ts", 'import { word } from "#tests/support/words";\n');
    write("server/env.test.ts", "process.env.DATABASE_URL;\n");
    const { database, independent } = vitestFilesByDatabase(root);
    expect(database).toEqual(["app/modules/a/direct.server.test.ts", "app/modules/a/through-helpers.test.ts", "server/env.test.ts", "tests/integration/relative.test.ts"]);
    expect(independent).toEqual(["app/modules/a/pure.test.ts"]);
  });

  it("puts the project's database tests on the PostgreSQL side", () => {
    const { database, independent } = vitestFilesByDatabase(process.cwd());
    expect(database).toContain("db/migrations.test.ts");
    expect(database).toContain("tests/integration/staff-page-reads.test.ts");
    expect(independent).toContain("app/modules/sms/quiet-hours.test.ts");
    expect(independent).toContain("app/lib/csv.server.test.ts");
  });
});
