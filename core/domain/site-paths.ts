/**
 * Every page of the site (spec §2) in one place: the web app's router and links, and the server's
 * page meta, 404s and sitemap. Routes declare `pattern` (what the router matches) and `href` (a
 * link to one page); nothing writes a page path by hand, so renaming a route is one edit.
 */
const seg = encodeURIComponent;

export const paths = {
  home: { pattern: '/', href: () => '/' },
  /** Every city we cover (issue 25): the nav's "Cities", which never redirects. */
  cities: { pattern: '/cities', href: () => '/cities' },
  about: { pattern: '/about', href: () => '/about' },
  privacy: { pattern: '/privacy', href: () => '/privacy' },
  developers: { pattern: '/developers', href: () => '/developers' },
  contact: { pattern: '/contact', href: () => '/contact' },
  auth: { pattern: '/auth', href: () => '/auth' },
  profile: { pattern: '/profile', href: () => '/profile' },
  /** Where an alert email's unsubscribe link lands, signed out (issue 27): a button confirms. */
  alertUnsubscribe: { pattern: '/alerts/unsubscribe/:token', href: (token: string) => `/alerts/unsubscribe/${seg(token)}` },
  search: {
    pattern: '/search',
    href: (q?: string) => (q ? `/search?${new URLSearchParams({ q })}` : '/search'),
  },
  businesses: { pattern: '/businesses', href: () => '/businesses' },
  business: { pattern: '/businesses/:businessKey', href: (businessKey: string) => `/businesses/${seg(businessKey)}` },
  city: { pattern: '/city/:locationKey', href: (locationKey: string) => `/city/${seg(locationKey)}` },
  cityBusinesses: {
    pattern: '/city/:locationKey/businesses',
    href: (locationKey: string) => `/city/${seg(locationKey)}/businesses`,
  },
  cityBusiness: {
    pattern: '/city/:locationKey/businesses/:businessKey',
    href: (locationKey: string, businessKey: string) => `/city/${seg(locationKey)}/businesses/${seg(businessKey)}`,
  },
  citySearch: {
    pattern: '/city/:locationKey/search',
    href: (locationKey: string, q?: string) =>
      `/city/${seg(locationKey)}/search${q ? `?${new URLSearchParams({ q })}` : ''}`,
  },
  cityMeeting: {
    pattern: '/city/:locationKey/meeting/:videoId',
    href: (locationKey: string, videoId: string) => `/city/${seg(locationKey)}/meeting/${seg(videoId)}`,
  },
  cityMeetingStory: {
    pattern: '/city/:locationKey/meeting-story/:videoId',
    href: (locationKey: string, videoId: string) => `/city/${seg(locationKey)}/meeting-story/${seg(videoId)}`,
  },
  meeting: { pattern: '/meeting/:videoId', href: (videoId: string) => `/meeting/${seg(videoId)}` },
  meetingStory: { pattern: '/meeting-story/:videoId', href: (videoId: string) => `/meeting-story/${seg(videoId)}` },
  story: { pattern: '/story/:videoId', href: (videoId: string) => `/story/${seg(videoId)}` },
  admin: {
    root: { pattern: '/admin', href: () => '/admin' },
    cityManagement: { pattern: '/admin/city-management', href: () => '/admin/city-management' },
    contentManagement: {
      pattern: '/admin/content-management',
      href: (query: { cityId?: string; sourceUrlId?: string } = {}) => {
        const params = new URLSearchParams();
        if (query.sourceUrlId) params.set('sourceUrlId', query.sourceUrlId);
        if (query.cityId) params.set('cityId', query.cityId);
        const text = params.toString();
        return text ? `/admin/content-management?${text}` : '/admin/content-management';
      },
    },
    businessDirectory: { pattern: '/admin/business-directory', href: () => '/admin/business-directory' },
    /** With a video (our id) already chosen, as the error-report inbox links to it. */
    storyPlayground: {
      pattern: '/admin/story-playground',
      href: (videoId?: string) => (videoId ? `/admin/story-playground?videoId=${encodeURIComponent(videoId)}` : '/admin/story-playground'),
    },
    errorReports: { pattern: '/admin/error-reports', href: () => '/admin/error-reports' },
  },
  proto: {
    frontendComponents: { pattern: '/admin/proto/frontend-components', href: () => '/admin/proto/frontend-components' },
    directoryTiers: {
      pattern: '/admin/proto/business-directory-tiers',
      href: () => '/admin/proto/business-directory-tiers',
    },
    directory: { pattern: '/admin/proto/business-directory', href: () => '/admin/proto/business-directory' },
    pricing: { pattern: '/admin/proto/pricing', href: () => '/admin/proto/pricing' },
  },
} as const;
