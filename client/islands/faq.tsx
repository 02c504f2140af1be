import { useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { CODES } from '../../kernel/codes';

/** A question as the FAQ endpoint answers it. */
interface FaqEntryView {
  id: string;
  category: string;
  label: string;
  answer: string[];
}

/** Props of the FAQ browser; the server renders it with the entries it selected. */
export interface FaqProps {
  region: string;
  /** The FAQ page's path, where the search and the section links go without JavaScript. */
  page: string;
  sections: { id: string; label: string }[];
  entries: FaqEntryView[];
  /** The section and search the entries were selected by. */
  category: string;
  q: string;
  copy: {
    all: string;
    sections: string;
    search: string;
    searchButton: string;
    loading: string;
    failed: string;
    retry: string;
    /** The sentence saying how many questions were found: the text before the number and after it. */
    results: [string, string];
    noResults: string;
  };
}

type Status = 'ready' | 'loading' | 'failed';

/**
 * The FAQ: a search box and section links over the questions, grouped by section. Without
 * JavaScript the search is a GET form and the sections are links, answered by the page
 * itself. Hydrated, both load the entries from `GET /api/faq`, saying "Loading...", then
 * showing the entries, or the failure with a Retry button that asks again.
 */
export default function Faq({ region, page, sections, entries: initial, category: initialCategory, q: initialQ, copy }: FaqProps) {
  const [entries, setEntries] = useState(initial);
  const [status, setStatus] = useState<Status>('ready');
  const [selection, setSelection] = useState({ category: initialCategory, q: initialQ });
  const latest = useRef(0);

  async function load(next: { category: string; q: string }) {
    const call = ++latest.current;
    setSelection(next);
    setStatus('loading');
    const query = new URLSearchParams({ region });
    if (next.category) query.set('category', next.category);
    if (next.q) query.set('q', next.q);
    try {
      const base = document.documentElement.dataset.api ?? '';
      const res = await fetch(`${base}/api/faq?${query}`, { headers: { Accept: 'application/json' }, credentials: base ? 'include' : 'same-origin' });
      const envelope = (await res.json()) as { code?: number; data?: { entries?: FaqEntryView[] } };
      if (call !== latest.current) return;
      if (envelope.code !== CODES.success || !Array.isArray(envelope.data?.entries)) throw new Error(`faq: ${res.status}`);
      setEntries(envelope.data.entries);
      setStatus('ready');
      // The address says what is shown, so it can be shared or reloaded (the page answers it).
      query.delete('region');
      history.replaceState(history.state, '', `${page}${query.size ? `?${query}` : ''}`);
    } catch {
      if (call === latest.current) setStatus('failed');
    }
  }

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void load({ category: '', q });
  };
  const onSection = (event: MouseEvent<HTMLAnchorElement>, category: string) => {
    event.preventDefault();
    void load({ category, q: '' });
  };
  const current = (category: string) => (!selection.q && selection.category === category ? 'page' : undefined);

  return (
    <div className="faq-browser">
      <form role="search" method="get" action={page} onSubmit={onSearch} className="faq-search">
        <label htmlFor="faq-q">{copy.search}</label>
        <input id="faq-q" type="search" name="q" defaultValue={initialQ} maxLength={100} />
        <button type="submit" className="button">
          {copy.searchButton}
        </button>
      </form>
      <nav aria-label={copy.sections} className="faq-sections">
        <ul>
          <li>
            <a href={page} aria-current={current('')} onClick={(e) => onSection(e, '')}>
              {copy.all}
            </a>
          </li>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`${page}?category=${s.id}`} aria-current={current(s.id)} onClick={(e) => onSection(e, s.id)}>
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {/* One message for a search: how many were found, or, for none, that none match (never both). */}
      <p role="status" className="faq-status">
        {status === 'loading'
          ? copy.loading
          : status !== 'ready'
            ? ''
            : entries.length === 0
              ? copy.noResults
              : selection.q
                ? `${copy.results[0]}${entries.length}${copy.results[1]}`
                : ''}
      </p>
      {status === 'failed' ? (
        <div role="alert" className="faq-failed">
          <p>{copy.failed}</p>
          <button type="button" className="button" onClick={() => void load(selection)}>
            {copy.retry}
          </button>
        </div>
      ) : status === 'ready' ? (
        entries.length === 0 ? null : (
          sections.map((section) => {
            const items = entries.filter((e) => e.category === section.id);
            return items.length === 0 ? null : (
              <section key={section.id} id={section.id} className="faq-section" aria-labelledby={`${section.id}-title`}>
                <h2 id={`${section.id}-title`}>{section.label}</h2>
                {items.map((item) => (
                  <details key={item.id} className="faq-item" id={`faq-${item.id}`}>
                    <summary>{item.label}</summary>
                    {item.answer.map((line) => (
                      <p key={line}>{line}</p>
                    ))}
                  </details>
                ))}
              </section>
            );
          })
        )
      ) : null}
    </div>
  );
}
