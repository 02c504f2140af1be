import { createContext, useContext } from 'react';
import type { Site } from './site';

const SiteContext = createContext<Site | null>(null);

/** Provides the request's Site to the page components. */
export const SiteProvider = SiteContext.Provider;

/** The current request's Site. */
export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite outside SiteProvider');
  return site;
}
