import fs from 'node:fs';

export interface SmsSender {
  send(mobile: string, code: string, mode: string): Promise<void>;
}

/**
 * Default sender: no SMS gateway is configured, so the code goes to the server log (and, when
 * SMS_DEV_OUTBOX is set, to that file for browser tests). Never use this in production.
 */
export function devSmsSender(outbox: string | null): SmsSender {
  return {
    async send(mobile, code, mode) {
      console.log(`[sms] 仅用于开发：发送到 ${mobile} 的验证码是 ${code}（mode ${mode}）。未配置短信网关。`);
      if (outbox) fs.appendFileSync(outbox, JSON.stringify({ mobile, code, mode, at: Date.now() }) + '\n');
    },
  };
}
