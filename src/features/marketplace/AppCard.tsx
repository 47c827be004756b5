import './marketplace.css';

/** What an app card shows; pages build it from the stored app (localized link and labels). */
export interface AppCardData {
  slug: string;
  href: string;
  name: string;
  partnerName: string;
  summary: string;
  logoUrl: string | null;
  beta: boolean;
  /** Industry labels, in the page's language. */
  industryLabels: string[];
  /** A screenshot on top (featured cards), or null. */
  coverUrl?: string | null;
}

/** The texts a card needs. */
export interface AppCardTexts {
  beta: string;
  by: (partner: string) => string;
}

/** Two letters standing in for a missing logo. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/**
 * The one app card of the marketplace: logo, name (the link, stretched over the card), partner,
 * summary, industries and a 'Beta' tag. Rendered at build time by the Astro pages (no JavaScript)
 * and by the landing's filter island from the same props.
 */
export function AppCard({ app, texts, level = 'h3' }: { app: AppCardData; texts: AppCardTexts; level?: 'h2' | 'h3' }) {
  const Heading = level;
  return (
    <article className={app.coverUrl ? 'mk-card mk-card--cover' : 'mk-card'}>
      {app.coverUrl && <img className="mk-card__cover" src={app.coverUrl} alt="" width="640" height="400" loading="lazy" decoding="async" />}
      <div className="mk-card__top">
        {app.logoUrl ? (
          <img className="mk-logo" src={app.logoUrl} alt="" width="56" height="56" loading="lazy" decoding="async" />
        ) : (
          <span className="mk-logo mk-logo--text" aria-hidden="true">
            {initials(app.name)}
          </span>
        )}
        <div className="mk-card__titles">
          <Heading className="mk-card__name">
            <a href={app.href}>{app.name}</a>
          </Heading>
          <p className="mk-card__partner">{texts.by(app.partnerName)}</p>
        </div>
        {app.beta && <span className="mk-beta">{texts.beta}</span>}
      </div>
      <p className="mk-card__summary">{app.summary}</p>
      {app.industryLabels.length > 0 && (
        <ul className="mk-card__tags">
          {app.industryLabels.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      )}
    </article>
  );
}
