import { createContext, useContext, type ReactNode } from 'react';
import LuckyDraw, { type LuckyDrawProps } from '../../../client/islands/lucky-draw';
import { hasLuckyDraw, SIZE_RANGE, type LuckyDrawCampaign, type LuckyDrawRegion, type LuckyDrawState } from '../../../content/lucky-draw';
import { useSite } from '../../context/react';
import type { Site } from '../../context/site';
import { drawFieldMessages, sizeRangeLabel } from '../../records/draw-entries';
import { Island } from '../../render/island';
import { CollectionNote } from '../consent/collection-note';

/** A plain form post's answer: which draw, and the state its form shows. */
interface LuckyDrawAnswerValue {
  campaign: LuckyDrawCampaign;
  state: LuckyDrawState;
}

const AnswerContext = createContext<LuckyDrawAnswerValue | null>(null);

/**
 * Wraps a campaign page rendered as the answer to a form post (./lucky-draw-action.ts):
 * the page's lucky-draw form shows that answer instead of the empty form.
 */
export function LuckyDrawAnswer({ value, children }: { value: LuckyDrawAnswerValue; children?: ReactNode }) {
  return <AnswerContext.Provider value={value}>{children}</AnswerContext.Provider>;
}

/** The form's copy and its field messages, in the edition's language. */
function luckyDrawCopy(
  site: Pick<Site, 't' | 'captchaSiteKey'>,
  region: LuckyDrawRegion,
): Omit<LuckyDrawProps, 'action' | 'region' | 'campaign' | 'sizes' | 'state'> {
  const { t } = site;
  const sizes = sizeRangeLabel(region);
  return {
    label: t('lucky-draw.label'),
    email: t('lucky-draw.email'),
    size: t('lucky-draw.size'),
    sizeAny: t('lucky-draw.sizeAny'),
    sizeHint: t('lucky-draw.sizeHint', { sizes }),
    submit: t('lucky-draw.submit'),
    errors: drawFieldMessages(t, region),
    failure: t('common.api.message.default'),
    // Turnstile where the site is configured with it (worker/post/input.ts `human` checks it).
    ...(site.captchaSiteKey ? { captcha: { siteKey: site.captchaSiteKey, noScript: t('forms.captchaNoScript') } } : {}),
  };
}

/** Props of the lucky-draw form. */
interface LuckyDrawFormProps {
  /** Which campaign's draw the entries are for. */
  campaign: LuckyDrawCampaign;
}

/**
 * The lucky-draw entry form for the campaign page's `#lucky-draw` section, in the edition's
 * language with the region's T-shirt sizes (XL–XXXL; L–XXXL in the UK). It works without
 * JavaScript (a form post answered with this page); the `lucky-draw` island, hydrated when it
 * comes into view, sends it as JSON and answers in place. Renders nothing in an edition
 * without a draw.
 */
export function LuckyDrawForm({ campaign }: LuckyDrawFormProps) {
  const site = useSite();
  const answer = useContext(AnswerContext);
  const region = site.edition.region;
  if (!hasLuckyDraw(region)) return null;
  const props: LuckyDrawProps = {
    ...luckyDrawCopy(site, region),
    action: '/campaign/lucky-draw',
    region,
    campaign,
    sizes: SIZE_RANGE[region],
    state: answer?.campaign === campaign ? answer.state : { email: '', size: '' },
  };
  return (
    <>
      <Island name="lucky-draw" component={LuckyDraw} props={props} />
      <CollectionNote purpose="draw" />
    </>
  );
}

/**
 * What a form post gets once the campaign is over (the page is no longer live): the message
 * and the way back to the edition's home.
 */
export function LuckyDrawClosed({ message }: { message: string }) {
  const { t, href } = useSite();
  return (
    <section id="lucky-draw" className="page-intro">
      <h1>{t('lucky-draw.label')}</h1>
      <p role="status">{message}</p>
      <p>
        <a href={href('/')}>{t('common.notFound.home')}</a>
      </p>
    </section>
  );
}
