import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@domain/color.js';
import { bannerColors } from './city-banner.js';

describe('city banner colours', () => {
  it('uses the spec defaults for values that are not hex colours', () => {
    expect(bannerColors({ primary_color: 'red; background:url(x)', secondary_color: '' })).toEqual({
      primary: '#3B82F6',
      secondary: '#1E40AF',
      text: '#FFFFFF',
    });
  });

  it('turns the text dark on pale city colours, keeping AA contrast on both ends', () => {
    const colors = bannerColors({ primary_color: '#FDE68A', secondary_color: '#F59E0B' });
    expect(colors.text).toBe('#16191D');
    expect(contrastRatio(colors.text, colors.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colors.text, colors.secondary)).toBeGreaterThanOrEqual(4.5);
  });
});
