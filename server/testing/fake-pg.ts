import net from 'node:net';

/**
 * A TCP listener on an ephemeral loopback port that plays just enough of a PostgreSQL server to capture what a
 * client sends (issue #38's finding: a stored password sent to a host named in the request). `ask-password` asks
 * for a clear-text password, records it and refuses the login; `hang-up` closes every connection at once.
 */
export interface FakePg {
  port: number;
  /** Connections accepted so far. */
  connections: number;
  /** Passwords clients sent. */
  passwords: string[];
  close(): Promise<void>;
}

const message = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};

const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

export async function startFakePg(mode: 'ask-password' | 'hang-up'): Promise<FakePg> {
  const state = { connections: 0, passwords: [] as string[] };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (mode === 'hang-up') {
      socket.destroy();
      return;
    }
    let startup = true;
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (startup) {
        // StartupMessage: int32 length, then the body; answer AuthenticationCleartextPassword.
        if (buffered.length < 4 || buffered.length < buffered.readInt32BE(0)) return;
        buffered = buffered.subarray(buffered.readInt32BE(0));
        startup = false;
        socket.write(message('R', int32(3)));
      }
      // PasswordMessage: 'p', int32 length, the password and a NUL.
      if (buffered.length < 5 || buffered[0] !== 0x70 || buffered.length < 1 + buffered.readInt32BE(1)) return;
      state.passwords.push(buffered.subarray(5, buffered.readInt32BE(1)).toString('utf8'));
      buffered = Buffer.alloc(0);
      const fields = Buffer.from('SFATAL\0C28P01\0Mpassword authentication failed\0\0', 'utf8');
      socket.end(message('E', fields));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    get connections() {
      return state.connections;
    },
    get passwords() {
      return state.passwords;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
