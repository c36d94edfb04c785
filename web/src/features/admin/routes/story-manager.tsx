import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 17 (/admin/story-playground): a later issue builds it. */
export function StoryManagerRoute() {
  return <PlainPage title="Story Manager" />;
}
