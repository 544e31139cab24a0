import nodemailer from 'nodemailer';

export type Mailer = { send(message: { to: string; subject: string; text: string }): Promise<void> };

/** An SMTP mailer when SMTP_URL is configured, otherwise none (email confirmation then stays off). */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
