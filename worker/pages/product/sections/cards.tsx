import ActionDialog, { type ActionDialogProps } from '../../../../client/islands/action-dialog';
import Carousel, { type CarouselProps } from '../../../../client/islands/carousel';
import { useSite } from '../../../context/react';
import { Island } from '../../../render/island';
import { COUNT_MARKERS } from './gallery';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';
import { cardSizes, gridAttributes } from '../../parts/grid';
import { Picture, islandPicture } from '../../../../kernel/picture';

/**
 * A list of cards: programming cards, selling points, accessories; as a carousel island
 * (Megatron's experience), or as steps behind a dialog island (Grimlock's action
 * programming), which visitors without JavaScript read in a <details>.
 */
export function Cards({ section, view }: SectionProps<'cards'>) {
  const site = useSite();
  const c = section.copy;
  const heading = view.copy(`${c}.heading`);
  const body = view.copy(`${c}.body`);
  const cards = section.items.map(({ key, image }) => ({
    title: view.copy(`${c}.items.${key}.title`),
    body: view.copy(`${c}.items.${key}.body`),
    ...(image ? { image: view.image(image) } : {}),
  }));
  let content;
  if (section.layout === 'carousel') {
    const props: CarouselProps = {
      label: heading,
      slides: cards.map(({ image, ...card }) => (image ? { ...card, image: islandPicture(image, '(min-width: 768px) 50vw, 100vw') } : card)),
      prev: site.t('product.carousel.prev'),
      next: site.t('product.carousel.next'),
      of: site.t('product.carousel.of', COUNT_MARKERS),
      carousel: site.t('product.carousel.carousel'),
      slide: site.t('product.carousel.slide'),
    };
    content = <Island name="carousel" component={Carousel} props={props} />;
  } else if (section.layout === 'dialog') {
    const props: ActionDialogProps = {
      open: view.copy(`${c}.open`),
      title: view.copy(`${c}.title`),
      intro: view.copy(`${c}.intro`),
      close: site.t('common.close'),
      steps: cards.map(({ title, body }) => ({ title, body })),
    };
    content = (
      <>
        <Island name="action-dialog" component={ActionDialog} props={props} />
        <details className="steps-fallback">
          <summary>{props.open}</summary>
          <p>{props.intro}</p>
          <ol className="steps">
            {props.steps.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.body}</p>
              </li>
            ))}
          </ol>
        </details>
      </>
    );
  } else {
    content = (
      <ul className="cards product-cards" {...gridAttributes(cards.length)}>
        {cards.map(({ title, body, image }, i) => (
          <li key={title} className="card">
            {/* Two to a row on a phone, the first across both when their number is odd (product.css). */}
            {image ? <Picture image={image} sizes={cardSizes(cards.length, { phone: i === 0 && cards.length % 2 ? '100vw' : '50vw' })} /> : null}
            <h3>{title}</h3>
            <p>{body}</p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Band id={section.id} heading={heading}>
      {body ? <p>{body}</p> : null}
      {content}
    </Band>
  );
}
