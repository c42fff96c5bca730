import { mkdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { SmtpTransport } from './mail-transport.js';

/**
 * Emails as `.eml` files in a folder, for running without an SMTP server: each message is the
 * one SMTP would have carried, named after its Message-ID, so sending the same email again
 * writes the same file. Written to a temporary name and renamed, so a reader never sees half.
 */
export function createEmailFolderTransport(dir: string): SmtpTransport {
  mkdirSync(dir, { recursive: true });
  return nodemailer.createTransport({
    name: 'eml-folder',
    version: '1',
    send(mail, callback) {
      const messageId = mail.message.messageId();
      const file = join(dir, `${messageId.replace(/[^\w.@-]/g, '')}.eml`);
      mail.message.build((error, message) => {
        if (error) return callback(error, undefined as never);
        const partial = `${file}.${process.pid}.tmp`;
        writeFile(partial, message)
          .then(() => rename(partial, file))
          .then(
            () => callback(null, { envelope: mail.message.getEnvelope(), messageId }),
            (failure: Error) => callback(failure, undefined as never),
          );
      });
    },
  });
}
