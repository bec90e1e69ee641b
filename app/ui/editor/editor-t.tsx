import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Translate = ReturnType<typeof useTranslation>['t'];

const EditorT = createContext<Translate | null>(null);

/**
 * The editor's translations, looked up once for the whole page: every dish row's controls used to
 * call `useTranslation` each (five per row, each subscribing to i18next), a measurable part of the
 * editor's hydration with hundreds of dishes (bench:admin).
 */
export function EditorTranslations({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <EditorT.Provider value={t}>{children}</EditorT.Provider>;
}

/** `t` inside the editor; outside it (never expected) every key reads as itself. */
export function useEditorT(): Translate {
  return useContext(EditorT) ?? (((key: string) => key) as unknown as Translate);
}
