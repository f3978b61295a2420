/** `npm run backend`: the embedded backend alone on its own port, as a separate tier (JeecgBoot's /jeecg-boot prefix). */
import { serve } from '@hono/node-server';
import type { IncomingMessage, Server } from 'node:http';
import { resolveSessionSecret } from '../lib/server/secret';
import { createBackend } from './backend';
import { DEMO_PASSWORD } from './seed/seed-data';
import { attachBackendSockets } from './backend-sockets';

const port = Number(process.env.BACKEND_PORT || 8080);
const hostname = process.env.BACKEND_HOST || '127.0.0.1';
const BASE_PATH = '/jeecg-boot';

async function main() {
  const backend = await createBackend({
    basePath: BASE_PATH,
    socketAddress: (env) => (env as { incoming?: IncomingMessage }).incoming?.socket.remoteAddress,
  });
  const server = serve({ fetch: backend.fetch, port, hostname }, () => {
    console.log(`Embedded backend: http://${hostname}:${port}${BASE_PATH} (${backend.dbKind}); websocket ${BASE_PATH}/websocket/{userId}`);
    if (backend.seedReport.demo) console.log(`Demo password: ${DEMO_PASSWORD}`);
  }) as Server;
  // JeecgBoot's notification socket (token as subprotocol, or the web tier's cookie), fed by this backend's pushes.
  const sockets = await attachBackendSockets(server, backend, {
    basePath: BASE_PATH,
    sessionSecret: resolveSessionSecret(),
    allowedOrigins: (process.env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  });
  const stop = () => {
    void sockets.close().finally(() =>
      server.close(async () => {
        await backend.close();
        process.exit(0);
      }),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
