import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text and WebAssembly (images, fonts and media are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|wasm|txt|xml)$/;
/** Below this a compressed copy saves less than its headers cost. */
const SMALLEST_BYTES = 1024;

/**
 * Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every compressible
 * file of the client build, once per build (the `buildEnd` hook in react-router.config.ts, after
 * the door's service worker is written): the server answers a script with the copy the browser
 * accepts (serveStatic's `precompressed`) instead of compressing the same file again for every page
 * view, and Brotli at its slowest setting, which no server could afford per request, is ~15 %
 * smaller than gzip. A copy no smaller than the file is not written.
 */
export async function precompressBuiltFiles(clientDir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
  let bytes = 0;
  let brotliBytes = 0;
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < SMALLEST_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        gzipAsync(content, { level: 9 }),
      ]);
      if (br.length < content.length) await writeFile(`${file}.br`, br);
      if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      bytes += content.length;
      brotliBytes += Math.min(br.length, content.length);
      written += 1;
    }),
  );
  return { files: written, bytes, brotliBytes };
}
