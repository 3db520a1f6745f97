import { PRODUCT_NAME } from '@conduit/contracts';

export interface MailContent {
  /** First line of the mail and the HTML heading. */
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action (why the mail was sent, how long a link lasts). */
  footnote?: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** One look for every mail: a plain-text part and an HTML part with the product's name and colours. */
export function renderMail(content: MailContent): { text: string; html: string } {
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    `-- ${PRODUCT_NAME}`,
  ].join('\n');

  const button = content.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(content.action.url)}" style="background:#2563eb;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:13px;color:#64748b">Or paste this link into your browser:<br><a href="${escapeHtml(content.action.url)}" style="color:#2563eb;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #e2e8f0">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e2e8f0;font-weight:700;font-size:18px;color:#2563eb">${escapeHtml(PRODUCT_NAME)}</td></tr>
<tr><td style="padding:32px;font-size:15px;line-height:1.6">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((paragraph) => `<p style="margin:0 0 14px">${escapeHtml(paragraph)}</p>`).join('\n')}
${button}
${content.footnote ? `<p style="font-size:13px;color:#64748b;margin-top:24px">${escapeHtml(content.footnote)}</p>` : ''}
</td></tr></table>
<p style="font-size:12px;color:#94a3b8;margin-top:16px">${escapeHtml(PRODUCT_NAME)}: one API key for image, video, watermark removal and profile data.</p>
</td></tr></table></body></html>`;
  return { text, html };
}
