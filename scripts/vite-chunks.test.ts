import { describe, expect, it } from 'vitest';
import { chunkOf } from '../web/vite.config.js';

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
