/** @jest-environment node */
import { sql } from 'kysely';
import { sha256 } from '../../core/ids';
import { RECENT_VERIFY_MS } from '../../auth/sessions';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

/**
 * Slice uploads reuse a token check for up to RECENT_VERIFY_MS (server/auth/sessions.ts
 * verifyRecent); every other request checks the database, and a revocation in this process ends the
 * reuse at once.
 */
let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(() => be.close());
afterEach(() => jest.restoreAllMocks());

/** Revokes in the database only, as another instance would (this process is not told). */
const revokeElsewhere = (token: string) =>
  be.db.updateTable('sys_user_session').set({ revoked_at: sql`now()`, revoke_reason: 'elsewhere' }).where('token_hash', '=', sha256(token)).execute();

describe('verifyRecent', () => {
  it('reuses a success for RECENT_VERIFY_MS, then asks the database again', async () => {
    const token = await be.login('teacher');
    const start = Date.now();
    const now = jest.spyOn(Date, 'now').mockReturnValue(start);
    expect((await be.sessions.verifyRecent(token))?.user.username).toBe('teacher');
    await revokeElsewhere(token);
    expect(await be.sessions.verify(token)).toBeNull();
    now.mockReturnValue(start + RECENT_VERIFY_MS - 1);
    expect((await be.sessions.verifyRecent(token))?.user.username).toBe('teacher');
    now.mockReturnValue(start + RECENT_VERIFY_MS);
    expect(await be.sessions.verifyRecent(token)).toBeNull();
  });

  it('forgets a token revoked in this process at once (logout, freeze, kick-out)', async () => {
    const token = await be.login('teacher2');
    expect(await be.sessions.verifyRecent(token)).not.toBeNull();
    await be.sessions.revokeToken(token);
    expect(await be.sessions.verifyRecent(token)).toBeNull();
  });

  it('is used by slice PUTs only: any other request sees a revocation from another instance at once', async () => {
    const token = await be.login('jiaowu');
    const init = await be.call('/sys/upload/slice/init', { method: 'POST', token, json: { name: 'a.mp4', size: 10, lastModified: 1 } });
    const { uploadId } = init.body.result as { uploadId: string };
    const put = () => be.call(`/sys/upload/slice/${uploadId}/0?sha1=${'0'.repeat(40)}`, { method: 'PUT', token, body: new Uint8Array(10), headers: { 'content-type': 'application/octet-stream' } });
    // Checksum refused, but past the token check (20001, not 401).
    expect((await put()).body.code).toBe(20001);
    await revokeElsewhere(token);
    expect((await put()).body.code).toBe(20001);
    expect((await be.call(`/sys/upload/slice/${uploadId}`, { token })).status).toBe(401);
    expect((await be.call('/sys/user/getAccountInfoFromToken', { token })).status).toBe(401);
  });
});
