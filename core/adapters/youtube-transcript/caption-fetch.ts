/**
 * The `fetch` handed to youtube-transcript. It sends every youtube.com request to the
 * configured base URL (so tests and demos run against a fake on 127.0.0.1), gives each request
 * a timeout plus the caller's abort signal, and keeps notes on the traffic that the library's
 * own results and errors lose: HTTP 429s, the player's playability status, and the raw caption
 * track (whose format decides the time unit of the library's output).
 */

export interface CaptionTraffic {
  /** An answer was HTTP 429: YouTube is throttling this address. */
  throttled: boolean;
  /** A request hit our timeout. */
  timedOut: boolean;
  /** playabilityStatus of the InnerTube player answer, when one was read. */
  playability: { status: string; reason: string | null } | null;
  /** Body of the last caption track downloaded. */
  captionBody: string | null;
}

export interface CaptionFetchOptions {
  /** https://www.youtube.com unless a fake stands in for it. */
  baseUrl: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  fetch: typeof globalThis.fetch;
  traffic: CaptionTraffic;
}

export function newCaptionTraffic(): CaptionTraffic {
  return { throttled: false, timedOut: false, playability: null, captionBody: null };
}

/** youtube.com and its subdomains (the caption baseUrl is checked to be *.youtube.com by the library). */
function redirectToBase(url: URL, baseUrl: string): URL {
  const isYoutube = url.hostname === 'youtube.com' || url.hostname.endsWith('.youtube.com');
  const base = new URL(baseUrl);
  if (!isYoutube || base.hostname === url.hostname) return url;
  const target = new URL(base.href);
  target.pathname = `${base.pathname.replace(/\/+$/, '')}${url.pathname}`;
  target.search = url.search;
  return target;
}

async function notePlayability(response: Response, traffic: CaptionTraffic): Promise<void> {
  try {
    const data = (await response.clone().json()) as { playabilityStatus?: { status?: unknown; reason?: unknown } };
    const status = data.playabilityStatus?.status;
    if (typeof status === 'string') {
      const reason = data.playabilityStatus?.reason;
      traffic.playability = { status, reason: typeof reason === 'string' ? reason : null };
    }
  } catch {
    // Not JSON: the library will treat it as a failed InnerTube call and fall back to the page.
  }
}

export function createCaptionFetch(options: CaptionFetchOptions): typeof globalThis.fetch {
  const { traffic } = options;
  return async (input, init) => {
    const original = new URL(input instanceof Request ? input.url : String(input));
    const url = redirectToBase(original, options.baseUrl);
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await options.fetch(url, { ...init, signal });
    } catch (error) {
      if (timeout.aborted) traffic.timedOut = true;
      throw error;
    }
    if (response.status === 429) traffic.throttled = true;
    if (original.pathname.startsWith('/youtubei/')) await notePlayability(response, traffic);
    else if (original.pathname !== '/watch' && response.ok) traffic.captionBody = await response.clone().text();
    return response;
  };
}
