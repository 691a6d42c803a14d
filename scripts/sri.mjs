// Subresource Integrity for the build's post-processing scripts (scripts/post-build.sh): a file
// changed after Trunk linked it needs its new sha384 in every tag of index.html that links it,
// or the browser refuses the file.
import { createHash } from 'node:crypto';

export const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `page` with the integrity of every `<link>` naming `./name` set to the sha384 of `bytes`;
 * null when no tag links it. */
export function withIntegrity(page, name, bytes) {
  const tag = new RegExp(`<link[^>]*\\./${escapeRegExp(name)}[^>]*>`, 'g');
  if (!tag.test(page)) return null;
  const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
  return page.replace(tag, (link) => link.replace(/sha384-[A-Za-z0-9+/=]+/, integrity));
}
