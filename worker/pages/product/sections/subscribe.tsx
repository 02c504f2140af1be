import { SubscribeForm } from '../../parts/subscribe-form';
import type { SectionProps } from './types';

/** The pre-launch block: news of this product by email (works without JavaScript). */
export function Subscribe({ section, view }: SectionProps<'subscribe'>) {
  const c = section.copy;
  return (
    <SubscribeForm
      source="prelaunch"
      product={view.page.product}
      title={view.copy(`${c}.heading`)}
      describe={view.copy(`${c}.body`)}
      button={view.copy(`${c}.button`)}
      className="band prelaunch"
    />
  );
}
