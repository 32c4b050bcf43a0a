// Writes a gzip and a brotli copy beside each text file of the bundle: the web table serves the
// copy a browser accepts (aiohttp's FileResponse looks for NAME.br and NAME.gz), a third to a
// quarter of the bytes on a first visit.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = new URL("./dist/", import.meta.url).pathname;
for (const name of readdirSync(dist)) {
  if (!/\.(js|css|html)$/.test(name)) continue; // the source map is fetched only by a debugger
  const data = readFileSync(join(dist, name));
  writeFileSync(join(dist, `${name}.gz`), gzipSync(data, { level: 9 }));
  writeFileSync(
    join(dist, `${name}.br`),
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  );
}
