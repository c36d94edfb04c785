import { Page } from '@/components/layout/page.js';
import { Card, CardContent } from '@/components/ui/card.js';
import { ContactForm } from '../components/contact-form.js';

/** Spec §2 screen 4. */
export function ContactRoute() {
  return (
    <Page
      title="Contact Us"
      lead="Questions about a meeting summary, a correction, a city you would like covered or a partnership: we read every message."
    >
      <div className="grid gap-10 lg:grid-cols-[1fr_2fr]">
        <aside className="space-y-4 text-ink-muted">
          <h2 className="font-serif text-xl font-semibold text-ink">Before you write</h2>
          <p>
            Spotted a mistake in a summary or a story? Tell us the meeting and what was said; we check every correction
            against the recording.
          </p>
          <p>We use your email address only to answer you. Leave a phone number if you would rather we call.</p>
        </aside>
        <Card>
          <CardContent className="p-6 sm:p-8">
            <ContactForm />
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}
