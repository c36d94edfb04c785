import { describe, expect, it } from 'vitest';
import { chunkOf, pageChunkOf, type ModuleGraph } from '../web/vite.config.js';

describe('chunkOf (web/vite.config.ts)', () => {
  it('puts the libraries every page runs on in one framework chunk, and leaves the rest to the bundler', () => {
    expect(chunkOf('/repo/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('framework');
    expect(chunkOf('/repo/node_modules/zod/v4/core/schemas.js')).toBe('framework');
    expect(chunkOf('C:\\repo\\node_modules\\scheduler\\index.js')).toBe('framework');
    // Only some pages use these: they stay with those pages.
    expect(chunkOf('/repo/node_modules/@radix-ui/react-dialog/dist/index.mjs')).toBeNull();
    expect(chunkOf('/repo/node_modules/react-remove-scroll/dist/es2015/index.js')).toBeNull();
    expect(chunkOf('/repo/node_modules/lucide-react/dist/esm/icons/flag.mjs')).toBeNull();
    expect(chunkOf('/repo/web/src/features/admin/routes/admin-panel.tsx')).toBe('admin');
    expect(chunkOf('/repo/web/src/features/home/routes/home.tsx')).toBeNull();
  });
});

/** A module graph from "importer -> imported" edges; `lazy` edges are dynamic imports. */
function graphOf(edges: [string, string][], lazy: [string, string][] = []): ModuleGraph {
  const importersOf = (id: string, list: [string, string][]) => list.filter(([, to]) => to === id).map(([from]) => from);
  return { getModuleInfo: (id) => ({ importers: [...importersOf(id, edges), ...importersOf(id, lazy)], dynamicImporters: importersOf(id, lazy) }) };
}

const page = (name: string) => `/repo/web/src/features/f/routes/${name}.tsx`;
const part = (name: string) => `/repo/web/src/components/${name}.tsx`;

describe('pageChunkOf (web/vite.config.ts)', () => {
  it('groups a module with the others the same public pages load at once, whatever lazily loaded code uses it', () => {
    const graph = graphOf(
      [
        [page('meeting'), part('header')],
        [page('story'), part('header')],
        [part('header'), part('badge')],
        [page('story'), part('badge')],
        [part('dialog'), part('badge')],
        [page('meeting'), part('player')],
        [part('dialog'), part('player')],
        ['/repo/web/src/features/admin/components/editor.tsx', part('header')],
      ],
      [[part('header'), part('dialog')]],
    );
    expect(pageChunkOf(part('header'), graph)).toBe('meeting+story');
    expect(pageChunkOf(part('badge'), graph)).toBe('meeting+story');
    // Only the meeting page loads it at once; the lazily loaded dialog shares it.
    expect(pageChunkOf(part('player'), graph)).toBe('meeting-parts');
    // Loaded when wanted: the bundler places it. A page keeps its own chunk.
    expect(pageChunkOf(part('dialog'), graph)).toBeNull();
    expect(pageChunkOf(page('meeting'), graph)).toBeNull();
  });

  it('puts what eight or more pages load in one shared chunk, and leaves staff and framework code alone', () => {
    const pages = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const graph = graphOf([...pages.map((name): [string, string] => [page(name), part('card')]), [page('a'), '/repo/node_modules/react/index.js']]);
    expect(pageChunkOf(part('card'), graph)).toBe('shared');
    expect(pageChunkOf('/repo/node_modules/react/index.js', graph)).toBeNull();
    expect(pageChunkOf('/repo/web/src/features/admin/routes/admin-panel.tsx', graph)).toBeNull();
  });
});
