import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Every file under `folder` (relative path → SHA-256 of its bytes), to compare folders byte for byte; {} when there is none. */
export function folderFingerprints(folder: string): Record<string, string> {
  if (!existsSync(folder)) return {};
  const fingerprints: Record<string, string> = {};
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    fingerprints[path.relative(folder, file)] = createHash("sha256").update(readFileSync(file)).digest("hex");
  }
  return fingerprints;
}
