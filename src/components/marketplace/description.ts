import { escapeHtml } from '../../domain/html.ts';
import { isSafeHttpUrl } from '../../domain/urls.ts';

/**
 * An app description's limited Markdown as HTML (CONTRACT.md): paragraphs separated by a blank
 * line, `- ` list items, `**bold**`, `*italic*` and `[text](https://…)` links. Everything is
 * escaped first, so no HTML from the API reaches the page; links other than http(s) stay text.
 */
export function descriptionHtml(text: string): string {
  const inline = (raw: string) =>
    escapeHtml(raw)
      .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole: string, label: string, url: string) => {
        const decoded = url.replace(/&amp;/g, '&');
        return isSafeHttpUrl(decoded) ? `<a href="${url}" rel="noopener nofollow">${label}</a>` : whole;
      })
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
      .replace(/\*([^*]+)\*/g, '<em>$1</em>');
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n').map((l) => l.trim());
      if (lines.every((l) => l.startsWith('- '))) return `<ul>${lines.map((l) => `<li>${inline(l.slice(2))}</li>`).join('')}</ul>`;
      return `<p>${lines.map(inline).join('<br>')}</p>`;
    })
    .join('\n');
}
