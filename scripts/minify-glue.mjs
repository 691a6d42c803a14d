// Trunk's own JS minifier gives up on wasm-bindgen's glue (`export default __wbg_init` stops its
// parser: "Failed to minify JS ... KeywordDefault"), so the glue shipped as written, 61 KB. Run
// from the post_build hook (scripts/post-build.sh) before the files are precompressed: minifies
// each .js/.mjs that index.html links with terser (as an ES module: exports and property names
// stay) and writes its new Subresource Integrity hash into index.html, or the browser would
// refuse the file.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify } from 'terser';
import { withIntegrity } from './sri.mjs';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('minify-glue: usage: node scripts/minify-glue.mjs <dist dir>');
  process.exit(2);
}
const html = join(dir, 'index.html');
let page = readFileSync(html, 'utf8');
let saved = 0;
for (const name of readdirSync(dir).filter((f) => /\.m?js$/.test(f) && page.includes(`./${f}`))) {
  const path = join(dir, name);
  const before = readFileSync(path, 'utf8');
  const out = await minify(before, { module: true, compress: true, mangle: true });
  if (typeof out.code !== 'string' || out.code.length === 0) {
    console.error(`minify-glue: terser returned nothing for ${name}`);
    process.exit(1);
  }
  writeFileSync(path, out.code);
  saved += before.length - out.code.length;
  // The tag that links the file carries its hash (Trunk writes sha384 on every asset it links).
  page = withIntegrity(page, name, out.code) ?? page;
}
writeFileSync(html, page);
console.log(`minify-glue: ${saved} bytes fewer in the linked scripts`);
