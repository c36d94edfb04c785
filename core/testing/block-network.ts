import net from 'node:net';

/**
 * No test may reach the internet: every outbound TCP connection that is not to loopback
 * fails at once, so a forgotten base URL shows up as an error instead of a silent call.
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);

function hostOf(args: unknown[]): string | undefined {
  const [first, second] = args;
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; path?: string };
    if (options.path) return 'localhost'; // unix socket
    return options.host ?? 'localhost';
  }
  if (typeof first === 'number') return typeof second === 'string' ? second : 'localhost';
  if (typeof first === 'string') return 'localhost'; // unix socket path
  return undefined;
}

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function connect(this: net.Socket, ...args: unknown[]) {
  const normalized = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  const host = hostOf(normalized);
  if (host !== undefined && !LOOPBACK.has(host)) {
    throw new Error(`Test tried to reach ${host}: tests must stay on 127.0.0.1`);
  }
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
