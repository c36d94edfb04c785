import Ban from 'lucide-react/icons/ban';
import Cookie from 'lucide-react/icons/cookie';
import Eye from 'lucide-react/icons/eye';
import Megaphone from 'lucide-react/icons/megaphone';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Trash2 from 'lucide-react/icons/trash';
import { Page } from '@/components/layout/page.js';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion.js';
import { siteName } from '@/lib/site.js';
import { PRIVACY_FAQ } from '../components/privacy-faq.js';

/** Spec §1's privacy promises. */
const PRINCIPLES = [
  { icon: Eye, title: 'No tracking', text: 'No third-party trackers, analytics services or advertising on any page.' },
  { icon: Ban, title: 'No data sales', text: 'We never sell your data or share it with advertisers.' },
  { icon: Cookie, title: 'Essential cookies only', text: 'One cookie keeps you signed in, one protects our forms. Nothing else.' },
  { icon: ShieldCheck, title: 'Short memory', text: 'Usage events are deleted after 30 days, and our logs never hold your IP address.' },
  { icon: Trash2, title: 'Your data, your call', text: 'Delete your account and what it holds yourself, at any time.' },
  { icon: Megaphone, title: 'No surprises', text: 'We announce changes to this policy before they take effect.' },
];

/** Spec §2 screen 3: principles and a FAQ of 10 questions of which one at most is open. */
export function PrivacyRoute() {
  return (
    <Page
      title="Privacy Policy"
      width="prose"
      lead={`${siteName()} exists to make local government easier to see, not to watch its readers. Here is what we keep, and what we never do.`}
    >
      <section aria-labelledby="principles">
        <h2 id="principles" className="font-serif text-2xl font-semibold text-ink">
          Our principles
        </h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2">
          {PRINCIPLES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-lg border border-line bg-white p-5">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
              <div>
                <h3 className="font-semibold text-ink">{title}</h3>
                <p className="mt-1 text-ink-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="faq" className="mt-14">
        <h2 id="faq" className="font-serif text-2xl font-semibold text-ink">
          Frequently asked questions
        </h2>
        <Accordion type="single" collapsible className="mt-4 border-t border-line">
          {PRIVACY_FAQ.map((entry, index) => (
            <AccordionItem key={entry.question} value={`q${index}`}>
              <AccordionTrigger>{entry.question}</AccordionTrigger>
              <AccordionContent>{entry.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </section>
    </Page>
  );
}
