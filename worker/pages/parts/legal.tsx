import { Fragment, type ReactNode } from 'react';
import { pageExists } from '../../../content/pages';
import { LEGAL_FACTS } from '../../../content/legal/facts';
import { MARKET_RULES } from '../../../content/legal/markets';
import { BEIAN, ftcBusinessUrl, psbRecordUrl } from '../../../content/links';
import { factOf, isMissing, type FactRow, type Missing } from '../../../content/schema/legal';
import { SUPPORT_FIGURES } from '../../../content/support/figures';
import { textParts } from '../../../kernel/legal-text';
import { numberFormat } from '../../../kernel/format';
import { lookup } from '../../bundle/build';
import { useSite } from '../../context/react';
import type { Site } from '../../context/site';
import { paymentMethodsText } from './offer';

/** A country's name in the page's language: "Niederlande", "États-Unis". */
const countryName = (lang: string, country: string) => new Intl.DisplayNames(lang, { type: 'region' }).of(country) ?? country;

/** Whether the edition's messages hold a key, asked without counting a miss (optional parts of a clause). */
export const hasCopy = (site: Site, key: string) => lookup(site.bundle.messages, key) !== undefined;

/**
 * A fact the business has not given yet (content/legal/facts.ts): its stand-in, or nothing, and
 * a visible mark in the page's language. The production deploy refuses these, so only local
 * and pre-production pages show them (docs/decisions/0056).
 */
function MissingFact({ fact, inline = false }: { fact: Missing; inline?: boolean }) {
  const { t } = useSite();
  const standIn = fact.standIn === undefined ? [] : [fact.standIn].flat();
  return (
    <mark className="legal-missing" data-missing={fact.missing}>
      {standIn.map((line, i) => (
        <span key={i}>
          {line}
          {inline ? (i < standIn.length - 1 ? ', ' : ' ') : <br />}
        </span>
      ))}
      <span className="legal-missing-tag">{t('legal.missing')}</span>
    </mark>
  );
}

/** A fact as text, or its marked placeholder. */
function Given({ value, children }: { value: unknown; children: (given: string) => ReactNode }) {
  if (isMissing(value)) return <MissingFact fact={value} />;
  return typeof value === 'string' ? <>{children(value)}</> : null;
}

/** Address lines and the country, one line each. */
function Address({ lines, country }: { lines: unknown; country?: string | undefined }) {
  const { edition } = useSite();
  if (isMissing(lines)) return <MissingFact fact={lines} />;
  const all = [...(Array.isArray(lines) ? (lines as string[]) : []), ...(country ? [countryName(edition.htmlLang, country)] : [])];
  return (
    <>
      {all.map((line, i) => (
        <span key={i}>
          {line}
          {i < all.length - 1 ? <br /> : null}
        </span>
      ))}
    </>
  );
}

/** The figures a legal line may quote (`{{iosMin}}`), in the edition's digits. */
function figures(site: Site): Record<string, string> {
  const number = numberFormat(site.edition.htmlLang);
  return Object.fromEntries(Object.entries(SUPPORT_FIGURES).map(([name, n]) => [name, number.format(n)]));
}

/**
 * The value of one line of the edition's legal facts (docs/decisions/0056), as the page shows
 * it; `brief` (a footer's line): the host by its name alone.
 */
function FactValue({ row, brief = false }: { row: FactRow; brief?: boolean }) {
  const site = useSite();
  const region = site.edition.region;
  const facts = LEGAL_FACTS[region];
  const value = factOf(facts, row);
  if (brief && row === 'host') return <Given value={facts.host.name}>{(name) => name}</Given>;
  if (brief && row === 'address') return <InlineValue name="address" />;
  switch (row) {
    case 'address':
      return <Address lines={facts.operator.address} country={facts.operator.country} />;
    case 'email':
    case 'privacyEmail':
      return <Given value={value}>{(email) => <a href={`mailto:${email}`}>{email}</a>}</Given>;
    case 'phone':
      return <Given value={value}>{(phone) => <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>}</Given>;
    case 'host':
      return (
        <>
          <Given value={facts.host.name}>{(name) => name}</Given>
          <br />
          <Address lines={facts.host.address} country={facts.host.country} />
          {facts.host.phone !== undefined ? (
            <>
              <br />
              <Given value={facts.host.phone}>{(phone) => <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>}</Given>
            </>
          ) : null}
        </>
      );
    case 'businessNumber':
      return (
        <Given value={value}>
          {(number) => (
            <>
              {number}{' '}
              <a href={ftcBusinessUrl(number)} rel="noopener">
                {site.t('legal.facts.businessCheck')}
              </a>
            </>
          )}
        </Given>
      );
    case 'icp':
      return <Given value={value}>{(number) => <a href={BEIAN.icp} rel="noopener">{number}</a>}</Given>;
    case 'psb':
      return (
        <Given value={value}>
          {(number) => (
            <a href={psbRecordUrl(number)} rel="noopener">
              {number}
            </a>
          )}
        </Given>
      );
    case 'price':
    case 'environment':
      return <>{site.t(`legal.facts.values.${row}`, figures(site))}</>;
    case 'payment':
      return <>{paymentMethodsText(site)}</>;
    default:
      return <Given value={value}>{(text) => text}</Given>;
  }
}

/** The lines of an edition's facts: its market's notice (`notice`) or the rows named. */
export function factRows(site: Site, rows: 'notice' | readonly FactRow[]): readonly FactRow[] {
  return rows === 'notice' ? MARKET_RULES[site.edition.region].notice : rows;
}

/**
 * Lines of facts as a description list, each labelled `legal.facts.<row>`, or `<copy>.labels.<row>`
 * where a section names a line otherwise (the Japanese 販売業者 is a 事業者 in the privacy policy).
 */
export function FactList({ rows, copy }: { rows: readonly FactRow[]; copy?: string }) {
  const site = useSite();
  const label = (row: FactRow) => (copy && hasCopy(site, `${copy}.labels.${row}`) ? site.t(`${copy}.labels.${row}`) : site.t(`legal.facts.${row}`));
  return (
    <dl className="legal-facts">
      {rows.map((row) => (
        <div key={row} data-fact={row}>
          <dt>{label(row)}</dt>
          <dd>
            <FactValue row={row} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A fact named inside a sentence (`{{operator}}`), on one line: an address's lines joined by commas. */
function InlineValue({ name }: { name: string }) {
  const site = useSite();
  const facts = LEGAL_FACTS[site.edition.region];
  const value = factOf(facts, name as FactRow);
  if (isMissing(value)) return <MissingFact fact={value} inline />;
  if (name === 'email' || name === 'privacyEmail') return <a href={`mailto:${String(value)}`}>{String(value)}</a>;
  if (typeof value === 'string') return <>{value}</>;
  if (name === 'address' && Array.isArray(value))
    return <>{[...(value as string[]), ...(facts.operator.country ? [countryName(site.edition.htmlLang, facts.operator.country)] : [])].join(', ')}</>;
  // A name neither the record nor the figures know shows as written, where the text checks find it.
  return <>{`{{${name}}}`}</>;
}

/**
 * One line of legal copy: its text, the facts it names (`{{operator}}`) and its links to pages of
 * the edition (`[Privacy Policy](privacy-policy)`; text alone where the edition lacks the page).
 */
export function LegalLine({ line }: { line: string }) {
  const site = useSite();
  return (
    <>
      {textParts(line).map((part, i) => {
        if (part.kind === 'text') return <Fragment key={i}>{part.text}</Fragment>;
        if (part.kind === 'link')
          return pageExists(part.slug, site.edition.region) ? (
            <a key={i} href={site.href(`/${part.slug}`)}>
              {part.label}
            </a>
          ) : (
            <Fragment key={i}>{part.label}</Fragment>
          );
        return <InlineValue key={i} name={part.name} />;
      })}
    </>
  );
}

/**
 * The business lines every page's footer carries where the market's law asks (docs/decisions/0056):
 * the Korean 사업자 정보 (전자상거래법 § 10), the Chinese ICP and public-security filing numbers.
 */
export function FooterFacts() {
  const site = useSite();
  const rows = MARKET_RULES[site.edition.region].footer;
  if (rows.length === 0) return null;
  return (
    <div className="footer-facts" data-footer-facts="">
      <h2 className="visually-hidden">{site.t('legal.footer.heading')}</h2>
      <ul>
        {rows.map((row) => (
          <li key={row} data-fact={row}>
            {site.t(`legal.facts.${row}`)}
            {site.t('legal.footer.separator')}
            <FactValue row={row} brief />
          </li>
        ))}
      </ul>
    </div>
  );
}
