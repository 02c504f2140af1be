import SupportForm, { Confirmation, type ConfirmationCopy, type FieldView, type Problem, type SupportFormProps } from '../../../client/islands/support-form';
import {
  ATTACHMENTS,
  COUNTRY_CODES,
  FIELD_CONTROLS,
  FORM_LAYOUT,
  FORMS,
  productChoices,
  REFERENCE_PATTERN,
  type FieldName,
  type FormKind,
} from '../../../content/forms';
import { enumChoices, isRequired } from '../../../kernel/forms';
import { useSite } from '../../context/react';
import type { Site } from '../../context/site';
import { Island } from '../../render/island';
import { CollectionNote } from '../consent/collection-note';
import type { IslandName } from '../../../kernel/islands';

/** What a refused plain post answers with: the page again, with what was sent and why not. */
export interface FormOutcome {
  /** The text fields sent (never files), to fill in again. */
  values: Record<string, string>;
  /** Problems by field. */
  errors: Record<string, Problem>;
  /** A message about the whole form. */
  formError?: string;
}

const sizeMb = ATTACHMENTS.maxBytes / (1024 * 1024);

/** One field as the page shows it, in the edition's language. */
function fieldView(site: Site, kind: FormKind, name: FieldName): FieldView {
  const { t } = site;
  const control = FIELD_CONTROLS[name];
  const key = `forms.fields.${name}`;
  const params = { files: ATTACHMENTS.maxFiles, size: sizeMb };
  const view: FieldView = {
    name,
    control: control.control,
    label: t(`${key}.label`),
    required: isRequired(kind, name),
    messages: { required: t(`${key}.required`) || t(`${key}.invalid`, params), invalid: t(`${key}.invalid`, params) },
  };
  const hint = t(`${key}.hint`, params);
  if (hint) view.hint = hint;
  if (control.autoComplete) view.autoComplete = control.autoComplete;
  if (control.maxLength) view.maxLength = control.maxLength;
  if (control.control === 'date') view.max = new Date(site.now).toISOString().slice(0, 10);
  if (control.control === 'file') view.accept = ATTACHMENTS.types.join(',');
  if (control.options === 'enum') view.options = enumChoices(kind, name).map((v) => [v, t(`${key}.options.${v}`)]);
  if (control.options === 'products') view.options = productChoices(site.edition.region).map((p) => [p, t(`forms.products.${p}`)]);
  if (control.options === 'countries') {
    const names = new Intl.DisplayNames([site.edition.htmlLang], { type: 'region' });
    const collator = new Intl.Collator(site.edition.htmlLang);
    view.options = COUNTRY_CODES.map((code): [string, string] => [code, names.of(code) ?? code]).sort((a, b) => collator.compare(a[1], b[1]));
  }
  return view;
}

const MARK = '\u0000';
/** A sentence around a value the island puts in, as the text before and after it. */
function split(sentence: string): [string, string] {
  const [before = '', after = ''] = sentence.split(MARK);
  return [before, after];
}

function confirmationCopy(site: Site, kind: FormKind): ConfirmationCopy {
  const { t } = site;
  return {
    title: t('forms.success.title'),
    body: t(`forms.kinds.${kind}.success`),
    // The island puts the reference in its place, in bold.
    reference: split(t('forms.success.reference', { ref: MARK })),
    quote: t('forms.success.quote'),
    another: t('forms.success.another'),
    href: site.href(`/${FORMS[kind].slug}`),
  };
}

/** The island's props for a form in this edition, with a refused post's values and problems. */
function formProps(site: Site, kind: FormKind, outcome: FormOutcome | undefined): SupportFormProps {
  const { t } = site;
  return {
    // The edition in the action's query: the worker knows it before it reads the body (docs/decisions/0055).
    action: `/support/forms/${kind}?region=${site.edition.region}`,
    region: site.edition.region,
    groups: FORM_LAYOUT[kind]
      .map((group) => ({
        legend: t(`forms.legends.${group.legend}`),
        fields: group.fields.filter((f) => f !== 'attachments' || FORMS[kind].attachments).map((f) => fieldView(site, kind, f)),
      }))
      .filter((group) => group.fields.length > 0),
    values: outcome?.values ?? {},
    errors: outcome?.errors ?? {},
    ...(outcome?.formError ? { formError: outcome.formError } : {}),
    copy: {
      requiredNote: t('forms.requiredNote'),
      requiredMark: t('forms.requiredMark'),
      choose: t('forms.choose'),
      submit: t(`forms.kinds.${kind}.submit`),
      sending: t('forms.sending'),
      summary: t('forms.summary'),
      network: t('forms.network'),
      check: t('forms.captcha'),
      success: confirmationCopy(site, kind),
    },
    ...(site.captchaSiteKey ? { captcha: { siteKey: site.captchaSiteKey, noScript: t('forms.captchaNoScript') } } : {}),
  };
}

/**
 * A support form's page: its heading and introduction, then the form (an island that works
 * as a plain form without JavaScript), or, after a plain post was stored (`?form=ok&ref=…`),
 * the confirmation with the reference.
 */
export function SupportFormPage({ kind, outcome }: { kind: FormKind; outcome?: FormOutcome }) {
  const site = useSite();
  const { t, slug } = site;
  const query = site.url.searchParams;
  const reference = !outcome && query.get('form') === 'ok' ? query.get('ref') : null;
  const confirmed = reference !== null && REFERENCE_PATTERN.test(reference) && reference.startsWith(`${FORMS[kind].prefix}-`) ? reference : undefined;
  return (
    <>
      <section className="page-intro">
        <h1>{t(`head.${slug}.heading`)}</h1>
        <p className="lede">{t(`head.${slug}.lede`)}</p>
      </section>
      <section id="form" className="band support-form-band">
        {confirmed ? (
          <Confirmation copy={confirmationCopy(site, kind)} reference={confirmed} />
        ) : (
          <>
            <Island name="support-form" component={SupportForm} props={formProps(site, kind, outcome)} />
            <CollectionNote purpose="support" />
          </>
        )}
      </section>
    </>
  );
}

/** The view of a form's page answering a refused plain post: the form again, filled in, with its problems. */
export function refusedFormView(kind: FormKind, outcome: FormOutcome) {
  // A PageView (pages/registry.tsx), which imports this file.
  const islands: readonly IslandName[] = ['support-form'];
  return { render: () => <SupportFormPage kind={kind} outcome={outcome} />, islands, headKey: () => FORMS[kind].slug };
}
