import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import { compress } from "./compression";
import { contentTypeFor, isCompressible } from "./content-types";

/**
 * Writes `.br` and `.gz` beside every compressible file in `directory` at the
 * highest levels (too slow per request, fine once per build), where they are
 * smaller than the original.
 */
export async function precompressDirectory(directory: string): Promise<void> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && isCompressible(contentTypeFor(entry.name)))
      .map(async (entry) => {
        const filePath = path.join(entry.parentPath, entry.name);
        const source = await readFile(filePath);
        const [br, gz] = await Promise.all([
          compress.br(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
            },
          }),
          compress.gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.byteLength < source.byteLength) await writeFile(`${filePath}.br`, br);
        if (gz.byteLength < source.byteLength) await writeFile(`${filePath}.gz`, gz);
      }),
  );
}
