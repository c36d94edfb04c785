import { describe, expect, it } from 'vitest';
import { isConnectionLoss } from './sturdy-client.js';

describe('isConnectionLoss', () => {
  it.each([
    ['an administrator ended the connection (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['the server is shutting down (57P03)', Object.assign(new Error('the database system is shutting down'), { code: '57P03' })],
    ['a connection exception (class 08)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['the server refused (ECONNREFUSED)', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ["the embedded holder's socket is gone (ENOENT)", Object.assign(new Error('connect ENOENT /data/share/.s.PGSQL.5432'), { code: 'ENOENT' })],
    ['pg saw the connection end', new Error('Connection terminated unexpectedly')],
    ['pg will not use a broken client', new Error('Client has encountered a connection error and is not queryable')],
  ])('is true when %s', (_label, error) => {
    expect(isConnectionLoss(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' })],
    ['a plain bug', new TypeError('Cannot read properties of undefined')],
    ['not an error at all', 'ENOENT'],
  ])('is false for %s', (_label, error) => {
    expect(isConnectionLoss(error)).toBe(false);
  });
});
