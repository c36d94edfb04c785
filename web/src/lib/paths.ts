/**
 * Every URL of the site and of the API in one place (spec §2, api.md). Routes declare
 * `pattern` (what the router matches) and `href` (a link to one page); a component never
 * writes a path by hand, so renaming a route is one edit.
 */
const seg = encodeURIComponent;

export const paths = {
  home: { pattern: '/', href: () => '/' },
  about: { pattern: '/about', href: () => '/about' },
  privacy: { pattern: '/privacy', href: () => '/privacy' },
  contact: { pattern: '/contact', href: () => '/contact' },
  auth: { pattern: '/auth', href: () => '/auth' },
  profile: { pattern: '/profile', href: () => '/profile' },
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

/** The JSON API (api.md), relative to the site's origin. */
export const apiPaths = {
  session: () => '/api/auth/session',
  signup: () => '/api/auth/signup',
  confirm: () => '/api/auth/confirm',
  login: () => '/api/auth/login',
  otp: () => '/api/auth/otp',
  otpVerify: () => '/api/auth/otp/verify',
  recoverPassword: () => '/api/auth/recover',
  resetPassword: () => '/api/auth/reset',
  logout: () => '/api/auth/logout',
  profile: () => '/api/profile',
  cities: () => '/api/cities',
  city: (locationKey: string) => `/api/cities/${seg(locationKey)}`,
  cityVideos: (locationKey: string) => `/api/cities/${seg(locationKey)}/videos`,
  cityStats: (locationKey: string) => `/api/cities/${seg(locationKey)}/stats`,
  video: (id: string) => `/api/videos/${seg(id)}`,
  videoSegments: (id: string) => `/api/videos/${seg(id)}/segments`,
  videoErrorReports: (id: string) => `/api/videos/${seg(id)}/error-reports`,
  search: () => '/api/search',
  businessCategories: () => '/api/business-categories',
  businesses: () => '/api/businesses',
  business: (businessKey: string) => `/api/businesses/${seg(businessKey)}`,
  adminCities: () => '/api/admin/cities',
  adminCity: (id: string) => `/api/admin/cities/${seg(id)}`,
  adminCityUrls: (cityId: string) => `/api/admin/cities/${seg(cityId)}/urls`,
  adminUrl: (id: string) => `/api/admin/urls/${seg(id)}`,
  adminVideos: () => '/api/admin/videos',
  adminVideo: (id: string) => `/api/admin/videos/${seg(id)}`,
  adminVideoRetry: (id: string) => `/api/admin/videos/${seg(id)}/retry`,
  adminPipeline: () => '/api/admin/pipeline',
  adminVideoStory: (id: string) => `/api/admin/videos/${seg(id)}/story`,
  adminVideoStoryApprove: (id: string) => `/api/admin/videos/${seg(id)}/story/approve`,
  adminVideoDecision: (id: string, index: number) => `/api/admin/videos/${seg(id)}/decisions/${index}`,
  adminVideoCorrections: (id: string) => `/api/admin/videos/${seg(id)}/corrections`,
  adminDrafts: () => '/api/admin/drafts',
  adminErrorReports: () => '/api/admin/error-reports',
  adminErrorReportResolve: (id: string) => `/api/admin/error-reports/${seg(id)}/resolve`,
  adminBusinesses: () => '/api/admin/businesses',
  adminBusiness: (id: string) => `/api/admin/businesses/${seg(id)}`,
  adminBusinessImages: () => '/api/admin/uploads/business-images',
  cityRequests: () => '/api/city-requests',
  contact: () => '/api/contact',
  events: () => '/api/events',
  fn: (name: string) => `/api/functions/${seg(name)}`,
} as const;
