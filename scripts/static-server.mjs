// A tiny static server for the perf step: serves a directory on 127.0.0.1 the way real static
// hosts do, with compression on the wire. Python's http.server sends none, so figures measured
// through it would overstate the bytes and the time on a slow network. For each request it sends
// the precompressed `.br` (else `.gz`) file written beside each asset by scripts/post-build.sh
// when the request's Accept-Encoding allows it, with its Content-Encoding, the original file's
// Content-Type (`application/wasm` for .wasm, so streaming instantiation works), and
// `Cache-Control: no-store` (every load is a first visit). Usage: node static-server.mjs PORT DIR
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const [port, dirArg] = process.argv.slice(2);
if (!port || !dirArg) {
  console.error('usage: node scripts/static-server.mjs PORT DIR');
  process.exit(2);
}
const root = resolve(dirArg);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file a URL path names inside the root, or null when it would leave the root. */
function fileFor(urlPath) {
  let path = decodeURIComponent(urlPath.split('?')[0]);
  if (path.endsWith('/')) path += 'index.html';
  const full = normalize(join(root, path));
  return full === root || full.startsWith(root + sep) ? full : null;
}

/** Whether an Accept-Encoding header allows `coding` (a q=0 entry refuses it). */
function accepts(header, coding) {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return name.trim().toLowerCase() === coding && !(q && Number(q.slice(2)) === 0);
  });
}

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

const server = createServer(async (req, res) => {
  try {
    const file = fileFor(req.url ?? '/');
    if (!file || !(await isFile(file))) {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' });
      res.end('not found');
      return;
    }
    const headers = {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
      Vary: 'Accept-Encoding',
    };
    let body;
    for (const [coding, ext] of [['br', '.br'], ['gzip', '.gz']]) {
      if (accepts(req.headers['accept-encoding'], coding) && (await isFile(file + ext))) {
        body = await readFile(file + ext);
        headers['Content-Encoding'] = coding;
        break;
      }
    }
    body ??= await readFile(file);
    headers['Content-Length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch (err) {
    res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end(String(err));
  }
});
server.listen(Number(port), '127.0.0.1');
