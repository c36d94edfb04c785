import helmet from 'helmet';

/**
 * Embeds the site allows in frames. Videos: YouTube's privacy-enhanced host only (the meeting
 * player asks the IFrame API for it). Maps: Google Maps' keyless
 * embed, `https://maps.google.com/maps?q=<address>&z=15&output=embed` (spec §9 zoom 15); it may
 * redirect to www.google.com/maps, so both are listed.
 */
const FRAME_SOURCES = [
  'https://www.youtube-nocookie.com',
  'https://maps.google.com',
  'https://www.google.com/maps/',
];
/**
 * Scripts from elsewhere: only YouTube's IFrame Player API, which the meeting page loads to
 * seek the video and follow its time. The API script (exactly that path) loads its widget
 * script from www.youtube.com/s/player/<build>/…; nothing else of YouTube's runs in our page.
 */
const SCRIPT_SOURCES = ["'self'", 'https://www.youtube.com/iframe_api', 'https://www.youtube.com/s/player/'];
const IMAGE_SOURCES = ["'self'", 'data:', 'https://i.ytimg.com'];

// The map embed URL itself is made in one place, core/domain/directory.ts (mapEmbedUrl).

/**
 * Security headers. The CSP allows our own origin plus the two embeds, YouTube's player API
 * and its thumbnails. Styles also allow 'unsafe-inline': React style attributes (city colours,
 * Radix positioning) are inline styles, and CSP cannot allow those attributes otherwise;
 * scripts are 'self' plus the video player API's two paths (SCRIPT_SOURCES), never inline.
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
        'script-src': SCRIPT_SOURCES,
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
