/** The slice of the platform's IFrame Player API we use (https://developers.google.com/youtube/iframe_api_reference). */
export interface YtPlayer {
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  playVideo(): void;
  getCurrentTime(): number;
  getPlayerState(): number;
  getIframe(): HTMLIFrameElement;
  destroy(): void;
}

export interface YtPlayerOptions {
  host: string;
  videoId: string;
  width: string;
  height: string;
  playerVars: Record<string, string | number>;
  events: { onReady(): void; onError(event: { data: number }): void };
}

export interface YtNamespace {
  Player: new (element: HTMLElement, options: YtPlayerOptions) => YtPlayer;
}

type YtWindow = Window & { YT?: YtNamespace; onYouTubeIframeAPIReady?: () => void };

const API_SCRIPT = 'https://www.youtube.com/iframe_api';
/** An API that has not answered by then is taken as blocked: the page says the video cannot play. */
const API_WAIT_MS = 15_000;

let api: Promise<YtNamespace> | null = null;

/** Loads the platform's player API once per page; rejects when it cannot (offline, blocked), so a later mount tries again. */
export function loadYoutubeApi(): Promise<YtNamespace> {
  api ??= new Promise<YtNamespace>((resolve, reject) => {
    const win = window as YtWindow;
    if (win.YT?.Player) return resolve(win.YT);
    const previous = win.onYouTubeIframeAPIReady;
    win.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (win.YT?.Player) resolve(win.YT);
    };
    const script = document.createElement('script');
    script.src = API_SCRIPT;
    script.async = true;
    script.onerror = () => {
      script.remove();
      reject(new Error('The video player API could not be loaded'));
    };
    document.head.append(script);
    setTimeout(() => reject(new Error('The video player API did not answer')), API_WAIT_MS);
  }).catch((error: unknown) => {
    api = null;
    throw error;
  });
  return api;
}
