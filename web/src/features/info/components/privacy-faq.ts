/**
 * The privacy FAQ (spec §2 screen 3: 10 questions). Each answer describes what this code
 * does; change the answer in the same commit as the behaviour.
 * - passwords: core/auth/passwords.ts (argon2id); codes: core/auth/codes.ts (10 minutes, hashed; reset links an hour)
 * - password reset: core/auth/password-reset.ts (ends every session; spent links go with core/privacy/retention.ts)
 * - cookies: server/auth/sessions.ts (tc.sid, 7 days idle, 30 days at most), server/auth/csrf.ts (tc.csrf),
 *   server/auth/device-cookie.ts (tc.device, 180 days); password attempts: core/auth/password-throttle.ts
 * - logs: server/middleware/request-logging.ts; events: core/analytics (30 days)
 * - embeds and images: server/middleware/security.ts (CSP); uploads: admin routes only
 * - deletion: DELETE /api/profile (core/auth/profile-service.ts; saved searches cascade, migration 0021)
 * - editors' changes: story_revisions and city_videos.story_reviewed_by (migration 0019), whose author
 *   link is set null when the account is deleted; public pages say only "an editor"
 */
export interface FaqEntry {
  question: string;
  answer: string;
}

export const PRIVACY_FAQ: FaqEntry[] = [
  {
    question: 'What information do you collect?',
    answer:
      "Only what you give us. For an account: your email address, a protected form of your password and, if you choose one, your home city. For a contact message: your email, an optional phone number, the topic and the message. For a city coverage request: the state, the city name and your email. For a report of an error in a story: what you say is wrong, the moment in the video if you give one, and your email if you give one, used only to follow up on the report. For a saved search: its words, its cities, how often you want its alert emails, and which meetings we already emailed you about, so that none is sent twice. For our editors: each change they make to a story or to a meeting's decisions is kept with the text saved, when, and which account saved it; readers are told only that an editor reviewed or corrected a story, never who.",
  },
  {
    question: 'How is my password protected?',
    answer:
      'We never store your password itself. We keep an argon2id hash of it, a one-way form that cannot be turned back into the password. Sign-in codes and password reset links sent by email are stored hashed too.',
  },
  {
    question: 'What cookies does the site use?',
    answer:
      'Three essential ones: a session cookie that keeps you signed in (it cannot be read by scripts on the page and is not sent on requests from other sites), a security cookie that protects forms against cross-site request forgery, and, once you have signed in, a device cookie kept for 180 days that shows this browser signed in to your account before, so that someone guessing at your password elsewhere cannot slow you down. No advertising or analytics cookies.',
  },
  {
    question: 'How long do I stay signed in?',
    answer:
      'Your session is kept in our own database. It ends after 7 days without a visit, and after 30 days at most even if you visit every day. Signing out deletes it at once, and setting a new password through a reset link deletes all of them.',
  },
  {
    question: 'What happens to sign-in codes and unconfirmed accounts?',
    answer:
      'A one-time sign-in code expires 10 minutes after we send it, a password reset link an hour after; each works once and is deleted once used or expired. An account whose email address was never confirmed is deleted after 7 days. Failed password sign-ins are counted per email address, with no IP address, and the count is deleted within about an hour after the attempts stop.',
  },
  {
    question: 'Do you track me, show ads or sell my data?',
    answer:
      'No. There is no third-party tracking and no advertising on this site, and we never sell or share your data with advertisers or data brokers. The only emails we send are the alert emails of the searches you save (each with a link that stops them in one click; pause or delete them on your Profile page) and emails about your account: confirmation links, sign-in codes, password reset links you ask for, a notice when your password is changed, a notice if someone tries to sign up with your address and one if someone keeps trying wrong passwords on your account.',
  },
  {
    question: 'What do your logs and usage statistics record?',
    answer:
      'For each request our server notes the method, the page address (with codes, tokens and email addresses masked), the result and how long it took: never your IP address, cookies or anything you typed. A few pages record first-party usage events, such as that a search was started, on our own server, with no account or address attached; they are deleted after 30 days.',
  },
  {
    question: 'Does reading a meeting send information to YouTube or Google?',
    answer:
      "Meeting videos are hosted on YouTube. Only when you open a meeting's page does it load YouTube's player script from www.youtube.com (so the transcript can follow the video and its lines can jump to a moment), and embed the video from youtube-nocookie.com, YouTube's privacy-enhanced mode, which sets no YouTube cookies while you only read the page. Once you press play, YouTube may set cookies or store data in your browser and record that viewing under its own privacy policy, as it does on its own site. Meeting thumbnails are images served by YouTube, so YouTube sees those requests too. A map from Google Maps loads only on the page of a business with an address. Nothing else on the site loads from another company.",
  },
  {
    question: 'Can I upload files?',
    answer:
      'Residents never upload anything. The only uploads are images for business listings, added by our staff; each is checked to be an image and limited to 10 MB.',
  },
  {
    question: 'How do I delete my account and my data?',
    answer:
      "Sign in and delete your account from your Profile page. It deletes your account, your profile, your sessions, sign-in codes and reset links, your saved searches with their alerts and private feeds, and the contact messages, city requests and error reports sent from your email address, right away. If you edited stories as an editor, their history keeps the text you saved and when, but no longer that it was you. You can also ask us through the contact form.",
  },
];
