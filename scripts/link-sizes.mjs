// Prints each share link's length beside lz-string's compressToEncodedURIComponent on the SAME
// JSON, and asserts the budgets. The JSON comes from the native test that measures our links
// (`cargo test --locked --test it links_stay_within_their_size_budgets`, which writes
// target/link-sizes.json). Usage: node scripts/link-sizes.mjs
import fs from 'fs';
import { createRequire } from 'module';

const require = createRequire(import.meta.url);
const LZString = require('lz-string');
const file = process.argv[2] ?? 'target/link-sizes.json';
const cases = JSON.parse(fs.readFileSync(file, 'utf8'));
let failed = false;
for (const c of cases) {
  const lz = LZString.compressToEncodedURIComponent(c.json);
  const lzFragment = `${c.readable}&x=${lz}`.length;
  const ok = c.fragment_chars < c.budget;
  failed ||= !ok;
  console.log(
    `LINK SIZE: ${c.name}: JSON ${c.json.length} bytes; x= ours ${c.x_chars} vs lz-string ${lz.length}; ` +
      `whole fragment ours ${c.fragment_chars} vs lz-string ${lzFragment}; budget ${c.budget} ${ok ? 'ok' : 'EXCEEDED'}`,
  );
  if (LZString.decompressFromEncodedURIComponent(lz) !== c.json) throw new Error('lz-string round trip failed');
}
if (failed) process.exit(1);
