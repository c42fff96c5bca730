import type { Transporter } from 'nodemailer';

/** What sends an email: nodemailer's SMTP transport, or the one that writes `.eml` files. */
export type SmtpTransport = Transporter;
