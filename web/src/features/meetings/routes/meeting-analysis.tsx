import { PlainPage } from '../../../components/layout/page.js';

/** Spec §2 screen 10: a later issue builds it. */
export function MeetingAnalysisRoute() {
  return <PlainPage title="Meeting Analysis" />;
}
