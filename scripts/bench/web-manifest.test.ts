import { describe, expect, it } from 'vitest';
import { initialChunks, type Manifest } from './web-manifest.js';

describe('initialChunks', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    'home.tsx': { file: 'assets/home.js', imports: ['_card.js', '_react.js'] },
    '_card.js': { file: 'assets/card.js', imports: ['_icon.js'] },
    '_icon.js': { file: 'assets/icon.js' },
    'admin.tsx': { file: 'assets/admin.js' },
  };

  it("is the entry's static imports and the route's, each once, and nothing lazy", () => {
    expect([...initialChunks(manifest, 'home.tsx')].sort()).toEqual(['_card.js', '_icon.js', '_react.js', 'home.tsx', 'index.html']);
  });

  it('names a route the manifest does not have', () => {
    expect(() => initialChunks(manifest, 'missing.tsx')).toThrow('missing.tsx is not in the manifest');
  });
});
