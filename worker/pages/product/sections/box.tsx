import { useSite } from '../../../context/react';
import { numberFormat } from '../../../../kernel/format';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';

/** What is in the box, each item with its quantity. */
export function Box({ section, view }: SectionProps<'box'>) {
  const site = useSite();
  const c = section.copy;
  const number = numberFormat(site.edition.htmlLang);
  return (
    <Band id={section.id} heading={view.copy(`${c}.heading`)}>
      <ul className="box-contents" data-box="">
        {section.items.map(({ key, qty }) => (
          <li key={key}>
            <span>{view.copy(`${c}.items.${key}`)}</span>{' '}
            <span className="qty">{site.t('product.box.qty', { n: typeof qty === 'number' ? number.format(qty) : (view.figure(qty) ?? '') })}</span>
          </li>
        ))}
      </ul>
    </Band>
  );
}
