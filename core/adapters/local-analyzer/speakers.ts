/**
 * Speaker labels as captions give them ("Community Development Director Sofia Marchetti",
 * "Resident Meera Patel", "Colin Grant, Brightline Homes"): who the person is, what part they
 * play in the meeting, and how a news story names them (full reference first, surname after).
 */
/** How the story refers to someone the transcript does not name: no pretending to know more. */
export const UNNAMED_SPEAKER = 'a speaker';

/** Labels a diarizer gives voices it cannot name: "SPEAKER_00", "Speaker 2", "spk_1", "A". */
const DIARIZER_LABEL = /^(?:(?:speaker|spk|unknown(?:\s+speaker)?|guest|participant|voice|s)[\s_-]*\d{1,3}|[A-Z]|unknown(?:\s+speaker)?|speaker)$/i;

/** True for a label that names no one ("SPEAKER_00"): the meeting's words may still say who it is. */
export function isDiarizerLabel(label: string): boolean {
  return DIARIZER_LABEL.test(label.trim());
}

export type SpeakerRole = 'official' | 'staff' | 'clerk' | 'public' | 'unknown';

export interface Speaker {
  label: string;
  /** "Sofia Marchetti"; the label itself when no name can be told from the title. */
  name: string;
  surname: string;
  /** "Community Development Director", "Resident"; honorifics such as "Dr." dropped. */
  title: string;
  role: SpeakerRole;
  /** "Brightline Homes" in "Colin Grant, Brightline Homes". */
  affiliation: string | null;
}

const TITLE_WORDS = new Set(
  `mayor vice deputy council councilmember councilor councilwoman councilman member members president board trustee
  chair chairman chairwoman chairperson commissioner supervisor alderman alderperson student resident parent teacher
  director manager superintendent assistant executive city county town clerk recorder secretary attorney engineer
  planner planning administrator officer chief community development public works finance library parks and
  recreation facilities dr mr mrs ms speaker staff of the police fire treasurer auditor coordinator analyst senior
  principal counsel general interim acting utilities transportation human resources economic housing services
  commenter applicant owner representative consultant school district`.split(/\s+/),
);
const HONORIFIC = /^(?:dr|mr|mrs|ms|mx)\.?$/i;

const OFFICIAL =
  /\b(?:mayor|council\s*(?:member|president|woman|man)s?|councilor|trustee|board (?:president|member|chair)|vice (?:president|chair)|president|chair(?:man|woman|person)?|commissioner|supervisor|alder(?:man|person))\b/i;
const CLERK = /\b(?:clerk|recorder|secretary|executive assistant)\b/i;
const PUBLIC = /^(?:resident|parent|student|teacher|member of the public|public commenter|commenter|caller|applicant|owner)\b/i;
const STAFF =
  /\b(?:director|manager|superintendent|engineer|attorney|planner|administrator|officer|chief|coordinator|analyst|staff|counsel|treasurer|auditor)\b/i;

function roleOf(title: string, affiliation: string | null): SpeakerRole {
  if (OFFICIAL.test(title)) return 'official';
  if (CLERK.test(title)) return 'clerk';
  if (PUBLIC.test(title) || affiliation) return 'public';
  if (STAFF.test(title)) return 'staff';
  return 'unknown';
}

export function parseSpeaker(label: string): Speaker {
  const [main = label, ...rest] = label.split(/,\s+/);
  const affiliation = rest.length > 0 ? rest.join(', ') : null;
  const words = main.trim().split(/\s+/);
  const nameWords: string[] = [];
  while (words.length > 0 && nameWords.length < 3) {
    const word = words[words.length - 1] ?? '';
    const bare = word.toLowerCase().replace(/[.,]/g, '');
    if (TITLE_WORDS.has(bare) || HONORIFIC.test(word) || !/^\p{Lu}/u.test(word)) break;
    nameWords.unshift(words.pop() ?? '');
  }
  const title = words.filter((word) => !HONORIFIC.test(word)).join(' ');
  const name = nameWords.length > 0 ? nameWords.join(' ') : main.trim();
  return {
    label,
    name,
    surname: nameWords[nameWords.length - 1] ?? name,
    title,
    role: roleOf(title, affiliation),
    affiliation,
  };
}

/** Every distinct speaker label in the meeting, parsed once. */
export function speakerMap(labels: Iterable<string | null>): Map<string, Speaker> {
  const map = new Map<string, Speaker>();
  for (const label of labels) if (label && !map.has(label)) map.set(label, parseSpeaker(label));
  return map;
}

/** "resident Meera Patel", "Colin Grant of Brightline Homes", "Vice Mayor Thomas Okafor". */
function fullReference(speaker: Speaker): string {
  if (speaker.affiliation) return `${speaker.name} of ${speaker.affiliation}`;
  if (!speaker.title || speaker.name === speaker.label) return speaker.name;
  const title = speaker.role === 'public' ? speaker.title.toLowerCase() : speaker.title;
  return `${title} ${speaker.name}`;
}

/**
 * Names people the way a news story does: the full reference on first mention, the surname
 * after; a speaker the captions do not name is "a speaker".
 */
export class NameTracker {
  private readonly mentioned = new Set<string>();

  constructor(private readonly speakers: ReadonlyMap<string, Speaker>) {}

  ref(label: string | null): string {
    if (!label) return UNNAMED_SPEAKER;
    // A name said in a vote result ("Councilmember Whitcomb") may match no caption label.
    const speaker = this.speakers.get(label) ?? parseSpeaker(label);
    if (this.mentioned.has(speaker.label) && speaker.name !== speaker.label) return speaker.surname;
    this.mentioned.add(speaker.label);
    return fullReference(speaker);
  }

  /** Whether the story has named this speaker already. */
  has(label: string | null): boolean {
    return label !== null && this.mentioned.has(label);
  }
}
