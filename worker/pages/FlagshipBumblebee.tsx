import { FLAGSHIP_BUMBLEBEE as FB } from '../../content/catalogue';
import VoiceCommands from '../../client/islands/voice-commands';
import { Island } from '../render/island';
import { BuyButton, PaymentNote, Price } from './parts/offer';
import { SubscribeForm } from './parts/subscribe-form';
import { useSite } from '../context/react';

const NS = 'flagship-bumblebee';

/** The Flagship Bumblebee product page (content spec §2). */
export function FlagshipBumblebeePage() {
  const site = useSite();
  const t = (key: string, params?: Record<string, string | number>) => site.t(`${NS}.${key}`, params);
  const offer = site.bundle.offers.flagshipBumblebee;
  const number = new Intl.NumberFormat(site.edition.htmlLang);
  const specs: [string, string][] = [
    [t('specs.servos'), number.format(FB.servos)],
    [t('specs.chips'), number.format(FB.chips)],
    [t('specs.sensor'), t('specs.sensorValue')],
    [t('specs.battery'), `${number.format(FB.batteryMah)} mAh`],
    [t('specs.voltage'), `${number.format(FB.voltage)} V`],
    [t('specs.connectivity'), FB.bluetooth],
    [t('specs.port'), FB.port],
    [t('specs.charging'), t('specs.minutes', { n: FB.chargingMinutes })],
    [t('specs.standby'), t('specs.minutes', { n: FB.standbyMinutes })],
    [t('specs.components'), `${number.format(FB.components)}+`],
    [t('specs.programming'), t('specs.programmingValue')],
    [t('specs.voiceCommands'), number.format(FB.voiceCommands)],
  ];
  const shipping = t('shipping');
  return (
    <article className="product" data-product="flagshipBumblebee">
      <section id="hero" className="product-hero">
        <div className="hero-copy">
          <p className="eyebrow">{t('hero.eyebrow')}</p>
          <h1>{site.t('head.flagship-bumblebee.heading')}</h1>
          <p className="lede">{t('hero.subtitle')}</p>
          {offer ? (
            <>
              <Price offer={offer} />
              <PaymentNote offer={offer} />
              {shipping ? <p className="shipping-note">{shipping}</p> : null}
              <p>
                <BuyButton offer={offer} />
              </p>
            </>
          ) : null}
        </div>
        <img className="hero-art" src={FB.images.car} alt={t('gallery.car')} width="640" height="480" fetchPriority="high" />
      </section>
      <nav className="product-menu" aria-label={site.t('head.flagship-bumblebee.heading')}>
        <ul>
          <li>
            <a href="#overview">{t('menu.overview')}</a>
          </li>
          <li>
            <a href="#specs">{t('menu.specs')}</a>
          </li>
          <li>
            <a href="#gallery">{t('menu.gallery')}</a>
          </li>
        </ul>
      </nav>
      <section id="overview" className="band">
        <h2>{t('overview.heading')}</h2>
        <p>{t('overview.body')}</p>
      </section>
      <section className="band">
        <h2>{t('capabilities.heading')}</h2>
        <ul className="checklist">
          {(['convert', 'drive', 'talk', 'program'] as const).map((k) => (
            <li key={k}>{t(`capabilities.items.${k}`)}</li>
          ))}
        </ul>
      </section>
      <section className="band split">
        <div>
          <h2>{t('carMode.heading')}</h2>
          <p>{t('carMode.body')}</p>
        </div>
        <div>
          <h2>{t('mobility.heading')}</h2>
          <p>{t('mobility.body')}</p>
        </div>
      </section>
      <section id="app" className="band">
        <h2>{t('app.heading')}</h2>
        <p>{t('app.body')}</p>
        <Island
          name="voice-commands"
          component={VoiceCommands}
          props={{
            open: t('app.openCommands'),
            title: t('app.dialogTitle'),
            intro: t('app.dialogIntro'),
            close: site.t('common.close'),
            commands: site.list(`${NS}.app.commands`),
          }}
        />
      </section>
      <section className="band">
        <h2>{t('theater.heading')}</h2>
        <p>{t('theater.body')}</p>
      </section>
      <section className="band">
        <h2>{t('programming.heading')}</h2>
        <ul className="checklist">
          {(['manual', 'block', 'pc', 'voice', 'easy'] as const).map((k) => (
            <li key={k}>{t(`programming.modes.${k}`)}</li>
          ))}
        </ul>
      </section>
      <section className="band split">
        <div>
          <h2>{t('chip.heading')}</h2>
          <p>{t('chip.body')}</p>
        </div>
        <div>
          <h2>{t('relive.heading')}</h2>
          <p>{t('relive.body')}</p>
        </div>
      </section>
      <section id="specs" className="band">
        <h2>{t('specs.heading')}</h2>
        <table className="specs">
          <tbody>
            {specs.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section id="gallery" className="band">
        <h2>{t('gallery.heading')}</h2>
        <ul className="gallery">
          {(['car', 'robot', 'converting'] as const).map((k) => (
            <li key={k}>
              <img src={FB.images[k]} alt={t(`gallery.${k}`)} width="640" height="480" loading="lazy" />
            </li>
          ))}
        </ul>
      </section>
      <SubscribeForm
        source="prelaunch"
        product="flagshipBumblebee"
        title={t('prelaunch.heading')}
        describe={t('prelaunch.body')}
        button={t('prelaunch.button')}
        className="band prelaunch"
      />
      <section className="band cta">
        <h2>{t('cta.heading')}</h2>
        <p>{t('cta.body')}</p>
        {offer ? <BuyButton offer={offer} /> : null}
      </section>
    </article>
  );
}
