import { REGIONS, type Region } from './editions';
import { SHOPS, SOCIAL, storePolicyUrl } from './links';
import type { NavItem, RegionPack } from './schema/region-pack';

/**
 * Region packs: everything about an edition that is not copy. Labels are message keys into
 * `locales/`. Entries linking to a page the edition does not have are dropped when the
 * bundle is built, so one template serves the content sets that share a structure.
 */
const PRODUCT_MENU: NavItem = {
  label: 'common.nav.products',
  identify: 'products',
  children: [
    {
      id: 'nav:new-release',
      label: 'common.nav.flagshipBumblebee',
      link: '/flagship-bumblebee',
      identify: 'flagship-bumblebee',
      tag: { color: 'yellow', label: 'common.nav.newTag', id: 'badge:new:flagship-bumblebee' },
    },
    { label: 'common.nav.flagshipOptimusPrime', link: '/flagship-optimus-prime', identify: 'flagship-optimus-prime' },
    { label: 'common.nav.eliteOptimusPrime', link: '/elite-optimus-prime', identify: 'elite-optimus-prime' },
    { label: 'common.nav.flagshipMegatron', link: '/flagship-megatron', identify: 'flagship-megatron' },
    { label: 'common.nav.grimlock', link: '/grimlock-g1-flagship', identify: 'grimlock' },
    { label: 'common.nav.bumblebeeG1', link: '/bumblebee-g1-performance', identify: 'bumblebee-g1' },
    { label: 'common.nav.buzzLightyear', link: '/toy-story-buzz-lightyear', identify: 'buzz-lightyear' },
    { label: 'common.nav.spaceRangerAlpha', link: '/buzz-lightyear-space-ranger-alpha', identify: 'space-ranger-alpha' },
    { label: 'common.nav.k1', link: '/k1-pro-interstellar-scout', identify: 'k1' },
    { label: 'common.nav.limitedEdition', link: '/optimus-prime-rise-of-the-beasts-signature-limited-edition', identify: 'limited-edition' },
    { label: 'common.nav.aiBase', link: '/ai-base', identify: 'ai-base' },
  ],
};

const OFFERS_MENU: NavItem = {
  label: 'common.nav.offers',
  identify: 'offers',
  children: [
    {
      id: 'nav:back-to-school',
      label: 'common.nav.backToSchool',
      link: '/back-to-school',
      identify: 'back-to-school',
      tag: { color: 'red', label: 'common.nav.hotTag' },
    },
    { id: 'nav:black-friday', label: 'common.nav.blackFriday', link: '/black-friday', identify: 'black-friday' },
    { id: 'nav:christmas-sale', label: 'common.nav.christmas', link: '/christmas-sale', identify: 'christmas' },
  ],
};

const SUPPORT_LINKS: NavItem[] = [
  { label: 'common.nav.downloadCenter', link: '/download-center' },
  { label: 'common.nav.faq', link: '/faq' },
  { label: 'common.nav.manuals', link: '/manuals' },
  { label: 'common.nav.technicalSupport', link: '/technical-support' },
  { label: 'common.nav.productRegistration', link: '/product-registration' },
  { label: 'common.nav.returns', link: '/return-manufacturer' },
  { label: 'common.nav.afterSale', link: '/after-sale-service' },
  { label: 'common.nav.warrantyInformation', link: '/warranty-information' },
  { label: 'common.nav.whereToBuy', link: '/where-to-buy' },
  { label: 'common.nav.whereToBuy', link: '/where-to-buy/hongkong-macao' },
];

const ABOUT_LINKS: NavItem[] = [
  { label: 'common.nav.aboutUs', link: '/about-us' },
  { label: 'common.nav.news', link: '/news' },
  { label: 'common.nav.contactUs', link: '/contact-us' },
  { label: 'common.nav.wholesale', link: '/apply-wholesale-account', hidden: ['header'] },
];

/** The editions whose store's terms of sale and right of withdrawal the footer names (AGB and Widerrufsbelehrung, CGV; docs/decisions/0056). */
const STORE_TERMS: readonly Region[] = ['uk', 'eu', 'fr', 'de'];

function legalLinks(region: Region): NavItem[] {
  return [
    { label: 'legal.nav.notice', link: '/legal-notice' },
    { label: 'common.nav.privacyPolicy', link: '/privacy-policy' },
    { label: 'common.nav.termsOfUse', link: '/terms-use' },
    { label: 'common.nav.cookiesPolicy', link: '/cookies-policy' },
    ...(STORE_TERMS.includes(region)
      ? [
          { label: 'legal.nav.storeTerms', link: storePolicyUrl(region, 'terms') },
          { label: 'legal.nav.withdrawal', link: storePolicyUrl(region, 'withdrawal') },
        ]
      : []),
    { label: 'common.nav.warrantyPolicy', link: storePolicyUrl(region, 'warranty') },
    { label: 'common.nav.shippingPolicy', link: storePolicyUrl(region, 'shipping') },
    { label: 'common.nav.returnPolicy', link: storePolicyUrl(region, 'returns') },
  ];
}

/** Countries each edition suggests itself to, for the region suggestion banner. */
const COUNTRIES: Record<Region, string[]> = {
  us: ['US', 'CA'],
  uk: ['GB', 'IE'],
  eu: ['AT', 'BE', 'NL', 'LU', 'IT', 'ES', 'PT', 'FI', 'SE', 'DK', 'PL', 'CZ', 'GR'],
  fr: ['FR', 'MC'],
  de: ['DE', 'CH', 'LI'],
  kr: ['KR'],
  jp: ['JP'],
  cn: ['CN'],
};

const PAYMENTS: Record<Region, RegionPack['paymentMethods']> = {
  us: ['paypal', 'klarna'],
  uk: ['klarna'],
  eu: ['paypal'],
  fr: ['paypal'],
  de: ['paypal'],
  jp: ['paypal'],
  kr: [],
  cn: [],
};

const INSTALLMENT: Partial<Record<Region, RegionPack['installment']>> = {
  us: 12,
  uk: 'common.installment.uk',
};

/**
 * How each edition asks for consent (decision 0033). Opt-in where GDPR, ePrivacy and PECR
 * apply; California's opt-out in the us edition; notice with consent for what needs it in
 * Korea and Japan (marketing), and in China, where every optional tool is a foreign host (a
 * cross-border transfer under PIPL), for all of it. Double opt-in for the newsletter wherever
 * a bare address is not proof enough (everywhere but the us edition, whose CAN-SPAM allows a
 * single opt-in; decision 0033 says why the others have it too).
 */
const CONSENT: Record<Region, RegionPack['consent']> = {
  us: { model: 'opt-out', defaults: { analytics: true, marketing: true, functional: true }, doubleOptIn: false },
  uk: { model: 'opt-in', defaults: { analytics: false, marketing: false, functional: false }, doubleOptIn: true },
  eu: { model: 'opt-in', defaults: { analytics: false, marketing: false, functional: false }, doubleOptIn: true },
  fr: { model: 'opt-in', defaults: { analytics: false, marketing: false, functional: false }, doubleOptIn: true },
  de: { model: 'opt-in', defaults: { analytics: false, marketing: false, functional: false }, doubleOptIn: true },
  kr: { model: 'notice', defaults: { analytics: true, marketing: false, functional: true }, doubleOptIn: true },
  jp: { model: 'notice', defaults: { analytics: true, marketing: false, functional: true }, doubleOptIn: true },
  cn: { model: 'notice', defaults: { analytics: false, marketing: false, functional: true }, doubleOptIn: true },
};

function packFor(region: Region): RegionPack {
  const hasBanners = region !== 'kr' && region !== 'jp' && region !== 'cn';
  return {
    region,
    paymentMethods: PAYMENTS[region],
    installment: INSTALLMENT[region],
    home: '/',
    shop: SHOPS[region],
    account: '/account',
    media: region === 'cn' ? [] : (Object.entries(SOCIAL) as [RegionPack['media'][number]['icon'], string][]).map(([icon, link]) => ({ icon, link })),
    navs: [
      PRODUCT_MENU,
      OFFERS_MENU,
      { label: 'common.nav.support', identify: 'support', children: SUPPORT_LINKS },
      { label: 'common.nav.about', identify: 'about', children: ABOUT_LINKS },
      { label: 'common.nav.shop', identify: 'shop', link: SHOPS[region], hidden: ['footer'] },
    ],
    footerNavs: [
      { label: 'common.nav.support', children: SUPPORT_LINKS },
      { label: 'common.nav.about', children: ABOUT_LINKS },
      { label: 'common.nav.legal', children: legalLinks(region) },
    ],
    textBanner: [
      ...(region === 'us' ? [{ id: 'banner:us:back-to-school', link: '/back-to-school', label: 'common.banners.backToSchool', bg: 'red' as const }] : []),
      ...(hasBanners ? [{ id: `banner:${region}:new-release`, link: '/flagship-bumblebee', label: 'common.banners.newRelease', bg: 'yellow' as const }] : []),
      // Campaign banners: shown while their page is live (its route window, schedule).
      ...(hasBanners
        ? [
            { id: `banner:${region}:black-friday`, link: '/black-friday', label: 'campaign.textBanner.blackFriday', bg: 'black' as const },
            { id: `banner:${region}:christmas-sale`, link: '/christmas-sale', label: 'campaign.textBanner.christmas', bg: 'red' as const },
          ]
        : []),
    ],
    countries: COUNTRIES[region],
    consent: CONSENT[region],
  };
}

/** The pack of every region, keyed by region. */
export const PACKS: Record<Region, RegionPack> = Object.fromEntries(REGIONS.map((r) => [r, packFor(r)])) as Record<Region, RegionPack>;
