import { PageHeader } from '../components/PageHeader.tsx';
import { t } from './texts.ts';

/** A screen not built yet (part 2 of the console replaces each with its screen). */
export function ComingSoon({ title, back }: { title: string; back?: { to: string; title: string } }) {
  return (
    <>
      <PageHeader title={title} back={back} />
      <div className="adm-card">
        <p className="adm-muted">{t('soon.text')}</p>
      </div>
    </>
  );
}
