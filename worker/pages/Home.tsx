import { SECTION1, SECTION2, PRAISE, type HomeTile } from '../../content/home';
import { ECOSYSTEM } from '../../content/links';
import { pageExists } from '../../content/pages';
import { isOpen, windowOf } from '../clock/stage';
import { BuyButton, Price } from './parts/offer';
import { useSite } from '../context/react';
import { withEntry } from '../../content/products';
import { tileImage } from '../../content/catalogue';
import type { Site } from '../context/site';
import { ForName } from './parts/for-name';
import { Art } from './parts/art';
import { cardSizes, gridAttributes } from './parts/grid';

/** The ecosystem's cards: the hub and the studio. */
const ECOSYSTEM_CARDS = ['hub', 'studio'] as const;

/** The head entry of the home page: the US switches to Back to School in its sale stages. */
export function homeHeadKey(site: Pick<Site, 'edition' | 'schedule' | 'now' | 'stage'>): string {
  const window = windowOf(site.schedule, 'home:back-to-school', site.edition.region);
  return site.edition.region === 'us' && window && isOpen(window, site.schedule, site.edition.region, site.now) ? 'home-back-to-school' : 'home';
}

/** A product tile; the first one may be the largest paint above the fold, so it loads eagerly. */
function Tile({ tile, section, eager, sizes }: { tile: HomeTile; section: 'section1' | 'section2'; eager: boolean; sizes: string }) {
  const site = useSite();
  const offer = tile.key === 'backToSchool' ? undefined : site.bundle.offers[tile.key];
  const base = `home.${section}.tiles.${tile.key}`;
  return (
    <li className="tile" data-tile={tile.key}>
      {/* The picture is a link of its own, so that where the tile lies across (a lone tile from a
          tablet up) it can stand in a column beside the words, as a deal's does; it repeats the
          title's link, so it is kept out of the tab order and of what a screen reader reads. */}
      <a href={site.href(withEntry(tile.link))} className="tile-picture" tabIndex={-1} aria-hidden="true">
        <Art src={tileImage(tile.key)} alt="" width={480} height={360} eager={eager} sizes={sizes} />
      </a>
      <a href={site.href(withEntry(tile.link))} className="tile-link">
        <h3>{site.t(`${base}.title`)}</h3>
        <p>{site.t(`${base}.subtitle`)}</p>
      </a>
      {offer ? <Price offer={offer} /> : null}
      <p className="tile-actions">
        <a className="button" href={site.href(withEntry(tile.link))}>
          {site.t(`${base}.linkText`) || site.t('common.labels.learnMore')}
          <ForName name={site.t(`${base}.title`)} />
        </a>{' '}
        {tile.showBuy && offer ? <BuyButton offer={offer} /> : null}
      </p>
    </li>
  );
}

function Section({ tiles, section }: { tiles: HomeTile[]; section: 'section1' | 'section2' }) {
  const site = useSite();
  const shown = tiles.filter((tile) => pageExists(tile.link.slice(1), site.edition.region) && site.visible({ id: tile.id, link: tile.link }));
  if (shown.length === 0) return null;
  return (
    <section className={`home-${section}`} aria-labelledby={`${section}-heading`}>
      <h2 id={`${section}-heading`}>{site.t(`home.${section}.heading`)}</h2>
      <ul className="tiles" {...gridAttributes(shown.length, { across: 'alone' })}>
        {shown.map((tile, i) => (
          <Tile
            key={tile.key}
            tile={tile}
            section={section}
            eager={section === 'section1' && i === 0}
            // Two to a row on a phone, the first across both when their number is odd; a lone
            // tile from a tablet up lies across, its picture beside its words (sections.css).
            sizes={cardSizes(shown.length, { phone: i === 0 && shown.length % 2 ? '100vw' : '50vw', across: 'alone' })}
          />
        ))}
      </ul>
    </section>
  );
}

/** The home page of an edition. */
export function HomePage() {
  const site = useSite();
  const { t } = site;
  const headKey = homeHeadKey(site);
  // Editions that sell the Flagship Bumblebee feature it; the others (kr) send shoppers to
  // their regional store.
  const featured = pageExists('flagship-bumblebee', site.edition.region);
  return (
    <>
      <section className="home-hero">
        <div className="hero-copy">
          <h1>{t(`head.${headKey}.heading`)}</h1>
          <p className="lede">{t(`head.${headKey}.lede`)}</p>
          {featured ? (
            <>
              <p className="hero-feature">
                {/* "New" while the Flagship Bumblebee's badge window is open (schedule `badge:new:flagship-bumblebee`). */}
                {site.visible({ id: 'badge:new:flagship-bumblebee' }) ? (
                  <>
                    <span className="eyebrow">{t('home.hero.eyebrow')}</span>{' '}
                  </>
                ) : null}
                <strong>{t('home.hero.title')}</strong>
                {t('home.hero.joiner')}
                {t('home.hero.subtitle')}
              </p>
              <p className="hero-actions">
                <a className="button primary" href={site.href(withEntry('/flagship-bumblebee'))}>
                  {t('common.labels.learnMore')}
                  <ForName name={t('home.hero.title')} />
                </a>
              </p>
            </>
          ) : (
            <p className="hero-actions">
              <a className="button primary" href={site.bundle.pack.shop} rel="noopener" data-identify="shop">
                {t('common.nav.shop')}
              </a>
            </p>
          )}
        </div>
        <Art className="hero-art" src="/images/flagship-bumblebee-robot.svg" alt={t('flagship-bumblebee.gallery.robot')} width={640} height={480} priority sizes="(min-width: 768px) 50vw, 100vw" />
      </section>
      <Section tiles={SECTION1} section="section1" />
      <Section tiles={SECTION2} section="section2" />
      <section className="home-section3">
        <h2>{t('home.section3.slogan')}</h2>
        <p>{t('home.section3.describe')}</p>
      </section>
      <section className="home-ecosystem" aria-labelledby="ecosystem-heading">
        <h2 id="ecosystem-heading">{t('home.ecosystem.heading')}</h2>
        <ul className="cards" {...gridAttributes(ECOSYSTEM_CARDS.length)}>
          {ECOSYSTEM_CARDS.map((key) => (
            <li key={key} className="card">
              <h3>{t(`home.ecosystem.${key}.title`)}</h3>
              <p>{t(`home.ecosystem.${key}.subtitle`)}</p>
              <a href={ECOSYSTEM[key]} rel="noopener">
                {t(`home.ecosystem.${key}.linkText`)}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section className="home-praise" aria-labelledby="praise-heading">
        <h2 id="praise-heading">{t('home.praise.heading')}</h2>
        <ul className="cards" {...gridAttributes(PRAISE.length)}>
          {PRAISE.map((key) => (
            <li key={key} className="card">
              <blockquote>
                <p>{t(`home.praise.items.${key}.title`)}</p>
              </blockquote>
              <p className="source">{t(`home.praise.items.${key}.subtitle`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
