// Trunk's loader passes the boot screen's progress bar the module's size before wasm-opt (2.6 MB
// for a 1.7 MB module), so the bar would end at two thirds. Run from the post_build hook
// (scripts/post-build.sh) before the files are precompressed: writes the size of the module
// that ships into index.html's loader call.
import { readdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
const html = join(dir, 'index.html');
let page = readFileSync(html, 'utf8');
// A page built without an initializer (scripts/perf.sh's baseline pages) has no boot bar to size.
if (!page.includes('__trunkInitializer(')) process.exit(0);
for (const name of readdirSync(dir).filter((f) => f.endsWith('_bg.wasm'))) {
  const size = statSync(join(dir, name)).size;
  const call = new RegExp(`(__trunkInitializer\\(init, '\\./${name.replace(/[.]/g, '\\.')}', )\\d+`);
  if (!call.test(page)) {
    console.error(`boot-size: index.html has no loader call for ${name}`);
    process.exit(1);
  }
  page = page.replace(call, `$1${size}`);
}
writeFileSync(html, page);
