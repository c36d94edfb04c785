import fs from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { CityExportRequest, Core } from '../../core/index.js';

export interface ExportOptions extends CityExportRequest {
  city: string;
  /** A file to write instead of stdout. */
  output?: string | undefined;
}

/** A reader that went away (`civic export … | head`) ends the export quietly, as Unix tools do. */
const isClosedPipe = (error: unknown) => (error as { code?: string } | null)?.code === 'EPIPE';

/** Until the stream takes more, closes or fails (a failure is reported by the 'error' listener). */
function writable(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done).off('close', done).off('error', done);
      resolve();
    };
    out.on('drain', done).on('close', done).on('error', done);
  });
}

async function writeAll(out: Writable, chunks: AsyncIterable<string>): Promise<{ bytes: number; closed: boolean }> {
  let bytes = 0;
  let failure: unknown;
  const onError = (error: unknown) => {
    failure = error;
  };
  out.on('error', onError);
  try {
    for await (const chunk of chunks) {
      if (failure !== undefined) break;
      bytes += Buffer.byteLength(chunk);
      if (!out.write(chunk)) await writable(out);
    }
  } finally {
    out.off('error', onError);
  }
  if (failure !== undefined && !isClosedPipe(failure)) throw failure;
  return { bytes, closed: failure !== undefined };
}

/**
 * `civic export`: a city's meetings, decisions or transcripts, oldest first, streamed as NDJSON
 * or CSV to stdout or a file (for archives and researchers). The operator's export: every city,
 * its published stories only, never the newsroom's drafts. Writes to a file through a temporary
 * name, so an interrupted export never leaves a file that looks whole.
 */
export interface ExportSummary {
  city: string;
  what: string;
  format: string;
  output: string;
  bytes: number;
}

export async function exportCity(core: Core, options: ExportOptions): Promise<{ human: string; data: ExportSummary } | null> {
  const { city, chunks } = await core.exports.cityExport(options.city, options, 'staff');
  if (!options.output) {
    await writeAll(process.stdout, chunks);
    return null;
  }
  const partial = `${options.output}.partial`;
  const file = fs.createWriteStream(partial, { flags: 'w' });
  try {
    const { bytes } = await writeAll(file, chunks);
    file.end();
    await once(file, 'finish');
    fs.renameSync(partial, options.output);
    return {
      human: `Exported the ${options.what} of ${city.name}, ${city.state} to ${options.output} (${bytes.toLocaleString('en-US')} bytes)`,
      data: { city: city.location_key, what: options.what, format: options.format, output: options.output, bytes },
    };
  } catch (error) {
    file.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
}
