// A course page's own server for the embed specs: the given pages, and `tools/playground` ->
// dist/, in a temp folder served on 127.0.0.1:port (another origin than the playground's e2e
// server). `start` waits until it answers; `stop` ends it and removes the folder.
import { spawn, ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const DIST = path.resolve(__dirname, '..', '..', 'dist');

export class HostServer {
  private server: ChildProcess | undefined;
  private root = '';

  constructor(readonly port: number, private readonly pages: Record<string, string>) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    this.root = fs.mkdtempSync(path.join(os.tmpdir(), 'course-host-'));
    for (const [name, html] of Object.entries(this.pages)) fs.writeFileSync(path.join(this.root, name), html);
    fs.mkdirSync(path.join(this.root, 'tools'));
    fs.symlinkSync(DIST, path.join(this.root, 'tools', 'playground'));
    this.server = spawn('python3', ['-m', 'http.server', String(this.port), '--bind', '127.0.0.1', '--directory', this.root], {
      stdio: 'ignore',
    });
    const first = Object.keys(this.pages)[0];
    for (let i = 0; i < 50; i++) {
      try {
        if ((await fetch(`${this.origin}/${first}`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the host server on ${this.origin} did not start`);
  }

  stop() {
    if (this.server && this.server.exitCode === null) this.server.kill();
    if (this.root) fs.rmSync(this.root, { recursive: true, force: true });
  }
}
