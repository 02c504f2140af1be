import { useSite } from '../../../context/react';
import { iso } from '../view';
import { Art } from '../../parts/art';

/** The campaign banner (docs/spec/content.md §3: title, discount, time, productUrl, bgAlt, stages). */
export function CampaignBanner({
  image,
  bgAlt,
  title,
  discount,
  time,
  productUrl,
  productLabel,
  stages,
}: {
  image: string;
  bgAlt: string;
  title: string;
  /** The headline reduction; '' where none may be announced (docs/decisions/0056). */
  discount: string;
  time: { text: string; start?: number };
  productUrl?: string;
  productLabel?: string;
  /** The stages the banner names, the current one marked. */
  stages?: { n: number; name: string; current: boolean }[];
}) {
  const { t } = useSite();
  return (
    <section className="campaign-banner">
      {/* A phone's hero is taller than the art's 5:2, which covers it: some 2.5 screens wide. */}
      <Art src={image} alt={bgAlt} width={1200} height={480} priority sizes="(max-width: 767px) 250vw, 100vw" />
      <div className="campaign-banner-copy">
        <h1>{title}</h1>
        {discount ? (
          <p className="campaign-discount" data-discount-headline="">
            {discount}
          </p>
        ) : null}
        <p className="campaign-time">{time.start !== undefined ? <time dateTime={iso(time.start)}>{time.text}</time> : time.text}</p>
        {stages && stages.length > 1 ? (
          <ul className="campaign-banner-stages" aria-label={t('campaign.timeline.heading')}>
            {stages.map((s) => (
              <li key={s.n} data-stage={s.n} aria-current={s.current ? 'step' : undefined}>
                {s.name}
              </li>
            ))}
          </ul>
        ) : null}
        {productUrl ? (
          <p>
            <a className="button primary" href={productUrl} data-banner-product="">
              {productLabel}
            </a>
          </p>
        ) : null}
      </div>
    </section>
  );
}
