import i18next, { type i18n as I18n } from 'i18next';

/**
 * The admin console's texts. The console is English only (a decision, like the ordering flow:
 * administrators work in English), but its texts still go through i18next, each screen in its own
 * namespace, so they live in one place per screen and a translation would be a resources file.
 * Placeholders are `{name}`; plurals are `key_one` / `key_other`.
 */
const instance: I18n = i18next.createInstance();
void instance.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: {},
  initAsync: false,
  keySeparator: false,
  nsSeparator: false,
  returnNull: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  showSupportNotice: false,
} as Parameters<I18n['init']>[0]);

/** Options of one text: placeholder values, and `count` for plurals. */
export type TextValues = Record<string, string | number>;

/** Base keys of a resources object: `key_one` / `key_other` also count as `key`. */
type BaseKey<K> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;

/** A namespace's translate function, typed by its English resources. */
export type AdminT<R extends Record<string, string>> = (key: BaseKey<keyof R & string> | (keyof R & string), values?: TextValues) => string;

/**
 * Registers a namespace's English texts and answers its typed `t`. Call it once per screen at
 * module level: `export const t = defineTexts('banners', { title: 'Pencil banner', … })`.
 */
export function defineTexts<const R extends Record<string, string>>(namespace: string, english: R): AdminT<R> {
  instance.addResourceBundle('en', namespace, english, true, true);
  // i18next's own key typing knows nothing of these resources; ours (AdminT) does.
  const translate = instance.t as unknown as (key: string, options: Record<string, unknown>) => string;
  return (key, values) => translate(key, { ns: namespace, ...values });
}
