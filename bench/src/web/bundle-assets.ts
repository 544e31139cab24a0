import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export type Asset = { path: string; kind: 'js' | 'css'; bytes: number; gzipBytes: number };

/** Raw and gzip -9 size of a file of the web build in `webDist`, by its URL path. */
export function measureAsset(webDist: string, urlPath: string): Asset | null {
  const file = path.join(webDist, decodeURIComponent(urlPath));
  if (!file.startsWith(webDist) || !fs.existsSync(file)) return null;
  const content = fs.readFileSync(file);
  return {
    path: urlPath,
    kind: urlPath.endsWith('.css') ? 'css' : 'js',
    bytes: content.length,
    gzipBytes: zlib.gzipSync(content, { level: 9 }).length,
  };
}

/** The assets index.html itself references (the entry script, its preloads and stylesheets). */
export function entryAssetPaths(webDist: string): string[] {
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const paths = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)];
  return paths.map((match) => match[1] ?? '').filter(Boolean);
}
