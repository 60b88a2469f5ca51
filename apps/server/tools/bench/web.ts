import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface WebBuildSizes {
  initialJsGzipKb: number;
  initialCssGzipKb: number;
  largestRouteChunk: { file: string; gzipKb: number };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Initial = what index.html loads (entry script, modulepreloads, stylesheets); the rest are route chunks. */
export function measureWebBuild(dist: string): WebBuildSizes {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!);
  const initialJs = referenced.filter((file) => file.endsWith('.js'));
  const initialCss = referenced.filter((file) => file.endsWith('.css'));
  const assets = readdirSync(join(dist, 'assets')).map((file) => `assets/${file}`);
  const routeChunks = assets
    .filter((file) => file.endsWith('.js') && !initialJs.includes(file))
    .map((file) => ({ file, gzipKb: kb(gzipSize(join(dist, file))) }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
  return {
    initialJsGzipKb: kb(initialJs.reduce((sum, file) => sum + gzipSize(join(dist, file)), 0)),
    initialCssGzipKb: kb(initialCss.reduce((sum, file) => sum + gzipSize(join(dist, file)), 0)),
    largestRouteChunk: routeChunks[0] ?? { file: '', gzipKb: 0 },
  };
}

export function hasWebBuild(dist: string): boolean {
  try {
    return statSync(join(dist, 'index.html')).isFile();
  } catch {
    return false;
  }
}
