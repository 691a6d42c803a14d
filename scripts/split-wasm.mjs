// Splits the playground's wasm into the module the first view needs and the modules loaded
// later (issue 25 part 4), from Trunk's post_build hook (scripts/post-build.sh), before the
// scripts are minified and the files precompressed. Trunk 0.21 has no split step and its
// wasm-bindgen call cannot keep the linker's exports that a split module needs, so this redoes
// what comes after `cargo build` on the same build:
//   1. wasm-split-cli (crate wasm_split_cli_support) cuts cargo's output (linked with
//      `--emit-relocs`, build.rs) at each `wasm_split` point (src/ui/later_parts.rs, src/ui/features/dialog_module.rs, src/ui/code_part.rs, src/ui/panels/next_choices_module.rs)
//      into the main module, one module per split point and `__wasm_split.js`, their loader;
//   2. wasm-bindgen (the version Trunk.toml pins) on the main module, with
//      `--keep-lld-exports` (the later modules share its memory and function table);
//   3. in release, wasm-opt on every module with the flags below (Trunk's own wasm-opt step is
//      off in index.html: it would optimise a module that is thrown away here);
//   4. the later modules and the loader renamed with a hash of their content (a page from an
//      earlier deploy never fetches a module of a later one), the loader preloaded beside the
//      glue, and the Subresource Integrity of every file index.html links written anew.
// Trunk's file names for the glue and the main module stay, so its loader in index.html works
// unchanged. Usage: node scripts/split-wasm.mjs [staging dir] (default $TRUNK_STAGING_DIR).
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeRegExp, withIntegrity } from './sri.mjs';

const CRATE = 'agent-team-playground';
// The wasm-opt flags the module shipped with before the split (measured in docs/FIRST_LOAD.md).
// `WASM_NAMES=1` keeps the functions' names, for a CPU profile that names them
// (scripts/seek-profile.mjs); never for a build that is measured for size or shipped.
const WASM_OPT = ['-Oz', '--converge', '--flatten', '--rereloop', '-Oz', '--reorder-functions-by-name',
  '--strip-producers', '--strip-target-features', ...(process.env.WASM_NAMES ? ['-g'] : [])];

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
const release = (process.env.TRUNK_PROFILE ?? 'release') === 'release';
if (!dir) fail('usage: node scripts/split-wasm.mjs <staging dir>');

function fail(message) {
  console.error(`split-wasm: ${message}`);
  process.exit(1);
}

const stemOf = readdirSync(dir).find((f) => f.startsWith(`${CRATE}-`) && f.endsWith('_bg.wasm'));
// scripts/perf.sh's baseline pages build other binaries: nothing of the playground to split.
if (!stemOf) process.exit(0);
const stem = stemOf.slice(0, -'_bg.wasm'.length);

const targetDir = JSON.parse(execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps', '--offline'],
  { encoding: 'utf8', maxBuffer: 64 << 20 })).target_directory;
const built = join(targetDir, 'wasm32-unknown-unknown', release ? 'release' : 'debug', `${CRATE}.wasm`);
if (!existsSync(built)) fail(`cargo's output ${built} is missing`);

const work = mkdtempSync(join(tmpdir(), 'split-wasm-'));
try {
  run('wasm-split-cli', [built, work, '--out-name', stem]);
  // split_*: one module per split point; chunk_*: code two split points share.
  const later = readdirSync(work).filter((f) => /^(split|chunk)_.*\.wasm$/.test(f));
  if (!later.some((f) => f.startsWith('split_'))) fail('the build has no split point: was it built with --features split?');
  const bg = join(work, 'bindgen');
  run('wasm-bindgen', ['--target=web', '--keep-lld-exports', '--no-demangle', '--no-typescript',
    `--out-dir=${bg}`, `--out-name=${stem}`, join(work, `${stem}.wasm`)]);
  if (release) {
    await Promise.all([join(bg, `${stem}_bg.wasm`), ...later.map((f) => join(work, f))]
      .map((file) => runAsync('wasm-opt', [...WASM_OPT, file, '-o', file])));
  }
  // The loader streams each module, which a browser refuses unless the host sends
  // `application/wasm`; the glue falls back for the main module, so the later ones do too (some
  // LMSs and older servers send another type).
  let loader = replaceAll(readFileSync(join(work, '__wasm_split.js'), 'utf8'),
    'WebAssembly.instantiateStreaming(src, imports)',
    "src.then((r) => (r.headers.get('Content-Type') ?? '').startsWith('application/wasm')"
      + ' ? WebAssembly.instantiateStreaming(r, imports)'
      + ' : r.arrayBuffer().then((b) => WebAssembly.instantiate(b, imports)))',
    'the loader\'s streaming instantiation');
  for (const name of later) {
    const hashed = `${name.slice(0, -'.wasm'.length)}-${hash(readFileSync(join(work, name)))}.wasm`;
    copyFileSync(join(work, name), join(dir, hashed));
    loader = replaceAll(loader, `"./${name}"`, `"./${hashed}"`, name);
  }
  const loaderName = `__wasm_split-${hash(loader)}.js`;
  writeFileSync(join(dir, loaderName), loader);
  // Only the glue's import statement: the wasm still names its import module "./__wasm_split.js".
  const glue = replaceAll(readFileSync(join(bg, `${stem}.js`), 'utf8'), 'from "./__wasm_split.js"',
    `from "./${loaderName}"`, 'the glue\'s import of the loader');
  writeFileSync(join(dir, `${stem}.js`), glue);
  copyFileSync(join(bg, `${stem}_bg.wasm`), join(dir, `${stem}_bg.wasm`));

  let page = readFileSync(join(dir, 'index.html'), 'utf8');
  // The glue imports the loader at once: preloading it beside the glue saves a round trip.
  const glueTag = new RegExp(`<link[^>]*\\./${escapeRegExp(stem)}\\.js[^>]*>`);
  const tag = page.match(glueTag)?.[0];
  if (!tag) fail(`index.html does not link ./${stem}.js`);
  page = page.replace(tag, `${tag}${tag.replace(`./${stem}.js`, `./${loaderName}`)}`);
  for (const name of [`${stem}.js`, loaderName, `${stem}_bg.wasm`]) {
    page = withIntegrity(page, name, readFileSync(join(dir, name))) ?? fail(`index.html does not link ./${name}`);
  }
  writeFileSync(join(dir, 'index.html'), page);
  console.log(`split-wasm: ${stem}_bg.wasm and ${later.length} later module(s) (${release ? 'release' : 'debug'})`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

function run(cmd, args) {
  try {
    execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (e) {
    fail(`${cmd} failed: ${e.message}`);
  }
}

function runAsync(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', (e) => fail(`${cmd} failed: ${e.message}`));
    child.on('exit', (code) => (code === 0 ? resolve() : fail(`${cmd} exited with ${code}`)));
  });
}

function hash(bytes) {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

function replaceAll(text, from, to, what) {
  if (!text.includes(from)) fail(`${what}: ${from} not found`);
  return text.split(from).join(to);
}
