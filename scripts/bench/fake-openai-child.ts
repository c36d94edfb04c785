/**
 * Child-process entry of fake-openai-process.ts: runs startFakeOpenAi in a process of its own
 * and answers the parent's questions over IPC. Not a benchmark itself.
 */
import { startFakeOpenAi } from '../../core/testing/fake-openai.js';
import type { AnsweredCall, ChildMessage, ParentMessage } from './fake-openai-process.js';

const latencyMs = Number(process.argv[2] ?? '0');
const fake = await startFakeOpenAi({ latencyMs });
let answered: AnsweredCall[] = [];

/** Every request answered normally, noting when it was answered. */
function scriptAnswers(): void {
  fake.script({
    kind: 'hook',
    times: Number.POSITIVE_INFINITY,
    handle: (request) => {
      answered.push({ receivedAt: request.receivedAt, answeredAt: Date.now() });
      return { kind: 'ok' };
    },
  });
}

const reply = (message: ChildMessage) => process.send?.(message);

process.on('message', (message: ParentMessage) => {
  switch (message.type) {
    case 'reset':
      fake.reset();
      answered = [];
      scriptAnswers();
      reply({ type: 'reset' });
      return;
    case 'stats':
      reply({ type: 'stats', calls: fake.requests.length, answered });
      return;
    case 'close':
      void fake.close().then(() => process.disconnect());
      return;
  }
});

scriptAnswers();
reply({ type: 'ready', url: fake.url });
