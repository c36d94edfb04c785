import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 11 (also /story/{id}): a later issue builds it. */
export function MeetingStoryRoute() {
  return <PlainPage title="News Story" />;
}
