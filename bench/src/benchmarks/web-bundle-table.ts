import { kilobytes, verdict } from '../report/format';
import type { BenchTable } from '../report/table';
import { type Asset, entryAssetPaths, measureAsset } from '../web/bundle-assets';

const TARGET_JS_GZIP_BYTES = 200 * 1024;

type Loaded = Asset & { loadedBy: 'index.html' | 'lazy, before the first row' | 'lazy, after the first row' };

/**
 * Benchmark 5a: the scripts and stylesheets Chromium fetched to show /triage (first, cold run: from navigation
 * until the network was idle), sized from this run's build and split by whether they arrived before the first
 * row was painted.
 */
export function bundleTable(
  webDist: string,
  firstRowMs: number,
  fetched: { path: string; end: number }[],
): BenchTable {
  const entry = new Set(entryAssetPaths(webDist));
  const assets: Loaded[] = fetched
    .flatMap(({ path, end }) => {
      const asset = measureAsset(webDist, path);
      if (!asset) return [];
      const loadedBy = entry.has(path)
        ? 'index.html'
        : end <= firstRowMs
          ? 'lazy, before the first row'
          : 'lazy, after the first row';
      return [{ ...asset, loadedBy } as Loaded];
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (list: Loaded[], key: 'bytes' | 'gzipBytes') =>
    list.reduce((total, asset) => total + asset[key], 0);
  const js = assets.filter((asset) => asset.kind === 'js');
  const critical = js.filter((asset) => asset.loadedBy !== 'lazy, after the first row');
  const css = assets.filter((asset) => asset.kind === 'css');
  const totalRow = (label: string, list: Loaded[]) => [
    label,
    '',
    kilobytes(sum(list, 'bytes')),
    kilobytes(sum(list, 'gzipBytes')),
    `< ${kilobytes(TARGET_JS_GZIP_BYTES)} gz`,
    verdict(sum(list, 'gzipBytes') < TARGET_JS_GZIP_BYTES),
  ];
  return {
    id: 'web-bundle',
    title: '5a. Web: initial JavaScript and CSS for /triage',
    database: null,
    columns: ['Asset', 'Loaded by', 'Bytes', 'Gzipped', 'Target', 'Result'],
    rows: [
      ...assets.map((asset) => [
        asset.path.replace('/assets/', ''),
        asset.loadedBy,
        kilobytes(asset.bytes),
        kilobytes(asset.gzipBytes),
        '',
        '',
      ]),
      totalRow('**JavaScript before the first row**', critical),
      totalRow('**JavaScript until the network is idle**', js),
      ['**CSS**', '', kilobytes(sum(css, 'bytes')), kilobytes(sum(css, 'gzipBytes')), '—', '—'],
    ],
    notes: [
      'The production build, as served: every script and stylesheet Chromium fetched for /triage/personal/inbox, signed in, cold cache, from navigation until the network was idle after the first row; sizes from disk, gzip -9 of each file. "After the first row" are chunks the page loads once it has shown the list.',
    ],
    data: assets,
  };
}
