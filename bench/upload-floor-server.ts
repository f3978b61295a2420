/**
 * The floor for bench/upload.ts: a bare Node HTTP server that speaks the slice protocol
 * (server/system/slice-routes.ts) and does only what the protocol itself costs — SHA-1 of each 1 MB
 * slice and one positional write — with no session, BFF, database or on-disk state. The product's
 * upload is compared with it in the same run, so the ratio shows what the machine allows rather than
 * a page-cache copy. Not a product server: no checks beyond the checksum.
 *
 *   npx tsx bench/upload-floor-server.ts <port> <dir>
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { planSlices, sliceLength } from '../lib/upload/slice-plan';

const port = Number(process.argv[2]);
const dir = process.argv[3];
const uploads = new Map<string, { file: string; handle: fs.promises.FileHandle; plan: ReturnType<typeof planSlices> }>();

const send = (res: http.ServerResponse, result: unknown, message = '') => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ success: true, code: 200, message, result }));
};

async function readAll(req: http.IncomingMessage): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return chunks;
}

http
  .createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = /^\/jeecg-boot\/sys\/upload\/slice\/(init|[0-9a-f]{32})(?:\/(\d+|finish))?$/.exec(url.pathname);
    if (!m) return void res.writeHead(404).end();
    if (m[1] === 'init') {
      const body = JSON.parse(Buffer.concat(await readAll(req)).toString()) as { size: number };
      const plan = planSlices(body.size);
      const uploadId = randomBytes(16).toString('hex');
      const file = path.join(dir, `${uploadId}.part`);
      uploads.set(uploadId, { file, plan, handle: await fs.promises.open(file, 'w+') });
      return send(res, { uploadId, sliceSize: plan.sliceSize, sliceCount: plan.sliceCount, received: [] });
    }
    const up = uploads.get(m[1]);
    if (!up) return void res.writeHead(404).end();
    if (m[2] === 'finish') {
      await readAll(req);
      await up.handle.close();
      return send(res, { path: `floor/${path.basename(up.file)}`, size: up.plan.size }, `floor/${path.basename(up.file)}`);
    }
    const index = Number(m[2]);
    const hash = createHash('sha1');
    const chunks = await readAll(req);
    for (const c of chunks) hash.update(c);
    const length = chunks.reduce((n, c) => n + c.length, 0);
    if (hash.digest('hex') !== url.searchParams.get('sha1') || length !== sliceLength(up.plan, index)) return void res.writeHead(400).end();
    await up.handle.writev(chunks, index * up.plan.sliceSize);
    send(res, { index, received: 0 });
  })
  .listen(port, '127.0.0.1', () => console.log('ready in 0 ms'));
