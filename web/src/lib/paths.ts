/**
 * Every URL of the site (core/domain/site-paths.ts, shared with the server) and of the API
 * (api.md) in one place: a component never writes a path by hand.
 */
const seg = encodeURIComponent;

export { paths } from '@domain/site-paths.js';

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
  savedSearches: () => '/api/profile/alerts',
  savedSearch: (id: string) => `/api/profile/alerts/${seg(id)}`,
  savedSearchFeedToken: (id: string) => `/api/profile/alerts/${seg(id)}/feed-token`,
  unsubscribe: (token: string) => `/api/alerts/unsubscribe/${seg(token)}`,
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
