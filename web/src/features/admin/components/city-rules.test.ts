import { describe, expect, it } from 'vitest';
import { canStartAdding, canStartEditing, EDIT_SOURCE_TYPES, ADD_SOURCE_TYPES, EMPTY_URL, toggleSelection, withAddress } from './city-rules.js';

describe('URL rows (spec §4, §5, §9)', () => {
  it('sets the content type from the address and keeps a later choice until the address changes', () => {
    const video = withAddress(EMPTY_URL, 'https://youtu.be/abc123');
    expect(video.content_type).toBe('video');
    const changed = { ...video, content_type: 'file' };
    expect(withAddress(changed, 'https://www.fairview.gov/agendas').content_type).toBe('site');
    expect(withAddress(changed, '').content_type).toBe('file');
  });

  it('blocks adding while a row is edited, and editing while anything is open', () => {
    const form = EMPTY_URL;
    expect(canStartAdding({ kind: 'idle' })).toBe(true);
    expect(canStartAdding({ kind: 'edit', id: 'u1', form })).toBe(false);
    expect(canStartEditing({ kind: 'add', form })).toBe(false);
    expect(canStartEditing({ kind: 'edit', id: 'u1', form })).toBe(false);
    expect(canStartEditing({ kind: 'idle' })).toBe(true);
  });

  it("offers 'other' when adding but not when editing", () => {
    expect(ADD_SOURCE_TYPES).toContain('other');
    expect(EDIT_SOURCE_TYPES).toEqual(['city', 'county', 'school_district', 'school', 'state']);
  });

  it('deselects the selected row when it is chosen again', () => {
    expect(toggleSelection(null, 'u1')).toBe('u1');
    expect(toggleSelection('u1', 'u2')).toBe('u2');
    expect(toggleSelection('u1', 'u1')).toBeNull();
  });
});
