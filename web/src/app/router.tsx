import { lazy, type ComponentType } from 'react';
import { PageSpinner } from '../components/ui/spinner.js';
import { paths } from '../lib/paths.js';
import { Router, type History, type RouteDefinition } from '../lib/router/index.js';
import { RootLayout } from './layout/root-layout.js';
import { RouteError } from './layout/route-error.js';

/**
 * A lazily loaded page: `page(() => import('x.js'), (m) => m.XRoute)`. Each public page is its
 * own chunk, the admin and prototype pages form two others (vite.config.ts): a visitor
 * downloads only the page they open, and no staff tool.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Pick<RouteDefinition, 'Component'> {
  return { Component: lazy(async () => ({ default: pick(await load()) })) };
}

const home = page(() => import('../features/home/routes/home.js'), (m) => m.HomeRoute);
const search = page(() => import('../features/search/routes/search.js'), (m) => m.SearchRoute);
const directory = page(() => import('../features/directory/routes/directory.js'), (m) => m.DirectoryRoute);
const business = page(() => import('../features/directory/routes/business-detail.js'), (m) => m.BusinessDetailRoute);
const meeting = page(() => import('../features/meetings/routes/meeting-analysis.js'), (m) => m.MeetingAnalysisRoute);
const story = page(() => import('../features/meetings/routes/meeting-story.js'), (m) => m.MeetingStoryRoute);

/** Every route of spec §2, each page inside RootLayout. */
const routes: RouteDefinition[] = [
  { path: paths.home.pattern, ...home },
  { path: paths.cities.pattern, ...page(() => import('../features/cities/routes/cities.js'), (m) => m.CitiesRoute) },
  { path: paths.about.pattern, ...page(() => import('../features/info/routes/about.js'), (m) => m.AboutRoute) },
  { path: paths.privacy.pattern, ...page(() => import('../features/info/routes/privacy.js'), (m) => m.PrivacyRoute) },
  { path: paths.developers.pattern, ...page(() => import('../features/info/routes/developers.js'), (m) => m.DevelopersRoute) },
  { path: paths.contact.pattern, ...page(() => import('../features/info/routes/contact.js'), (m) => m.ContactRoute) },
  { path: paths.auth.pattern, ...page(() => import('../features/auth/routes/auth.js'), (m) => m.AuthRoute) },
  { path: paths.profile.pattern, ...page(() => import('../features/profile/routes/profile.js'), (m) => m.ProfileRoute) },
  { path: paths.alertUnsubscribe.pattern, ...page(() => import('../features/alerts/routes/unsubscribe.js'), (m) => m.UnsubscribeRoute) },
  { path: paths.search.pattern, ...search },
  { path: paths.businesses.pattern, ...directory },
  { path: paths.business.pattern, ...business },
  { path: paths.city.pattern, ...page(() => import('../features/cities/routes/city.js'), (m) => m.CityRoute) },
  { path: paths.cityBusinesses.pattern, ...directory },
  { path: paths.cityBusiness.pattern, ...business },
  { path: paths.citySearch.pattern, ...search },
  { path: paths.cityMeeting.pattern, ...meeting },
  { path: paths.cityMeetingStory.pattern, ...story },
  { path: paths.meeting.pattern, ...meeting },
  { path: paths.meetingStory.pattern, ...story },
  { path: paths.story.pattern, ...story },
  ...adminRoutes(),
  { path: '*', ...page(() => import('../features/info/routes/not-found.js'), (m) => m.NotFoundRoute) },
];

function adminRoutes(): RouteDefinition[] {
  const { admin, proto } = paths;
  return [
    { path: admin.root.pattern, ...page(() => import('../features/admin/routes/admin-panel.js'), (m) => m.AdminPanelRoute) },
    {
      path: admin.cityManagement.pattern,
      ...page(() => import('../features/admin/routes/city-management.js'), (m) => m.CityManagementRoute),
    },
    {
      path: admin.contentManagement.pattern,
      ...page(() => import('../features/admin/routes/content-management.js'), (m) => m.ContentManagementRoute),
    },
    {
      path: admin.businessDirectory.pattern,
      ...page(() => import('../features/directory/routes/business-directory-admin.js'), (m) => m.BusinessDirectoryAdminRoute),
    },
    {
      path: admin.errorReports.pattern,
      ...page(() => import('../features/admin/routes/error-reports-inbox.js'), (m) => m.ErrorReportsInboxRoute),
    },
    {
      path: admin.storyPlayground.pattern,
      ...page(() => import('../features/admin/routes/story-manager.js'), (m) => m.StoryManagerRoute),
    },
    {
      path: proto.frontendComponents.pattern,
      ...page(() => import('../features/proto/routes/frontend-components.js'), (m) => m.FrontendComponentsRoute),
    },
    { path: proto.directoryTiers.pattern, ...page(() => import('../features/proto/routes/directory-tiers.js'), (m) => m.DirectoryTiersRoute) },
    { path: proto.directory.pattern, ...page(() => import('../features/proto/routes/proto-directory.js'), (m) => m.ProtoDirectoryRoute) },
    { path: proto.pricing.pattern, ...page(() => import('../features/proto/routes/pricing.js'), (m) => m.PricingRoute) },
  ];
}

/**
 * The app's pages at the history's address. A page that fails shows RouteError inside the
 * layout, so the top bar and footer stay around its message; the spinner shows while the first
 * page's code arrives.
 */
export function AppRouter({ history }: { history: History }) {
  return <Router history={history} routes={routes} layout={RootLayout} errorElement={<RouteError />} fallback={<PageSpinner />} />;
}
