import { rename, stat } from "node:fs/promises";

/**
 * Puts the folder `staged` where `folder` is, keeping the replaced one beside it as
 * `<folder>.before-restore-<time>` (returned, undefined when there was none): two renames in one
 * parent folder, so a reader sees the old folder or the new one, never half of either.
 */
export async function swapInFolder(staged: string, folder: string): Promise<string | undefined> {
  let previous: string | undefined;
  if (await stat(folder).then(() => true, () => false)) {
    previous = `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    await rename(folder, previous);
  }
  await rename(staged, folder);
  return previous;
}
