import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { banners as bannerList } from '../api/banners.ts';
import { t } from '../texts.ts';
import { BannerEditor } from './BannerEditor.tsx';
import { BannerList } from './BannerList.tsx';

/** Where the editor is: `?edit=new` or `?edit=<id>`. */
const EDIT = 'edit';

/**
 * Pencil banner (spec 2, /admin/banner): the banner list (the first live one is what the site
 * shows) with bulk activate / deactivate / delete, and the editor for a new or an existing banner,
 * with a live preview of the public banner.
 */
export function BannerScreen() {
  const [params, setParams] = useSearchParams();
  const banners = bannerList.useList();
  const editing = params.get(EDIT);
  const open = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set(EDIT, id);
        else next.delete(EDIT);
        return next;
      },
      { preventScrollReset: false },
    );
  const banner = editing && editing !== 'new' ? banners.data?.find((b) => b.id === editing) : undefined;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          editing === 'new' ? undefined : (
            <button type="button" className="adm-btn adm-btn--primary" onClick={() => open('new')}>
              {t('new')}
            </button>
          )
        }
      />
      {editing === 'new' && <BannerEditor key="new" onDone={() => open(null)} />}
      {banner && <BannerEditor key={banner.id} banner={banner} onDone={() => open(null)} />}
      {editing && editing !== 'new' && banners.isSuccess && !banner && (
        <p className="adm-form-error" role="alert">
          {t('notFound')}
        </p>
      )}
      <BannerList editingId={editing} onEdit={(id) => open(id)} />
    </>
  );
}
