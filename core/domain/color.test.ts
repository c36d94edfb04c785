import { describe, expect, it } from 'vitest';
import { contrastRatio, hexColorOr, isHexColor, readableTextColor, relativeLuminance } from './color.js';

describe('colour contrast (WCAG 2)', () => {
  it('measures the extremes and a known pair', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    // #767676 on white is the classic 4.54:1 AA boundary grey.
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
  });

  it('picks white on the default blues and dark ink on pale or bright colours', () => {
    expect(readableTextColor(['#3B82F6', '#1E40AF'])).toBe('#FFFFFF');
    expect(readableTextColor(['#FDE68A', '#FACC15'])).toBe('#16191D');
    expect(readableTextColor(['#FFFFFF'])).toBe('#16191D');
  });

  it('judges a gradient by its worse end', () => {
    // On mid grey alone white reads a little better than ink; once the gradient ends in white, white cannot.
    expect(readableTextColor(['#777777'])).toBe('#FFFFFF');
    expect(readableTextColor(['#777777', '#FFFFFF'])).toBe('#16191D');
  });

  it('accepts only hex colours and falls back otherwise', () => {
    expect(isHexColor('#1e40af')).toBe(true);
    expect(isHexColor('#abc')).toBe(true);
    expect(isHexColor('red')).toBe(false);
    expect(isHexColor('#12345')).toBe(false);
    expect(isHexColor('url(x)')).toBe(false);
    expect(isHexColor(null)).toBe(false);
    expect(hexColorOr('blue; background:url(x)', '#3B82F6')).toBe('#3B82F6');
    expect(hexColorOr(' #00FF00 ', '#3B82F6')).toBe('#00FF00');
  });
});
