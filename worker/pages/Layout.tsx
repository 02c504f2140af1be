import type { ReactNode } from 'react';
import type { NavItem } from '../../content/schema/region-pack';
import AccountEntry from '../../client/islands/account-entry';
import NewUserPopup from '../../client/islands/new-user-popup';
import type { IslandName } from '../../kernel/islands';
import { withEntry } from '../../content/products';
import { Island } from '../render/island';
import { loginHref } from './account/links';
import { SubscribeForm } from './parts/subscribe-form';
import { PreviewRibbon } from './parts/preview-ribbon';
import { SuggestionBanner } from './parts/suggestion-banner';
import { framePart } from './frame';
import type { Site } from '../context/site';
import type { Crumb } from '../render/document';
import { useSite } from '../context/react';
import { Art } from './parts/art';
import { FooterFacts } from './parts/legal';

/** The href of a navigation, banner or footer link: edition-relative, entering product pages at their anchor. */
function useLink() {
  const { href } = useSite();
  return (link: string) => (link.startsWith('/') ? href(withEntry(link)) : link);
}

/** A nav entry's tag ("New"): a tag with a schedule id shows only while its window is open. */
function Tag({ item }: { item: NavItem }) {
  const { t, visible } = useSite();
  if (!item.tag || (item.tag.id && !visible({ id: item.tag.id }))) return null;
  return <span className={`tag bg-${item.tag.color}`}>{t(item.tag.label)}</span>;
}

function shown(item: NavItem, place: 'header' | 'footer', visible: (i: NavItem) => boolean): boolean {
  return !item.hidden?.includes(place) && visible(item);
}

/**
 * The main navigation's list, written once and drawn twice: `bar`, the desktop row, whose menus
 * are popovers (the browser closes one on Escape, on a click outside and when another opens: no
 * script); `drawer`, the phone's menu, where each menu's links are listed under its name. Its
 * <nav> is the frame's (`Frame`, below).
 */
function NavList({ variant }: { variant: 'bar' | 'drawer' }) {
  const site = useSite();
  const link = useLink();
  const items = site.bundle.pack.navs.filter((i) => shown(i, 'header', site.visible));
  return (
    <ul>
      {items.map((item, index) => {
        const children = item.children?.filter((c) => shown(c, 'header', site.visible)) ?? [];
        if (children.length === 0) {
          return item.link ? (
            <li key={item.label}>
              <a href={link(item.link)} data-identify={item.identify}>
                {site.t(item.label)}
              </a>
            </li>
          ) : null;
        }
        const id = `menu-${variant}-${index}`;
        const list = (
          <ul id={id} className="menu-list" popover={variant === 'bar' ? 'auto' : undefined} aria-labelledby={variant === 'drawer' ? `${id}-label` : undefined}>
            {children.map((child) => (
              <li key={`${child.label}${child.link}`}>
                <a href={link(child.link ?? '/')} data-identify={child.identify}>
                  {site.t(child.label)} <Tag item={child} />
                </a>
              </li>
            ))}
          </ul>
        );
        return (
          <li key={item.label} className="menu">
            {variant === 'bar' ? (
              <button type="button" className="menu-toggle" popoverTarget={id} data-identify={item.identify}>
                {site.t(item.label)}
              </button>
            ) : (
              <p className="menu-group" id={`${id}-label`}>
                {site.t(item.label)}
              </p>
            )}
            {list}
          </li>
        );
      })}
    </ul>
  );
}

/** The region link: the label, to the region chooser. The label is the visitor's own: the render cache stitches it in where marked (./visitor.ts). */
function RegionLink() {
  const site = useSite();
  return (
    <a
      className="region-link"
      href={site.href('/choose-your-region')}
      aria-label={site.t('common.region.current', { label: site.regionLabel })}
      data-region-link
    >
      <Art src="/images/globe.svg" alt="" width={18} height={18} eager sizes="18px" /> <span data-region-label>{site.regionLabel}</span>
    </a>
  );
}

/** The drawer's id, which its buttons name. */
const DRAWER = 'site-menu';

/**
 * The phone's menu: a modal dialog the menu button opens through the browser's invoker
 * commands (focus kept inside, Escape and a tap outside close it, the page behind is inert;
 * header.css locks its scroll). A browser without invoker commands opens it as a popover
 * instead (`popovertarget` on the same buttons), which Escape and a tap outside also close.
 * Not one line of script either way.
 */
function Drawer() {
  const site = useSite();
  const open = { commandfor: DRAWER, command: 'show-modal' };
  const close = { commandfor: DRAWER, command: 'close' };
  return (
    <>
      <button type="button" className="menu-button" popoverTarget={DRAWER} {...open}>
        <span className="menu-icon" aria-hidden="true" />
        <span className="visually-hidden">{site.t('common.menu')}</span>
      </button>
      <dialog id={DRAWER} className="drawer" popover="auto" closedby="any" aria-label={site.t('common.menu')}>
        <div className="drawer-top">
          <button type="button" className="drawer-close" popoverTarget={DRAWER} popoverTargetAction="hide" {...close}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{site.t('common.closeMenu')}</span>
          </button>
        </div>
        <Frame part="drawerNav" />
        <RegionLink />
      </dialog>
    </>
  );
}

/** The text banners visible now (none: nothing). */
function TextBannerLinks() {
  const site = useSite();
  const link = useLink();
  const banners = site.bundle.pack.textBanner.filter((b) => site.visible(b));
  return banners.map((b) => (
    <a key={b.id} className={`text-banner bg-${b.bg}`} href={link(b.link)} data-banner={b.id}>
      {site.t(b.label)}
    </a>
  ));
}

function Header() {
  const site = useSite();
  return (
    <header className="site-header">
      <a className="logo" href={site.href('/')}>
        <Art src="/images/logo.svg" alt={site.t('common.brand')} width={120} height={28} eager sizes="120px" />
      </a>
      <Frame part="nav" />
      <RegionLink />
      {onAccountPages(site) ? (
        <a className="account-entry" href={site.href(`/${site.slug}`)} aria-current="page">
          {site.t(site.slug === 'login' ? 'account.entry.login' : 'account.entry.account')}
        </a>
      ) : (
        <Island
          name="account-entry"
          component={AccountEntry}
          props={{
            loginHref: loginHref(site),
            accountHref: site.href('/account'),
            login: site.t('account.entry.login'),
            account: site.t('account.entry.account'),
          }}
        />
      )}
      <Drawer />
    </header>
  );
}

function FooterContent() {
  const site = useSite();
  const link = useLink();
  const year = new Date(site.now).getUTCFullYear();
  return (
    <>
      <SubscribeForm
        source="footer"
        title={site.t('common.subscribe.title')}
        describe={site.t('common.subscribe.describe')}
        button={site.t('common.subscribe.button')}
      />
      <nav aria-label={site.t('common.footerNav')} className="footer-columns">
        {site.bundle.pack.footerNavs.map((col) => {
          const items = col.children.filter((c) => shown(c, 'footer', site.visible));
          return (
            <section key={col.label}>
              <h2>{site.t(col.label)}</h2>
              <details className="footer-group">
                <summary>{site.t(col.label)}</summary>
                <ul>
                  {items.map((item) => (
                    <li key={`${item.label}${item.link}`}>
                      <a href={link(item.link ?? '/')}>{site.t(item.label)}</a>
                    </li>
                  ))}
                </ul>
              </details>
            </section>
          );
        })}
      </nav>
      {site.bundle.pack.media.length > 0 ? (
        <ul className="social" aria-label={site.t('common.footer.follow')}>
          {site.bundle.pack.media.map((m) => (
            <li key={m.icon}>
              <a href={m.link} rel="noopener">
                <img src={`/images/social-${m.icon}.svg`} alt={site.t(`common.footer.social.${m.icon}`)} width="24" height="24" loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <FooterFacts />
      <p className="footer-meta">
        <a href={site.href('/choose-your-region')} data-footer-label>
          {site.regionLabel}
        </a>
        {/* The legal notice in one click from every page (Impressum: § 5 DDG, as German courts read "easily reachable"). */}
        <a href={site.href('/legal-notice')} data-legal-notice="">
          {site.t('legal.nav.notice')}
        </a>
        {/* The full privacy policy, set apart as Korea's guideline asks (PIPA art. 30); the short notice is linked where data is collected. */}
        <a href={site.href('/privacy-policy')} data-privacy-policy="">
          <strong>{site.t('common.nav.privacyPolicy')}</strong>
        </a>
        <a href={site.href('/cookie-settings')}>{site.t('privacy.consent.footerLink')}</a>
        <span>{site.t('common.footer.copyright', { year })}</span>
      </p>
    </>
  );
}

/** The parts of the frame every page of an edition shares at one moment, and their elements. */
const PARTS = {
  banners: { Element: 'div', className: 'text-banners', Content: TextBannerLinks },
  nav: { Element: 'nav', className: 'main-nav nav-bar', Content: () => <NavList variant="bar" /> },
  drawerNav: { Element: 'nav', className: 'main-nav nav-drawer', Content: () => <NavList variant="drawer" /> },
  footer: { Element: 'footer', className: 'site-footer', Content: FooterContent },
} as const;

/**
 * A shared part of the frame in its element: stored HTML for every page of the edition and
 * moment (./frame.tsx), or rendered in place where the frame cannot be shared. The text
 * banners' element is left out when none is visible.
 */
function Frame({ part }: { part: keyof typeof PARTS }) {
  const site = useSite();
  const { Element, className, Content } = PARTS[part];
  const label = Element === 'nav' ? site.t('common.mainNav') : undefined;
  const shared = framePart(site, part, () => <Content />);
  if (shared === undefined) {
    if (part === 'banners' && !site.bundle.pack.textBanner.some((b) => site.visible(b))) return null;
    return (
      <Element className={className} aria-label={label}>
        <Content />
      </Element>
    );
  }
  if (part === 'banners' && shared === '') return null;
  return <Element className={className} aria-label={label} dangerouslySetInnerHTML={{ __html: shared }} />;
}

/** Whether the page is the log-in or account page, where the header entry and the popup have nothing to add. */
const onAccountPages = (site: Pick<Site, 'slug'>) => site.slug === 'login' || site.slug === 'account';

/**
 * Islands the frame carries: the header's account entry (it loads only for members), and
 * the new-user popup, in the US edition only. Neither on the log-in and account pages: the
 * visitor is busy with their account there, and the entry would only point at the page.
 */
export function layoutLazyIslands(site: Pick<Site, 'edition' | 'slug'>): IslandName[] {
  if (onAccountPages(site)) return [];
  return site.edition.region === 'us' ? ['account-entry', 'new-user-popup'] : ['account-entry'];
}

function Popup() {
  const site = useSite();
  const t = (key: string) => site.t(`popup.${key}`);
  return (
    <Island
      name="new-user-popup"
      component={NewUserPopup}
      props={{
        region: site.edition.region,
        title: t('title'),
        describe: t('describe'),
        placeholder: t('placeholder'),
        button: t('button'),
        invalid: t('invalid'),
        privacy: t('privacy'),
        privacyRequired: t('privacyRequired'),
        successTitle: t('successTitle'),
        successSubtitle: t('successSubtitle'),
        successButton: t('successButton'),
        successDescribe: t('successDescribe'),
        close: t('close'),
        failure: site.t('common.api.message.default'),
        privacyHref: site.href('/privacy'),
        privacyLink: t('privacyLink'),
        termsHref: site.href('/terms-use'),
        termsLink: t('termsLink'),
        delay: 1500,
      }}
    />
  );
}

/** Where the page sits: links home and up, the page itself last, as text (its JSON-LD twin is in the head). */
function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const { t } = useSite();
  return (
    <nav className="breadcrumbs" aria-label={t('common.breadcrumb')}>
      <ol>
        {trail.map((crumb, i) => (
          <li key={crumb.url}>
            {i < trail.length - 1 ? (
              <a className="crumb" href={crumb.url}>
                {crumb.name}
              </a>
            ) : (
              <span aria-current="page">{crumb.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The page frame of every edition: the preview ribbon while a preview is on, banners, header, breadcrumbs, main, footer. */
export function Layout({ children, breadcrumbs = [] }: { children: ReactNode; breadcrumbs?: readonly Crumb[] }) {
  const site = useSite();
  const { t } = site;
  return (
    <>
      {/* The suggestion is the visitor's own: the render cache stitches it in after its slot (./visitor.ts). */}
      <a className="skip-link" href="#main" data-suggestion-slot>
        {t('common.skipToContent')}
      </a>
      <PreviewRibbon />
      {site.suggestion ? <SuggestionBanner region={site.suggestion} /> : null}
      <Frame part="banners" />
      <Header />
      <main id="main" tabIndex={-1}>
        {breadcrumbs.length > 1 ? <Breadcrumbs trail={breadcrumbs} /> : null}
        {children}
        {breadcrumbs.length > 1 || site.slug === '' ? (
          <p className="back-to-top">
            <a href="#top">{t('common.backToTop')}</a>
          </p>
        ) : null}
      </main>
      <Frame part="footer" />
      {layoutLazyIslands(site).includes('new-user-popup') ? <Popup /> : null}
    </>
  );
}
