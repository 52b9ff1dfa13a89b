import escapeHtml from 'escape-html';
import type { Plugin } from 'graphql-yoga';
import type { Db } from '../kernel/database/database';
import { hasControlCharacters } from '../kernel/http/control-characters';
import { getOutboxMessage, listOutboxMessages, type OutboxMessageView } from './outbox-messages';

/**
 * The dev mailbox, outside production only: what the embedded mail and SMS adapters "sent".
 * - GET /dev/mailbox           HTML list, newest first (recipient, subject, time), each linking to…
 * - GET /dev/mailbox/:id       one message, its links clickable
 * - GET /dev/mailbox.json?to=  JSON { messages: [...] }, newest first, optionally for one email or phone
 */
export function useDevMailbox(db: Db, prefix = '/dev/mailbox'): Plugin {
  return {
    async onRequest({ request, url, endResponse, fetchAPI }) {
      const path = url.pathname;
      if (path !== prefix && path !== `${prefix}.json` && !path.startsWith(`${prefix}/`)) return;
      const respond = (status: number, body: string, contentType: string) =>
        endResponse(
          new fetchAPI.Response(body, {
            status,
            headers: {
              'content-type': contentType,
              'cache-control': 'no-store',
              'x-content-type-options': 'nosniff',
              // Messages are shown as escaped text: nothing on these pages may run script.
              'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
            },
          }),
        );
      const html = (status: number, body: string) => respond(status, body, 'text/html; charset=utf-8');

      if (request.method !== 'GET') {
        respond(405, 'Method not allowed', 'text/plain; charset=utf-8');
        return;
      }
      if (path === `${prefix}.json`) {
        const to = url.searchParams.get('to');
        // No address holds one (and PostgreSQL refuses NUL in text): a plain 400, before any SQL.
        if (to !== null && hasControlCharacters(to)) {
          respond(400, 'The recipient (to) may not contain control characters.', 'text/plain; charset=utf-8');
          return;
        }
        const messages = await listOutboxMessages(db, { to });
        respond(200, JSON.stringify({ messages }), 'application/json; charset=utf-8');
        return;
      }
      if (path === prefix || path === `${prefix}/`) {
        html(200, listPage(await listOutboxMessages(db)));
        return;
      }
      const id = path.slice(prefix.length + 1);
      const message = /^\d{1,15}$/.test(id) ? await getOutboxMessage(db, Number(id)) : null;
      if (!message) {
        html(
          404,
          page(
            'Not found',
            `<p>No message ${escapeHtml(id)}. <a href="${prefix}">Back to the mailbox</a></p>`,
          ),
        );
        return;
      }
      html(200, messagePage(message, prefix));
    },
  };
}

function listPage(messages: OutboxMessageView[]): string {
  const rows = messages
    .map(
      (message) => `<tr>
  <td>${message.channel === 'sms' ? 'SMS' : 'Email'}</td>
  <td>${escapeHtml(message.to)}</td>
  <td><a href="/dev/mailbox/${message.id}">${escapeHtml(message.subject ?? firstLine(message.text))}</a></td>
  <td><time datetime="${message.createdAt}">${escapeHtml(message.createdAt.replace('T', ' ').slice(0, 19))} UTC</time></td>
  <td>${escapeHtml(message.status)}</td>
</tr>`,
    )
    .join('\n');
  return page(
    'Dev mailbox',
    `<p>Every mail and SMS of the outbox, newest first. JSON: <a href="/dev/mailbox.json">/dev/mailbox.json?to=…</a></p>
${
  messages.length === 0
    ? '<p>No messages yet.</p>'
    : `<table><thead><tr><th>Kind</th><th>To</th><th>Subject</th><th>Written</th><th>Delivery</th></tr></thead><tbody>
${rows}
</tbody></table>`
}`,
  );
}

function messagePage(message: OutboxMessageView, prefix: string): string {
  return page(
    message.subject ?? `SMS to ${message.to}`,
    `<p><a href="${prefix}">← All messages</a></p>
<dl>
  <dt>From</dt><dd>${escapeHtml(message.from)}</dd>
  <dt>To</dt><dd>${escapeHtml(message.to)}</dd>
  <dt>Written</dt><dd>${escapeHtml(message.createdAt)}</dd>
  <dt>Delivery</dt><dd>${escapeHtml(deliveryLine(message))}</dd>
</dl>
<pre>${linkify(message.text)}</pre>
${message.attachments
  .map(
    (
      file,
    ) => `<h2>Attachment: ${escapeHtml(file.filename)} <small>(${escapeHtml(file.contentType)})</small></h2>
<pre>${escapeHtml(file.content)}</pre>`,
  )
  .join('\n')}`,
  );
}

/** Embedded, nothing leaves the outbox: "sent" means handed over (to SMTP or the SMS provider when configured). */
function deliveryLine(message: OutboxMessageView): string {
  const attempts = `${message.attempts} attempt${message.attempts === 1 ? '' : 's'}`;
  if (message.status === 'sent') return `sent (${attempts})`;
  if (message.status === 'failed') return `failed after ${attempts}: ${message.lastError ?? ''}`;
  return message.lastError ? `queued, ${attempts} so far; last error: ${message.lastError}` : 'queued';
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd}pre{white-space:pre-wrap;font-size:1rem;
background:#f6f6f6;padding:1rem}dt{font-weight:bold}dd{margin:0 0 .5rem}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>`;
}

/** Escapes the text, then turns its URLs into links. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function firstLine(text: string): string {
  return text.split('\n')[0]?.slice(0, 80) ?? '';
}
