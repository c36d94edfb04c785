import helmet from 'helmet';

/**
 * Embeds the site allows in frames. Videos: YouTube (either host). Maps: Google Maps' keyless
 * embed, `https://maps.google.com/maps?q=<address>&z=15&output=embed` (spec §9 zoom 15); it may
 * redirect to www.google.com/maps, so both are listed.
 */
export const FRAME_SOURCES = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://maps.google.com',
  'https://www.google.com/maps/',
];
export const IMAGE_SOURCES = ["'self'", 'data:', 'https://i.ytimg.com'];

// The map embed URL itself is made in one place, core/domain/directory.ts (mapEmbedUrl).

/**
 * Security headers. The CSP allows our own origin plus the two embeds and YouTube thumbnails.
 * Styles also allow 'unsafe-inline': React style attributes (city colours, Radix positioning)
 * are inline styles, and CSP cannot allow those attributes otherwise; scripts stay 'self' only.
 * HSTS and upgrade-insecure-requests only when the site is served over https (never on a
 * plain-http development server, where HSTS would pin localhost to https in the browser).
 */
export function securityHeaders(options: { https: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': IMAGE_SOURCES,
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'media-src': ["'self'"],
        'frame-src': FRAME_SOURCES,
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    // YouTube's player refuses to play without a Referer (its "error 153"); send the origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true } : false,
  });
}
