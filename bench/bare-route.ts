/**
 * The throughput baseline: a bare Fastify (no plugins, no hooks, no logging) answering
 * `GET /` with a constant array, serialised per request as Fastify does for any object. Run as
 * its own process (like the API) so it does not share the load generator's CPU thread:
 * `node bench/bare-route.ts <port> <json file>`; prints `ready` once listening, stops on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const body = JSON.parse(readFileSync(file!, 'utf8')) as unknown[];
const app = Fastify();
app.get('/', async () => body);
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
