import { useSite } from '../context/react';

/** A page whose body lands with a later issue: its localized heading and introduction. */
export function BasicPage() {
  const { t, slug } = useSite();
  return (
    <section className="page-intro">
      <h1>{t(`head.${slug}.heading`)}</h1>
      <p className="lede">{t(`head.${slug}.lede`)}</p>
    </section>
  );
}
