import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface LegalSection {
  title: string;
  paragraphs?: string[];
  items?: string[];
  link?: string;
}

/**
 * A long translated text (privacy, terms, Facebook data deletion): numbered sections with a table of
 * contents. `extra` adds content after a section by index (e.g. the link to /facebook-data-deletion).
 * `ordered` sections are steps, so they are numbered lists.
 */
export function LegalDocument({
  id,
  sections,
  extra = {},
  ordered = [],
}: {
  id: string;
  sections: LegalSection[];
  extra?: Record<number, ReactNode>;
  ordered?: number[];
}) {
  const { t } = useTranslation('info');
  const anchor = (i: number) => `${id}-${i + 1}`;
  return (
    <div className="legal-doc">
      {sections.length > 3 && (
        <nav className="legal-toc" aria-labelledby={`${id}-toc`}>
          <h2 className="legal-toc-title" id={`${id}-toc`}>
            {t('onThisPage')}
          </h2>
          <ol>
            {sections.map((s, i) => (
              <li key={s.title}>
                <a href={`#${anchor(i)}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="legal-sections">
        {sections.map((s, i) => {
          const List = ordered.includes(i) ? 'ol' : 'ul';
          return (
            <section key={s.title} id={anchor(i)} className="legal-section" aria-labelledby={`${anchor(i)}-h`}>
              <h2 id={`${anchor(i)}-h`}>
                <span className="legal-num" aria-hidden="true">
                  {i + 1}.
                </span>{' '}
                {s.title}
              </h2>
              {s.paragraphs?.map((p) => <p key={p}>{p}</p>)}
              {s.items && (
                <List className={List === 'ol' ? 'legal-steps' : 'legal-list'}>
                  {s.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </List>
              )}
              {extra[i]}
            </section>
          );
        })}
      </div>
    </div>
  );
}
