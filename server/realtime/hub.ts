/** A connected socket as the hub sees it: whose it is, which session opened it, how to reach it. */
export interface HubClient {
  userId: string;
  tokenHash: string;
  send(text: string): void;
  close(code: number, reason: string): void;
}

/**
 * In-process registry of notification sockets. The embedded backend publishes to it; a revoked
 * session's sockets are closed at once. (Cross-instance fan-out over LISTEN/NOTIFY builds on this.)
 */
export class RealtimeHub {
  private byUser = new Map<string, Set<HubClient>>();

  add(client: HubClient) {
    let set = this.byUser.get(client.userId);
    if (!set) this.byUser.set(client.userId, (set = new Set()));
    set.add(client);
    return () => {
      set!.delete(client);
      if (!set!.size) this.byUser.delete(client.userId);
    };
  }

  sendToUser(userId: string, message: unknown) {
    const text = JSON.stringify(message);
    for (const c of this.byUser.get(userId) ?? []) c.send(text);
  }

  broadcast(message: unknown) {
    const text = JSON.stringify(message);
    for (const set of this.byUser.values()) for (const c of set) c.send(text);
  }

  closeSessions(tokenHashes: string[]) {
    const wanted = new Set(tokenHashes);
    for (const set of this.byUser.values()) for (const c of [...set]) if (wanted.has(c.tokenHash)) c.close(4001, 'session ended');
  }

  /** Shutdown: 1001 (going away). The shell's sockets reconnect after any close, 5 s later, so to another instance. */
  closeAll() {
    for (const set of this.byUser.values()) for (const c of [...set]) c.close(1001, 'server shutting down');
  }

  get size() {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }
}
