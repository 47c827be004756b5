import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { t } from '../app/texts.ts';

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  /** The page's title (an h1), exactly as the spec names the screen. */
  title: string;
  /** Sub-pages: where the back button goes (a console path like '/carousel') and the list's title. */
  back?: { to: string; title: string } | undefined;
  /** One line under the title. */
  description?: ReactNode;
  /** The page's main actions (the primary one last), e.g. an 'Add Carousel Item' link. */
  actions?: ReactNode;
}

/** The head of every console page: back button (sub-pages), title, description and actions. */
export function PageHeader({ title, back, description, actions }: PageHeaderProps) {
  return (
    <header className="adm-page-head">
      {back && (
        <Link className="adm-back" to={back.to}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M15 5l-7 7 7 7" />
          </svg>
          {t('back', { title: back.title })}
        </Link>
      )}
      <div className="adm-page-head__row">
        <div className="adm-page-head__text">
          <h1>{title}</h1>
          {description && <p className="adm-muted">{description}</p>}
        </div>
        {actions && <div className="adm-actions">{actions}</div>}
      </div>
    </header>
  );
}
