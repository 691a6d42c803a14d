// Writes a precompressed copy beside each text or wasm asset of a build (`name.gz`, gzip level 9,
// and `name.br`, brotli quality 11), for static hosts that serve a precompressed file when the
// browser accepts it (README, "Serving dist/"). Run by Trunk's post_build hook on its staging
// folder (scripts/post-build.sh, release builds only), or by hand on a folder.
//   node scripts/precompress.mjs [dir]          write the copies (default: $TRUNK_STAGING_DIR)
//   node scripts/precompress.mjs --check dir    verify that every asset has both copies and that
//                                               each decompresses to the asset's exact bytes;
//                                               prints the three sizes per file
import { readdirSync, readFileSync, writeFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';

const ASSET = /\.(wasm|js|mjs|css|html|json|svg|txt)$/;
const args = process.argv.slice(2);
const check = args[0] === '--check';
const dir = (check ? args[1] : args[0]) ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('precompress: name a folder (or run from a Trunk hook)');
  process.exit(2);
}

function assets(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return assets(path);
    return ASSET.test(name) ? [path] : [];
  });
}

const gzip = (bytes) => zlib.gzipSync(bytes, { level: 9 });
const brotli = (bytes) =>
  zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });

let failures = 0;
for (const path of assets(dir)) {
  const bytes = readFileSync(path);
  if (!check) {
    writeFileSync(`${path}.gz`, gzip(bytes));
    writeFileSync(`${path}.br`, brotli(bytes));
    continue;
  }
  const sizes = [bytes.length];
  for (const [ext, inflate] of [['gz', zlib.gunzipSync], ['br', zlib.brotliDecompressSync]]) {
    const copy = `${path}.${ext}`;
    if (!existsSync(copy)) {
      console.error(`precompress: ${copy} is missing`);
      failures++;
      continue;
    }
    const packed = readFileSync(copy);
    sizes.push(packed.length);
    if (!inflate(packed).equals(bytes)) {
      console.error(`precompress: ${copy} does not decompress to ${path}`);
      failures++;
    }
  }
  console.log(`${path.padEnd(58)} ${String(sizes[0]).padStart(10)} ${String(sizes[1] ?? '-').padStart(9)} gz ${String(sizes[2] ?? '-').padStart(9)} br`);
}
if (failures) process.exit(1);
