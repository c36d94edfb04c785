/**
 * Colour arithmetic for text drawn on colours an admin chose (a city's primary and secondary
 * colours, spec §3): WCAG 2 relative luminance and contrast ratio. Browser-safe, no deps.
 */

export const DEFAULT_PRIMARY_COLOR = '#3B82F6';
export const DEFAULT_SECONDARY_COLOR = '#1E40AF';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#abc` or `#aabbcc`; anything else (names, rgb(), CSS tricks) is not accepted as a colour. */
export function isHexColor(value: string | null | undefined): value is string {
  return typeof value === 'string' && HEX.test(value.trim());
}

/** The colour if it is a hex colour, else the fallback: a bad value never reaches a style. */
export function hexColorOr(value: string | null | undefined, fallback: string): string {
  return isHexColor(value) ? value.trim() : fallback;
}

function channels(hex: string): [number, number, number] {
  let digits = hex.trim().slice(1);
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const value = Number.parseInt(digits, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour (one of `candidates`) whose worst contrast over every background is best:
 * text over a gradient must read on both of its ends.
 */
export function readableTextColor(backgrounds: string[], candidates: readonly string[] = ['#FFFFFF', '#16191D']): string {
  let best = candidates[0] ?? '#FFFFFF';
  let bestWorst = -1;
  for (const candidate of candidates) {
    const worst = Math.min(...backgrounds.map((background) => contrastRatio(candidate, background)));
    if (worst > bestWorst) {
      best = candidate;
      bestWorst = worst;
    }
  }
  return best;
}
