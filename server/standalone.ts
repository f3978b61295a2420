/** `npm run backend`: the embedded backend alone on its own port, as a separate tier (JeecgBoot's /jeecg-boot prefix). */
import { serve } from '@hono/node-server';
import type { IncomingMessage } from 'node:http';
import { createBackend } from './backend';
import { DEMO_PASSWORD } from './db/seed-data';

const port = Number(process.env.BACKEND_PORT || 8080);
const hostname = process.env.BACKEND_HOST || '127.0.0.1';

async function main() {
  const backend = await createBackend({
    basePath: '/jeecg-boot',
    socketAddress: (env) => (env as { incoming?: IncomingMessage }).incoming?.socket.remoteAddress,
  });
  const server = serve({ fetch: backend.fetch, port, hostname }, () => {
    console.log(`Embedded backend: http://${hostname}:${port}/jeecg-boot (${backend.dbKind})`);
    if (backend.seedReport.demo) console.log(`Demo password: ${DEMO_PASSWORD}`);
  });
  const stop = () => server.close(async () => {
    await backend.close();
    process.exit(0);
  });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
