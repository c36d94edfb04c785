import { paths } from '../../core/domain/site-paths.js';

/** A page whose words do not come from the database. */
export interface StaticPage {
  title: string;
  description?: string;
  /** Kept out of search engines: accounts and staff screens. */
  private?: boolean;
}

/**
 * Every page of the site without its own record (spec §2), by its router pattern. A path that
 * matches none of these nor a record page does not exist: 404.
 */
export const STATIC_PAGES: [string, StaticPage][] = [
  [paths.cities.pattern, { title: 'Cities', description: 'Every city whose council, school board and county meetings we follow, and the ones we used to.' }],
  [paths.about.pattern, { title: 'About', description: 'Who we are and why we turn public meetings into plain words anyone can search and read.' }],
  [paths.privacy.pattern, { title: 'Privacy Policy', description: 'What this site stores about you, why, for how long, and how to have it deleted.' }],
  [paths.developers.pattern, { title: 'Developers', description: 'The open API, feeds and downloads: every city, meeting, transcript, decision and story, readable by program without a key.' }],
  [paths.contact.pattern, { title: 'Contact Us', description: 'Questions, corrections, partnerships and press: write to the team behind the site.' }],
  [paths.search.pattern, { title: 'Search meetings', description: 'Search what was said and decided in every council, school board and county meeting we follow.' }],
  [paths.businesses.pattern, { title: 'Local Business Directory', description: 'Local businesses by city and category: addresses, phone numbers, websites and services.' }],
  [paths.auth.pattern, { title: 'Sign in', private: true }],
  [paths.profile.pattern, { title: 'Profile', private: true }],
  [paths.alertUnsubscribe.pattern, { title: 'Unsubscribe', private: true }],
  ...Object.values(paths.admin).map(({ pattern }): [string, StaticPage] => [pattern, { title: 'Admin', private: true }]),
  ...Object.values(paths.proto).map(({ pattern }): [string, StaticPage] => [pattern, { title: 'Prototype', private: true }]),
];
