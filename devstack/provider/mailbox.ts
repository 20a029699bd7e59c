import { randomBytes } from 'node:crypto';

// The local stack sends no e-mail or text messages: verification codes and
// the recovery, unlock and registration links land here instead, readable
// at the provider's /mailbox page (and /mailbox.json for tests).

const MAX_MESSAGES = 500;

export interface MailMessage {
  id: string;
  /** An e-mail address, or a phone number for a text message. */
  to: string;
  channel: 'email' | 'sms';
  subject: string;
  text: string;
  /** The one link the message is about, if any. */
  link?: string;
  /** The verification code, if the message carries one. */
  code?: string;
  sentAt: string;
}

export type OutgoingMessage = Omit<MailMessage, 'id' | 'sentAt'>;

export interface Mailbox {
  send(message: OutgoingMessage): MailMessage;
  /** Newest first. */
  list(): MailMessage[];
}

export function createMailbox(clock: () => number = Date.now): Mailbox {
  const messages: MailMessage[] = [];
  return {
    send(message) {
      const sent = { ...message, id: randomBytes(6).toString('hex'), sentAt: new Date(clock()).toISOString() };
      messages.push(sent);
      if (messages.length > MAX_MESSAGES) messages.shift();
      return sent;
    },
    list: () => [...messages].reverse(),
  };
}
